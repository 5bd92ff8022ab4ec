// Owns the component tests the two pages served without a bundler share (the
// core storefront on @wpwl/core, the static page on <wpwl-widget>): the same
// shop, the same words, the same flows from the cart to the payment and what
// goes wrong on the way. Each page's test file sets up its page (its HTML,
// how its module runs, the fake widget) and calls plainPageTests with what
// differs: its name in the titles, and the terms of sale the static page
// asks the shopper to accept before paying.
import { fireEvent, screen } from '@testing-library/dom';
import type { FakeWidget } from '@wpwl/testing';
import { describe, expect, it, vi } from 'vitest';
import type { Checkout } from './shop-api';
import { RENEWED_CHECKOUT_ID, goToPayment, paidResultUrl, stubMerchantServer, type ShopUnderTest } from './test-support';

/** A plain page under test. */
export interface PlainPage {
  /** Its name in the tests' titles, e.g. `core storefront`. */
  title: string;
  /** The checkout its stubbed merchant server answers. */
  checkout: Checkout;
  shop: ShopUnderTest;
  /** The fake widget of the running test (installed by the page's own `beforeEach`). */
  widget(): FakeWidget;
  /** What the shopper does on the payment form before pressing pay, besides the card (the static page's terms). */
  beforePay(): void;
}

/** The paying flows and the failure flows both pages have, as describe blocks of their own. */
export function plainPageTests(page: PlainPage): void {
  const { title, checkout, shop, beforePay } = page;

  describe(`${title}: paying`, () => {
    it('shows the widget for the checkout with the amount on its pay button, and locks the cart while paying', async () => {
      const widget = page.widget();
      stubMerchantServer(checkout);
      await goToPayment(shop);
      expect(screen.getByText('25.80 EUR')).toBeTruthy();
      // The checkout was priced for this cart: it cannot change under the payment.
      expect(screen.getByText('The cart is fixed while you pay. Go back to the cart to change it.')).toBeTruthy();
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add to cart: Sencha' }).disabled).toBe(true);
      await widget.ready();
      expect(screen.getByText('Enter your card details.')).toBeTruthy();
      fireEvent.input(screen.getByRole('textbox', { name: 'Card holder' }), { target: { value: 'Jane Jones' } });
      beforePay();

      const paid = widget.nextPayment();
      fireEvent.click(screen.getByRole('button', { name: 'Pay 25.80 EUR' }));
      const payment = await paid;
      expect(payment.fields).toMatchObject({ 'card.holder': 'Jane Jones' });
      expect(payment.resultUrl).toBe(paidResultUrl(checkout.shopperResultUrl, checkout.checkoutId));
      await widget.act(async () => {});
      expect(screen.getByText('Sending your payment…')).toBeTruthy();
      // While the payment is on its way, the cart cannot be left.
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Back to the cart' }).disabled).toBe(true);
    });

    it('a checkout paid meanwhile in another tab is not paid again: nothing is sent and the shopper reads why', async () => {
      const widget = page.widget();
      stubMerchantServer(checkout, { paidElsewhere: true });
      await goToPayment(shop);
      await widget.ready();
      beforePay();
      await widget.act(() => void fireEvent.click(screen.getByRole('button', { name: 'Pay 25.80 EUR' })));
      expect(screen.getByRole('alert').textContent).toContain('This order has already been paid');
      expect(screen.getByRole('link', { name: 'See your order' }).getAttribute('href')).toBe(
        `${checkout.shopperResultUrl}?resourcePath=%2Fv1%2Fcheckouts%2F${checkout.checkoutId}%2Fpayment`,
      );
      expect(widget.payments).toEqual([]);
    });
  });

  describe(`${title}: when things go wrong`, () => {
    it('a payment form that did not load says so with its code; "Try again" loads it', async () => {
      const widget = page.widget();
      stubMerchantServer(checkout);
      await goToPayment(shop);
      await widget.failLoad();
      expect(screen.getByRole('alert').textContent).toContain('The payment form reported a problem (SCRIPT_LOAD_FAILED)');
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await widget.ready();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      expect(screen.getByRole('textbox', { name: 'Card Number' })).toBeTruthy();
    });

    it('a session running out warns first, then says it expired and takes the form away', async () => {
      const widget = page.widget();
      vi.useFakeTimers();
      stubMerchantServer(checkout, { expiresInMs: 10 * 60_000 });
      await goToPayment(shop);
      await widget.ready();
      expect(screen.queryByRole('button', { name: 'Get more time' })).toBeNull();
      await widget.act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
      expect(screen.getByText('Your payment session ends in a few minutes.')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Get more time' })).toBeTruthy();
      await widget.act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
      const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
      expect(alerts).toEqual(['This payment session expired.', 'Get a new payment session to pay.']);
      expect(screen.queryByRole('button', { name: 'Get more time' })).toBeNull();
      expect(screen.queryByRole('textbox', { name: 'Card Number' })).toBeNull();
    });

    it('"Get more time" replaces the checkout before it runs out: the payment goes to the new one', async () => {
      const widget = page.widget();
      vi.useFakeTimers();
      const server = stubMerchantServer(checkout, { expiresInMs: 10 * 60_000 });
      await goToPayment(shop);
      await widget.ready();
      await widget.act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
      await widget.act(() => void fireEvent.click(screen.getByRole('button', { name: 'Get more time' })));
      const renewal = server.mock.calls.at(-1);
      expect(JSON.parse(String(renewal?.[1]?.body))).toMatchObject({ renew: checkout.checkoutId });
      await widget.ready();
      expect(screen.queryByRole('button', { name: 'Get more time' })).toBeNull();

      beforePay();
      const paid = widget.nextPayment();
      fireEvent.click(screen.getByRole('button', { name: 'Pay 25.80 EUR' }));
      expect((await paid).resultUrl).toContain(`?id=${RENEWED_CHECKOUT_ID}&`);
    });
  });
}
