// <wpwl-payment-widget> for express checkout, in a zoneless app in happy-dom,
// against the fake widget script: no checkoutId, a createCheckout input whose
// every answer shape reaches the widget as core checks it (failures through
// the paymentError output, the shopper free to press again), the cart total
// stated once, and a new createCheckout function used without a re-mount.
// A press is what the widget does: wpwlOptions.createCheckout({ brand }).
// Before anything of Angular: its packages are partially compiled and compile on first use.
import '@angular/compiler';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signal } from '@angular/core';
import type { CreateCheckout, WpwlError } from '@wpwl/core';
import { flush, installFakeWidget, page, type FakeWidget } from '../../core/test/support/fake-widget.js';
import { bootstrapHost } from './host.js';

const BASE = 'https://test.gateway.example';
const ID = '8a8294174b7ecb28014b9699220015ca';
const ID2 = '8a8294174b7ecb28014b9699220015cb';

let widget: FakeWidget;
let consoleError: ReturnType<typeof vi.spyOn>;
const apps: Array<{ destroy(): void }> = [];

beforeEach(() => {
  widget = installFakeWidget();
  consoleError = vi.spyOn(console, 'error');
});
afterEach(async () => {
  apps.splice(0).forEach((app) => app.destroy());
  await flush();
  expect(widget.leftovers()).toEqual({ scripts: 0, widgetNodes: 0, globals: [] });
  // Nothing Angular reports as an error (an output emitted after destroy, say).
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
  await widget.uninstall();
});

const EXPRESS = `
  <wpwl-payment-widget
    brands="GOOGLEPAY PAYPAL" shopperResultUrl="https://shop.example/result" baseUrl="${BASE}"
    [createCheckout]="createCheckout()" [amount]="amount()" currency="EUR" [createCheckoutTimeoutMs]="timeoutMs()"
    (statusChange)="statuses.push($event.status)" (paymentError)="errors.push($event)" />`;

/** An express widget whose createCheckout is `answer`, loaded and ready. */
async function renderExpress(answer: CreateCheckout, amount?: string, timeoutMs?: number) {
  const test = await bootstrapHost(EXPRESS, () => ({
    createCheckout: signal(vi.fn(answer)),
    amount: signal(amount),
    timeoutMs: signal(timeoutMs),
    statuses: [] as string[],
    errors: [] as WpwlError[],
  }));
  apps.push(test.app);
  await widget.finishLoad();
  await test.settle();
  return test;
}

/** Presses a wallet button as the widget does: what createCheckout's wrapper answers the widget. */
const press = (brand = 'GOOGLEPAY'): Promise<unknown> =>
  Promise.resolve((page.wpwlOptions!.createCheckout as (json: { brand: string }) => unknown)({ brand }));

describe('<wpwl-payment-widget> without a checkout id (express checkout)', () => {
  it('loads the script once, without a checkout id, with the stated total in the wallet options', async () => {
    const { element, host } = await renderExpress(() => ({ id: ID, amount: '12.50' }), '12.5');
    expect(widget.createdScripts()).toEqual([`${BASE}/v1/paymentWidgets.js`]);
    expect(element().querySelector('form.paymentWidgets')!.getAttribute('data-brands')).toBe('GOOGLEPAY PAYPAL');
    expect(page.wpwlOptions!.checkout).toEqual({ amount: '12.50' });
    expect(element().getAttribute('data-wpwl-status')).toBe('ready');
    expect(host.errors).toEqual([]);
  });

  it.each([
    ['an id', () => ID],
    ['a promise of an id', () => Promise.resolve(ID)],
    ['a jQuery-like thenable of an id', () => ({ then: (done: (id: string) => void) => void setTimeout(() => done(ID), 0) })],
    ['a checkout { id, amount, currency }', () => Promise.resolve({ id: ID, amount: '12.5', currency: 'EUR' })],
  ] as Array<[string, CreateCheckout]>)('%s reaches the widget as the checkout id, with the pressed brand', async (name, answer) => {
    const { host, settle, element } = await renderExpress(answer, name.includes('amount') ? '12.50' : undefined);
    await expect(press('PAYPAL')).resolves.toBe(ID);
    expect(host.createCheckout()).toHaveBeenCalledWith({ brand: 'PAYPAL' });
    await settle();
    expect(element().getAttribute('data-wpwl-status')).toBe('submitting');
    expect(host.errors).toEqual([]);
  });

  it('nothing (terms not accepted yet) stops the payment quietly: ready again, no paymentError', async () => {
    const { host, settle, element } = await renderExpress(() => undefined);
    await expect(press()).resolves.toBeUndefined();
    await settle();
    expect(host.createCheckout()).toHaveBeenCalledOnce();
    expect(element().getAttribute('data-wpwl-status')).toBe('ready');
    expect(host.errors).toEqual([]);
  });

  it.each([
    ['a rejection', () => Promise.reject(new Error('cart is empty')), 'CREATE_CHECKOUT_FAILED'],
    ['a throw', () => { throw new TypeError('fetch failed'); }, 'CREATE_CHECKOUT_FAILED'], // prettier-ignore
    ['an id that breaks the id rule', () => 'abc', 'INVALID_CHECKOUT_ID'],
  ] as Array<[string, CreateCheckout, string]>)('%s reaches paymentError once; the next press works', async (_name, answer, code) => {
    let calls = 0;
    const { host, settle, element } = await renderExpress((request) => (++calls === 1 ? answer(request) : ID));
    await expect(press()).resolves.toBeUndefined();
    await settle();
    expect(host.errors.map((error) => error.code)).toEqual([code]);
    expect(element().getAttribute('data-wpwl-status')).toBe('ready');
    await expect(press()).resolves.toBe(ID);
    expect(host.errors).toHaveLength(1);
  });

  it('no answer within createCheckoutTimeoutMs is CREATE_CHECKOUT_TIMEOUT through paymentError', async () => {
    const { host, settle } = await renderExpress(() => new Promise<string>(() => {}), undefined, 30);
    const started = Date.now();
    await expect(press()).resolves.toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    await settle();
    expect(host.errors.map((error) => error.code)).toEqual(['CREATE_CHECKOUT_TIMEOUT']);
    expect(host.errors[0]!.message).toBe('createCheckout took over 30 ms');
  });

  it('a checkout prepared for another amount than the stated one is AMOUNT_MISMATCH through paymentError, nothing paid', async () => {
    const { host, settle, element } = await renderExpress(() => ({ id: ID, amount: '13.00', currency: 'EUR' }), '12.50');
    await expect(press()).resolves.toBeUndefined();
    await settle();
    expect(host.errors).toHaveLength(1);
    expect(host.errors[0]).toMatchObject({
      code: 'AMOUNT_MISMATCH',
      message: 'createCheckout().amount must be 12.50 (got 13.00)',
    });
    expect(element().getAttribute('data-wpwl-status')).toBe('ready');
  });

  it('a new createCheckout function is called from then on, with no re-mount', async () => {
    const { host, settle } = await renderExpress(() => ID);
    const first = host.createCheckout();
    const second = vi.fn<CreateCheckout>(() => ID2);
    host.createCheckout.set(second);
    await settle();
    await expect(press()).resolves.toBe(ID2);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledOnce();
    // Still the one script, and the widget never went back to loading.
    expect(widget.createdScripts()).toHaveLength(1);
    expect(host.statuses).not.toContain('idle');
    expect(host.statuses.filter((status) => status === 'loading')).toHaveLength(1);
  });

  it('a changed total re-mounts once with it in the wallet options', async () => {
    const { host, settle } = await renderExpress(() => ({ id: ID, amount: '12.50' }), '12.50');
    host.amount.set('14.00');
    await settle();
    expect(widget.createdScripts()).toHaveLength(2);
    await widget.finishLoad();
    await settle();
    expect(page.wpwlOptions!.checkout).toEqual({ amount: '14.00' });
  });

  it('neither checkoutId nor createCheckout is an error naming both, through paymentError', async () => {
    const test = await bootstrapHost(
      `<wpwl-payment-widget brands="GOOGLEPAY" shopperResultUrl="https://shop.example/result" baseUrl="${BASE}" (paymentError)="errors.push($event)" />`,
      () => ({ errors: [] as WpwlError[] }),
    );
    apps.push(test.app);
    expect(test.host.errors.map((error) => error.message)).toEqual([
      expect.stringMatching(/checkoutId must be a checkout id, or createCheckout a function for express checkout/),
    ]);
    expect(widget.createdScripts()).toEqual([]);
  });
});
