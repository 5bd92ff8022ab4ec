// The Next.js storefront's express checkout client component
// (app/express-checkout.tsx) as a merchant tests it: rendered inside the root
// layout's <WpwlProvider> with the props the basket page gives it, its Server
// Action mocked (the server side is the end-to-end test's), the widget faked
// by @wpwl/testing, and a wallet press made as the widget makes it (it calls
// wpwlOptions.createCheckout with the brand). Covers the section and the
// basket's total for the wallet sheets, the terms first, the action called
// with the pressed brand, its failure said in words, and the basket's way to
// the card checkout closed while a wallet pays.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { WpwlProvider } from '@wpwl/react';
import { installFakeWidget, type FakeWidget } from '@wpwl/testing/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENGLISH } from '../../shared/shop-language';
import { CHECKOUT_ID } from '../../shared/test-support';
import { ExpressCheckout } from '../app/express-checkout';
import { prepareExpressCheckout } from '../app/express-checkout-action';
import { CheckoutLink, WalletPaymentProvider } from '../app/wallet-payment';

vi.mock('../app/express-checkout-action', () => ({ prepareExpressCheckout: vi.fn() }));

const SETTINGS = {
  baseUrl: 'http://127.0.0.1:8080',
  brands: 'APPLEPAY GOOGLEPAY PAYPAL',
  integrity: undefined,
  amount: '55.20',
  currency: 'EUR',
};

let widget: FakeWidget;
beforeEach(() => {
  widget = installFakeWidget();
  vi.mocked(prepareExpressCheckout).mockResolvedValue({ id: CHECKOUT_ID, amount: '55.20', currency: 'EUR' });
});
afterEach(async () => {
  cleanup();
  vi.mocked(prepareExpressCheckout).mockReset();
  await widget.uninstall();
});

/** The section as the basket page has it: with the basket's link to the card checkout, in the page's wallet-payment state. */
async function renderExpress() {
  render(
    <WpwlProvider brands="VISA MASTER AMEX" locale={ENGLISH.locale}>
      <WalletPaymentProvider>
        <CheckoutLink>Go to checkout</CheckoutLink>
        <ExpressCheckout settings={SETTINGS} language="en" shopperResultUrl="http://127.0.0.1:3001/result" />
      </WalletPaymentProvider>
    </WpwlProvider>,
  );
  await widget.ready();
}

/** A wallet press as the widget makes it; resolves to what the widget gets (the checkout id, or nothing). */
async function press(brand = 'GOOGLEPAY'): Promise<unknown> {
  const page = window as unknown as { wpwlOptions: { createCheckout(json: { brand: string }): unknown } };
  let answer: unknown;
  await widget.act(async () => {
    answer = await page.wpwlOptions.createCheckout({ brand });
  });
  return answer;
}

const message = () => document.querySelector('#express-message')!.textContent;

describe('Next.js storefront: express checkout on the basket', () => {
  it('shows the wallets (not the layout’s card brands) with the basket total; the terms come first, then the action is asked', async () => {
    await renderExpress();
    const region = screen.getByRole('region', { name: 'Express checkout' });
    const form = region.querySelector('form.paymentWidgets')!;
    expect(form.getAttribute('data-brands')).toBe('APPLEPAY GOOGLEPAY PAYPAL');
    expect(form.getAttribute('action')).toBe('http://127.0.0.1:3001/result');
    expect((window as unknown as { wpwlOptions: { checkout: unknown } }).wpwlOptions.checkout).toEqual({ amount: '55.20' });

    await expect(press()).resolves.toBeUndefined();
    expect(message()).toBe('Please accept the terms of sale first.');
    expect(prepareExpressCheckout).not.toHaveBeenCalled();

    await widget.act(() => void fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms of sale' })));
    await expect(press('PAYPAL')).resolves.toBe(CHECKOUT_ID);
    expect(prepareExpressCheckout).toHaveBeenCalledWith('PAYPAL');
    expect(message()).toBe('');
  });

  it('an action that fails is said in words, and the next press tries again', async () => {
    vi.mocked(prepareExpressCheckout).mockRejectedValueOnce(new Error('gateway down'));
    await renderExpress();
    await widget.act(() => void fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms of sale' })));
    await expect(press()).resolves.toBeUndefined();
    expect(message()).toMatch(/^The payment form reported a problem \(CREATE_CHECKOUT_FAILED\)/);
    await expect(press()).resolves.toBe(CHECKOUT_ID);
    expect(message()).toBe('');
  });

  it('while a wallet pays, the basket’s way to the card checkout is closed; closing the sheet opens it again', async () => {
    await renderExpress();
    const checkoutLink = () => screen.getByRole('link', { name: 'Go to checkout' });
    expect(checkoutLink().getAttribute('href')).toBe('/checkout');
    expect(checkoutLink().getAttribute('aria-disabled')).toBeNull();
    await widget.act(() => void fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms of sale' })));

    await expect(widget.pressWallet('GOOGLEPAY')).resolves.toBe(CHECKOUT_ID);
    expect(checkoutLink().getAttribute('aria-disabled')).toBe('true');
    expect(checkoutLink().hasAttribute('href')).toBe(false);

    await widget.cancelWalletSheet();
    expect(checkoutLink().getAttribute('href')).toBe('/checkout');
    expect(checkoutLink().getAttribute('aria-disabled')).toBeNull();
  });
});
