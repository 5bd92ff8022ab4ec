// The hand-written integration (raw/index.html) in real Chromium against the
// sandbox gateway: the whole pay flow a shopper goes through, with the result
// read back server-side the way a merchant backend does it.
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, recordViolations, type TestBrowser, type TestPage, watchForAbsence } from './support/browser.js';
import { createCheckout, readPaymentStatus, type Checkout } from './support/gateway.js';
import { startSandboxServer, startStaticServer, type SandboxServer, type StaticServer } from './support/servers.js';
import { SUCCESS_CARD, SUCCESS_RESULT as SUCCESS, THREE_D_SECURE_CARD, answerThreeDSecure, fillCard } from './support/shopper.js';

const DECLINE_CARD = '4000000000000002';

let sandbox: SandboxServer;
let pages: StaticServer;
let browser: TestBrowser;
let tab: TestPage;

beforeAll(async () => {
  [sandbox, pages, browser] = await Promise.all([
    startSandboxServer(),
    startStaticServer({ root: fileURLToPath(new URL('./raw', import.meta.url)) }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await Promise.all([browser?.close(), pages?.close(), sandbox?.close()]);
});

beforeEach(async () => {
  pages.setHeaders(null);
  tab = await browser.newPage();
});

afterEach(async () => {
  await tab.close();
});

/** Prepares a checkout server-side and opens the raw page for it; resolves once the widget called onReady. */
async function openCheckout(): Promise<Checkout> {
  const checkout = await createCheckout(sandbox);
  const query = new URLSearchParams({ base: sandbox.url, checkoutId: checkout.id });
  await tab.page.goto(`${pages.url}/index.html?${query}`);
  await tab.page.waitForSelector('html[data-wpwl-ready]');
  return checkout;
}

/** Waits for the shopper result page and returns its query parameters. */
async function resultParams(): Promise<URLSearchParams> {
  await tab.page.waitForURL((url) => url.pathname === '/result.html');
  return new URL(tab.page.url()).searchParams;
}

function paymentPosts() {
  return tab.requestsTo('POST', /^\/v1\/checkouts\/[^/]+\/payment$/);
}

describe('raw integration', () => {
  it('renders the widget into the merchant form with its stylesheet and follow-up script', async () => {
    await openCheckout();
    await expect(tab.page.locator('div.wpwl-container.wpwl-container-card form.wpwl-form-card').count()).resolves.toBe(1);
    await expect(tab.page.locator('.wpwl-control-brand option').allTextContents()).resolves.toEqual(['Visa', 'Mastercard']);
    await tab.page.waitForFunction(() => (window as { wpwl?: { staticLoaded?: boolean } }).wpwl?.staticLoaded === true);
    // The stylesheet really applies: the pay button gets the sandbox's colours.
    const background = await tab.page.locator('.wpwl-button-pay').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe('rgb(31, 95, 209)');
    expect(tab.errors).toEqual([]);
  });

  it('pays with the success card and lands on the result URL whose status read is a success', async () => {
    const checkout = await openCheckout();
    await fillCard(tab.page, SUCCESS_CARD);
    await tab.page.click('.wpwl-button-pay');
    const params = await resultParams();

    expect(params.get('id')).toBe(checkout.id);
    const resourcePath = params.get('resourcePath');
    expect(resourcePath).toBe(`/v1/checkouts/${checkout.id}/payment`);
    const status = await readPaymentStatus(sandbox, resourcePath!);
    expect(status.status).toBe(200);
    expect(status.body.result?.code).toBe('000.100.110');
    expect(paymentPosts()).toHaveLength(1);
    // The browser never carries the merchant's token.
    expect(paymentPosts()[0]!.postData).not.toContain(sandbox.accessToken);
  });

  it('goes to the result URL after a decline too, where the status read says declined', async () => {
    await openCheckout();
    await fillCard(tab.page, DECLINE_CARD);
    await tab.page.click('.wpwl-button-pay');
    const params = await resultParams();

    const status = await readPaymentStatus(sandbox, params.get('resourcePath')!);
    const code = status.body.result?.code ?? '';
    expect(code).toMatch(/^\d{3}\.\d{3}\.\d{3}$/);
    expect(code).not.toMatch(SUCCESS);
    expect(code).not.toMatch(/^000\.200/); // not pending either: a final decline
  });

  it("shows a 3-D Secure card's challenge in the widget's iframe, then sends the page to the result URL with a success", async () => {
    await openCheckout();
    await fillCard(tab.page, THREE_D_SECURE_CARD);
    await tab.page.click('.wpwl-button-pay');
    await answerThreeDSecure(tab.page, 'complete');
    const params = await resultParams();

    const status = await readPaymentStatus(sandbox, params.get('resourcePath')!);
    expect(status.body.result?.code).toMatch(SUCCESS);
  });

  it('sends nothing while onBeforeSubmitCard returns false', async () => {
    // A merchant hook, added to the page's own wpwlOptions before the widget reads them.
    await tab.page.addInitScript(() => {
      const w = window as unknown as { wpwlOptions?: Record<string, unknown>; hookCalls: number };
      w.hookCalls = 0;
      let options: Record<string, unknown> | undefined;
      Object.defineProperty(window, 'wpwlOptions', {
        configurable: true,
        get: () => options,
        set: (value: Record<string, unknown>) => {
          options = {
            ...value,
            onBeforeSubmitCard() {
              w.hookCalls += 1;
              return false;
            },
          };
        },
      });
    });
    await openCheckout();
    await fillCard(tab.page, SUCCESS_CARD);
    await tab.page.click('.wpwl-button-pay');
    await tab.page.click('.wpwl-button-pay');
    await tab.page.waitForFunction(() => (window as unknown as { hookCalls: number }).hookCalls === 2);
    // A wrongly sent request would show up in this window.
    await watchForAbsence(tab.page);

    expect(paymentPosts()).toEqual([]);
    expect(new URL(tab.page.url()).pathname).toBe('/index.html');
    await expect(tab.page.locator('.wpwl-button-pay').isEnabled()).resolves.toBe(true);
  });

  it('sends one payment for a double click on pay', async () => {
    const checkout = await openCheckout();
    await fillCard(tab.page, SUCCESS_CARD);
    await tab.page.dblclick('.wpwl-button-pay');
    const params = await resultParams();

    expect(paymentPosts()).toHaveLength(1);
    expect(params.get('resourcePath')).toBe(`/v1/checkouts/${checkout.id}/payment`);
    const status = await readPaymentStatus(sandbox, params.get('resourcePath')!);
    expect(status.body.result?.code).toBe('000.100.110');
  });

  it('works under a strict Content-Security-Policy with no inline script or style allowed', async () => {
    pages.setHeaders({
      'Content-Security-Policy': [
        "default-src 'none'",
        `script-src 'self' ${sandbox.url}`,
        `style-src ${sandbox.url}`,
        `connect-src ${sandbox.url}`,
        `img-src 'self' ${sandbox.url}`,
        `form-action 'self' ${sandbox.url}`,
      ].join('; '),
    });
    const violations = await recordViolations(tab.page);
    await openCheckout();
    await tab.page.waitForFunction(() => (window as { wpwl?: { staticLoaded?: boolean } }).wpwl?.staticLoaded === true);
    await fillCard(tab.page, SUCCESS_CARD);
    await tab.page.click('.wpwl-button-pay');
    await resultParams();
    expect(violations).toEqual([]);
  });

  it('wpwl.unload() removes everything the widget added to the page', async () => {
    await openCheckout();
    await tab.page.waitForFunction(() => (window as { wpwl?: { staticLoaded?: boolean } }).wpwl?.staticLoaded === true);
    const left = await tab.page.evaluate(() => {
      (window as unknown as { wpwl: { unload(): void } }).wpwl.unload();
      return {
        widgetNodes: document.querySelectorAll('[class*="wpwl-"]').length,
        staticScript: document.querySelectorAll('script[src*="static.min.js"]').length,
        stylesheet: document.querySelectorAll('link[href*="paymentWidgets.min.css"]').length,
        global: 'wpwl' in window,
        merchantForm: document.querySelectorAll('form.paymentWidgets').length,
      };
    });
    expect(left).toEqual({ widgetNodes: 0, staticScript: 0, stylesheet: 0, global: false, merchantForm: 1 });
  });
});
