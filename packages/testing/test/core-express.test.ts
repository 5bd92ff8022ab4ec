// The fake widget under @wpwl/core's controller in express checkout, as a
// merchant's own code over core would use it: createPaymentWidget without a
// checkout id, with createCheckout and the cart total stated once. What the
// controller (and so the shopper) sees when the fake's wallet is pressed,
// paid, closed, or createCheckout fails or answers another amount.
import { createPaymentWidget, type PaymentWidgetConfig, type PaymentWidgetController, type WpwlError } from '@wpwl/core';
import { getByRole, queryByRole } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeWidget, type FakeWidget } from '../src/index.js';

const BASE = 'https://test.gateway.example';
const ID = '8a8294174b7ecb28014b9699220015ca';
const RESULT_URL = 'https://shop.example/result';

let widget: FakeWidget;
let controller: PaymentWidgetController | undefined;
let container: HTMLElement;

beforeEach(() => {
  widget = installFakeWidget();
  container = document.body.appendChild(document.createElement('div'));
});

afterEach(async () => {
  controller?.destroy();
  controller = undefined;
  container.remove();
  await widget.uninstall();
  vi.restoreAllMocks();
});

/** Mounts an express checkout: Google Pay and PayPal for a 24.00 EUR cart. */
function mountExpress(config: Partial<PaymentWidgetConfig> = {}) {
  const onError = vi.fn<(error: WpwlError) => void>();
  controller = createPaymentWidget({
    brands: 'GOOGLEPAY PAYPAL',
    shopperResultUrl: RESULT_URL,
    baseUrl: BASE,
    amount: '24.00',
    currency: 'EUR',
    createCheckout: () => ({ id: ID, amount: '24.00', currency: 'EUR' }),
    onError,
    ...config,
  } as PaymentWidgetConfig);
  controller.mount(container);
  return { controller, onError };
}
const status = () => controller!.getSnapshot().status;
const walletButton = (name: string) => getByRole(container, 'button', { name });

describe('core in express checkout, with the fake widget', () => {
  it('loads the script without a checkout id; the fake shows the wallets and core is ready', async () => {
    mountExpress();
    expect(widget.requests()).toEqual([`${BASE}/v1/paymentWidgets.js`]);
    await widget.ready();
    expect(status()).toBe('ready');
    expect(walletButton('Google Pay: Pay now')).toBeTruthy();
    expect(walletButton('PayPal: Pay now')).toBeTruthy();
  });

  it("a press asks the merchant's createCheckout for the brand; the sheet shows the stated total; paid, the shopper is sent on", async () => {
    const createCheckout = vi.fn(async () => ({ id: ID, amount: '24.00', currency: 'EUR' }));
    const onRedirect = vi.fn();
    await widget.uninstall();
    widget = installFakeWidget({ onRedirect });
    mountExpress({ createCheckout });
    await widget.ready();

    await expect(widget.pressWallet('GOOGLEPAY')).resolves.toBe(ID);
    expect(createCheckout).toHaveBeenCalledWith({ brand: 'GOOGLEPAY' });
    expect(getByRole(document.body, 'dialog', { name: 'Google Pay (sandbox)' }).textContent).toContain('24.00');
    expect(status()).toBe('submitting');

    const payment = await widget.approveWalletSheet();
    expect(payment).toMatchObject({ checkoutId: ID, brand: 'GOOGLEPAY', fields: { 'wallet.amount': '24.00' } });
    expect(onRedirect).toHaveBeenCalledWith(`${RESULT_URL}?id=${ID}&resourcePath=%2Fv1%2Fcheckouts%2F${ID}%2Fpayment`, payment);
  });

  it('the sheet closed: core is ready again with no error shown, and the shopper can press again', async () => {
    const createCheckout = vi.fn(() => ({ id: ID, amount: '24.00', currency: 'EUR' }));
    const { onError } = mountExpress({ createCheckout });
    await widget.ready();
    await widget.pressWallet('PAYPAL');
    await widget.cancelWalletSheet();
    expect(status()).toBe('ready');
    expect(controller!.getSnapshot().error).toBeUndefined();
    expect(onError).not.toHaveBeenCalled(); // a closed sheet is no failure
    await expect(widget.pressWallet('PAYPAL')).resolves.toBe(ID);
    expect(createCheckout).toHaveBeenCalledTimes(2);
  });

  it('createCheckout failing: core reports CREATE_CHECKOUT_FAILED once, no sheet, the wallet usable again', async () => {
    const { onError } = mountExpress({ createCheckout: () => Promise.reject(new Error('cart service down')) });
    await widget.ready();
    await expect(widget.pressWallet('GOOGLEPAY')).resolves.toBeUndefined();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'CREATE_CHECKOUT_FAILED' }));
    expect(queryByRole(document.body, 'dialog')).toBeNull();
    expect(walletButton('Google Pay: Pay now')).toHaveProperty('disabled', false);
    expect(widget.payments).toEqual([]);
  });

  it('a checkout of another amount than the cart: core reports AMOUNT_MISMATCH and no sheet opens', async () => {
    const { onError } = mountExpress({ createCheckout: () => ({ id: ID, amount: '25.00' }) });
    await widget.ready();
    await expect(widget.pressWallet('GOOGLEPAY')).resolves.toBeUndefined();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'AMOUNT_MISMATCH' }));
    expect(queryByRole(document.body, 'dialog')).toBeNull();
  });
});
