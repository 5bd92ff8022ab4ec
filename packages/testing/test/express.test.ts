// The fake widget on an express-checkout page: the page loads the widget
// script without a checkout id and gives `wpwlOptions.createCheckout`, as a
// merchant page (or a binding) sets them. What the shopper and the page see
// for each answer createCheckout gives, the wallet sheet approved and
// cancelled, Apple Pay shown only where the browser offers it, and the
// coded errors of a test that drives the fake wrongly.
import { getByRole, queryByRole } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeWidget, WpwlTestingError, type FakeWidget, type FakeWidgetOptions } from '../src/index.js';

const BASE = 'https://test.gateway.example';
const ID = '8a8294174b7ecb28014b9699220015ca';
const RESULT_URL = 'https://shop.example/result';

type Options = Record<string, unknown>;
const page = window as unknown as { wpwlOptions?: Options; wpwl?: { checkout: { id: string }; unload(): void } };

let widget: FakeWidget;
let merchantForm: HTMLFormElement;

function install(options: FakeWidgetOptions = {}): FakeWidget {
  widget = installFakeWidget(options);
  return widget;
}

/** Sets up the page as an express checkout does: the options, the merchant form, the script without a checkout id. */
function loadPage(options: Options, brands = 'APPLEPAY GOOGLEPAY PAYPAL', query = ''): void {
  page.wpwlOptions = options;
  merchantForm = document.body.appendChild(document.createElement('form'));
  merchantForm.className = 'paymentWidgets';
  merchantForm.action = RESULT_URL;
  merchantForm.dataset.brands = brands;
  const script = document.createElement('script');
  script.src = `${BASE}/v1/paymentWidgets.js${query}`;
  document.head.append(script);
}

const button = (name: string) => getByRole(document.body, 'button', { name });
const sheet = () => queryByRole(document.body, 'dialog');

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(async () => {
  await widget.uninstall().catch(() => {});
  merchantForm.remove();
  delete page.wpwlOptions;
  vi.restoreAllMocks();
});

describe('loaded without a checkout id', () => {
  it('renders a wallet button per wallet brand before the merchant form, named as the widget names them, and calls onReady', async () => {
    const onReady = vi.fn();
    install();
    loadPage({ createCheckout: () => ID, onReady }, 'GOOGLEPAY PAYPAL VISA');
    await widget.ready();

    const google = button('Google Pay: Pay now');
    expect(google.className).toBe('wpwl-button wpwl-button-brand wpwl-button-brand-GOOGLEPAY');
    expect(google.closest('form')!.className).toBe('wpwl-form wpwl-form-virtualAccount wpwl-form-virtualAccount-GOOGLEPAY');
    expect(google.closest('form')!.parentElement!.className).toBe(
      'wpwl-container wpwl-container-virtualAccount wpwl-container-virtualAccount-GOOGLEPAY',
    );
    expect(button('PayPal: Pay now').closest('.wpwl-container')!.nextElementSibling).toBe(merchantForm);
    expect(Object.fromEntries(new FormData(google.closest('form')!))).toEqual({ paymentBrand: 'GOOGLEPAY', shopperResultUrl: RESULT_URL });
    // A card brand gets no form on an express page: the widget warns and skips it.
    expect(document.querySelector('.wpwl-form-card')).toBeNull();
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('VISA'));
    expect(onReady).toHaveBeenCalledWith([google.closest('form'), button('PayPal: Pay now').closest('form')]);
    expect(widget.loaded).toBe(true);
  });

  it("names the buttons with the page's submit label", async () => {
    install();
    loadPage({ createCheckout: () => ID, labels: { submit: 'Jetzt bezahlen' } }, 'GOOGLEPAY');
    await widget.ready();
    expect(button('Google Pay: Jetzt bezahlen')).toBeTruthy();
  });

  it('without createCheckout reports a WidgetError for createCheckout and renders nothing', async () => {
    const onError = vi.fn();
    const onReady = vi.fn();
    install();
    loadPage({ onError, onReady });
    await widget.ready();
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'WidgetError', event: 'createCheckout', message: expect.any(String) }),
    );
    expect(document.querySelector('.wpwl-container')).toBeNull();
    expect(onReady).not.toHaveBeenCalled();
  });
});

describe('Apple Pay', () => {
  it('is not shown by default, as in a browser without Apple Pay; pressing it says how to offer it', async () => {
    install();
    loadPage({ createCheckout: () => ID }, 'APPLEPAY APPLEPAYTKN GOOGLEPAY');
    await widget.ready();
    expect(document.querySelector('.wpwl-button-brand-APPLEPAY, .wpwl-button-brand-APPLEPAYTKN')).toBeNull();
    await expect(widget.pressWallet('APPLEPAY')).rejects.toMatchObject({
      code: 'WALLET_NOT_SHOWN',
      message: expect.stringContaining('applePayAvailable: true'),
    });
  });

  it('is shown where the browser offers it (the option, or the switch before ready()), its sheet showing applePay.total', async () => {
    install({ applePayAvailable: true });
    loadPage(
      { createCheckout: () => ID, checkout: { amount: '24.00' }, applePay: { total: { label: 'Shop', amount: '24.50' } } },
      'APPLEPAY',
    );
    await widget.ready();
    await widget.pressWallet('APPLEPAY');
    expect(getByRole(document.body, 'dialog', { name: 'Apple Pay (sandbox)' }).textContent).toContain('24.50');
    await widget.uninstall();
    merchantForm.remove();

    install();
    widget.applePayAvailable = true;
    loadPage({ createCheckout: () => ID }, 'APPLEPAYTKN');
    await widget.ready();
    expect(button('Apple Pay: Pay now').classList).toContain('wpwl-button-brand-APPLEPAYTKN');
  });
});

describe('pressing a wallet button: what createCheckout answers', () => {
  it.each([
    ['a checkout id', () => ID],
    ['a native Promise of one', () => Promise.resolve(ID)],
    [
      'a jQuery-like deferred (only then) resolved later',
      () => ({ then: (resolve: (id: string) => void) => setTimeout(() => resolve(ID), 5) }),
    ],
  ])('%s: the widget calls it once with the brand and opens the wallet sheet for that checkout', async (_, answer) => {
    const createCheckout = vi.fn(answer);
    install();
    loadPage({ createCheckout, checkout: { amount: '24.00' } });
    await widget.ready();
    await expect(widget.pressWallet('GOOGLEPAY')).resolves.toBe(ID);
    expect(createCheckout).toHaveBeenCalledTimes(1);
    expect(createCheckout).toHaveBeenCalledWith({ brand: 'GOOGLEPAY' });
    const dialog = getByRole(document.body, 'dialog', { name: 'Google Pay (sandbox)' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.querySelector('.wpwl-wallet-sheet-total')!.textContent).toBe('24.00');
    expect(document.activeElement).toBe(getByRole(dialog, 'button', { name: 'Pay 24.00' }));
    expect(button('Google Pay: Pay now')).toHaveProperty('disabled', true);
    expect(page.wpwl!.checkout.id).toBe(ID);
  });

  it.each([
    ['nothing', () => undefined],
    ['null', () => null],
    ['an empty id', () => ''],
    ['a Promise of nothing', () => Promise.resolve(undefined)],
    ['a rejection', () => Promise.reject(new Error('terms not accepted'))],
    ['a deferred rejected (only then)', () => ({ then: (_: unknown, reject: (error: Error) => void) => reject(new Error('no')) })],
    [
      'a throw',
      () => {
        throw new Error('cart empty');
      },
    ],
  ])('%s: the payment stops quietly, no sheet, the button usable again', async (_, answer) => {
    const onError = vi.fn();
    const createCheckout = vi.fn(answer);
    install();
    loadPage({ createCheckout, onError });
    await widget.ready();
    await expect(widget.pressWallet('GOOGLEPAY')).resolves.toBeUndefined();
    expect(sheet()).toBeNull();
    expect(onError).not.toHaveBeenCalled();
    expect(button('Google Pay: Pay now')).toHaveProperty('disabled', false);
    await widget.pressWallet('GOOGLEPAY');
    expect(createCheckout).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['an id too short', () => 'abc123'],
    ['an id with characters the gateway does not take', () => `${ID}/../x`],
    ['something not an id', () => ({ id: ID })],
  ])('%s: the widget reports InvalidCheckoutIdError, opens no sheet, the button usable again', async (_, answer) => {
    const onError = vi.fn();
    install();
    loadPage({ createCheckout: answer, onError });
    await widget.ready();
    await expect(widget.pressWallet('PAYPAL')).resolves.toBeUndefined();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ name: 'InvalidCheckoutIdError' }));
    expect(sheet()).toBeNull();
    expect(button('PayPal: Pay now')).toHaveProperty('disabled', false);
  });

  it('a second press while createCheckout is still waiting does nothing', async () => {
    let answer!: (id: string) => void;
    const createCheckout = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    install();
    loadPage({ createCheckout });
    await widget.ready();
    const first = widget.pressWallet('GOOGLEPAY');
    await expect(widget.pressWallet('GOOGLEPAY')).resolves.toBeUndefined();
    expect(createCheckout).toHaveBeenCalledTimes(1);
    expect(sheet()).toBeNull();
    answer(ID);
    await expect(first).resolves.toBe(ID);
    expect(sheet()).not.toBeNull();
  });
});

describe('the wallet sheet', () => {
  it('one at a time: while a sheet is open, pressing another wallet does nothing', async () => {
    const createCheckout = vi.fn(() => ID);
    install();
    loadPage({ createCheckout });
    await widget.ready();
    await widget.pressWallet('GOOGLEPAY');
    await expect(widget.pressWallet('PAYPAL')).resolves.toBeUndefined();
    expect(createCheckout).toHaveBeenCalledTimes(1);
    expect(getByRole(document.body, 'dialog').getAttribute('aria-labelledby')).toBe('wpwl-wallet-sheet-title-GOOGLEPAY');
  });

  it("wpwl.executePayment with a wallet's container class presses that wallet, as the widget's own does", async () => {
    const createCheckout = vi.fn(() => ID);
    install();
    loadPage({ createCheckout });
    await widget.ready();
    await widget.act(() =>
      (page.wpwl as unknown as { executePayment(c: string): void }).executePayment('wpwl-container-virtualAccount-PAYPAL'),
    );
    expect(createCheckout).toHaveBeenCalledWith({ brand: 'PAYPAL' });
    expect(getByRole(document.body, 'dialog', { name: 'PayPal (sandbox)' })).toBeTruthy();
  });

  it('cancelled: onError WidgetError with the brand and event closed, the sheet gone, focus back, the button usable again', async () => {
    const onError = vi.fn();
    const createCheckout = vi.fn(() => ID);
    install();
    loadPage({ createCheckout, onError });
    await widget.ready();
    await widget.pressWallet('GOOGLEPAY');
    await widget.cancelWalletSheet();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ name: 'WidgetError', brand: 'GOOGLEPAY', event: 'closed' }));
    expect(sheet()).toBeNull();
    const google = button('Google Pay: Pay now');
    expect(document.activeElement).toBe(google);
    expect(google).toHaveProperty('disabled', false);
    expect(widget.payments).toEqual([]);
    await expect(widget.pressWallet('GOOGLEPAY')).resolves.toBe(ID);
    expect(createCheckout).toHaveBeenCalledTimes(2);
  });

  it('Escape in the sheet cancels it', async () => {
    const onError = vi.fn();
    install();
    loadPage({ createCheckout: () => ID, onError });
    await widget.ready();
    await widget.pressWallet('PAYPAL');
    await widget.act(() => sheet()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(sheet()).toBeNull();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ brand: 'PAYPAL', event: 'closed' }));
  });

  it('approved: pays the checkout createCheckout gave, with the total the sheet showed, and sends the shopper to the result URL', async () => {
    const onRedirect = vi.fn();
    install({ onRedirect });
    loadPage({ createCheckout: () => Promise.resolve(ID), checkout: { amount: '24.00' } });
    await widget.ready();
    await widget.pressWallet('GOOGLEPAY');
    const payment = await widget.approveWalletSheet();
    expect(payment).toEqual({
      checkoutId: ID,
      outcome: 'approved',
      brand: 'GOOGLEPAY',
      fields: { paymentBrand: 'GOOGLEPAY', shopperResultUrl: RESULT_URL, 'wallet.amount': '24.00' },
      resourcePath: `/v1/checkouts/${ID}/payment`,
      resultCode: '000.100.110',
      resultUrl: `${RESULT_URL}?id=${ID}&resourcePath=%2Fv1%2Fcheckouts%2F${ID}%2Fpayment`,
    });
    expect(onRedirect).toHaveBeenCalledWith(payment!.resultUrl, payment);
    expect(widget.payments).toEqual([payment]);
    expect(sheet()).toBeNull();
    expect(button('Google Pay: Pay now')).toHaveProperty('disabled', true);
  });

  it("answers as a card payment is answered: approveWalletSheet's answer, then widget.use, then widget.outcome", async () => {
    install({ outcome: 'declined' });
    loadPage({ createCheckout: () => ID });
    await widget.ready();
    widget.use({ resultCode: '800.100.171', once: true, when: (payment) => payment.brand === 'PAYPAL' });

    await widget.pressWallet('PAYPAL');
    await expect(widget.approveWalletSheet()).resolves.toMatchObject({ outcome: 'declined', resultCode: '800.100.171' });
    await widget.uninstall();
    merchantForm.remove();

    install({ outcome: 'declined' });
    loadPage({ createCheckout: () => ID });
    await widget.ready();
    await widget.pressWallet('GOOGLEPAY');
    await expect(widget.approveWalletSheet({ outcome: 'pending' })).resolves.toMatchObject({
      outcome: 'pending',
      resultCode: '000.200.000',
    });
    await widget.uninstall();
    merchantForm.remove();

    install({ outcome: 'insufficient-funds' });
    loadPage({ createCheckout: () => ID });
    await widget.ready();
    await widget.pressWallet('GOOGLEPAY');
    await expect(widget.approveWalletSheet()).resolves.toMatchObject({ outcome: 'insufficient-funds', resultCode: '800.100.155' });
  });

  it('expired: the widget reports InvalidCheckoutIdError and sends nothing; the shopper can press again', async () => {
    const onError = vi.fn();
    install();
    loadPage({ createCheckout: () => ID, onError });
    await widget.ready();
    await widget.pressWallet('GOOGLEPAY');
    await expect(widget.approveWalletSheet({ outcome: 'expired' })).resolves.toBeUndefined();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ name: 'InvalidCheckoutIdError' }));
    expect(widget.payments).toEqual([]);
    expect(button('Google Pay: Pay now')).toHaveProperty('disabled', false);
  });

  it('refuses the outcomes a wallet payment cannot have, leaving the sheet open', async () => {
    install();
    loadPage({ createCheckout: () => ID });
    await widget.ready();
    await widget.pressWallet('GOOGLEPAY');
    await expect(widget.approveWalletSheet({ outcome: 'invalid' })).rejects.toMatchObject({ code: 'INVALID_ANSWER' });
    await expect(widget.approveWalletSheet({ outcome: '3ds' })).rejects.toThrow(/3-D Secure/);
    expect(sheet()).not.toBeNull();
    expect(widget.payments).toEqual([]);
    await expect(widget.approveWalletSheet()).resolves.toMatchObject({ outcome: 'approved' });
  });

  it("a shopper's clicks do the same: the wallet button, then the sheet's pay button", async () => {
    install();
    loadPage({ createCheckout: () => Promise.resolve(ID) });
    await widget.ready();
    const next = widget.nextPayment();
    button('PayPal: Pay now').click();
    await widget.act(() => {});
    getByRole(getByRole(document.body, 'dialog', { name: 'PayPal (sandbox)' }), 'button', { name: 'Pay' }).click();
    await expect(next).resolves.toMatchObject({ checkoutId: ID, brand: 'PAYPAL' });
  });

  it('unload removes the wallet buttons and an open sheet', async () => {
    install();
    loadPage({ createCheckout: () => ID });
    await widget.ready();
    await widget.pressWallet('GOOGLEPAY');
    await widget.act(() => page.wpwl!.unload());
    expect(document.querySelector('.wpwl-container, .wpwl-wallet-sheet')).toBeNull();
    expect(widget.loaded).toBe(false);
  });
});

describe('driving the fake wrongly', () => {
  it('pressing a wallet the widget does not show, or on a page loaded with a checkout id, throws WALLET_NOT_SHOWN', async () => {
    install();
    loadPage({ createCheckout: () => ID }, 'GOOGLEPAY');
    await expect(widget.pressWallet('GOOGLEPAY')).rejects.toMatchObject({ code: 'WALLET_NOT_SHOWN', message: /ready\(\)/ });
    await widget.ready();
    await expect(widget.pressWallet('PAYPAL')).rejects.toMatchObject({
      code: 'WALLET_NOT_SHOWN',
      message: expect.stringContaining('it shows GOOGLEPAY'),
    });
    await widget.uninstall();
    merchantForm.remove();

    install();
    loadPage({ createCheckout: () => ID }, 'VISA GOOGLEPAY', `?checkoutId=${ID}`);
    await widget.ready();
    await expect(widget.pressWallet('GOOGLEPAY')).rejects.toThrow(WpwlTestingError);
    await expect(widget.pressWallet('GOOGLEPAY')).rejects.toThrow(/loaded with a checkout id/);
  });

  it('approving or cancelling with no sheet open throws NO_WALLET_SHEET', async () => {
    install();
    loadPage({ createCheckout: () => undefined });
    await widget.ready();
    await expect(widget.approveWalletSheet()).rejects.toMatchObject({ code: 'NO_WALLET_SHEET' });
    await widget.pressWallet('GOOGLEPAY'); // createCheckout gave no id: no sheet
    await expect(widget.cancelWalletSheet()).rejects.toMatchObject({ code: 'NO_WALLET_SHEET' });
  });
});
