// The harness the stand-in widget's tests share: the served paymentWidgets.js
// run inside happy-dom as a browser would run it, against a fake gateway (a
// fetch stub that records each request), with the page helpers a test uses to
// fill the form and wait for the widget.
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { getWidgetAssets, WIDGET_SCRIPT_PATH } from '../src/widget/assets.js';

export const BASE = 'https://gateway.sandbox.test';
export const CHECKOUT_ID = '8ac7a4c98e1e4d2f8d6b3f0a1c2e4b6d.uat01-vm-tx04';
export const PAYMENT_PATH = `/v1/checkouts/${CHECKOUT_ID}/payment`;
export const RESULT_URL = 'https://shop.example/checkout/result';

export const widgetSource = getWidgetAssets().find((asset) => asset.path === WIDGET_SCRIPT_PATH)!.body;

export interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: URLSearchParams;
  signal: AbortSignal | undefined;
}

export type Reply = { status: number; body: unknown } | 'hang' | 'network-error';

/** A fake gateway: records every request and answers session and payment calls. */
export function fakeGateway() {
  const calls: Call[] = [];
  const gateway = {
    calls,
    session: {
      status: 200,
      body: {
        id: CHECKOUT_ID,
        amount: '92.00',
        currency: 'EUR',
        paymentType: 'DB',
        expiresAt: '2030-01-01T00:00:00Z',
        result: { code: '000.200.100', description: 'successfully created checkout' },
      },
    } as Reply,
    payment: {
      status: 200,
      body: { id: 'p'.repeat(32), result: { code: '000.100.110', description: 'Request successfully processed' } },
    } as Reply,
    posts: () => calls.filter((call) => call.method === 'POST'),
    fetch: vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = String(input);
      const method = (init.method ?? 'GET').toUpperCase();
      calls.push({
        method,
        url,
        headers: { ...(init.headers as Record<string, string>) },
        body: new URLSearchParams(typeof init.body === 'string' ? init.body : ''),
        signal: init.signal ?? undefined,
      });
      const reply = url.endsWith('/widget-session') ? gateway.session : gateway.payment;
      if (reply === 'network-error') throw new TypeError('Failed to fetch');
      if (reply === 'hang') {
        return new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      }
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  };
  return gateway;
}

export let gateway: ReturnType<typeof fakeGateway>;
export let navigations: string[];
export let widgetTag: HTMLScriptElement;

export type Win = Window & { wpwlOptions?: Record<string, unknown>; wpwl?: Record<string, any> };
export const win = window as unknown as Win;

export function page(html = `<form action="${RESULT_URL}" class="paymentWidgets" data-brands="VISA MASTER"></form>`) {
  document.body.innerHTML = `<main id="shop">${html}</main>`;
}

/** Adds the widget's script tag and runs the served text, as a browser would. */
export function loadWidget(options: Record<string, unknown> = {}): Promise<void> {
  const ready = new Promise<void>((resolve) => {
    const onReady = options.onReady as ((...args: unknown[]) => void) | undefined;
    win.wpwlOptions = {
      ...options,
      onReady(...args: unknown[]) {
        onReady?.(...args);
        resolve();
      },
    };
  });
  runWidgetScript();
  return ready;
}

/**
 * Adds the widget's script tag and runs the served text, as a browser would,
 * then lets the follow-up script it injects "load" a task later (happy-dom
 * fetches nothing here): the widget reads wpwlOptions after that.
 */
export function runWidgetScript(): void {
  widgetTag = document.createElement('script');
  widgetTag.src = `${BASE}/v1/paymentWidgets.js?checkoutId=${CHECKOUT_ID}`;
  document.head.appendChild(widgetTag);
  new Function(widgetSource)();
  const followUp = document.querySelector(`script[src="${BASE}/v1/static.min.js"]`);
  setTimeout(() => followUp?.dispatchEvent(new Event('load')), 0);
}

/** Lets pending fetch promises and their handlers run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

export function q<T extends Element = HTMLElement>(selector: string): T {
  const found = document.querySelector<T>(selector);
  if (!found) throw new Error(`nothing matches ${selector}`);
  return found;
}

export function fill(selector: string, value: string) {
  const input = q<HTMLInputElement>(selector);
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

export function fillValidCard(number = '4200000000000000') {
  fill('.wpwl-control-cardNumber', number);
  fill('.wpwl-control-expiry', '12 / 39');
  fill('.wpwl-control-cardHolder', 'Jane Jones');
  fill('.wpwl-control-cvv', '123');
}

/**
 * Registers the hooks every stand-in test file needs: a fresh fake gateway
 * and navigation log per test, the widget's files "loaded" quietly (they are
 * never fetched here), and the page, globals and mocks put back afterwards.
 */
export function useStandInPage(): void {
  // The widget's own tag and the files it injects are never fetched here; let them
  // "load" quietly instead of logging a failure for each one.
  const happyDOMSettings = (window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }).happyDOM
    .settings;
  beforeAll(() => {
    happyDOMSettings.handleDisabledFileLoadingAsSuccess = true;
  });
  afterAll(() => {
    happyDOMSettings.handleDisabledFileLoadingAsSuccess = false;
  });

  beforeEach(() => {
    gateway = fakeGateway();
    navigations = [];
    vi.stubGlobal('fetch', gateway.fetch);
    vi.spyOn(window.location, 'assign').mockImplementation((url: string | URL) => {
      navigations.push(String(url));
    });
    vi.spyOn(window, 'open').mockImplementation((url?: string | URL, target?: string) => {
      navigations.push(`${target}:${String(url)}`);
      return null;
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    win.wpwl?.unload?.();
    widgetTag?.remove();
    delete win.wpwlOptions;
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
}
