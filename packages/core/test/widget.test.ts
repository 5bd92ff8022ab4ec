import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BASE, ID, ID2, box, config, create, destroyControllers } from './support/controllers.js';
import { cardFormValues, flush, installFakeWidget, page, type FakeWidget } from './support/fake-widget.js';
import type { CustomParameters, WpwlOptionsInput } from '../src/index.js';

/** A name without the SHOPPER_ prefix, as an untyped caller (plain JavaScript, a JSON config) could pass it. */
const UNPREFIXED = { orderId: '42' } as CustomParameters;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A widget mounted in `el` for checkout ID, switched to ID2 while ID's script is on its way: that tag, removed. */
function switchCheckoutWhileLoading(el: HTMLElement) {
  const widget = create(config());
  widget.mount(el);
  const stale = fake.liveScripts()[0]!;
  widget.update(config({ checkoutId: ID2 }));
  return { widget, stale };
}

let fake: FakeWidget;
beforeEach(() => {
  fake = installFakeWidget();
});

afterEach(async () => {
  destroyControllers();
  if (vi.isFakeTimers()) await vi.runAllTimersAsync();
  vi.useRealTimers();
  await flush();
  // Every test leaves the page as it found it: no widget slot survives.
  expect('wpwlOptions' in window).toBe(false);
  expect(document.querySelectorAll('script')).toHaveLength(0);
  expect(document.querySelectorAll('link')).toHaveLength(0);
  vi.restoreAllMocks();
  await fake.uninstall();
});

describe('mount and load', () => {
  it('starts idle, builds the form, sets wpwlOptions, loads, and becomes ready on the widget’s onReady', async () => {
    const onReady = vi.fn();
    const widget = create(config({ onReady, locale: 'sv-SE', options: { style: 'plain' } }));
    const first = widget.getSnapshot();
    expect(first).toEqual({ status: 'idle' });
    expect(widget.getSnapshot()).toBe(first);
    const seen: string[] = [];
    widget.subscribe(() => seen.push(widget.getSnapshot().status));

    const el = box();
    widget.mount(el);
    const form = el.querySelector<HTMLFormElement>('form.paymentWidgets')!;
    expect(form.getAttribute('action')).toBe('https://shop.example/result');
    expect(form.dataset.brands).toBe('VISA MASTER');
    expect(page.wpwlOptions).toMatchObject({ style: 'plain', locale: 'se' });
    expect(fake.liveScripts().map((s) => s.src)).toEqual([`${BASE}/v1/paymentWidgets.js?checkoutId=${ID}`]);
    expect(widget.getSnapshot().status).toBe('loading');

    await fake.finishLoad();
    expect(widget.getSnapshot().status).toBe('ready');
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(seen).toEqual(['loading', 'ready']);
  });

  it('a load failure ends in error with the loader’s code; retry loads again with one live tag', async () => {
    const onError = vi.fn();
    const widget = create(config({ onError }));
    widget.mount(box());
    await fake.failLoad();
    expect(widget.getSnapshot().status).toBe('error');
    expect(widget.getSnapshot().error?.code).toBe('SCRIPT_LOAD_FAILED');
    expect(onError).toHaveBeenCalledWith(widget.getSnapshot().error);

    widget.retry();
    expect(widget.getSnapshot()).toEqual({ status: 'loading', expiresAt: expect.any(Number) });
    expect(fake.liveScripts()).toHaveLength(1);
    await fake.finishLoad();
    expect(widget.getSnapshot().status).toBe('ready');
    expect(fake.liveScripts()).toHaveLength(1);
    expect(document.querySelectorAll('form.paymentWidgets')).toHaveLength(1);
  });

  it('refuses a container inside another form, naming it, and injects nothing', () => {
    document.body.innerHTML =
      '<form id="checkout" action="/order"><div id="slot"></div></form><form name="legacy"><div id="slot2"></div></form>';
    const widget = create(config());
    widget.mount(document.getElementById('slot')!);
    const { status, error } = widget.getSnapshot();
    expect(status).toBe('error');
    expect(error?.code).toBe('NESTED_FORM');
    expect(error?.message).toContain('form#checkout');
    expect(document.querySelector('form.paymentWidgets')).toBeNull();
    expect(fake.createdScripts()).toHaveLength(0);
    expect(page.wpwlOptions).toBeUndefined();
    // The download the controller started at creation is dropped with the refusal.
    expect(document.querySelectorAll('link[rel="preload"]')).toHaveLength(0);

    widget.mount(document.getElementById('slot2')!);
    expect(widget.getSnapshot().error?.message).toContain('form[name="legacy"]');
  });

  it('refuses a container in a shadow root or outside the document: the widget script would find no form there', () => {
    const host = box();
    const inShadow = host.attachShadow({ mode: 'open' }).appendChild(document.createElement('div'));
    const detached = document.createElement('div');
    for (const container of [inShadow, detached]) {
      const widget = create(config());
      widget.mount(container);
      expect(widget.getSnapshot()).toMatchObject({
        status: 'error',
        error: { code: 'INVALID_CONTAINER', details: { field: 'container', rule: 'an element in the document' } },
      });
      expect(container.childNodes).toHaveLength(0);
      widget.destroy();
    }
    expect(fake.createdScripts()).toHaveLength(0);
    expect(page.wpwlOptions).toBeUndefined();
  });

  it('an invalid config is an error state, not a throw, and nothing is injected until update fixes it', async () => {
    const widget = create(config({ customParameters: UNPREFIXED }));
    expect(widget.getSnapshot().status).toBe('error');
    expect(widget.getSnapshot().error?.code).toBe('INVALID_CUSTOM_PARAMETER');
    widget.mount(box());
    expect(fake.createdScripts()).toHaveLength(0);
    expect(page.wpwlOptions).toBeUndefined();

    widget.update(config({ customParameters: { SHOPPER_orderId: '42' } }));
    expect(widget.getSnapshot().status).toBe('loading');
    expect(fake.liveScripts()).toHaveLength(1);
  });

  it('reports a bad option by key as INVALID_OPTIONS', () => {
    const widget = create(config({ options: { style: 'round' as 'card' } }));
    expect(widget.getSnapshot().error).toMatchObject({ code: 'INVALID_OPTIONS', details: { field: 'options.style' } });
  });
});

describe('the widget script is preloaded at creation', () => {
  const SHA384 = 'sha384-OLBgp1GsljhM2TJ+sbHjaiH9txEUvgdDTAzHv2P24donTt6/529l+9Ua0vFImLlb';
  const preloads = () => [...document.querySelectorAll<HTMLLinkElement & { integrity?: string }>('link[rel="preload"]')];

  it('one link for the URL the mount loads, with its integrity, CORS mode and nonce; nothing runs before mount', async () => {
    const widget = create(config({ baseUrl: 'https://Test.Gateway.example/', integrity: SHA384, nonce: 'n0nce' }));
    const [link, ...more] = preloads();
    expect(more).toEqual([]);
    expect(link).toMatchObject({ as: 'script', integrity: SHA384, crossOrigin: 'anonymous', nonce: 'n0nce' });
    expect(fake.createdScripts()).toEqual([]);
    expect('wpwlOptions' in window).toBe(false);
    expect(widget.getSnapshot().status).toBe('idle');

    widget.mount(box());
    const [script] = fake.liveScripts();
    expect([script!.src, script!.integrity, script!.crossOrigin, script!.nonce]).toEqual([
      link!.href,
      link!.integrity,
      link!.crossOrigin,
      link!.nonce,
    ]);
    expect(preloads()).toEqual([link]);
    await fake.finishLoad();
    expect(widget.getSnapshot().status).toBe('ready');
  });

  it('an invalid config preloads nothing', () => {
    create(config({ checkoutId: 'not-an-id' }));
    create(config({ nonce: 'bad nonce' }));
    expect(preloads()).toEqual([]);
  });

  it('destroy removes the link: after the teardown once mounted, at once when never mounted', async () => {
    const mounted = create(config());
    const link = preloads()[0]!;
    mounted.mount(box());
    await fake.finishLoad();
    mounted.destroy();
    await flush();
    expect(link.isConnected).toBe(false);

    const unmounted = create(config({ checkoutId: ID2 }));
    expect(preloads()).toHaveLength(1);
    unmounted.destroy();
    expect(preloads()).toEqual([]);
  });

  it('a checkout id change removes the old checkout’s link with its script', async () => {
    const widget = create(config());
    widget.mount(box());
    await fake.finishLoad();
    widget.update(config({ checkoutId: ID2 }));
    expect(preloads()).toEqual([]);
    expect(fake.liveScripts().map((s) => s.src)).toEqual([`${BASE}/v1/paymentWidgets.js?checkoutId=${ID2}`]);
    await fake.finishLoad();
  });

  it('StrictMode (controller created twice, mount, destroy, mount): one link, one script, the link kept for the adopting mount', async () => {
    create(config());
    const widget = create(config());
    expect(preloads()).toHaveLength(1);
    const el = box();
    widget.mount(el);
    widget.destroy();
    widget.mount(el);
    await flush();
    await fake.finishLoad();
    expect(widget.getSnapshot().status).toBe('ready');
    expect(fake.createdScripts()).toHaveLength(1);
    expect(preloads()).toHaveLength(1);
  });

  it('a new controller adopting the live widget of an equal config finds the link instead of preloading again', async () => {
    const first = create(config());
    first.mount(box());
    await fake.finishLoad();
    const link = preloads()[0]!;
    first.destroy();
    const second = create(config());
    expect(preloads()).toEqual([link]);
    second.mount(box());
    await flush();
    expect(second.getSnapshot().status).toBe('ready');
    expect(fake.createdScripts()).toHaveLength(1);
  });
});

describe('StrictMode: destroy followed at once by mount', () => {
  it('reuses the loading script: exactly one script element is ever created', async () => {
    const el = box();
    const widget = create(config());
    widget.mount(el);
    widget.destroy();
    expect(widget.getSnapshot().status).toBe('destroyed');
    widget.mount(el);
    expect(widget.getSnapshot().status).toBe('loading');
    await flush(); // the deferred teardown would have run by now
    const { unload } = await fake.finishLoad();
    expect(widget.getSnapshot().status).toBe('ready');
    expect(fake.createdScripts()).toHaveLength(1);
    expect(unload).not.toHaveBeenCalled();
    expect(el.querySelectorAll('form.paymentWidgets')).toHaveLength(1);
  });

  it('a new controller with an equal config and another container adopts the rendered widget', async () => {
    const first = create(config({ options: { showLabels: false, onChangeBrand: () => {} } }));
    first.mount(box());
    const { unload } = await fake.finishLoad();
    const rendered = document.querySelector('.wpwl-form-card');
    first.destroy();

    const target = box();
    const second = create(config({ options: { onChangeBrand: () => {}, showLabels: false } }));
    second.mount(target);
    await flush();
    expect(second.getSnapshot().status).toBe('ready');
    expect(first.getSnapshot().status).toBe('destroyed');
    expect(target.querySelector('.wpwl-form-card')).toBe(rendered);
    expect(target.querySelector('form.paymentWidgets')).not.toBeNull();
    expect(unload).not.toHaveBeenCalled();
    expect(fake.createdScripts()).toHaveLength(1);
    expect(fake.liveScripts()).toHaveLength(1);
  });

  it('without a following mount the teardown does happen', async () => {
    const widget = create(config());
    widget.mount(box());
    const { unload } = await fake.finishLoad();
    widget.destroy();
    await flush();
    expect(unload).toHaveBeenCalledTimes(1);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });
});

describe('checkout id change', () => {
  it('unloads once and loads a fresh script with the new id', async () => {
    const el = box();
    const widget = create(config());
    widget.mount(el);
    const { unload } = await fake.finishLoad();
    widget.update(config({ checkoutId: ID2 }));
    expect(unload).toHaveBeenCalledTimes(1);
    expect(widget.getSnapshot().status).toBe('loading');
    expect(fake.liveScripts().map((s) => s.src)).toEqual([`${BASE}/v1/paymentWidgets.js?checkoutId=${ID2}`]);
    expect(document.querySelector('script[src*="static.min.js"]')).toBeNull();
    expect(el.querySelectorAll('form.paymentWidgets')).toHaveLength(1);
    expect(el.querySelector('.wpwl-form')).toBeNull();
    await fake.finishLoad();
    expect(widget.getSnapshot().status).toBe('ready');
    expect(unload).toHaveBeenCalledTimes(1);
  });

  it('while loading: the first load is abandoned and never shows up late', async () => {
    const el = box();
    const { widget, stale } = switchCheckoutWhileLoading(el);
    expect(stale.isConnected).toBe(false);
    fake.fire(stale, 'error'); // a late event of the abandoned tag changes nothing
    await flush();
    expect(widget.getSnapshot().status).toBe('loading');
    expect(fake.liveScripts().map((s) => s.src)).toEqual([`${BASE}/v1/paymentWidgets.js?checkoutId=${ID2}`]);
  });
});

describe('a script that arrives after its widget was torn down', () => {
  /** What a late paymentWidgets.js of checkout `id` does: set up its widget and render that checkout into the page's forms. */
  function lateScriptRuns(id: string) {
    const unload = vi.fn(() => {
      document.querySelectorAll('.late-widget').forEach((node) => node.remove());
    });
    page.wpwl = { unload, checkout: { id } } as typeof page.wpwl;
    for (const target of document.querySelectorAll('form.paymentWidgets')) {
      const container = document.createElement('div');
      container.className = 'late-widget wpwl-container';
      container.innerHTML = `<form class="wpwl-form wpwl-form-card" action="${BASE}/v1/checkouts/${id}/payment"></form>`;
      target.after(container);
    }
    return unload;
  }

  it('rendering an earlier checkout into the new form: never ready, unloaded, and the new checkout loads again', async () => {
    const el = box();
    const onReady = vi.fn();
    const widget = create(config({ onReady }));
    widget.mount(el);
    widget.update(config({ checkoutId: ID2, onReady }));
    expect(fake.liveScripts().map((s) => s.src)).toEqual([`${BASE}/v1/paymentWidgets.js?checkoutId=${ID2}`]);

    // The first checkout's script, removed on its way, arrives and runs with the new options.
    const unload = lateScriptRuns(ID);
    page.wpwlOptions!.onReady!.call(undefined);
    expect(unload).toHaveBeenCalledTimes(1);
    expect(onReady).not.toHaveBeenCalled();
    expect(widget.getSnapshot().status).toBe('loading');
    expect(el.querySelector('.wpwl-form')).toBeNull();
    expect(fake.liveScripts().map((s) => s.src)).toEqual([`${BASE}/v1/paymentWidgets.js?checkoutId=${ID2}`]);

    await fake.finishLoad();
    expect(widget.getSnapshot().status).toBe('ready');
    expect(onReady).toHaveBeenCalledTimes(1);
  });

  it('after the widget was closed: its leftover widget is unloaded before the next checkout loads', async () => {
    const first = create(config());
    first.mount(box());
    first.destroy();
    await flush();
    expect('wpwlOptions' in window).toBe(false);
    const unload = lateScriptRuns(ID);

    const next = create(config({ checkoutId: ID2 }));
    next.mount(box());
    expect(unload).toHaveBeenCalledTimes(1);
    expect(page.wpwl).toBeUndefined();
    await fake.finishLoad();
    expect(next.getSnapshot().status).toBe('ready');
  });

  it('arriving while the next checkout’s script is on its way: its widget is unloaded as it runs, and the next one renders', async () => {
    const el = box();
    const { widget, stale } = switchCheckoutWhileLoading(el);
    expect(stale.isConnected).toBe(false);

    // The removed tag's script runs (setting up its widget, nothing rendered yet), then its load event.
    const lateUnload = vi.fn();
    page.wpwl = { unload: lateUnload, checkout: { id: ID } } as typeof page.wpwl;
    fake.fire(stale, 'load');
    expect(lateUnload).toHaveBeenCalledTimes(1);
    expect(page.wpwl).toBeUndefined();
    // The next checkout's options and form stay for its own script.
    expect(page.wpwlOptions).toBeDefined();
    expect(el.querySelectorAll('form.paymentWidgets')).toHaveLength(1);
    expect(fake.liveScripts().map((s) => s.src)).toEqual([`${BASE}/v1/paymentWidgets.js?checkoutId=${ID2}`]);

    await fake.finishLoad();
    expect(widget.getSnapshot().status).toBe('ready');
    expect(el.querySelector('.wpwl-form')).not.toBeNull();
  });

  it('arriving after the next checkout’s script has run: the widget shown stays', async () => {
    const { widget, stale } = switchCheckoutWhileLoading(box());
    const { unload } = await fake.finishLoad();
    expect(widget.getSnapshot().status).toBe('ready');

    fake.fire(stale, 'load');
    expect(unload).not.toHaveBeenCalled();
    expect(page.wpwl).toBeDefined();
    expect(widget.getSnapshot().status).toBe('ready');
  });

  it('a load failure reported after the widget became ready changes nothing', async () => {
    const widget = create(config());
    widget.mount(box());
    const tag = fake.liveScripts()[0]!;
    page.wpwl = { unload: vi.fn() };
    page.wpwlOptions!.onReady!.call(undefined);
    fake.fire(tag, 'error');
    await flush();
    expect(widget.getSnapshot()).toEqual({ status: 'ready', expiresAt: expect.any(Number) });
  });
});

describe('update', () => {
  it('equal options and new inline callbacks: no re-mount, and the newest callbacks are called', async () => {
    const firstBrand = vi.fn();
    const firstReady = vi.fn();
    const widget = create(config({ onReady: firstReady, options: { labels: { submit: 'Pay' }, onChangeBrand: firstBrand } }));
    widget.mount(box());
    const newReady = vi.fn();
    const newBrand = vi.fn();
    widget.update(config({ onReady: newReady, options: { labels: { submit: 'Pay' }, onChangeBrand: newBrand } }));
    const { unload } = await fake.finishLoad();
    page.wpwlOptions!.onChangeBrand!.call(undefined, 'VISA');
    expect(newBrand).toHaveBeenCalledWith('VISA');
    expect(firstBrand).not.toHaveBeenCalled();
    expect(newReady).toHaveBeenCalledTimes(1);
    expect(firstReady).not.toHaveBeenCalled();
    expect(unload).not.toHaveBeenCalled();
    expect(fake.createdScripts()).toHaveLength(1);
  });

  it('the same invalid config again changes nothing: same snapshot, no second report', () => {
    const onError = vi.fn();
    const listener = vi.fn();
    const widget = create(config({ onError, customParameters: UNPREFIXED }));
    widget.mount(box());
    const reported = widget.getSnapshot();
    onError.mockClear();
    widget.subscribe(listener);
    widget.update(config({ onError, customParameters: UNPREFIXED }));
    expect(widget.getSnapshot()).toBe(reported);
    expect(listener).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();

    widget.update(config({ onError, customParameters: UNPREFIXED, checkoutId: 'nope' }));
    expect(widget.getSnapshot().error?.code).toBe('INVALID_CHECKOUT_ID');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('changed options by value re-mount', async () => {
    const widget = create(config({ options: { labels: { submit: 'Pay' } } }));
    widget.mount(box());
    const { unload } = await fake.finishLoad();
    widget.update(config({ options: { labels: { submit: 'Pay now' } } }));
    expect(unload).toHaveBeenCalledTimes(1);
    expect(page.wpwlOptions?.labels?.submit).toBe('Pay now');
    expect(fake.createdScripts()).toHaveLength(2);
  });
});

describe('the page’s one widget slot', () => {
  it('a second controller takes over: the first is destroyed, its widget unloaded and removed', async () => {
    const a = box();
    const first = create(config());
    first.mount(a);
    const { unload } = await fake.finishLoad();
    const second = create(config({ checkoutId: ID2 }));
    second.mount(box());
    expect(first.getSnapshot().status).toBe('destroyed');
    expect(unload).toHaveBeenCalledTimes(1);
    expect(a.children).toHaveLength(0);
    expect(fake.liveScripts().map((s) => s.src)).toEqual([`${BASE}/v1/paymentWidgets.js?checkoutId=${ID2}`]);
    await fake.finishLoad();
    expect(second.getSnapshot().status).toBe('ready');
    expect(first.getSnapshot().status).toBe('destroyed');
  });
});

describe('destroy', () => {
  it('leaves no script, no .wpwl-* node, no wpwlOptions or wpwl global; idempotent', async () => {
    const onStatusChange = vi.fn();
    const widget = create(config({ onStatusChange }));
    const el = box();
    widget.mount(el);
    const { unload } = await fake.finishLoad();
    widget.destroy();
    widget.destroy();
    await flush();
    expect(unload).toHaveBeenCalledTimes(1);
    expect(widget.getSnapshot()).toEqual({ status: 'destroyed' });
    expect(onStatusChange).toHaveBeenLastCalledWith({ status: 'destroyed' });
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(document.querySelectorAll('[class*="wpwl-"], form.paymentWidgets')).toHaveLength(0);
    expect(el.innerHTML).toBe('');
    expect('wpwlOptions' in window).toBe(false);
    expect('wpwl' in window).toBe(false);
  });

  it('while loading aborts the load: a late load event sets nothing', async () => {
    const widget = create(config());
    widget.mount(box());
    const script = fake.liveScripts()[0]!;
    widget.destroy();
    await flush();
    expect(script.isConnected).toBe(false);
    page.wpwl = { unload: vi.fn() };
    fake.fire(script, 'load');
    await flush();
    expect(widget.getSnapshot().status).toBe('destroyed');
    delete page.wpwl;
  });
});

describe('expiry', () => {
  it('moves to expired 30 minutes after creation, unloads and calls onExpired, with CHECKOUT_EXPIRED like a widget-reported expiry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const onExpired = vi.fn();
    const onError = vi.fn();
    const widget = create(config({ onExpired, onError }));
    widget.mount(box());
    const ready = fake.finishLoad();
    await vi.advanceTimersByTimeAsync(1);
    const { unload } = await ready;
    expect(widget.getSnapshot().status).toBe('ready');
    await vi.advanceTimersByTimeAsync(30 * 60_000 - 10);
    expect(widget.getSnapshot().status).toBe('ready');
    await vi.advanceTimersByTimeAsync(10);
    expect(widget.getSnapshot().status).toBe('expired');
    expect(widget.getSnapshot().error?.code).toBe('CHECKOUT_EXPIRED');
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'CHECKOUT_EXPIRED' }));
    expect(unload).toHaveBeenCalledTimes(1);
    expect(fake.liveScripts()).toHaveLength(0);
  });

  it('honours createdAt and expiresInMs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const widget = create(config({ createdAt: new Date(Date.now() - 50_000), expiresInMs: 60_000 }));
    widget.mount(box());
    await vi.advanceTimersByTimeAsync(9_999);
    expect(widget.getSnapshot().status).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(widget.getSnapshot().status).toBe('expired');
  });

  it('a checkout already past expiry at mount is expired without loading anything', () => {
    const onExpired = vi.fn();
    const widget = create(config({ createdAt: Date.now() - 31 * 60_000, onExpired }));
    widget.mount(box());
    expect(widget.getSnapshot().status).toBe('expired');
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(fake.createdScripts()).toHaveLength(0);
    expect(page.wpwlOptions).toBeUndefined();
  });

  it('a new checkout id through update mounts again after expiry', () => {
    const widget = create(config({ createdAt: Date.now() - 31 * 60_000 }));
    widget.mount(box());
    widget.update(config({ checkoutId: ID2 }));
    expect(widget.getSnapshot().status).toBe('loading');
    expect(fake.liveScripts()).toHaveLength(1);
  });

  it('the widget’s InvalidCheckoutIdError means expired', async () => {
    const onError = vi.fn();
    const onExpired = vi.fn();
    const widget = create(config({ onError, onExpired }));
    widget.mount(box());
    const { unload } = await fake.finishLoad();
    page.wpwlOptions!.onError!.call(undefined, { name: 'InvalidCheckoutIdError', message: 'expired' });
    expect(widget.getSnapshot().status).toBe('expired');
    expect(widget.getSnapshot().error?.code).toBe('CHECKOUT_EXPIRED');
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'CHECKOUT_EXPIRED' }));
    expect(unload).toHaveBeenCalledTimes(1);
  });

  it('another widget error is reported but keeps the widget usable', async () => {
    const onError = vi.fn();
    const widget = create(config({ onError }));
    widget.mount(box());
    await fake.finishLoad();
    page.wpwlOptions!.onError!.call(undefined, { name: 'WidgetError', brand: 'APPLEPAY', event: 'cancel' });
    expect(widget.getSnapshot().status).toBe('ready');
    expect(widget.getSnapshot().error).toMatchObject({ code: 'WIDGET_ERROR', details: { name: 'WidgetError', brand: 'APPLEPAY' } });
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('a wallet sheet the shopper closed (WidgetError event "closed") is no failure: back to ready, nothing reported', async () => {
    const onError = vi.fn();
    const widget = create(config({ onError, onBeforeSubmit: () => deferred<boolean>().promise }));
    widget.mount(box());
    const { pay } = await fake.finishLoad();
    pay();
    expect(widget.getSnapshot().status).toBe('submitting');
    page.wpwlOptions!.onError!.call(undefined, { name: 'WidgetError', brand: 'GOOGLEPAY', event: 'closed' });
    expect(widget.getSnapshot().status).toBe('ready');
    expect(widget.getSnapshot().error).toBeUndefined();
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('before submit', () => {
  it('onBeforeSubmit returning false blocks the payment and returns to ready', async () => {
    const widget = create(config({ onBeforeSubmit: () => false }));
    widget.mount(box());
    const { pay, submitted } = await fake.finishLoad();
    pay();
    expect(submitted).toHaveLength(0);
    expect(widget.getSnapshot().status).toBe('ready');
  });

  it('a promise resolving true submits once, with the custom parameters, calling each hook once', async () => {
    const gate = deferred<boolean>();
    const onBeforeSubmit = vi.fn(() => gate.promise);
    const userHook = vi.fn(() => true);
    const widget = create(
      config({ onBeforeSubmit, customParameters: { SHOPPER_orderId: 'A-17' }, options: { onBeforeSubmitCard: userHook } }),
    );
    widget.mount(box());
    const { pay, submitted } = await fake.finishLoad();
    pay();
    expect(widget.getSnapshot().status).toBe('submitting');
    expect(onBeforeSubmit).toHaveBeenCalledWith(expect.objectContaining({ kind: 'Card', checkoutId: ID }));
    expect(submitted).toHaveLength(0);
    gate.resolve(true);
    await flush();
    expect(submitted).toHaveLength(1);
    expect(cardFormValues('customParameters[SHOPPER_orderId]')).toEqual(['A-17']);
    expect(onBeforeSubmit).toHaveBeenCalledTimes(1);
    expect(userHook).toHaveBeenCalledTimes(1);
    expect(widget.getSnapshot().status).toBe('submitting');
  });

  it('custom parameters and options without prototype (Object.create(null)) are plain objects: sent and applied', async () => {
    const customParameters = Object.assign(Object.create(null) as Record<string, string>, { SHOPPER_orderId: 'A-17' });
    const options = Object.assign(Object.create(null) as WpwlOptionsInput, { style: 'plain' as const });
    const widget = create(config({ customParameters, options }));
    widget.mount(box());
    const { pay, submitted } = await fake.finishLoad();
    expect((window as unknown as { wpwlOptions: { style: string } }).wpwlOptions.style).toBe('plain');
    pay();
    expect(submitted).toHaveLength(1);
    expect(cardFormValues('customParameters[SHOPPER_orderId]')).toEqual(['A-17']);
  });

  it('a second attempt after the widget refused the first sends each custom parameter once', async () => {
    const widget = create(config({ customParameters: { SHOPPER_orderId: 'A-17', SHOPPER_note: 'ring twice' } }));
    widget.mount(box());
    const { pay, submitted } = await fake.finishLoad();
    fake.kit.outcome = 'invalid';
    pay(); // the widget marks the card number and sends nothing: the shopper corrects it and pays again
    await flush();
    expect(submitted).toHaveLength(0);
    fake.kit.outcome = 'approved';
    pay();
    expect(submitted).toHaveLength(1);
    expect(cardFormValues('customParameters[SHOPPER_orderId]')).toEqual(['A-17']);
    expect(cardFormValues('customParameters[SHOPPER_note]')).toEqual(['ring twice']);
    expect(submitted[0]!.fields).toMatchObject({
      'customParameters[SHOPPER_orderId]': 'A-17',
      'customParameters[SHOPPER_note]': 'ring twice',
    });
  });

  it("pay() from the merchant's own button submits the card form once, through the before-submit hooks", async () => {
    const onBeforeSubmit = vi.fn(() => true);
    const userHook = vi.fn(() => true);
    const widget = create(
      config({ onBeforeSubmit, customParameters: { SHOPPER_orderId: 'A-17' }, options: { onBeforeSubmitCard: userHook } }),
    );
    expect(widget.pay()).toBe(false); // nothing to pay with yet
    widget.mount(box());
    expect(widget.pay()).toBe(false); // still loading
    const { submitted } = await fake.finishLoad();
    expect(widget.pay()).toBe(true);
    expect(submitted).toHaveLength(1);
    expect(cardFormValues('customParameters[SHOPPER_orderId]')).toEqual(['A-17']);
    expect(onBeforeSubmit).toHaveBeenCalledWith(expect.objectContaining({ kind: 'Card', checkoutId: ID }));
    expect(userHook).toHaveBeenCalledTimes(1);
    expect(widget.getSnapshot().status).toBe('submitting');
    // A second press while the payment is on its way sends nothing.
    expect(widget.pay()).toBe(false);
    expect(submitted).toHaveLength(1);
  });

  it('pay() is blocked like the pay button when a before-submit hook says no', async () => {
    const widget = create(config({ onBeforeSubmit: () => false }));
    widget.mount(box());
    const { submitted } = await fake.finishLoad();
    expect(widget.pay()).toBe(true);
    expect(submitted).toHaveLength(0);
    expect(widget.getSnapshot().status).toBe('ready');
  });

  it('a promise resolving false stays blocked and returns to ready', async () => {
    const widget = create(config({ onBeforeSubmit: async () => false, customParameters: { SHOPPER_x: '1' } }));
    widget.mount(box());
    const { pay, submitted } = await fake.finishLoad();
    pay();
    await flush();
    expect(submitted).toHaveLength(0);
    expect(widget.getSnapshot().status).toBe('ready');
    expect(document.querySelector('input[name^="customParameters"]')).toBeNull();
  });

  it('a hook still pending when the checkout expires cannot bring the torn-down widget back to ready', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const gate = deferred<boolean>();
    const onError = vi.fn();
    const widget = create(config({ onBeforeSubmit: () => gate.promise, onError }));
    widget.mount(box());
    const ready = fake.finishLoad();
    await vi.advanceTimersByTimeAsync(1);
    const { pay } = await ready;
    pay();
    expect(widget.getSnapshot().status).toBe('submitting');
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(widget.getSnapshot().status).toBe('expired');
    gate.resolve(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(widget.getSnapshot()).toMatchObject({ status: 'expired', error: { code: 'CHECKOUT_EXPIRED' } });
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('a hook of the previous checkout settling after a checkout id change does not touch the new widget', async () => {
    const gate = deferred<boolean>();
    const onError = vi.fn();
    const widget = create(config({ onBeforeSubmit: () => gate.promise, onError }));
    widget.mount(box());
    const { pay } = await fake.finishLoad();
    pay();
    widget.update(config({ checkoutId: ID2, onBeforeSubmit: () => gate.promise, onError }));
    expect(widget.getSnapshot().status).toBe('loading');
    gate.reject(new Error('stock check failed'));
    await flush();
    expect(widget.getSnapshot()).toEqual({ status: 'loading', expiresAt: expect.any(Number) });
    expect(onError).not.toHaveBeenCalled();
  });

  it('the widget refusing the fields after the hooks let the payment through returns to ready', async () => {
    const widget = create(config({ onBeforeSubmit: async () => true }));
    widget.mount(box());
    const { pay, submitted } = await fake.finishLoad();
    pay();
    await flush();
    expect(submitted).toHaveLength(1);
    expect(widget.getSnapshot().status).toBe('submitting');
    // What the widget does with a bad card number: marks the field, sends nothing, calls nothing.
    document.querySelector('.wpwl-form input')!.classList.add('wpwl-has-error');
    await flush();
    expect(widget.getSnapshot().status).toBe('ready');
  });

  it('a payment on its way when the checkout expires is not torn down: the widget’s answer decides', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const onExpired = vi.fn();
    const widget = create(config({ onExpired }));
    widget.mount(box());
    const ready = fake.finishLoad();
    await vi.advanceTimersByTimeAsync(1);
    const { pay, submitted, unload } = await ready;
    await vi.advanceTimersByTimeAsync(30 * 60_000 - 100);
    pay();
    expect(submitted).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    // Still waiting for the gateway's answer (the redirect that ends the page, normally).
    expect(widget.getSnapshot().status).toBe('submitting');
    expect(unload).not.toHaveBeenCalled();
    expect(document.querySelector('.wpwl-form')).not.toBeNull();
    // The gateway found the checkout expired after all: the widget says so, and that ends it.
    page.wpwlOptions!.onError!.call(undefined, { name: 'InvalidCheckoutIdError', message: 'expired' });
    expect(widget.getSnapshot()).toMatchObject({ status: 'expired', error: { code: 'CHECKOUT_EXPIRED' } });
    expect(unload).toHaveBeenCalledTimes(1);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('a payment the widget refuses after expiry passed expires within a second', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const widget = create(config());
    widget.mount(box());
    const ready = fake.finishLoad();
    await vi.advanceTimersByTimeAsync(1);
    const { pay, unload } = await ready;
    await vi.advanceTimersByTimeAsync(30 * 60_000 - 100);
    pay();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(widget.getSnapshot().status).toBe('submitting');
    document.querySelector('.wpwl-form input')!.classList.add('wpwl-has-error');
    await vi.advanceTimersByTimeAsync(0);
    expect(widget.getSnapshot().status).toBe('ready');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(widget.getSnapshot().status).toBe('expired');
    expect(unload).toHaveBeenCalledTimes(1);
  });

  it('a rejected hook blocks and is reported through onError and the snapshot', async () => {
    const onError = vi.fn();
    const cause = new Error('stock check failed');
    const widget = create(config({ onError, options: { onBeforeSubmitCard: () => Promise.reject(cause) } }));
    widget.mount(box());
    const { pay, submitted } = await fake.finishLoad();
    pay();
    await flush();
    expect(submitted).toHaveLength(0);
    expect(onError).toHaveBeenCalledTimes(1);
    const error = widget.getSnapshot().error!;
    expect(error.code).toBe('WIDGET_ERROR');
    expect(error.cause).toBe(cause);
    expect(widget.getSnapshot().status).toBe('ready');
  });
});
