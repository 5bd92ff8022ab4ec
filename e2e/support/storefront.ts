// Owns the world of the storefront tests (core, React, Vue, Angular, static page): the
// example merchant server started the way `pnpm demo` starts it (every
// storefront, on its own sandbox, loopback and ephemeral ports), one Chromium
// per test file, a fresh page per test with its CSP violations recorded, and
// the steps every storefront shares: fill the cart, open the payment, pay,
// and read the verified result page.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { startShop, type RunningShop } from '../../examples/merchant-server/src/main.js';
import { freshDataDir } from './data-dir.js';
import { launchBrowser, recordViolations, type TestBrowser, type TestPage } from './browser.js';

const repo = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');

/** Every storefront example: its name (mount path), the selector of its ready widget, and its result page. */
export const STOREFRONTS = [
  { name: 'core-storefront', ready: undefined, result: '/core-storefront/result.html' },
  { name: 'static-page', ready: 'wpwl-widget[status="ready"]', result: '/static-page/result.html' },
  { name: 'react-storefront', ready: '[data-wpwl-status="ready"]', result: '/react-storefront/result' },
  { name: 'vue-storefront', ready: '[data-wpwl-status="ready"]', result: '/vue-storefront/result' },
  { name: 'angular-storefront', ready: '[data-wpwl-status="ready"]', result: '/angular-storefront/result' },
] as const;

/** What the cart of {@link fillCartAndCheckout} sends: product ids and quantities, never prices. */
export const CART_ITEMS = [
  { productId: 'tea-sencha', quantity: 2 },
  { productId: 'kettle-iron', quantity: 1 },
];

/**
 * Starts the example merchant server and its sandbox as `pnpm demo` does, on
 * 127.0.0.1 and ephemeral ports, with the server-rendered storefronts named
 * in `apps` (none by default: each is a server process of its own).
 * `sandboxLog` receives the sandbox's line per request.
 */
export async function startShopForTests(apps: string[] = [], sandboxLog?: (line: string) => void): Promise<RunningShop> {
  const data = await freshDataDir();
  const env = { PORT: '0', SANDBOX_PORT: '0', HOST: '127.0.0.1', APP_STOREFRONTS: apps.join(','), DATA_DIR: data.dir };
  const shop = await startShop(repo, env, { sandboxLog }).catch((error: unknown) => {
    data.remove();
    throw error;
  });
  return {
    ...shop,
    close: async () => {
      await shop.close();
      data.remove();
    },
  };
}

/** The shop, the browser page and its violations of the running test; read them inside hooks and tests. */
export interface StorefrontSession {
  readonly shop: RunningShop;
  readonly tab: TestPage;
  /** CSP violations the test's page reported, as "directive blocked-uri". */
  readonly violations: string[];
  /** The requests the sandbox answered during the test, one line each ("POST /v1/checkouts -> 200 (3 ms)"): the browser's and the servers'. */
  readonly gatewayRequests: string[];
  /**
   * Opens another page in the file's browser, in a fresh context of its own
   * (`locale`: its browser language), closed after the test like the test's page.
   */
  openPage(options?: { locale?: string }): Promise<TestPage>;
}

/**
 * Registers the test file's hooks: before all, the shop ({@link startShopForTests})
 * and Chromium; before each test, a fresh page recording its CSP violations;
 * each closed after. Call once, at the top of the file.
 *
 * @param options.needsBuild a build output (path from the repository root) the
 *   file cannot run without; its absence fails the file, naming the path.
 * @param options.apps the server-rendered storefronts to start as well (their folder names).
 * @param options.locale the browser language of each test's page, e.g. `ar-SA` (Chromium's default when not given).
 */
export function useStorefrontSession(options: { needsBuild?: string; apps?: string[]; locale?: string } = {}): StorefrontSession {
  let shop: RunningShop | undefined;
  let browser: TestBrowser | undefined;
  let tab: TestPage | undefined;
  const extraTabs: TestPage[] = [];
  let violations: string[] = [];
  const gatewayRequests: string[] = [];

  beforeAll(async () => {
    if (options.needsBuild && !existsSync(`${repo}/${options.needsBuild}`)) {
      throw new Error(`${options.needsBuild} is missing: run pnpm build first`);
    }
    [shop, browser] = await Promise.all([startShopForTests(options.apps, (line) => gatewayRequests.push(line)), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), shop?.close()]);
  });
  beforeEach(async () => {
    gatewayRequests.length = 0;
    tab = await browser!.newPage({ locale: options.locale });
    violations = await recordViolations(tab.page);
  });
  afterEach(async () => {
    await Promise.all([tab?.close(), ...extraTabs.splice(0).map((extra) => extra.close())]);
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not running: use it inside a test or hook`);
    return value;
  };
  return {
    get shop() {
      return started(shop, 'the shop');
    },
    get tab() {
      return started(tab, 'the page');
    },
    get violations() {
      return violations;
    },
    get gatewayRequests() {
      return gatewayRequests;
    },
    async openPage(pageOptions = {}) {
      const extra = await started(browser, 'the browser').newPage(pageOptions);
      extraTabs.push(extra);
      return extra;
    },
  };
}

/** The widget's card form, inside `host` (the storefront's ready marker) when given. */
export function cardForm(host?: string): string {
  return host ? `${host} .wpwl-form-card .wpwl-control-cardNumber` : '.wpwl-form-card .wpwl-control-cardNumber';
}

/**
 * Opens the storefront at `url`, puts two teas and a kettle in the cart (its
 * total must read 89.80), checks out and waits for the card form inside
 * `readyHost` (see {@link cardForm}).
 */
export async function fillCartAndCheckout(page: Page, url: string, readyHost?: string): Promise<void> {
  await page.goto(url);
  await page.click('button[data-product-id="tea-sencha"]');
  await page.click('button[data-product-id="tea-sencha"]');
  await page.click('button[data-product-id="kettle-iron"]');
  // Polled: a framework may render the click's change a task later (Angular without zone.js does).
  await expect.poll(() => page.locator('#cart-total').textContent()).toBe('89.80');
  await page.click('#checkout');
  await page.waitForSelector(cardForm(readyHost));
}

/**
 * Expects the widget's script tag to carry the CSP nonce of this response,
 * read from the page's own script tag (`pageScript`, a selector).
 */
export async function expectWidgetNonceFromPage(page: Page, pageScript: string): Promise<void> {
  const [pageNonce, widgetNonce] = await page.evaluate(
    (selector) => [
      document.querySelector<HTMLScriptElement>(selector)?.nonce,
      document.querySelector<HTMLScriptElement>('script[src*="/paymentWidgets.js"]')?.nonce,
    ],
    pageScript,
  );
  expect(pageNonce).toMatch(/^[\w+/]{20,}={0,2}$/);
  expect(widgetNonce).toBe(pageNonce);
}

/** Presses the widget's pay button and waits for the browser to land on `resultPath`. */
export async function payAndWaitForResult(page: Page, resultPath: string): Promise<void> {
  await page.click('.wpwl-button-pay');
  await page.waitForURL((url) => url.pathname === resultPath);
}

/** Expects the result page's verified success, its detail naming `paid` (e.g. "89.80 EUR paid"). */
export async function expectPaidPage(page: Page, paid: string): Promise<void> {
  await page.waitForSelector('#result[data-state="success"]');
  await expect(page.locator('#result-title').textContent()).resolves.toContain('payment is confirmed');
  await expect(page.locator('#result-detail').textContent()).resolves.toContain(paid);
  await expectNothingInternalShown(page);
}

/**
 * Expects the result page's classified failure for the sandbox's declined
 * card: the classification on the section for code, words for the shopper
 * (no result code, classification or order id in what the shopper reads).
 */
export async function expectDeclinedPage(page: Page): Promise<void> {
  await page.waitForSelector('#result[data-state="failure"][data-classification="rejectedBank"]');
  await expect(page.locator('#result-title').textContent()).resolves.toContain('did not go through');
  await expect(page.locator('#result-detail').textContent()).resolves.toContain('Your bank declined the payment');
  await expectNothingInternalShown(page);
}

/** What the shopper reads on the result page names no result code, classification or order id. */
export async function expectNothingInternalShown(page: Page): Promise<void> {
  const text = (await page.locator('#result').innerText()).trim();
  expect(text).not.toMatch(/\d{3}\.\d{3}\.\d{3}|rejected[A-Z]\w*|order-[0-9a-f-]{8,}|expected .*, got/);
}

/** The cart key a storefront sends with its checkout request: a random UUID per shopper's cart. */
export const CART_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Expects one checkout request from the browser, carrying the cart's ids and quantities, `resultPath` and the cart key only. */
export function expectCheckoutRequest(tab: TestPage, resultPath: string): void {
  const checkoutPost = tab.requestsTo('POST', '/api/checkout');
  expect(checkoutPost).toHaveLength(1);
  expect(JSON.parse(checkoutPost[0]!.postData ?? '{}')).toEqual({
    items: CART_ITEMS,
    resultPath,
    cartKey: expect.stringMatching(CART_KEY),
  });
}
