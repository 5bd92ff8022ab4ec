// Owns the world a hardening test drives: a sandbox gateway with its test
// controls (widget faults, clock), the example merchant server serving every
// storefront on it, and a driver that works any storefront through the
// markers of STOREFRONT-CONTRACT.md (status, coded error, retry, new
// checkout, cancel), so one test body runs against each of them.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { Locator, Page, Route } from 'playwright-core';
import { startMerchantServer, type MerchantServer } from '../../../examples/merchant-server/src/server.js';
import { findStorefronts, findVendorLibraries } from '../../../examples/merchant-server/src/storefronts.js';
import type { TestPage } from '../../support/browser.js';
import { readPaymentStatus, type GatewayAccess } from '../../support/gateway.js';
import { startSandboxServer, type SandboxServer } from '../../support/servers.js';
import { PAYMENT_POST, SUCCESS_CARD, fillCard } from '../../support/shopper.js';
import { repo, type StorefrontUnderTest } from './storefronts.js';

export { PAYMENT_POST, SUCCESS_CARD };
export { recordViolations } from '../../support/browser.js';
/** Short enough for a test, long enough for a busy machine to load a healthy script. */
export const TEST_TIMEOUT_MS = 2_500;
export const WIDGET_SCRIPT = /\/v1\/paymentWidgets\.js$/;

/** The sandbox and the merchant server in front of it. */
export interface HardeningShop {
  sandbox: SandboxServer;
  merchant: MerchantServer;
  gateway: GatewayAccess;
  close(): Promise<void>;
}

export async function startHardeningShop(): Promise<HardeningShop> {
  const sandbox = await startSandboxServer();
  const gateway = { url: sandbox.url, accessToken: sandbox.accessToken, entityId: sandbox.entityId };
  const merchant = await startMerchantServer({
    gateway: { baseUrl: sandbox.url, accessToken: sandbox.accessToken, entityId: sandbox.entityId },
    port: 0,
    storefronts: findStorefronts(`${repo}/examples`),
    vendor: findVendorLibraries(`${repo}/packages`),
  });
  return {
    sandbox,
    merchant,
    gateway,
    close: async () => {
      await merchant.close();
      await sandbox.close();
    },
  };
}

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
      if (typeof policy === 'string') headers['content-security-policy'] = policy.replace(/script-src [^;]*?('nonce-[^']+')/, "script-src 'self' $1");
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

/** Holds the browser's requests for the widget script until the test lets each one through. */
export async function holdWidgetScripts(page: Page): Promise<{ next(): Promise<HeldScript>; passThrough(): Promise<void> }> {
  const held: HeldScript[] = [];
  const waiters: Array<() => void> = [];
  let open = false;
  await page.route(
    (url) => WIDGET_SCRIPT.test(url.pathname),
    async (route) => {
      if (open) return route.continue();
      held.push({ checkoutId: new URL(route.request().url()).searchParams.get('checkoutId') ?? '', route });
      waiters.splice(0).forEach((wake) => wake());
    },
  );
  let taken = 0;
  return {
    async next() {
      while (held.length <= taken) await new Promise<void>((wake) => waiters.push(wake));
      return held[taken++]!;
    },
    /** Lets every request not taken with next() through, and all later ones. */
    async passThrough() {
      open = true;
      await Promise.all(held.splice(taken).map((h) => h.route.continue().catch(() => {})));
    },
  };
}

/** One storefront's shop page, driven through the contract's markers. */
export class StorefrontPage {
  readonly page: Page;

  constructor(
    readonly tab: TestPage,
    readonly shop: HardeningShop,
    readonly storefront: StorefrontUnderTest,
  ) {
    this.page = tab.page;
    this.page.on('requestfailed', (failed) => this.failures.push(`${failed.url()} ${failed.failure()?.errorText ?? ''}`));
  }

  get status(): Locator {
    return this.page.locator('[data-wpwl-status]');
  }

  /** The coded error shown to the shopper. */
  get error(): Locator {
    return this.page.locator('[data-wpwl-error-code]:visible');
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
    await this.page.click('[data-wpwl-checkout]');
    await this.status.waitFor({ state: 'attached' });
  }

  async waitForStatus(status: string, timeout = 15_000): Promise<void> {
    await this.page.locator(`[data-wpwl-status="${status}"]`).waitFor({ state: 'attached', timeout });
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
    return this.page.evaluate(() => document.querySelectorAll('script[src*="/v1/paymentWidgets.js"]').length);
  }

  /** Checkout ids of the widget's rendered card forms (from their action). */
  renderedCheckouts(): Promise<string[]> {
    return this.page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLFormElement>('form.wpwl-form')).map((form) => /\/checkouts\/([^/]+)\/payment/.exec(form.action)?.[1] ?? '?'),
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

  /** Widget script requests the browser sent. */
  scriptRequests(): number {
    return this.tab.requestsTo('GET', WIDGET_SCRIPT).length;
  }
}
