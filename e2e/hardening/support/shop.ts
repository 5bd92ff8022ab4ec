// Owns driving any storefront through the markers of STOREFRONT-CONTRACT.md
// (status, coded error, retry, new checkout, cancel) on the shop a hardening
// test starts (a sandbox with its test controls and the example merchant
// server, from ../../support/merchant.ts), so one test body runs against each
// storefront; plus the page-side faults those tests need (a hidden nonce, a
// nonce-only policy, held widget scripts).
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { Locator, Page, Route } from 'playwright-core';
import { holdRequests, type TestPage } from '../../support/browser.js';
import { readPaymentStatus } from '../../support/gateway.js';
import type { ShopOnSandbox } from '../../support/merchant.js';
import { PAYMENT_POST, SUCCESS_CARD, fillCard } from '../../support/shopper.js';
import type { StorefrontUnderTest } from './storefronts.js';

export { PAYMENT_POST, SUCCESS_CARD };
export { recordViolations } from '../../support/browser.js';
/** Short enough for a test, long enough for a busy machine to load a healthy script. */
export const TEST_TIMEOUT_MS = 2_500;
export const WIDGET_SCRIPT = /\/v1\/paymentWidgets\.js$/;

/**
 * The card checkout's widget, outside the cart's express section: the cart's
 * wallet buttons are a widget of their own (no checkout id) that these tests
 * leave alone (e2e/storefront-express.test.ts has them).
 */
export const CHECKOUT_WIDGET = ':not(#express-checkout *)';

/** A request for a checkout's widget script (the express one carries no checkout id). */
const isCheckoutScript = (url: string): boolean => WIDGET_SCRIPT.test(new URL(url).pathname) && new URL(url).searchParams.has('checkoutId');

/**
 * Makes the page's nonce unreadable to its scripts, as if the storefront had
 * forgotten to pass it on: the browser still enforces the real one, but every
 * `nonce` property reads as empty, so the widget's script tag gets none.
 */
export async function hideNonceFromScripts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const own = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'nonce');
    // Kept for the test to read what the browser really holds.
    (window as unknown as { wpwlTestNonceOf(el: Element): string }).wpwlTestNonceOf = (el) => own?.get?.call(el) as string;
    Object.defineProperty(HTMLElement.prototype, 'nonce', { configurable: true, get: () => '', set: own?.set });
  });
}

/**
 * A loopback proxy in front of the merchant server that narrows the pages'
 * policy to nonce-only scripts (`script-src 'self' 'nonce-…'`, the gateway
 * host taken out): the stricter policy many shops run, under which a widget
 * script without the nonce is refused. Everything else passes unchanged. (A
 * proxy rather than a browser-side rewrite: Chromium treats a document the
 * test fulfils itself as public, and then refuses its requests to loopback.)
 */
export async function startNonceOnlyProxy(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const upstream = request(`${target}${req.url ?? '/'}`, { method: req.method, headers: req.headers }, (answer) => {
      const headers = { ...answer.headers };
      const policy = headers['content-security-policy'];
      if (typeof policy === 'string')
        headers['content-security-policy'] = policy.replace(/script-src [^;]*?('nonce-[^']+')/, "script-src 'self' $1");
      res.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A widget script request held back by {@link holdWidgetScripts}. */
export interface HeldScript {
  checkoutId: string;
  route: Route;
}

/** Holds the browser's requests for a checkout's widget script until the test lets each one through. */
export async function holdWidgetScripts(page: Page): Promise<{ next(): Promise<HeldScript>; passThrough(): Promise<void> }> {
  const held = await holdRequests(page, (request) => isCheckoutScript(request.url()));
  return {
    async next() {
      const route = await held.next();
      return { checkoutId: new URL(route.request().url()).searchParams.get('checkoutId') ?? '', route };
    },
    passThrough: held.passThrough,
  };
}

/** One storefront's shop page, driven through the contract's markers. */
export class StorefrontPage {
  readonly page: Page;

  constructor(
    readonly tab: TestPage,
    readonly shop: ShopOnSandbox,
    readonly storefront: StorefrontUnderTest,
  ) {
    this.page = tab.page;
    this.page.on('requestfailed', (failed) => this.failures.push(`${failed.url()} ${failed.failure()?.errorText ?? ''}`));
  }

  get status(): Locator {
    return this.page.locator(`[data-wpwl-status]${CHECKOUT_WIDGET}`);
  }

  /** The coded error shown to the shopper. */
  get error(): Locator {
    return this.page.locator(`[data-wpwl-error-code]${CHECKOUT_WIDGET}:visible`);
  }

  /** Opens the shop page, from the merchant server or from `origin` (a proxy in front of it). */
  async open(query: Record<string, string> = { timeoutMs: String(TEST_TIMEOUT_MS) }, origin = this.shop.merchant.url): Promise<void> {
    const search = new URLSearchParams(query).toString();
    await this.page.goto(`${origin}${this.storefront.path}${search ? `?${search}` : ''}`);
    await this.page.locator('button[data-product-id="tea-sencha"]').waitFor();
  }

  /** Puts two teas in the cart and asks for a checkout; returns once the widget's host shows a status. */
  async startCheckout(): Promise<void> {
    await this.page.click('button[data-product-id="tea-sencha"]');
    await this.page.click('button[data-product-id="tea-sencha"]');
    // Polled, as fillCartAndCheckout does: a shop may render the clicks a task later, or re-render its
    // product list (in the page's language) under them; checkout before both teas are in would stall.
    await expect.poll(() => this.page.locator('#cart-total').textContent()).toBe('25.80');
    await this.page.click('[data-wpwl-checkout]');
    await this.status.waitFor({ state: 'attached' });
  }

  async waitForStatus(status: string, timeout = 15_000): Promise<void> {
    await this.page.locator(`[data-wpwl-status="${status}"]${CHECKOUT_WIDGET}`).waitFor({ state: 'attached', timeout });
  }

  /** Waits for the card form the widget renders, in the ready status. */
  async waitForForm(): Promise<void> {
    await this.waitForStatus('ready');
    await this.page.locator('.wpwl-form-card .wpwl-control-cardNumber').waitFor();
  }

  /** Expects the error status with `code` shown to the shopper, and no card form. */
  async expectError(code: string, status = 'error'): Promise<void> {
    await this.waitForStatus(status);
    await expect.poll(() => this.error.getAttribute('data-wpwl-error-code')).toBe(code);
    await expect(this.error.textContent()).resolves.not.toBe('');
    expect(await this.page.locator('.wpwl-form').count()).toBe(0);
  }

  /** The widget script tags in the document. */
  liveScriptTags(): Promise<number> {
    return this.page.evaluate(() => document.querySelectorAll('script[src*="/v1/paymentWidgets.js?checkoutId="]').length);
  }

  /** Checkout ids of the widget's rendered card forms (from their action). */
  renderedCheckouts(): Promise<string[]> {
    return this.page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLFormElement>('form.wpwl-form'))
        .filter((form) => !form.closest('#express-checkout'))
        .map((form) => /\/checkouts\/([^/]+)\/payment/.exec(form.action)?.[1] ?? '?'),
    );
  }

  /** Ticks the storefront's consent boxes, then fills the card form. */
  async fillCard(card = SUCCESS_CARD): Promise<void> {
    for (const box of await this.page.locator('[data-wpwl-consent]').all()) await box.check();
    await fillCard(this.page, card);
  }

  /** Pays with the success card and waits for the storefront's result page. */
  async payAndLand(): Promise<string> {
    await this.fillCard();
    await this.page.click('.wpwl-button-pay');
    await this.page.waitForURL((url) => url.searchParams.has('resourcePath'));
    const resourcePath = new URL(this.page.url()).searchParams.get('resourcePath')!;
    const status = await readPaymentStatus(this.shop.gateway, resourcePath);
    expect(status.body.result?.code).toBe('000.100.110');
    return resourcePath;
  }

  /** The payment submissions the browser sent. */
  paymentPosts(): number {
    return this.tab.requestsTo('POST', PAYMENT_POST).length;
  }

  /** Why each failed request failed: `{url} {reason}` (e.g. `csp`, `net::ERR_FAILED`). */
  readonly failures: string[] = [];

  /** Checkout widget script requests the browser sent. */
  scriptRequests(): number {
    return this.tab.requestsTo('GET', WIDGET_SCRIPT).filter((request) => isCheckoutScript(request.url)).length;
  }
}
