// The fake widget under @wpwl/core's controller, as a merchant's own code
// over core would use it: what the controller (and so the shopper) sees for
// each thing the test makes the widget do.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPaymentWidget, type PaymentWidgetConfig, type PaymentWidgetController } from '@wpwl/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeWidget, TEST_CARDS, type FakeWidget } from '../src/index.js';

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
  vi.useRealTimers();
  container.remove();
  await widget.uninstall();
});

function mount(config: Partial<Extract<PaymentWidgetConfig, { checkoutId: string }>> = {}): PaymentWidgetController {
  controller = createPaymentWidget({ checkoutId: ID, brands: 'VISA MASTER', shopperResultUrl: RESULT_URL, baseUrl: BASE, ...config });
  controller.mount(container);
  return controller;
}
const status = () => controller!.getSnapshot().status;

describe('loading', () => {
  it('answers the script core requests: ready renders a labelled card form and calls onReady with it', async () => {
    const onReadyOption = vi.fn();
    mount({ options: { onReady: onReadyOption, labels: { submit: 'Pay 12.00 EUR' } } });
    expect(widget.requests()).toEqual([`${BASE}/v1/paymentWidgets.js?checkoutId=${ID}`]);
    expect(status()).toBe('loading');

    await widget.ready();
    expect(status()).toBe('ready');
    expect(widget.loaded).toBe(true);
    const form = container.querySelector<HTMLFormElement>('.wpwl-container-card form.wpwl-form-card')!;
    expect(form.getAttribute('action')).toBe(`${BASE}/v1/checkouts/${ID}/payment`);
    // Every field has a label that names it; the pay button says what the page's labels say.
    const labelled = [...form.querySelectorAll('input:not([type=hidden]), select')].map(
      (control) => form.querySelector(`label[for="${control.id}"]`)?.textContent,
    );
    expect(labelled).toEqual(['Brand', 'Card Number', 'Expiry Date', 'Card holder', 'CVV']);
    expect(form.querySelector('button.wpwl-button-pay')!.textContent).toBe('Pay 12.00 EUR');
    expect([...form.querySelectorAll('option')].map((option) => option.value)).toEqual(['VISA', 'MASTER']);
    expect(onReadyOption).toHaveBeenCalledWith([form]);
  });

  it.each([
    ['as this workspace configures happy-dom (script loading switched off)', false],
    ['with happy-dom loading and running scripts', true],
  ])('keeps the script and its preload off the network, and fires no load or error of its own: %s', async (_, loadScripts) => {
    const requests: string[] = [];
    const gateway = createServer((request, response) => {
      requests.push(request.url ?? '');
      response.end('window.wpwl = {};');
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const settings = (window as unknown as { happyDOM: { settings: Record<string, boolean> } }).happyDOM.settings;
    const saved = { ...settings };
    Object.assign(settings, { enableJavaScriptEvaluation: loadScripts, disableJavaScriptFileLoading: !loadScripts });
    try {
      // Installed in a DOM set up like this from the start.
      await widget.uninstall();
      widget = installFakeWidget();
      mount({ baseUrl: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}` });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(requests).toEqual([]);
      expect(status()).toBe('loading');
      const tag = document.querySelector<HTMLScriptElement>('script[src*="paymentWidgets.js"]')!;
      expect(tag.dataset.wpwlState).toBe('pending');
      await widget.ready();
      expect(status()).toBe('ready');
      expect(requests).toEqual([]);
    } finally {
      Object.assign(settings, saved);
      gateway.closeAllConnections();
      await new Promise((resolve) => gateway.close(resolve));
    }
  });

  it('failLoad ends in the loader error; retry requests the script again and it can then load', async () => {
    const onError = vi.fn();
    mount({ onError });
    await widget.failLoad();
    expect(status()).toBe('error');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'SCRIPT_LOAD_FAILED' }));

    controller!.retry();
    expect(widget.requests()).toHaveLength(2);
    await widget.ready();
    expect(status()).toBe('ready');
  });

  it('says why when there is nothing to answer', async () => {
    await expect(widget.ready()).rejects.toThrow('no widget script was requested: render the checkout first');
    mount();
    await widget.ready();
    await expect(widget.failLoad()).rejects.toThrow('every widget script requested was answered');
  });

  it('is unloaded with the controller: its form, follow-up script and window.wpwl go', async () => {
    mount();
    await widget.ready();
    expect(document.querySelectorAll('script[src$="/v1/static.min.js"]')).toHaveLength(1);
    controller!.destroy();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(widget.loaded).toBe(false);
    expect('wpwl' in window).toBe(false);
    expect(document.querySelectorAll('script, .wpwl-container')).toHaveLength(0);
  });
});

describe('brands', () => {
  it('detectBrand selects an offered brand (onChangeBrand) and reports the detection (onDetectBrand)', async () => {
    const onChangeBrand = vi.fn();
    const onDetectBrand = vi.fn();
    mount({ options: { onChangeBrand, onDetectBrand } });
    await widget.ready();
    await widget.detectBrand('MASTER');
    const select = container.querySelector<HTMLSelectElement>('select.wpwl-control-brand')!;
    expect(select.value).toBe('MASTER');
    expect(container.querySelector('.wpwl-brand-MASTER')).not.toBeNull();
    expect(onChangeBrand).toHaveBeenCalledWith('MASTER');
    expect(onChangeBrand.mock.contexts[0]).toBe(select.form);
    expect(onDetectBrand).toHaveBeenCalledWith(['MASTER'], 'MASTER');

    // A brand the form does not offer is reported, not selected.
    await widget.detectBrand('AMEX');
    expect(select.value).toBe('MASTER');
    expect(onChangeBrand).toHaveBeenCalledTimes(1);
    expect(onDetectBrand).toHaveBeenLastCalledWith(['AMEX'], 'MASTER');
  });
});

describe('paying', () => {
  it('an approved payment: the hooks run, the fields and custom parameters are sent, the shopper goes to the result URL', async () => {
    const onBeforeSubmit = vi.fn(() => true);
    const onRedirect = vi.fn();
    await widget.uninstall();
    widget = installFakeWidget({ onRedirect });
    mount({ onBeforeSubmit, customParameters: { SHOPPER_orderId: 'A-17' } });
    await widget.ready();
    container.querySelector<HTMLInputElement>('.wpwl-control-cardHolder')!.value = 'Jane Jones';
    container.querySelector<HTMLInputElement>('.wpwl-control-expiry')!.value = '12 / 31';

    const payment = await widget.submit();
    expect(onBeforeSubmit).toHaveBeenCalledWith(expect.objectContaining({ kind: 'Card', checkoutId: ID }));
    expect(status()).toBe('submitting');
    expect(payment).toMatchObject({
      checkoutId: ID,
      outcome: 'approved',
      brand: 'VISA',
      resultCode: '000.100.110',
      resourcePath: `/v1/checkouts/${ID}/payment`,
      fields: {
        paymentBrand: 'VISA',
        'card.holder': 'Jane Jones',
        'card.expiryMonth': '12',
        'card.expiryYear': '2031',
        'customParameters[SHOPPER_orderId]': 'A-17',
        shopperResultUrl: RESULT_URL,
      },
    });
    const expected = `${RESULT_URL}?id=${ID}&resourcePath=%2Fv1%2Fcheckouts%2F${ID}%2Fpayment`;
    expect(payment!.resultUrl).toBe(expected);
    expect(onRedirect).toHaveBeenCalledWith(expected, payment);
    // A double click sends one payment.
    expect(container.querySelector<HTMLButtonElement>('.wpwl-button-pay')!.disabled).toBe(true);
    expect(widget.payments).toEqual([payment]);
  });

  it.each([
    ['declined', '800.100.151'],
    ['insufficient-funds', '800.100.155'],
    ['pending', '000.200.000'],
  ] as const)('a %s payment also sends the shopper to the result URL, with result %s to read there', async (outcome, code) => {
    mount();
    await widget.ready();
    const payment = await widget.submit({ outcome });
    expect(payment).toMatchObject({ outcome, resultCode: code });
    expect(payment!.resultUrl).toContain('resourcePath=');
  });

  it('a typed test card number decides the outcome, as in the sandbox', async () => {
    mount();
    await widget.ready();
    const declined = TEST_CARDS.find((card) => card.outcome === 'declined')!;
    container.querySelector<HTMLInputElement>('.wpwl-control-cardNumber')!.value = '4000 0000 0000 0002';
    const payment = await widget.submit();
    expect(payment).toMatchObject({ outcome: 'declined', resultCode: declined.resultCode, fields: { 'card.number': declined.number } });
  });

  it('a before-submit hook that blocks sends nothing; an async one sends once it allows', async () => {
    let allow!: (ok: boolean) => void;
    mount({ onBeforeSubmit: () => new Promise<boolean>((resolve) => (allow = resolve)) });
    await widget.ready();
    expect(await widget.submit({ outcome: 'declined' })).toBeUndefined();
    expect(status()).toBe('submitting');
    const next = widget.nextPayment();
    allow(true);
    await expect(next).resolves.toMatchObject({ outcome: 'declined' });
  });

  it('invalid marks the card number (with its message) and sends nothing; the controller is ready again', async () => {
    mount();
    await widget.ready();
    expect(await widget.submit({ outcome: 'invalid' })).toBeUndefined();
    const number = container.querySelector<HTMLInputElement>('.wpwl-control-cardNumber')!;
    expect(number.closest('.wpwl-group')!.classList.contains('wpwl-has-error')).toBe(true);
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(number.getAttribute('aria-describedby')!)!.textContent).toBe('Invalid card number or brand');
    expect(status()).toBe('ready');
    // The next try clears the marks.
    await widget.submit();
    expect(container.querySelector('.wpwl-has-error')).toBeNull();
  });

  it('3-D Secure: the form gives way to the issuer frame (onLoadThreeDIframe); passed, the shopper goes on, approved', async () => {
    const onLoadThreeDIframe = vi.fn();
    mount({ options: { onLoadThreeDIframe } });
    await widget.ready();
    const payment = await widget.submit({ outcome: '3ds' });
    expect(payment).toMatchObject({ outcome: '3ds', resultCode: '000.200.000', resultUrl: undefined });
    const frame = container.querySelector<HTMLIFrameElement>('iframe.wpwl-control-threeDSecure')!;
    expect(frame.title).toBe('3-D Secure');
    expect(container.querySelector<HTMLFormElement>('form.wpwl-form-card')!.hidden).toBe(true);
    expect(onLoadThreeDIframe.mock.contexts[0]).toBe(frame);

    const answered = await widget.completeThreeDSecure();
    expect(answered).toBe(payment);
    expect(answered).toMatchObject({ resultCode: '000.100.110', resultUrl: expect.stringContaining('resourcePath=') });
  });

  it('3-D Secure failed: the shopper goes on with the authentication failure to read', async () => {
    mount();
    await widget.ready();
    await widget.submit({ outcome: '3ds' });
    await expect(widget.completeThreeDSecure({ pass: false })).resolves.toMatchObject({ resultCode: '100.380.401' });
    await expect(widget.completeThreeDSecure()).rejects.toThrow('no challenge is open');
  });

  it("pay() from the merchant's own button submits through the widget, with the hooks", async () => {
    const onBeforeSubmit = vi.fn();
    mount({ onBeforeSubmit });
    await widget.ready();
    widget.outcome = 'declined';
    const next = widget.nextPayment();
    expect(controller!.pay()).toBe(true);
    await expect(next).resolves.toMatchObject({ outcome: 'declined' });
    expect(onBeforeSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('expiry', () => {
  it('the gateway saying the checkout expired (on submit, or at any time) ends in expired and unloads the widget', async () => {
    const onExpired = vi.fn();
    mount({ onExpired });
    await widget.ready();
    expect(await widget.submit({ outcome: 'expired' })).toBeUndefined();
    expect(status()).toBe('expired');
    expect(controller!.getSnapshot().error?.code).toBe('CHECKOUT_EXPIRED');
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(widget.loaded).toBe(false);
  });

  it("expire() reports it without a payment; the controller's own timer expires a checkout under fake timers", async () => {
    mount();
    await widget.ready();
    await widget.expire();
    expect(status()).toBe('expired');

    controller!.destroy();
    vi.useFakeTimers();
    mount({ checkoutId: '8a8294174b7ecb28014b9699220015cb', expiresInMs: 60_000 });
    await widget.ready();
    expect(status()).toBe('ready');
    vi.advanceTimersByTime(60_000);
    expect(status()).toBe('expired');
  });
});

describe('other widget errors', () => {
  it('reportError passes the widget error to onError; a closed wallet sheet is no failure', async () => {
    const onError = vi.fn();
    mount({ onError });
    await widget.ready();
    await widget.reportError({ name: 'WidgetError', brand: 'GOOGLEPAY', event: 'closed' });
    expect(onError).not.toHaveBeenCalled();
    await widget.reportError({ name: 'PciIframeSubmitError', message: 'iframe gone' });
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'WIDGET_ERROR', message: 'widget: PciIframeSubmitError: iframe gone' }),
    );
    expect(status()).toBe('ready');
  });
});

describe('install and uninstall', () => {
  it('one at a time: a second install says how to clean up', () => {
    expect(() => installFakeWidget()).toThrow('a fake widget is already installed');
  });

  it('uninstall removes what the widget added and stops intercepting', async () => {
    mount();
    await widget.ready();
    controller!.destroy();
    controller = undefined;
    await widget.uninstall();
    expect(document.querySelectorAll('script, .wpwl-container')).toHaveLength(0);
    const tag = document.createElement('script');
    tag.src = `${BASE}/v1/paymentWidgets.js?checkoutId=${ID}`;
    expect(tag.getAttribute('type')).toBeNull();
    widget = installFakeWidget();
  });
});
