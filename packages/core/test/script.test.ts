// happy-dom has script loading switched off: it fires an event synchronously
// inside append, before the loader sets its handlers (a real browser always
// fires later). So every load here ends only when the test dispatches `load` or
// `error` on the tag itself.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPaymentWidgets, removeWidgetScripts, widgetScriptUrl, type Wpwl, type WpwlError } from '../src/index.js';

const BASE = 'https://gateway.example.com';
const ID = '8A82944A4CC25EBF014CC2C782423202';
const SRC = `${BASE}/v1/paymentWidgets.js?checkoutId=${ID}`;
const SHA384 = 'sha384-OLBgp1GsljhM2TJ+sbHjaiH9txEUvgdDTAzHv2P24donTt6/529l+9Ua0vFImLlb';

const page = window as unknown as { wpwl?: Wpwl };

function widgetTags(): HTMLScriptElement[] {
  return Array.from(document.querySelectorAll<HTMLScriptElement>('script[data-wpwl-script]'));
}

function onlyTag(): HTMLScriptElement {
  const tags = widgetTags();
  expect(tags).toHaveLength(1);
  return tags[0]!;
}

/** What the real script does when it runs: define window.wpwl, then the tag fires load. */
function runWidget(tag: HTMLScriptElement): Wpwl {
  const wpwl: Wpwl = { unload: vi.fn(), checkout: { id: ID } };
  page.wpwl = wpwl;
  tag.dispatchEvent(new Event('load'));
  return wpwl;
}

async function rejection(promise: Promise<unknown>): Promise<WpwlError> {
  try {
    await promise;
  } catch (error) {
    return error as WpwlError;
  }
  throw new Error('expected the promise to reject');
}

beforeAll(() => {
  // Makes happy-dom's own (unseen) event a `load` rather than an `error` it logs.
  (
    window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }
  ).happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;
});

beforeEach(() => {
  document.head.innerHTML = '';
  delete page.wpwl;
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('widgetScriptUrl', () => {
  it('builds {base}/v1/paymentWidgets.js?checkoutId=…, without a trailing slash on the base', () => {
    expect(widgetScriptUrl(`${BASE}/`, ID)).toBe(SRC);
    expect(widgetScriptUrl('https://gw.example.com/prefix//', ID)).toBe(
      `https://gw.example.com/prefix/v1/paymentWidgets.js?checkoutId=${ID}`,
    );
  });

  it('validates both inputs', () => {
    expect(() => widgetScriptUrl('http://gateway.example.com', ID)).toThrow(expect.objectContaining({ code: 'INVALID_BASE_URL' }));
    expect(() => widgetScriptUrl(BASE, 'short')).toThrow(expect.objectContaining({ code: 'INVALID_CHECKOUT_ID' }));
  });
});

describe('loadPaymentWidgets', () => {
  it('injects one async tag in <head> and resolves with window.wpwl once it loads', async () => {
    const loading = loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID });
    const tag = onlyTag();
    expect(tag.parentNode).toBe(document.head);
    expect(tag.getAttribute('src')).toBe(SRC);
    expect(tag.async).toBe(true);
    expect(tag.getAttribute('data-wpwl-state')).toBe('pending');
    expect(tag.hasAttribute('integrity')).toBe(false);
    expect(tag.hasAttribute('crossorigin')).toBe(false);

    const wpwl = runWidget(tag);
    await expect(loading).resolves.toBe(wpwl);
    expect(tag.getAttribute('data-wpwl-state')).toBe('loaded');
    expect(tag.isConnected).toBe(true);
  });

  it('lets concurrent callers join the pending tag instead of adding another', async () => {
    const first = loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID });
    const second = loadPaymentWidgets({ baseUrl: `${BASE}/`, checkoutId: ID });
    const third = loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID, timeoutMs: 5 });
    const tag = onlyTag();
    const wpwl = runWidget(tag);
    await expect(Promise.all([first, second, third])).resolves.toEqual([wpwl, wpwl, wpwl]);
    expect(widgetTags()).toHaveLength(1);
  });

  it('resolves at once from a tag that already loaded', async () => {
    const first = loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID });
    const wpwl = runWidget(onlyTag());
    await first;
    const append = vi.spyOn(document.head, 'append');
    await expect(loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID })).resolves.toBe(wpwl);
    expect(append).not.toHaveBeenCalled();
    expect(widgetTags()).toHaveLength(1);
  });

  it('starts over when the loaded widget is gone (window.wpwl deleted)', async () => {
    const first = loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID });
    const old = onlyTag();
    runWidget(old);
    await first;
    delete page.wpwl;

    const again = loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID });
    const fresh = onlyTag();
    expect(fresh).not.toBe(old);
    expect(old.isConnected).toBe(false);
    const wpwl = runWidget(fresh);
    await expect(again).resolves.toBe(wpwl);
  });

  it('uses a tag per checkout id', async () => {
    void loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID }).catch(() => {});
    void loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID.replace('8A', '9B') }).catch(() => {});
    expect(widgetTags()).toHaveLength(2);
    removeWidgetScripts(BASE);
  });

  it('rejects SCRIPT_LOAD_FAILED with the error event as cause, removes the tag, and a retry gets one fresh tag', async () => {
    const failing = loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID });
    const first = onlyTag();
    const event = new Event('error');
    first.dispatchEvent(event);
    const error = await rejection(failing);
    expect(error.code).toBe('SCRIPT_LOAD_FAILED');
    expect(error.cause).toBe(event);
    expect(error.message).toBe(`${SRC} failed to load`);
    expect(first.isConnected).toBe(false);
    expect(first.getAttribute('data-wpwl-state')).toBe('failed');
    expect(widgetTags()).toHaveLength(0);

    const retry = loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID });
    const second = onlyTag();
    expect(second).not.toBe(first);
    const wpwl = runWidget(second);
    await expect(retry).resolves.toBe(wpwl);
    expect(widgetTags()).toEqual([second]);
  });

  it('fails every joined caller together', async () => {
    const a = loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID });
    const b = loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID });
    onlyTag().dispatchEvent(new Event('error'));
    expect((await rejection(a)).code).toBe('SCRIPT_LOAD_FAILED');
    expect((await rejection(b)).code).toBe('SCRIPT_LOAD_FAILED');
  });

  it('rejects SCRIPT_LOAD_FAILED when the script loads but defines no window.wpwl', async () => {
    const loading = loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID });
    const tag = onlyTag();
    tag.dispatchEvent(new Event('load'));
    const error = await rejection(loading);
    expect(error.code).toBe('SCRIPT_LOAD_FAILED');
    expect(error.message).toBe(`${SRC} set no window.wpwl`);
    expect(tag.isConnected).toBe(false);
  });

  it('rejects SCRIPT_TIMEOUT after timeoutMs and removes the tag', async () => {
    vi.useFakeTimers();
    const loading = loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID, timeoutMs: 1000 });
    const outcome = rejection(loading);
    const tag = onlyTag();
    await vi.advanceTimersByTimeAsync(999);
    expect(tag.getAttribute('data-wpwl-state')).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error.code).toBe('SCRIPT_TIMEOUT');
    expect(error.message).toBe(`${SRC} did not load in 1000 ms`);
    expect(tag.isConnected).toBe(false);
    // A late load of the removed tag changes nothing.
    runWidget(tag);
    expect(tag.getAttribute('data-wpwl-state')).toBe('failed');
  });

  it('after a timeout, loads that checkout from another URL: the browser would queue the same URL behind the hung request', async () => {
    vi.useFakeTimers();
    const id = 'HUNG0000000000000000000000000001';
    const src = `${BASE}/v1/paymentWidgets.js?checkoutId=${id}`;
    const first = rejection(loadPaymentWidgets({ baseUrl: BASE, checkoutId: id, timeoutMs: 100 }));
    expect(onlyTag().getAttribute('src')).toBe(src);
    await vi.advanceTimersByTimeAsync(100);
    expect((await first).code).toBe('SCRIPT_TIMEOUT');

    const second = loadPaymentWidgets({ baseUrl: BASE, checkoutId: id, timeoutMs: 100, retries: 1, retryDelayMs: 10 });
    expect(onlyTag().getAttribute('src')).toBe(`${src}&_=1`);
    // Its own retry after a second timeout moves on again; a caller arriving meanwhile joins it.
    await vi.advanceTimersByTimeAsync(110);
    expect(onlyTag().getAttribute('src')).toBe(`${src}&_=2`);
    const joined = loadPaymentWidgets({ baseUrl: BASE, checkoutId: id });
    const wpwl = runWidget(onlyTag());
    await expect(Promise.all([second, joined])).resolves.toEqual([wpwl, wpwl]);
    // Other checkouts keep their plain URL.
    delete page.wpwl;
    const other = 'FRESH000000000000000000000000001';
    void loadPaymentWidgets({ baseUrl: BASE, checkoutId: other });
    expect(widgetTags().map((tag) => tag.getAttribute('src'))).toContain(`${BASE}/v1/paymentWidgets.js?checkoutId=${other}`);
  });

  it('times out after 30 s by default', async () => {
    vi.useFakeTimers();
    const outcome = rejection(loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID }));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(widgetTags()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await outcome).code).toBe('SCRIPT_TIMEOUT');
  });

  it('rejects ABORTED with the signal reason as cause and removes the tag', async () => {
    const controller = new AbortController();
    const loading = loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID, signal: controller.signal });
    const tag = onlyTag();
    const reason = new Error('unmounted');
    controller.abort(reason);
    const error = await rejection(loading);
    expect(error.code).toBe('ABORTED');
    expect(error.cause).toBe(reason);
    expect(tag.isConnected).toBe(false);

    const next = loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID });
    const fresh = onlyTag();
    expect(fresh).not.toBe(tag);
    await expect((runWidget(fresh), next)).resolves.toBe(page.wpwl);
  });

  it('rejects an already aborted signal without adding a tag', async () => {
    const reason = new Error('gone');
    const error = await rejection(loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID, signal: AbortSignal.abort(reason) }));
    expect(error.code).toBe('ABORTED');
    expect(error.cause).toBe(reason);
    expect(widgetTags()).toHaveLength(0);
  });

  it('keeps the load for the callers that did not abort', async () => {
    const controller = new AbortController();
    const leaving = loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID, signal: controller.signal });
    const staying = loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID });
    const tag = onlyTag();
    controller.abort();
    expect((await rejection(leaving)).code).toBe('ABORTED');
    expect(tag.isConnected).toBe(true);
    expect(tag.getAttribute('data-wpwl-state')).toBe('pending');
    const wpwl = runWidget(tag);
    await expect(staying).resolves.toBe(wpwl);
  });

  it('retries with exponential backoff, a fresh tag per attempt', async () => {
    vi.useFakeTimers();
    const append = vi.spyOn(document.head, 'append');
    const loading = loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID, retries: 3, retryDelayMs: 100 });

    onlyTag().dispatchEvent(new Event('error'));
    await vi.advanceTimersByTimeAsync(99);
    expect(widgetTags()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1); // 100 ms = retryDelayMs * 2^0
    onlyTag().dispatchEvent(new Event('error'));
    await vi.advanceTimersByTimeAsync(199);
    expect(widgetTags()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1); // 200 ms = retryDelayMs * 2^1
    onlyTag().dispatchEvent(new Event('error'));
    await vi.advanceTimersByTimeAsync(399);
    expect(widgetTags()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1); // 400 ms = retryDelayMs * 2^2
    const wpwl = runWidget(onlyTag());

    await expect(loading).resolves.toBe(wpwl);
    expect(append).toHaveBeenCalledTimes(4);
  });

  it('gives up after `retries` retries with the last error', async () => {
    vi.useFakeTimers();
    const append = vi.spyOn(document.head, 'append');
    const outcome = rejection(loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID, retries: 2, retryDelayMs: 10 }));
    for (const wait of [10, 20]) {
      onlyTag().dispatchEvent(new Event('error'));
      await vi.advanceTimersByTimeAsync(wait);
    }
    onlyTag().dispatchEvent(new Event('load')); // no window.wpwl this time
    const error = await outcome;
    expect(error.code).toBe('SCRIPT_LOAD_FAILED');
    expect(error.message).toContain('set no window.wpwl');
    expect(append).toHaveBeenCalledTimes(3);
    expect(widgetTags()).toHaveLength(0);
  });

  it('does not retry by default', async () => {
    vi.useFakeTimers();
    const append = vi.spyOn(document.head, 'append');
    const outcome = rejection(loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID }));
    onlyTag().dispatchEvent(new Event('error'));
    expect((await outcome).code).toBe('SCRIPT_LOAD_FAILED');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(append).toHaveBeenCalledTimes(1);
  });

  it('stops waiting for the backoff when aborted', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const outcome = rejection(
      loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID, retries: 5, retryDelayMs: 60_000, signal: controller.signal }),
    );
    onlyTag().dispatchEvent(new Event('error'));
    await vi.advanceTimersByTimeAsync(1);
    controller.abort('user left');
    const error = await outcome;
    expect(error.code).toBe('ABORTED');
    expect(error.cause).toBe('user left');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(widgetTags()).toHaveLength(0);
  });

  it('sets integrity with crossOrigin="anonymous", and the nonce as a property only', async () => {
    const loading = loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID, integrity: SHA384, nonce: 'r4nd0m+/=' });
    const tag = onlyTag();
    expect(tag.integrity).toBe(SHA384);
    expect(tag.crossOrigin).toBe('anonymous');
    expect(tag.nonce).toBe('r4nd0m+/=');
    expect(tag.getAttribute('nonce')).toBeNull();
    runWidget(tag);
    await loading;
  });
});

describe('removeWidgetScripts', () => {
  it("removes the widget's tags, the classic scripts it added under the gateway origin, and its stylesheet", async () => {
    const other = Object.assign(document.createElement('script'), { src: 'https://cdn.example.net/app.js' });
    const pageModule = Object.assign(document.createElement('script'), {
      src: `${BASE}/assets/app.js`,
      type: 'module',
    });
    document.head.append(other, pageModule);

    const loading = loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID });
    const tag = onlyTag();
    runWidget(tag);
    await loading;
    // What the widget does after it runs: add its static script and a stylesheet.
    const followUp = Object.assign(document.createElement('script'), { src: `${BASE}/v1/static/1a2b/js/static.min.js` });
    document.body.append(followUp);
    const lookAlike = Object.assign(document.createElement('script'), {
      src: 'https://gateway.example.com.evil.test/x.js',
    });
    const widgetCss = Object.assign(document.createElement('link'), {
      rel: 'stylesheet',
      href: `${BASE}/v1/css/paymentWidgets.min.css`,
    });
    const pageCss = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: `${BASE}/site.css` });
    document.head.append(lookAlike, widgetCss, pageCss);

    removeWidgetScripts(`${BASE}/`);
    expect(tag.isConnected).toBe(false);
    expect(followUp.isConnected).toBe(false);
    expect(other.isConnected).toBe(true);
    expect(pageModule.isConnected).toBe(true);
    expect(lookAlike.isConnected).toBe(true);
    expect(widgetCss.isConnected).toBe(false);
    expect(pageCss.isConnected).toBe(true);
  });

  it('ends a pending load with ABORTED, and the next load injects afresh', async () => {
    const loading = loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID, retries: 3 });
    const tag = onlyTag();
    removeWidgetScripts(BASE);
    const error = await rejection(loading);
    expect(error.code).toBe('ABORTED');
    expect(tag.isConnected).toBe(false);
    // Removal is final: no retry put a tag back.
    expect(widgetTags()).toHaveLength(0);

    const next = loadPaymentWidgets({ baseUrl: BASE, checkoutId: ID });
    await expect((runWidget(onlyTag()), next)).resolves.toBe(page.wpwl);
  });

  it('validates the base URL', () => {
    expect(() => removeWidgetScripts('gateway.example.com')).toThrow(expect.objectContaining({ code: 'INVALID_BASE_URL' }));
  });
});
