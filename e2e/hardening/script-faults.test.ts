// The widget script failing in every way the network can fail it, for every
// storefront: a 404, a 500, no answer until the timeout, a body cut in half,
// bytes that differ from the integrity hash, and a script the page's CSP
// blocks because the nonce did not reach it. Each ends in the error status
// with a coded error the shopper sees (never a blank), and after a retry
// (once the sandbox serves the script again) in exactly one working widget.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startShopOnSandbox, type ShopOnSandbox } from '../support/merchant.js';
import { launchBrowser, type TestBrowser, type TestPage } from '../support/browser.js';
import { StorefrontPage, hideNonceFromScripts, recordViolations, startNonceOnlyProxy } from './support/shop.js';
import { storefrontsUnderTest } from './support/storefronts.js';

const { storefronts, unbuilt } = storefrontsUnderTest();

let shop: ShopOnSandbox;
let strictProxy: Awaited<ReturnType<typeof startNonceOnlyProxy>>;
let browser: TestBrowser;
let tab: TestPage | undefined;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShopOnSandbox(), launchBrowser()]);
  strictProxy = await startNonceOnlyProxy(shop.merchant.url);
});
afterAll(async () => {
  await Promise.all([browser?.close(), strictProxy?.close()]);
  await shop?.close();
});
afterEach(async () => {
  shop.sandbox.setWidgetFault(null);
  await tab?.close();
  tab = undefined;
});

async function openStorefront(storefront: (typeof storefronts)[number], setup?: (tab: TestPage) => Promise<void>) {
  tab = await browser.newPage();
  await setup?.(tab);
  return new StorefrontPage(tab, shop, storefront);
}

it.each(unbuilt)('%s is built (pnpm build) so the matrix can run it', (name) => {
  throw new Error(`examples/${name} has a build script but no dist/index.html: run pnpm build`);
});

describe.each(storefronts)('$name', (storefront) => {
  it.each([
    ['404', 'SCRIPT_LOAD_FAILED'],
    ['500', 'SCRIPT_LOAD_FAILED'],
    ['truncate', 'SCRIPT_LOAD_FAILED'],
    ['hang', 'SCRIPT_TIMEOUT'],
  ] as const)('script %s: coded error %s, retry loads it, one live script tag', async (fault, code) => {
    const shopPage = await openStorefront(storefront);
    shop.sandbox.setWidgetFault(fault);
    await shopPage.open();
    await shopPage.startCheckout();
    await shopPage.expectError(code);
    expect(await shopPage.liveScriptTags()).toBe(0);

    shop.sandbox.setWidgetFault(null);
    await shopPage.page.click('[data-wpwl-retry]');
    await shopPage.waitForForm();
    expect(await shopPage.error.count()).toBe(0);
    expect(await shopPage.liveScriptTags()).toBe(1);
    expect(await shopPage.page.locator('.wpwl-form-card').count()).toBe(1);
    // One failed request, one that worked: no retry storm behind the shopper's back.
    expect(shopPage.scriptRequests()).toBe(2);
  });

  it('integrity: a tampered script is blocked by the browser and shown as a coded error; the matching one pays', async () => {
    const shopPage = await openStorefront(storefront);
    shop.sandbox.setWidgetFault('tamper');
    await shopPage.open();
    await shopPage.startCheckout();
    await shopPage.expectError('SCRIPT_LOAD_FAILED');
    // The browser refused it for its digest: the storefront passed the checkout's integrity on.
    expect(tab!.errors.join('\n')).toMatch(/integrity/i);
    expect(await shopPage.page.evaluate(() => 'wpwl' in window)).toBe(false);

    shop.sandbox.setWidgetFault(null);
    await shopPage.page.click('[data-wpwl-retry]');
    await shopPage.waitForForm();
    const tag = shopPage.page.locator('script[src*="/v1/paymentWidgets.js"]');
    expect(await tag.getAttribute('integrity')).toMatch(/^sha384-/);
    await shopPage.payAndLand();
    expect(shopPage.paymentPosts()).toBe(1);
  });

  it('CSP: under the merchant server policy with the nonce passed on, the widget loads and pays with no violation', async () => {
    let violations: string[] = [];
    const shopPage = await openStorefront(storefront, async (t) => {
      violations = await recordViolations(t.page);
    });
    const response = await shopPage.page.goto(`${shop.merchant.url}${storefront.path}`);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(new RegExp(`script-src 'self' ${new URL(shop.sandbox.url).origin} 'nonce-[^']+'`));
    await shopPage.open();
    await shopPage.startCheckout();
    await shopPage.waitForForm();
    await shopPage.payAndLand();
    expect(violations).toEqual([]);
  });

  it('CSP: under a nonce-only script policy the widget given the nonce loads', async () => {
    let violations: string[] = [];
    const shopPage = await openStorefront(storefront, async (t) => {
      violations = await recordViolations(t.page);
    });
    await shopPage.open(undefined, strictProxy.url);
    await shopPage.startCheckout();
    await shopPage.waitForForm();
    expect(violations).toEqual([]);
  });

  it('CSP: the same page without the nonce reaching the widget is blocked, with a coded error and no silent blank', async () => {
    let violations: string[] = [];
    const shopPage = await openStorefront(storefront, async (t) => {
      violations = await recordViolations(t.page);
      await hideNonceFromScripts(t.page);
    });
    await shopPage.open(undefined, strictProxy.url);
    await shopPage.startCheckout();
    await shopPage.expectError('SCRIPT_LOAD_FAILED');
    expect(violations.some((v) => v.startsWith('script-src') && v.includes('/v1/paymentWidgets.js'))).toBe(true);
    // The policy stopped the request in the browser, not the server.
    expect(shopPage.failures.some((line) => line.includes('/v1/paymentWidgets.js') && line.endsWith(' csp'))).toBe(true);
  });

  it('CSP: under the merchant server policy (gateway host allowed, as the gateway requires) a missing nonce does not stop the widget', async () => {
    const shopPage = await openStorefront(storefront, async (t) => {
      await hideNonceFromScripts(t.page);
    });
    await shopPage.open();
    await shopPage.startCheckout();
    await shopPage.waitForForm();
    const nonces = await shopPage.page.evaluate(() => {
      const { wpwlTestNonceOf } = window as unknown as { wpwlTestNonceOf(el: Element): string };
      return [document.querySelector('script[nonce]'), document.querySelector('script[src*="/v1/paymentWidgets.js"]')].map((el) =>
        wpwlTestNonceOf(el!),
      );
    });
    // The page had a nonce; the widget's tag went without one and still ran.
    expect(nonces[0]).not.toBe('');
    expect(nonces[1]).toBe('');
  });
});
