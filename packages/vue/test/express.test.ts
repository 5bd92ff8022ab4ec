// Express checkout through <PaymentWidget> and usePaymentWidget in happy-dom
// against the fake widget script: no checkout id, one script without one, the
// createCheckout prop answered in every shape the widget takes, each failure
// emitted once with the shopper able to press again, the stated amount
// enforced, and a new createCheckout taken without a re-mount.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount, type VueWrapper } from '@vue/test-utils';
import { KeepAlive, defineComponent, h, nextTick, ref, shallowRef } from 'vue';
import type { WidgetSnapshot, WpwlError } from '@wpwl/core';
import { PaymentWidget, usePaymentWidget, type CreateCheckout, type PaymentWidgetErrorSlotProps } from '../src/index.js';
import { flush, installFakeWidget, page, type FakeWidget } from '../../core/test/support/fake-widget.js';

const BASE = 'https://test.gateway.example';
const ID = '8a8294174b7ecb28014b9699220015ca';
const CLEAN = { scripts: 0, widgetNodes: 0, globals: [] };

const props = (extra: Record<string, unknown> = {}) => ({
  brands: 'GOOGLEPAY PAYPAL',
  shopperResultUrl: 'https://shop.example/result',
  baseUrl: BASE,
  createCheckout: () => ID,
  ...extra,
});

const errorSlot = ({ error }: PaymentWidgetErrorSlotProps) => h('p', { class: 'failed' }, error?.code);

let widget: FakeWidget;
const wrappers: VueWrapper[] = [];
function render(extra: Record<string, unknown> = {}) {
  const wrapper = mount(PaymentWidget, { props: props(extra), slots: { error: errorSlot }, attachTo: document.body });
  wrappers.push(wrapper);
  return wrapper;
}
async function renderReady(extra: Record<string, unknown> = {}) {
  const wrapper = render(extra);
  await nextTick();
  const loaded = await widget.finishLoad();
  await nextTick();
  return { wrapper, ...loaded };
}

/** Presses a wallet as the widget does: calls wpwlOptions.createCheckout with `{ brand }`, and waits for its answer. */
const press = (brand = 'GOOGLEPAY'): Promise<unknown> => Promise.resolve(page.wpwlOptions!.createCheckout({ brand }));
const errorsOf = (wrapper: VueWrapper) => (wrapper.emitted('error') ?? []).map(([error]) => error as WpwlError);
const statusOf = (wrapper: VueWrapper) => wrapper.attributes('data-wpwl-status');

beforeEach(() => {
  widget = installFakeWidget();
});

afterEach(async () => {
  vi.useRealTimers();
  wrappers.splice(0).forEach((wrapper) => wrapper.unmount());
  await flush();
  expect(widget.leftovers()).toEqual(CLEAN);
  await widget.uninstall();
});

describe('<PaymentWidget> for express checkout', () => {
  it('loads one widget script without a checkout id, the wallets in data-brands and the amount where the wallet sheets read it', async () => {
    const wrapper = render({ brands: 'APPLEPAY GOOGLEPAY', amount: '89.8', currency: 'EUR' });
    await nextTick();
    expect(widget.liveScripts().map((script) => script.src)).toEqual([`${BASE}/v1/paymentWidgets.js`]);
    expect(wrapper.find('form.paymentWidgets').attributes('data-brands')).toBe('APPLEPAY GOOGLEPAY');
    expect(page.wpwlOptions).toMatchObject({ checkout: { amount: '89.80' }, applePay: { total: { amount: '89.80' } } });
    await widget.finishLoad();
    await nextTick();
    expect(wrapper.emitted('ready')).toHaveLength(1);
    expect(statusOf(wrapper)).toBe('ready');
    expect(widget.createdScripts()).toHaveLength(1);
  });

  it('without checkoutId and createCheckout, shows core’s error naming both and loads nothing', async () => {
    const wrapper = render({ createCheckout: undefined });
    await nextTick();
    expect(wrapper.find('.failed').text()).toBe('INVALID_CHECKOUT_ID');
    expect(errorsOf(wrapper)[0]!.message).toMatch(/checkoutId must be a checkout id, or createCheckout a function for express checkout/);
    expect(widget.createdScripts()).toHaveLength(0);
  });

  const jQueryLike = (value: unknown) => ({ then: (done: (v: unknown) => void) => setTimeout(() => done(value), 0) });
  it.each([
    ['an id', () => ID],
    ['a promise of an id', () => Promise.resolve(ID)],
    ['a jQuery-like thenable of an id', () => jQueryLike(ID)],
    ['a checkout with the stated amount', () => ({ id: ID, amount: '89.80', currency: 'EUR' })],
  ])('createCheckout answering %s hands the id to the widget, asked with the pressed brand', async (_name, answer) => {
    const createCheckout = vi.fn(answer);
    const { wrapper } = await renderReady({
      createCheckout,
      amount: '89.80',
      currency: 'EUR',
      ...(_name.includes('amount') ? {} : { amount: undefined }),
    });
    const answered = press('PAYPAL');
    await nextTick();
    expect(statusOf(wrapper)).toBe('submitting');
    await expect(answered).resolves.toBe(ID);
    expect(createCheckout).toHaveBeenCalledTimes(1);
    expect(createCheckout).toHaveBeenCalledWith({ brand: 'PAYPAL' });
    expect(errorsOf(wrapper)).toEqual([]);
  });

  it('createCheckout answering nothing stops the payment quietly: ready again, no error', async () => {
    const { wrapper } = await renderReady({ createCheckout: () => undefined });
    await expect(press()).resolves.toBeUndefined();
    await nextTick();
    expect(statusOf(wrapper)).toBe('ready');
    expect(errorsOf(wrapper)).toEqual([]);
    expect(wrapper.find('.failed').exists()).toBe(false);
  });

  it.each([
    ['a rejection', () => Promise.reject(new Error('cart is empty')), 'CREATE_CHECKOUT_FAILED', /^createCheckout failed: cart is empty$/],
    ['an id that breaks the id rule', () => 'abc', 'INVALID_CHECKOUT_ID', /\(got "abc"\)/],
    [
      'another amount than the stated one',
      () => ({ id: ID, amount: '79.80' }),
      'AMOUNT_MISMATCH',
      /^createCheckout\(\)\.amount must be 89\.80 \(got 79\.80\)$/,
    ],
  ])(
    'createCheckout answering %s emits the error once; the status is ready and the next press pays',
    async (_name, answer, code, message) => {
      let calls = 0;
      const createCheckout = () => (++calls === 1 ? answer() : { id: ID, amount: '89.80' });
      const { wrapper } = await renderReady({ createCheckout, amount: '89.80' });
      await expect(press()).resolves.toBeUndefined();
      await nextTick();
      expect(errorsOf(wrapper)).toHaveLength(1);
      expect(errorsOf(wrapper)[0]).toMatchObject({ code, message: expect.stringMatching(message) });
      expect(statusOf(wrapper)).toBe('ready');
      await expect(press()).resolves.toBe(ID);
      expect(errorsOf(wrapper)).toHaveLength(1);
    },
  );

  it('createCheckout answering too late fails with CREATE_CHECKOUT_TIMEOUT at createCheckoutTimeoutMs', async () => {
    const { wrapper } = await renderReady({ createCheckoutTimeoutMs: 50, createCheckout: () => new Promise(() => {}) });
    vi.useFakeTimers();
    const answered = press();
    await vi.advanceTimersByTimeAsync(49);
    expect(errorsOf(wrapper)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answered).resolves.toBeUndefined();
    await nextTick();
    expect(errorsOf(wrapper).map((error) => error.code)).toEqual(['CREATE_CHECKOUT_TIMEOUT']);
    expect(statusOf(wrapper)).toBe('ready');
  });

  it('an amount that disagrees with the options’ total is an AMOUNT_MISMATCH error slot, with nothing loaded', async () => {
    const wrapper = render({ amount: '89.80', options: { checkout: { amount: '80.00' } } });
    await nextTick();
    expect(wrapper.find('.failed').text()).toBe('AMOUNT_MISMATCH');
    expect(errorsOf(wrapper)[0]!.message).toBe('options.checkout.amount must be amount, 89.80 (got 80.00)');
    expect(widget.createdScripts()).toHaveLength(0);
  });

  it('a refused answer reaches what the page renders from the error event, and the next press clears it', async () => {
    let answer: CreateCheckout = () => ({ id: ID, amount: '1.00' });
    const Cart = defineComponent(() => {
      const problem = ref('');
      return () =>
        h('div', [
          h(PaymentWidget, {
            ...props({ amount: '89.80' }),
            createCheckout: (request: { brand: string }) => {
              problem.value = '';
              return answer(request);
            },
            onError: (error: WpwlError) => (problem.value = error.code),
          }),
          h('p', { id: 'express-message', role: 'alert' }, problem.value),
        ]);
    });
    const wrapper = mount(Cart, { attachTo: document.body });
    wrappers.push(wrapper);
    await nextTick();
    await widget.finishLoad();
    await press();
    await nextTick();
    expect(wrapper.find('#express-message').text()).toBe('AMOUNT_MISMATCH');
    answer = () => ({ id: ID, amount: '89.80' });
    await expect(press()).resolves.toBe(ID);
    await nextTick();
    expect(wrapper.find('#express-message').text()).toBe('');
  });

  it('a new createCheckout (an inline function in a re-render) is the one called, without a re-mount', async () => {
    const first = vi.fn(() => undefined);
    const { wrapper, unload } = await renderReady({ createCheckout: first });
    const second = vi.fn(() => ID);
    await wrapper.setProps({ createCheckout: second });
    expect(unload).not.toHaveBeenCalled();
    expect(widget.createdScripts()).toHaveLength(1);
    expect(statusOf(wrapper)).toBe('ready');
    await expect(press()).resolves.toBe(ID);
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
  });

  it('emits the status while createCheckout works and back to ready after it answered nothing', async () => {
    let answer!: (value: undefined) => void;
    const { wrapper } = await renderReady({ createCheckout: () => new Promise((resolve) => (answer = resolve)) });
    const answered = press();
    await nextTick();
    answer(undefined);
    await answered;
    await nextTick();
    const statuses = (wrapper.emitted('status-change') ?? []).map(([s]) => (s as WidgetSnapshot).status);
    expect(statuses).toEqual(['loading', 'ready', 'submitting', 'ready']);
  });
});

describe('usePaymentWidget for express checkout', () => {
  it('takes createCheckout as a ref: a new function is called without a re-mount', async () => {
    const createCheckout = shallowRef<CreateCheckout>(() => undefined);
    const Own = defineComponent(() => {
      const { containerRef, status } = usePaymentWidget({
        brands: 'GOOGLEPAY',
        shopperResultUrl: 'https://shop.example/result',
        baseUrl: BASE,
        amount: '89.80',
        createCheckout,
      });
      return () => h('section', { 'data-status': status.value }, [h('div', { ref: containerRef })]);
    });
    const wrapper = mount(Own, { attachTo: document.body });
    wrappers.push(wrapper);
    await nextTick();
    const { unload } = await widget.finishLoad();
    await nextTick();
    await expect(press()).resolves.toBeUndefined();
    createCheckout.value = () => Promise.resolve({ id: ID, amount: '89.8' });
    await nextTick();
    await expect(press()).resolves.toBe(ID);
    expect(unload).not.toHaveBeenCalled();
    expect(widget.createdScripts()).toEqual([`${BASE}/v1/paymentWidgets.js`]);
  });
});

describe('a card widget kept alive while the cart shows the express one', () => {
  it('loads its checkout again when shown again (the express widget had the page’s one widget slot), and the express one is gone', async () => {
    const CARD_ID = '8a8294174b7ecb28014b9699220015cb';
    const Checkout = defineComponent({
      name: 'CheckoutPage',
      setup: () => () => h(PaymentWidget, { ...props({ brands: 'VISA', createCheckout: undefined }), checkoutId: CARD_ID }),
    });
    const Cart = defineComponent({ name: 'CartPage', setup: () => () => h(PaymentWidget, props()) });
    const shown = shallowRef<typeof Checkout | typeof Cart>(Checkout);
    const wrapper = mount(
      defineComponent(() => () => h(KeepAlive, { include: ['CheckoutPage'] }, [h(shown.value)])),
      { attachTo: document.body },
    );
    wrappers.push(wrapper);
    const status = () => wrapper.find('[data-wpwl-status]').attributes('data-wpwl-status');
    await nextTick();
    await widget.finishLoad();
    await nextTick();
    expect(status()).toBe('ready');

    shown.value = Cart;
    await nextTick();
    await nextTick();
    expect(widget.liveScripts().map((script) => script.src)).toEqual([`${BASE}/v1/paymentWidgets.js`]);
    await widget.finishLoad();
    await nextTick();
    expect(status()).toBe('ready');

    shown.value = Checkout;
    await nextTick();
    await nextTick();
    expect(widget.liveScripts().map((script) => script.src)).toEqual([`${BASE}/v1/paymentWidgets.js?checkoutId=${CARD_ID}`]);
    await widget.finishLoad();
    await nextTick();
    expect(status()).toBe('ready');
    expect(wrapper.findAll('form.wpwl-form-card')).toHaveLength(1);
  });
});
