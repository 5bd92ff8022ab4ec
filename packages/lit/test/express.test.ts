// <wpwl-widget> for express checkout: no checkout-id, a createCheckout
// property whose every answer shape reaches the widget as core checks it
// (failures as wpwl-error, the shopper free to press again), the cart total
// from the amount attribute, and a new createCheckout used without a
// re-mount. A press is what the widget does: wpwlOptions.createCheckout({ brand }).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateCheckout, WpwlError } from '@wpwl/core';
import { defineWpwlWidget, type WpwlWidgetElement } from '../src/index.js';
import { flush, installFakeWidget, page, type FakeWidget } from '../../core/test/support/fake-widget.js';

const BASE = 'https://test.gateway.example';
const ID = '8a8294174b7ecb28014b9699220015ca';
const ID2 = '8a8294174b7ecb28014b9699220015cb';

defineWpwlWidget();

let fake: FakeWidget;
/** The codes of every wpwl-error that reached the document, in order. */
let errors: WpwlError[];
const record = (event: Event) => errors.push((event as CustomEvent<{ error: WpwlError }>).detail.error);

beforeEach(() => {
  fake = installFakeWidget();
  errors = [];
  document.addEventListener('wpwl-error', record);
});

afterEach(async () => {
  document.removeEventListener('wpwl-error', record);
  document.querySelectorAll('wpwl-widget').forEach((el) => el.remove());
  await flush();
  expect(fake.leftovers()).toEqual({ scripts: 0, widgetNodes: 0, globals: [] });
  await fake.uninstall();
  vi.restoreAllMocks();
});

/** A connected express <wpwl-widget> (attributes, then the createCheckout property), loaded and ready. */
async function expressWidget(answer: CreateCheckout, attributes: Record<string, string> = {}) {
  const el = document.createElement('wpwl-widget');
  const base = { brands: 'GOOGLEPAY PAYPAL', 'shopper-result-url': 'https://shop.example/result', 'base-url': BASE };
  for (const [name, value] of Object.entries({ ...base, ...attributes })) el.setAttribute(name, value);
  const createCheckout = vi.fn(answer);
  el.createCheckout = createCheckout;
  document.body.append(el);
  await el.updateComplete;
  await fake.finishLoad();
  await el.updateComplete;
  return { el, createCheckout };
}

/** Presses a wallet button as the widget does: what the element's config answers the widget. */
const press = (brand = 'GOOGLEPAY'): Promise<unknown> =>
  Promise.resolve((page.wpwlOptions!.createCheckout as (json: { brand: string }) => unknown)({ brand }));

describe('<wpwl-widget> without checkout-id (express checkout)', () => {
  it('stays idle without createCheckout; with it, loads the script once without a checkout id, the amount attribute in the wallet options', async () => {
    const idle = document.createElement('wpwl-widget');
    idle.setAttribute('base-url', BASE);
    document.body.append(idle);
    await idle.updateComplete;
    expect(idle.status).toBe('idle');
    expect(fake.createdScripts()).toEqual([]);
    idle.remove();

    const { el } = await expressWidget(() => ID, { amount: '12.5', currency: 'EUR' });
    expect(fake.createdScripts()).toEqual([`${BASE}/v1/paymentWidgets.js`]);
    expect(el.querySelector('form.paymentWidgets')!.getAttribute('data-brands')).toBe('GOOGLEPAY PAYPAL');
    expect(page.wpwlOptions!.checkout).toEqual({ amount: '12.50' });
    expect(el.status).toBe('ready');
    expect(errors).toEqual([]);
  });

  it.each([
    ['an id', () => ID],
    ['a promise of an id', () => Promise.resolve(ID)],
    ['a jQuery-like thenable of an id', () => ({ then: (done: (id: string) => void) => void setTimeout(() => done(ID), 0) })],
    ['a checkout { id, amount, currency }', () => Promise.resolve({ id: ID, amount: '12.5', currency: 'EUR' })],
  ] as Array<[string, CreateCheckout]>)('%s reaches the widget as the checkout id, with the pressed brand', async (name, answer) => {
    const stated: Record<string, string> = name.includes('amount') ? { amount: '12.50', currency: 'EUR' } : {};
    const { el, createCheckout } = await expressWidget(answer, stated);
    await expect(press('PAYPAL')).resolves.toBe(ID);
    expect(createCheckout).toHaveBeenCalledWith({ brand: 'PAYPAL' });
    await el.updateComplete;
    expect(el.status).toBe('submitting');
    expect(el.getAttribute('status')).toBe('submitting');
    expect(errors).toEqual([]);
  });

  it('nothing (terms not accepted yet) stops the payment quietly: ready again, no wpwl-error', async () => {
    const { el, createCheckout } = await expressWidget(() => undefined);
    await expect(press()).resolves.toBeUndefined();
    await el.updateComplete;
    expect(createCheckout).toHaveBeenCalledOnce();
    expect(el.status).toBe('ready');
    expect(errors).toEqual([]);
  });

  it.each([
    ['a rejection', () => Promise.reject(new Error('cart is empty')), 'CREATE_CHECKOUT_FAILED'],
    ['a throw', () => { throw new TypeError('fetch failed'); }, 'CREATE_CHECKOUT_FAILED'], // prettier-ignore
    ['an id that breaks the id rule', () => 'abc', 'INVALID_CHECKOUT_ID'],
  ] as Array<[string, CreateCheckout, string]>)('%s is one wpwl-error; the next press works', async (_name, answer, code) => {
    let calls = 0;
    const { el } = await expressWidget((request) => (++calls === 1 ? answer(request) : ID));
    await expect(press()).resolves.toBeUndefined();
    await el.updateComplete;
    expect(errors.map((error) => error.code)).toEqual([code]);
    expect(el.status).toBe('ready');
    expect(el.error?.code).toBe(code);
    await expect(press()).resolves.toBe(ID);
    expect(errors).toHaveLength(1);
  });

  it('create-checkout-timeout-ms bounds createCheckout: past it, CREATE_CHECKOUT_TIMEOUT', async () => {
    await expressWidget(() => new Promise<string>(() => {}), { 'create-checkout-timeout-ms': '30' });
    await expect(press()).resolves.toBeUndefined();
    expect(errors.map((error) => [error.code, error.message])).toEqual([['CREATE_CHECKOUT_TIMEOUT', 'createCheckout took over 30 ms']]);
  });

  it('a checkout prepared for another amount than the amount attribute is AMOUNT_MISMATCH, nothing paid', async () => {
    const { el } = await expressWidget(() => ({ id: ID, amount: '13.00', currency: 'EUR' }), { amount: '12.50', currency: 'EUR' });
    await expect(press()).resolves.toBeUndefined();
    await el.updateComplete;
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'AMOUNT_MISMATCH', message: 'createCheckout().amount must be 12.50 (got 13.00)' });
    expect(el.status).toBe('ready');
  });

  it('a new createCheckout property is called from then on, with no re-mount', async () => {
    const { el, createCheckout } = await expressWidget(() => ID);
    const second = vi.fn<CreateCheckout>(() => ID2);
    el.createCheckout = second;
    await el.updateComplete;
    await expect(press()).resolves.toBe(ID2);
    expect(createCheckout).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledOnce();
    expect(fake.createdScripts()).toHaveLength(1);
    expect(el.status).toBe('submitting');
  });

  it('taking createCheckout away takes the widget down', async () => {
    const { el } = await expressWidget(() => ID);
    el.createCheckout = undefined;
    await el.updateComplete;
    await flush();
    expect(el.status).toBe('destroyed');
    expect(fake.leftovers()).toEqual({ scripts: 0, widgetNodes: 0, globals: [] });
  });

  it('both checkout-id and createCheckout: a wpwl-error naming createCheckout, nothing loaded', async () => {
    const el = document.createElement('wpwl-widget') as WpwlWidgetElement;
    for (const [name, value] of Object.entries({
      'checkout-id': ID,
      brands: 'GOOGLEPAY',
      'shopper-result-url': 'https://shop.example/result',
      'base-url': BASE,
    }))
      el.setAttribute(name, value);
    el.createCheckout = () => ID;
    document.body.append(el);
    await el.updateComplete;
    expect(el.status).toBe('error');
    expect(el.error?.message).toMatch(/^createCheckout must be left out when checkoutId is given/);
    expect(fake.createdScripts()).toEqual([]);
  });
});
