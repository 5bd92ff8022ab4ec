// Express checkout through the controller: a widget without a checkout id,
// the merchant's createCheckout answered as the widget expects, the stated
// total in every wallet option, and each failure reported once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BASE, ID, ID2, box, create, destroyControllers, expressConfig } from './support/controllers.js';
import { flush, installFakeWidget, page, type FakeWidget } from './support/fake-widget.js';
import { isWpwlError, widgetStartHtml, type CreateCheckout, type PaymentWidgetConfig, type WpwlError } from '../src/index.js';

let fake: FakeWidget;
beforeEach(() => {
  fake = installFakeWidget();
});

afterEach(async () => {
  destroyControllers();
  if (vi.isFakeTimers()) await vi.runAllTimersAsync();
  vi.useRealTimers();
  await flush();
  expect('wpwlOptions' in window).toBe(false);
  expect(document.querySelectorAll('script')).toHaveLength(0);
  vi.restoreAllMocks();
  await fake.uninstall();
});

/** Mounts an express widget, loads it, and returns it with its onError spy. */
async function mountExpress(overrides: Partial<PaymentWidgetConfig> = {}) {
  const onError = vi.fn<(error: WpwlError) => void>();
  const widget = create(expressConfig({ onError, ...overrides }));
  widget.mount(box());
  await fake.finishLoad();
  return { widget, onError };
}

/** Presses a wallet as the widget does: calls wpwlOptions.createCheckout with `{ brand }`. */
const press = (brand = 'GOOGLEPAY'): Promise<unknown> =>
  Promise.resolve((page.wpwlOptions!.createCheckout as (json: unknown) => unknown)({ brand }));

describe('an express widget', () => {
  it('loads the widget script without a checkout id, with the wallets in data-brands and no expiry', async () => {
    const widget = create(expressConfig({ brands: ['APPLEPAY', 'GOOGLEPAY'], amount: '12.5' }));
    const el = box();
    widget.mount(el);
    expect(fake.liveScripts().map((s) => s.src)).toEqual([`${BASE}/v1/paymentWidgets.js`]);
    expect(el.querySelector('form.paymentWidgets')!.getAttribute('data-brands')).toBe('APPLEPAY GOOGLEPAY');
    // The stated total, two decimals, wherever a wallet sheet reads it.
    expect(page.wpwlOptions).toMatchObject({ checkout: { amount: '12.50' }, applePay: { total: { label: 'Total', amount: '12.50' } } });
    expect(typeof page.wpwlOptions!.createCheckout).toBe('function');
    await fake.finishLoad();
    expect(widget.getSnapshot()).toEqual({ status: 'ready' });
  });

  it('keeps the Apple Pay label the merchant gave, and adds no applePay without an Apple Pay brand', () => {
    const withLabel = create(
      expressConfig({ brands: 'APPLEPAY', amount: '3', options: { applePay: { displayName: 'Shop', total: { label: 'Shop order' } } } }),
    );
    withLabel.mount(box());
    expect(page.wpwlOptions!.applePay).toEqual({ displayName: 'Shop', total: { label: 'Shop order', amount: '3.00' } });
    withLabel.destroy();
    const google = create(expressConfig({ brands: 'GOOGLEPAY', amount: '3' }));
    google.mount(box());
    expect(page.wpwlOptions!.applePay).toBeUndefined();
    expect(page.wpwlOptions!.checkout).toEqual({ amount: '3.00' });
  });

  it('is never started from server-rendered HTML (createCheckout must answer with a value)', () => {
    expect(widgetStartHtml(expressConfig())).toBe('');
  });
});

describe('an express config that cannot work', () => {
  const errorOf = (config: Partial<PaymentWidgetConfig>) => create(expressConfig(config)).getSnapshot().error;

  it('names both fields when neither a checkout id nor createCheckout is given', () => {
    const error = errorOf({ createCheckout: undefined });
    expect(error?.code).toBe('INVALID_CHECKOUT_ID');
    expect(error?.message).toMatch(/checkoutId must be a checkout id, or createCheckout a function for express checkout/);
  });

  it('refuses both together, a createCheckout that is no function, and one inside options', () => {
    expect(errorOf({ checkoutId: ID } as Partial<PaymentWidgetConfig>)?.message).toMatch(
      /^createCheckout must be left out when checkoutId is given/,
    );
    expect(errorOf({ createCheckout: 'https://shop.example/api' as never })?.message).toBe(
      'createCheckout must be a function (got string)',
    );
    const inOptions = errorOf({ options: { createCheckout: () => ID } });
    expect(inOptions?.code).toBe('INVALID_OPTIONS');
    expect(inOptions?.message).toMatch(/^options\.createCheckout must be left out: give createCheckout in the config/);
  });

  it('refuses an amount or currency of the wrong form, naming the field', () => {
    expect(errorOf({ amount: '12,50' })).toMatchObject({
      code: 'INVALID_AMOUNT',
      message: 'amount must be N10.N2 (12.50) (got 5 characters)',
    });
    expect(errorOf({ options: { checkout: { amount: '-1' } } })?.message).toMatch(/^options\.checkout\.amount must be/);
    expect(errorOf({ currency: 'eur' })).toMatchObject({
      code: 'INVALID_CURRENCY',
      message: 'currency must be three capital letters (EUR) (got "eur")',
    });
  });

  it('refuses two totals that disagree: one would be shown, the other charged', () => {
    const error = errorOf({ amount: '12.50', options: { applePay: { total: { label: 'Shop', amount: '12.00' } } } });
    expect(error?.code).toBe('AMOUNT_MISMATCH');
    expect(error?.message).toBe('options.applePay.total.amount must be amount, 12.50 (got 12.00)');
    // The same money spelled twice is one total.
    expect(errorOf({ amount: '12.5', options: { checkout: { amount: '12.50' } } })).toBeUndefined();
  });
});

describe('createCheckout answers', () => {
  const jQueryLike = (value: string) =>
    ({ then: (done: (v: string) => void) => void setTimeout(() => done(value), 0) }) as unknown as PromiseLike<string>;

  it.each<[string, CreateCheckout]>([
    ['an id', () => ID],
    ['a promise of an id', () => Promise.resolve(ID)],
    ['a jQuery-like thenable of an id', () => jQueryLike(ID)],
    ['a checkout with the stated amount', () => ({ id: ID, amount: '12.5', currency: 'EUR' })],
  ])('%s reaches the widget as the id, with the pressed brand passed on', async (_name, answer) => {
    const createCheckout = vi.fn(answer);
    const stated = _name.includes('amount') ? { amount: '12.50', currency: 'EUR' } : {};
    const { widget, onError } = await mountExpress({ createCheckout, ...stated });
    const answered = press('PAYPAL');
    expect(widget.getSnapshot().status).toBe('submitting');
    await expect(answered).resolves.toBe(ID);
    expect(createCheckout).toHaveBeenCalledWith({ brand: 'PAYPAL' });
    expect(onError).not.toHaveBeenCalled();
    expect(widget.getSnapshot().status).toBe('submitting');
  });

  it('nothing stops the payment quietly (terms not accepted): ready again, no error', async () => {
    for (const nothing of [undefined, null, false, ''] as const) {
      const { widget, onError } = await mountExpress({ createCheckout: () => nothing });
      await expect(press()).resolves.toBeUndefined();
      expect(widget.getSnapshot()).toEqual({ status: 'ready' });
      expect(onError).not.toHaveBeenCalled();
      widget.destroy();
      await flush();
    }
  });

  it.each([
    ['a rejection', () => Promise.reject(new Error('cart is empty')), 'CREATE_CHECKOUT_FAILED', /^createCheckout failed: cart is empty$/],
    ['a throw', () => { throw new TypeError('fetch failed'); }, 'CREATE_CHECKOUT_FAILED', /^createCheckout failed: fetch failed$/], // prettier-ignore
    ['an id that breaks the id rule', () => 'abc', 'INVALID_CHECKOUT_ID', /^createCheckout\(\)\.id must be a checkout id \(got "abc"\)$/],
    [
      'an object without id',
      () => ({ checkoutId: ID }) as never,
      'INVALID_CHECKOUT_ID',
      /^createCheckout\(\)\.id must be a checkout id \(got undefined\)$/,
    ],
  ] as Array<[string, CreateCheckout, string, RegExp]>)(
    '%s is reported once, the payment stops and the shopper can press again',
    async (_name, answer, code, message) => {
      let calls = 0;
      const { widget, onError } = await mountExpress({ createCheckout: (request) => (++calls === 1 ? answer(request) : ID) });
      await expect(press()).resolves.toBeUndefined();
      expect(onError).toHaveBeenCalledTimes(1);
      expect(onError.mock.calls[0]![0]).toMatchObject({ code, message: expect.stringMatching(message) });
      expect(widget.getSnapshot()).toMatchObject({ status: 'ready', error: { code } });
      // Pressed again: this time it works.
      await expect(press()).resolves.toBe(ID);
    },
  );

  it('a rejection keeps what the merchant rejected with as the cause', async () => {
    const reason = new Error('HTTP 409');
    const { onError } = await mountExpress({ createCheckout: () => Promise.reject(reason) });
    await press();
    expect(isWpwlError(onError.mock.calls[0]![0]) && onError.mock.calls[0]![0].cause).toBe(reason);
  });

  it('a slow answer fails at the merchant’s timeout; the late id is never paid', async () => {
    let answer!: (id: string) => void;
    const { widget, onError } = await mountExpress({
      createCheckoutTimeoutMs: 50,
      createCheckout: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    vi.useFakeTimers();
    const answered = press();
    await vi.advanceTimersByTimeAsync(50);
    await expect(answered).resolves.toBeUndefined();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0]).toMatchObject({ code: 'CREATE_CHECKOUT_TIMEOUT', message: 'createCheckout took over 50 ms' });
    answer(ID);
    await vi.advanceTimersByTimeAsync(10);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(widget.getSnapshot().status).toBe('ready');
  });

  it('times out after 20 seconds by default', async () => {
    const { onError } = await mountExpress({ createCheckout: () => new Promise(() => {}) });
    vi.useFakeTimers();
    const answered = press();
    await vi.advanceTimersByTimeAsync(19_999);
    expect(onError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(answered).resolves.toBeUndefined();
    expect(onError.mock.calls[0]![0].code).toBe('CREATE_CHECKOUT_TIMEOUT');
  });

  it('a second press while the first is being prepared prepares nothing', async () => {
    let answer!: (id: string) => void;
    const createCheckout = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    await mountExpress({ createCheckout });
    const first = press();
    await expect(press()).resolves.toBeUndefined();
    answer(ID);
    await expect(first).resolves.toBe(ID);
    expect(createCheckout).toHaveBeenCalledTimes(1);
    // And while its sheet is up, another press prepares nothing either.
    await expect(press()).resolves.toBeUndefined();
    expect(createCheckout).toHaveBeenCalledTimes(1);
  });

  it('the latest createCheckout answers: a new inline function needs no re-mount', async () => {
    const { widget } = await mountExpress({ createCheckout: () => ID });
    const scripts = fake.createdScripts().length;
    widget.update(expressConfig({ createCheckout: () => ID2 }));
    await expect(press()).resolves.toBe(ID2);
    expect(fake.createdScripts()).toHaveLength(scripts);
  });

  it('a widget taken down while createCheckout works answers nothing and reports nothing', async () => {
    let answer!: (id: string) => void;
    const { widget, onError } = await mountExpress({ createCheckout: () => new Promise<string>((resolve) => (answer = resolve)) });
    const answered = press();
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    widget.destroy();
    answer(ID);
    await expect(answered).resolves.toBeUndefined();
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('the amount rule', () => {
  it('a checkout prepared for another amount is refused before anything is paid', async () => {
    const { widget, onError } = await mountExpress({ amount: '12.50', createCheckout: () => ({ id: ID, amount: '13.00' }) });
    await expect(press()).resolves.toBeUndefined();
    expect(onError.mock.calls[0]![0]).toMatchObject({
      code: 'AMOUNT_MISMATCH',
      message: 'createCheckout().amount must be 12.50 (got 13.00)',
    });
    expect(widget.getSnapshot().status).toBe('ready');
  });

  it('a bare id cannot be compared with a stated amount, so it is refused too', async () => {
    const { onError } = await mountExpress({ amount: '12.50', createCheckout: () => ID });
    await expect(press()).resolves.toBeUndefined();
    expect(onError.mock.calls[0]![0]).toMatchObject({
      code: 'AMOUNT_MISMATCH',
      message: 'createCheckout().amount must be 12.50 (got none)',
    });
  });

  it('with a stated total, an answer without its currency is refused as well', async () => {
    const { onError } = await mountExpress({ amount: '5', currency: 'EUR', createCheckout: () => ({ id: ID, amount: '5.00' }) });
    await expect(press()).resolves.toBeUndefined();
    expect(onError.mock.calls[0]![0]).toMatchObject({
      code: 'AMOUNT_MISMATCH',
      message: 'createCheckout().currency must be EUR (got undefined)',
    });
  });

  it('a controller that takes the widget over while its sheet is up is submitting, and applies a new total once the sheet closes', async () => {
    const first = await mountExpress({ amount: '10', createCheckout: () => ({ id: ID, amount: '10' }) });
    await press();
    // The component is mounted again with the same props (a moved element, a new key): the new controller adopts the widget.
    const container = document.querySelector<HTMLElement>('form.paymentWidgets')!.parentElement!.parentElement!;
    first.widget.destroy();
    const second = create(expressConfig({ amount: '10', createCheckout: () => ({ id: ID, amount: '10' }) }));
    second.mount(container);
    expect(second.getSnapshot().status).toBe('submitting');
    second.update(expressConfig({ amount: '11', createCheckout: () => ({ id: ID2, amount: '11' }) }));
    expect(page.wpwlOptions!.checkout).toEqual({ amount: '10.00' });
    page.wpwlOptions!.onError!({ name: 'WidgetError', brand: 'GOOGLEPAY', event: 'closed' });
    await flush();
    expect(page.wpwlOptions!.checkout).toEqual({ amount: '11.00' });
  });

  it('a checkout in another currency is refused', async () => {
    const { onError } = await mountExpress({
      amount: '5',
      currency: 'EUR',
      createCheckout: () => ({ id: ID, amount: '5.00', currency: 'SAR' }),
    });
    await expect(press()).resolves.toBeUndefined();
    expect(onError.mock.calls[0]![0]).toMatchObject({
      code: 'AMOUNT_MISMATCH',
      message: 'createCheckout().currency must be EUR (got "SAR")',
    });
  });

  it('a new total while the wallet sheet is up waits for the widget’s answer, then loads the widget with it', async () => {
    const { widget } = await mountExpress({ amount: '10', createCheckout: () => ({ id: ID, amount: '10' }) });
    await press();
    widget.update(expressConfig({ amount: '11', createCheckout: () => ({ id: ID2, amount: '11' }) }));
    // The sheet showed 10.00 and may still pay: the widget stays.
    expect(page.wpwlOptions!.checkout).toEqual({ amount: '10.00' });
    // The shopper closes the sheet: now the new total loads.
    page.wpwlOptions!.onError!({ name: 'WidgetError', brand: 'GOOGLEPAY', event: 'closed' });
    expect(widget.getSnapshot().status).toBe('ready');
    await flush();
    expect(page.wpwlOptions!.checkout).toEqual({ amount: '11.00' });
  });
});

describe('after createCheckout answered', () => {
  it('a closed wallet sheet is no failure: ready again, and the next press prepares a new checkout', async () => {
    const createCheckout = vi.fn(() => ID);
    const { widget, onError } = await mountExpress({ createCheckout });
    await press();
    page.wpwlOptions!.onError!({ name: 'WidgetError', brand: 'GOOGLEPAY', event: 'closed' });
    expect(widget.getSnapshot()).toEqual({ status: 'ready' });
    expect(onError).not.toHaveBeenCalled();
    await expect(press()).resolves.toBe(ID);
    expect(createCheckout).toHaveBeenCalledTimes(2);
  });

  it('a checkout the widget calls unknown is reported, and the express widget stays for another press', async () => {
    const { widget, onError } = await mountExpress();
    await press();
    page.wpwlOptions!.onError!({ name: 'InvalidCheckoutIdError' });
    expect(onError.mock.calls[0]![0].code).toBe('CHECKOUT_EXPIRED');
    expect(widget.getSnapshot().status).toBe('ready');
    await expect(press()).resolves.toBe(ID);
  });

  it('before-submit hooks see the checkout createCheckout prepared', async () => {
    const onBeforeSubmit = vi.fn();
    await mountExpress({ onBeforeSubmit });
    await press();
    const form = document.createElement('form');
    (page.wpwlOptions!.onBeforeSubmitVirtualAccount as (this: HTMLFormElement) => unknown).call(form);
    expect(onBeforeSubmit).toHaveBeenCalledWith(expect.objectContaining({ kind: 'VirtualAccount', checkoutId: ID }));
  });
});
