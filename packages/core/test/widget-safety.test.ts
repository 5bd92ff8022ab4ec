// The controller against what a real page does to it: a new checkout id while
// a payment is on its way, callbacks that throw, a config changed after it was
// checked, a config that is not one, and a widget script that arrives after
// its widget was destroyed. Driven through the fake widget in happy-dom.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentWidgetConfig } from '../src/index.js';
import { BASE, ID, ID2, box, config, create, destroyControllers } from './support/controllers.js';
import { flush, installFakeWidget, page, type FakeWidget } from './support/fake-widget.js';

const scriptIds = (fake: FakeWidget) => fake.liveScripts().map((script) => new URL(script.src).searchParams.get('checkoutId'));

let fake: FakeWidget;
beforeEach(() => {
  fake = installFakeWidget();
});
afterEach(async () => {
  destroyControllers();
  await flush();
  expect('wpwlOptions' in window).toBe(false);
  expect(document.querySelectorAll('script')).toHaveLength(0);
  vi.restoreAllMocks();
  await fake.uninstall();
});

describe('a new checkout while a payment is on its way', () => {
  it('keeps the widget of the checkout being paid until the widget answers, then shows the new one', async () => {
    const widget = create(config());
    const el = box();
    widget.mount(el);
    const { pay, submitted, unload } = await fake.finishLoad();
    pay();
    expect(submitted).toHaveLength(1);
    expect(widget.getSnapshot().status).toBe('submitting');

    // A cart change or a refetch hands over a new checkout mid-payment.
    widget.update(config({ checkoutId: ID2 }));
    await flush();
    expect(widget.getSnapshot().status).toBe('submitting');
    expect(unload).not.toHaveBeenCalled();
    expect(scriptIds(fake)).toEqual([ID]);
    expect(el.querySelectorAll('form.paymentWidgets')).toHaveLength(1);

    // The widget answers: the card was refused (fields marked). Now the new checkout applies.
    document.querySelector('.wpwl-form input')!.classList.add('wpwl-has-error');
    await flush();
    await flush();
    expect(unload).toHaveBeenCalledTimes(1);
    expect(scriptIds(fake)).toEqual([ID2]);
    expect(widget.getSnapshot().status).toBe('loading');
  });

  it('applies the waiting checkout after the widget reports an error for the payment', async () => {
    const widget = create(config());
    widget.mount(box());
    const { pay } = await fake.finishLoad();
    pay();
    widget.update(config({ checkoutId: ID2 }));
    expect(scriptIds(fake)).toEqual([ID]);
    page.wpwlOptions!.onError!({ name: 'WidgetError', message: 'declined' } as never);
    await flush();
    expect(scriptIds(fake)).toEqual([ID2]);
  });

  it('destroy while paying still tears down at once (the binding left the page)', async () => {
    const widget = create(config());
    widget.mount(box());
    const { pay, unload } = await fake.finishLoad();
    pay();
    widget.update(config({ checkoutId: ID2 }));
    widget.destroy();
    await flush();
    expect(unload).toHaveBeenCalledTimes(1);
    expect(fake.liveScripts()).toHaveLength(0);
  });
});

describe('callbacks that throw', () => {
  it('a throwing onStatusChange, subscriber and onReady neither break mount nor stop the widget', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const boom = () => {
      throw new Error('boom');
    };
    const widget = create(config({ onStatusChange: boom, onReady: boom }));
    const seen: string[] = [];
    widget.subscribe(boom);
    widget.subscribe(() => seen.push(widget.getSnapshot().status));
    expect(() => widget.mount(box())).not.toThrow();
    expect(widget.getSnapshot().status).toBe('loading');
    await fake.finishLoad();
    expect(widget.getSnapshot().status).toBe('ready');
    expect(seen).toEqual(['loading', 'ready']);
    const reported = consoleError.mock.calls.map(([error]) => error as { code?: string; details?: { field?: string } });
    expect(reported.every((error) => error.code === 'CALLBACK_FAILED')).toBe(true);
    expect(new Set(reported.map((error) => error.details?.field))).toEqual(new Set(['onStatusChange', 'subscribe listener', 'onReady']));
  });

  it('a throwing onError still leaves the controller in error, and retry loads again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const widget = create(
      config({
        onError: () => {
          throw new Error('boom');
        },
      }),
    );
    widget.mount(box());
    await fake.failLoad();
    expect(widget.getSnapshot().status).toBe('error');
    widget.retry();
    expect(widget.getSnapshot().status).toBe('loading');
    expect(fake.liveScripts()).toHaveLength(1);
  });
});

describe('values are used as they were checked', () => {
  it('a shopperResultUrl changed in place after creation never reaches the form', async () => {
    const cfg = config();
    const widget = create(cfg);
    cfg.shopperResultUrl = 'javascript:alert(1)';
    const el = box();
    widget.mount(el);
    expect(el.querySelector('form')!.getAttribute('action')).toBe('https://shop.example/result');
  });

  it('a getter that answers differently on the second read cannot slip past the checks', async () => {
    let reads = 0;
    const cfg = config();
    Object.defineProperty(cfg, 'shopperResultUrl', { get: () => (reads++ === 0 ? 'https://shop.example/result' : 'javascript:alert(1)') });
    const widget = create(cfg);
    const el = box();
    widget.mount(el);
    expect(el.querySelector('form')!.getAttribute('action')).toBe('https://shop.example/result');
  });

  it('customParameters changed in place after update are not submitted unchecked', async () => {
    const custom: Record<string, string> = { SHOPPER_order: '1' };
    const widget = create(config({ customParameters: custom }));
    widget.mount(box());
    const { pay, submitted } = await fake.finishLoad();
    custom.orderId = 'not SHOPPER_';
    pay();
    expect(Object.keys(submitted[0]!.fields)).toContain('customParameters[SHOPPER_order]');
    expect(Object.keys(submitted[0]!.fields)).not.toContain('customParameters[orderId]');
  });
});

describe('input that is not a config or a container', () => {
  it.each([null, undefined, 42, 'config'])(
    'createPaymentWidget(%j) starts in error with a coded error, and mount does not throw',
    (given) => {
      const widget = create(given as unknown as PaymentWidgetConfig);
      expect(widget.getSnapshot()).toMatchObject({ status: 'error', error: { code: 'INVALID_OPTIONS', details: { field: 'config' } } });
      expect(() => widget.mount(box())).not.toThrow();
      expect(fake.liveScripts()).toHaveLength(0);
    },
  );

  it.each([null, {}, 'div'])('mount(%j) is refused with INVALID_CONTAINER, not a TypeError', (el) => {
    const widget = create(config());
    expect(() => widget.mount(el as unknown as HTMLElement)).not.toThrow();
    expect(widget.getSnapshot().error?.code).toBe('INVALID_CONTAINER');
  });

  it('a text node is refused as a container', () => {
    const widget = create(config());
    const text = document.body.appendChild(document.createTextNode('x'));
    widget.mount(text as unknown as HTMLElement);
    expect(widget.getSnapshot().error?.code).toBe('INVALID_CONTAINER');
  });
});

describe('a widget script that arrives after destroy', () => {
  it('takes down the late widget, its follow-up script and stylesheet when it arrives', async () => {
    const widget = create(config());
    widget.mount(box());
    const [script] = fake.liveScripts();
    widget.destroy();
    await flush();
    expect(fake.liveScripts()).toHaveLength(0);
    // The browser runs the removed script anyway: it sets wpwl and adds its files.
    const unload = vi.fn();
    page.wpwl = { unload };
    const helper = document.head.appendChild(document.createElement('script'));
    helper.src = `${BASE}/v1/static.min.js`;
    const css = document.head.appendChild(document.createElement('link'));
    css.rel = 'stylesheet';
    css.href = `${BASE}/v1/css/paymentWidgets.min.css`;
    fake.fire(script!, 'load');
    expect(unload).toHaveBeenCalledTimes(1);
    expect('wpwl' in window).toBe(false);
    expect(document.querySelectorAll('script, link')).toHaveLength(0);
  });
});

describe('expiry the shopper can see coming', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a device clock 31 minutes ahead does not expire a fresh checkout given the time its server says is left', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // The device believes it is 31 minutes later than the server does.
    vi.setSystemTime(Date.parse('2026-11-24T12:31:00Z'));
    const serverSaysLeft = Date.parse('2026-11-24T12:30:00Z') - Date.parse('2026-11-24T12:00:00Z');
    // (The script load timeout is set past the test so the load stays pending.)
    const widget = create(config({ expiresInMs: serverSaysLeft, timeoutMs: 3_600_000 }));
    widget.mount(box());
    expect(widget.getSnapshot().status).toBe('loading');
    expect(widget.getSnapshot().expiresAt).toBe(Date.now() + 30 * 60_000);
    await vi.advanceTimersByTimeAsync(29 * 60_000);
    expect(widget.getSnapshot().status).toBe('loading');
    await vi.advanceTimersByTimeAsync(60_000 + 1);
    expect(widget.getSnapshot().status).toBe('expired');
  });

  it('snapshot says expiringSoon once, warnBeforeExpiryMs before the end, then expires', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const widget = create(config({ expiresInMs: 10 * 60_000, warnBeforeExpiryMs: 2 * 60_000, timeoutMs: 3_600_000 }));
    const soonChanges: boolean[] = [];
    widget.subscribe(() => {
      const soon = !!widget.getSnapshot().expiringSoon;
      if (soonChanges.at(-1) !== soon) soonChanges.push(soon);
    });
    widget.mount(box());
    await vi.advanceTimersByTimeAsync(8 * 60_000 - 1);
    expect(widget.getSnapshot().expiringSoon).toBeUndefined();
    await vi.advanceTimersByTimeAsync(2);
    expect(widget.getSnapshot()).toMatchObject({ status: 'loading', expiringSoon: true });
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(widget.getSnapshot().status).toBe('expired');
    expect(widget.getSnapshot().expiringSoon).toBeUndefined();
    expect(soonChanges).toEqual([false, true, false]);
  });

  it('a new checkout (more time) clears the warning', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const widget = create(config({ expiresInMs: 4 * 60_000 }));
    widget.mount(box());
    expect(widget.getSnapshot().expiringSoon).toBe(true);
    widget.update(config({ checkoutId: ID2, expiresInMs: 30 * 60_000 }));
    expect(widget.getSnapshot().expiringSoon).toBeUndefined();
    expect(widget.getSnapshot().expiresAt).toBe(Date.now() + 30 * 60_000);
  });
});
