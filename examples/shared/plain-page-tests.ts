// Owns the component tests the two pages served without a bundler share (the
// core storefront on @wpwl/core, the static page on <wpwl-widget>): the same
// shop, the same words, the same flows from the cart to the payment (by card,
// and the cart locked while a wallet pays) and what goes wrong on the way.
// Each page's test file sets up its page (its HTML, how its module runs, the
// fake widget) and calls plainPageTests with what differs: its name in the
// titles, the terms of sale the static page asks the shopper to accept before
// paying, and how its result page runs.
import { fireEvent, screen } from '@testing-library/dom';
import type { FakeWidget } from '@wpwl/testing';
import { describe, expect, it, vi } from 'vitest';
import type { Checkout } from './shop-api';
import {
  BEING_CONFIRMED,
  TOO_MANY_OPEN,
  CONFIRMING_STATUS,
  PAID_STATUS,
  RENEWED_CHECKOUT_ID,
  goToPayment,
  paidResultUrl,
  resultPageUrl,
  stubMerchantServer,
  type ShopUnderTest,
} from './test-support';

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
  /** The result page: its body as served, its path, and its module run afresh (a page load). */
  resultPage: { body: string; path: string; open(): Promise<unknown> };
}

/** What the page's alert regions say now (an empty region, there to announce what arrives, says nothing). */
const alertTexts = () =>
  screen
    .queryAllByRole('alert')
    .map((alert) => alert.textContent?.trim())
    .filter(Boolean);

/** Lets `milliseconds` pass (timers faked) and the merchant server's answers arrive. */
async function wait(milliseconds = 0) {
  await vi.advanceTimersByTimeAsync(milliseconds);
}

/** The paying flows and the failure flows both pages have, as describe blocks of their own. */
export function plainPageTests(page: PlainPage): void {
  const { title, checkout, shop, beforePay, resultPage } = page;

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
      expect(screen.getByText(/^This order has already been paid/).closest('[role="alert"]')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'See your order' }).getAttribute('href')).toBe(
        `${checkout.shopperResultUrl}?resourcePath=%2Fv1%2Fcheckouts%2F${checkout.checkoutId}%2Fpayment`,
      );
      expect(widget.payments).toEqual([]);
    });
  });

  describe(`${title}: express checkout`, () => {
    it('while a wallet pays, the cart and "Go to payment" are locked; closing the sheet unlocks them', async () => {
      const widget = page.widget();
      const server = stubMerchantServer(checkout);
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      vi.stubGlobal(
        'fetch',
        vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
          if (String(input) === '/api/express') return json({ baseUrl: 'https://test.gateway.example', brands: 'GOOGLEPAY PAYPAL' });
          if (String(input) === '/api/express-checkout') return json({ ...checkout, amount: '12.90' });
          return server(input, init);
        }),
      );
      await shop.open();
      await shop.click(screen.getByRole('button', { name: 'Add to cart: Sencha' }));
      await widget.ready();
      await shop.click(document.getElementById('express-terms')!);
      const cartControls = () =>
        [
          screen.getByRole('button', { name: 'Add to cart: Sencha' }),
          screen.getByRole('button', { name: 'Remove' }),
          screen.getByRole('button', { name: 'Go to payment' }),
        ] as HTMLButtonElement[];
      expect(cartControls().map((button) => button.disabled)).toEqual([false, false, false]);

      await expect(widget.pressWallet('GOOGLEPAY')).resolves.toBe(checkout.checkoutId);
      expect(cartControls().map((button) => button.disabled)).toEqual([true, true, true]);
      for (const button of cartControls()) await shop.click(button);
      // The wallet's widget is still there, for the same cart; no card checkout was asked for.
      expect(screen.getByRole('region', { name: 'Express checkout' }).querySelector('form.paymentWidgets')).not.toBeNull();
      expect(screen.getByText('1 × Sencha')).toBeTruthy();
      expect(server.mock.calls.filter(([input]) => String(input) === '/api/checkout')).toEqual([]);

      await widget.cancelWalletSheet();
      expect(cartControls().map((button) => button.disabled)).toEqual([false, false, false]);
    });
  });

  describe(`${title}: when things go wrong`, () => {
    it('a payment form that did not load says so with its code; "Try again" loads it', async () => {
      const widget = page.widget();
      stubMerchantServer(checkout);
      await goToPayment(shop);
      await widget.failLoad();
      expect(alertTexts()).toEqual([expect.stringContaining('The payment form reported a problem (SCRIPT_LOAD_FAILED)')]);
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await widget.ready();
      expect(alertTexts()).toEqual([]);
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
      expect(alertTexts()).toEqual(['This payment session expired.', 'Get a new payment session to pay.']);
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

  describe(`${title}: a payment being confirmed`, () => {
    it.each([
      [
        'whose payment is being confirmed',
        BEING_CONFIRMED,
        'We are confirming a payment for this cart with your bank. Please do not pay again: if that payment does not go through, you can pay for this cart again.',
      ],
      [
        'holding ten open checkouts',
        TOO_MANY_OPEN,
        'The payment for this cart was started many times in the last half hour. Please pay in a window where its payment form is still open, or try again in a little while.',
      ],
    ])(
      'a cart %s gets no new checkout: the cart stays and the shopper is told in the alert region that was there before',
      async (_case, refusal, says) => {
        stubMerchantServer(checkout, { checkoutRefused: refusal });
        await shop.open();
        await shop.click(screen.getByRole('button', { name: 'Add to cart: Sencha' }));
        const region = screen.getByRole('alert');
        expect(region.textContent).toBe('');
        await shop.click(screen.getByRole('button', { name: 'Go to payment' }));
        expect(region.textContent).toBe(says);
        expect(screen.getByText('1 × Sencha')).toBeTruthy();
        expect(screen.getByRole('heading', { name: 'Payment', hidden: true }).closest('section')?.hidden).toBe(true);
      },
    );

    it('the result page says it is being confirmed, not that it failed, offers no other card, and shows the payment once it is final', async () => {
      vi.useFakeTimers();
      stubMerchantServer(checkout, { paymentStatus: [CONFIRMING_STATUS, CONFIRMING_STATUS, PAID_STATUS] });
      history.replaceState(null, '', resultPageUrl(resultPage.path));
      document.body.innerHTML = resultPage.body;
      await resultPage.open();
      await wait();
      expect(screen.getByRole('heading', { name: 'We are confirming your payment' })).toBeTruthy();
      expect(screen.getByText(/This page updates by itself; do not pay again\./)).toBeTruthy();
      expect(screen.queryByText(/did not go through/)).toBeNull();
      expect(screen.queryByRole('link', { name: 'Try another card' })).toBeNull();

      // Asked again as a pending payment is, every three seconds.
      await wait(3000);
      expect(screen.getByRole('heading', { name: 'We are confirming your payment' })).toBeTruthy();
      await wait(3000);
      expect(screen.getByRole('heading', { name: 'Thank you, your payment is confirmed' })).toBeTruthy();
    });

    it('the result page of a checkout that expired unpaid says so and leads back to the cart', async () => {
      vi.useFakeTimers();
      stubMerchantServer(checkout, {
        paymentStatus: { ...CONFIRMING_STATUS, state: 'expired', confirming: false, classification: 'pending', code: '000.200.000' },
      });
      history.replaceState(null, '', resultPageUrl(resultPage.path));
      document.body.innerHTML = resultPage.body;
      await resultPage.open();
      await wait();
      expect(screen.getByRole('heading', { name: 'This checkout expired' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to the cart' })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Try another card' })).toBeNull();
    });
  });
}
