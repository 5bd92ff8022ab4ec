// The widget's life in a shop, for every storefront: a checkout that expires
// (on the gateway's clock or on the page's own timer) ends in `expired` and a
// new checkout pays; a checkout that changes, or a widget that is closed,
// while its script is still on the wire never lets the old script render a
// form or take a payment; a double click on pay sends one payment.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startShopOnSandbox, type ShopOnSandbox } from '../support/merchant.js';
import { holdRequests, launchBrowser, watchForAbsence, type TestBrowser, type TestPage } from '../support/browser.js';
import { readPaymentStatus } from '../support/gateway.js';
import { CHECKOUT_WIDGET, PAYMENT_POST, StorefrontPage, holdWidgetScripts, type HeldScript } from './support/shop.js';
import { storefrontsUnderTest } from './support/storefronts.js';

const { storefronts, unbuilt } = storefrontsUnderTest();
const THIRTY_MINUTES = 30 * 60_000;

let shop: ShopOnSandbox;
let browser: TestBrowser;
let tab: TestPage | undefined;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShopOnSandbox(), launchBrowser()]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), shop?.close()]);
});
afterEach(async () => {
  await tab?.close();
  tab = undefined;
});

async function openStorefront(storefront: (typeof storefronts)[number]) {
  tab = await browser.newPage();
  return new StorefrontPage(tab, shop, storefront);
}

/** Lets a held script response through and waits until the browser has it. */
async function release(page: StorefrontPage['page'], held: HeldScript) {
  const done = page.waitForEvent('requestfinished', (request) => request.url() === held.route.request().url());
  await held.route.continue();
  await done;
}

/** A just-arrived script would run and reach the gateway in this window, if it were going to. */
const settle = (page: StorefrontPage['page']) => watchForAbsence(page);

it.each(unbuilt)('%s is built (pnpm build) so the matrix can run it', (name) => {
  throw new Error(`examples/${name} has a build script but no dist/index.html: run pnpm build`);
});

describe.each(storefronts)('$name', (storefront) => {
  it('expiry on the gateway (sandbox clock + 30 min): expired state and event, nothing left to type into, a new checkout pays', async () => {
    const shopPage = await openStorefront(storefront);
    await shopPage.open();
    await shopPage.startCheckout();
    await shopPage.waitForForm();
    shop.sandbox.advanceClock(THIRTY_MINUTES + 1_000);

    await shopPage.fillCard();
    await shopPage.page.click('.wpwl-button-pay');
    await shopPage.waitForStatus('expired');
    await shopPage.page.locator('[data-wpwl-expired]').waitFor({ state: 'visible' });
    expect(await shopPage.error.getAttribute('data-wpwl-error-code')).toBe('CHECKOUT_EXPIRED');
    // The widget was unloaded: no card form to type into, no script left.
    expect(await shopPage.page.locator('.wpwl-form').count()).toBe(0);
    expect(await shopPage.liveScriptTags()).toBe(0);

    await shopPage.page.click('[data-wpwl-new-checkout]');
    await shopPage.waitForForm();
    await expect.poll(() => shopPage.page.locator('[data-wpwl-expired]').isVisible()).toBe(false);
    await shopPage.payAndLand();
  });

  it("expiry on the page's own timer: expired state and event without any request", async () => {
    tab = await browser.newPage();
    await tab.page.clock.install();
    const shopPage = new StorefrontPage(tab, shop, storefront);
    await shopPage.open();
    await shopPage.startCheckout();
    await shopPage.waitForForm();
    const before = tab.requests.length;
    await tab.page.clock.fastForward(THIRTY_MINUTES + 1_000);
    await shopPage.waitForStatus('expired');
    await shopPage.page.locator('[data-wpwl-expired]').waitFor({ state: 'visible' });
    expect(await shopPage.error.getAttribute('data-wpwl-error-code')).toBe('CHECKOUT_EXPIRED');
    expect(await shopPage.page.locator('.wpwl-form').count()).toBe(0);
    expect(tab.requests.slice(before).filter((request) => request.url.startsWith(shop.sandbox.url))).toEqual([]);
  });

  it('checkout id changes while the old script is still loading (and arrives first): only the new checkout renders and pays', async () => {
    const shopPage = await openStorefront(storefront);
    const scripts = await holdWidgetScripts(shopPage.page);
    await shopPage.open();
    await shopPage.startCheckout();
    await shopPage.waitForStatus('loading');
    const old = await scripts.next();

    await shopPage.page.click('[data-wpwl-new-checkout]');
    const fresh = await scripts.next();
    expect(fresh.checkoutId).not.toBe(old.checkoutId);

    // The worst order: the old checkout's script arrives after the switch, before the new one.
    await release(shopPage.page, old);
    await settle(shopPage.page);
    expect(await shopPage.renderedCheckouts()).toEqual([]);
    await release(shopPage.page, fresh);
    // Whatever the storefront asks for from here on goes through.
    await scripts.passThrough();
    await shopPage.waitForForm();
    await settle(shopPage.page);
    expect(await shopPage.renderedCheckouts()).toEqual([fresh.checkoutId]);

    await shopPage.payAndLand();
    const posts = tab!.requestsTo('POST', PAYMENT_POST).map((request) => new URL(request.url).pathname);
    expect(posts).toEqual([`/v1/checkouts/${fresh.checkoutId}/payment`]);
    const stale = await readPaymentStatus(shop.gateway, `/v1/checkouts/${old.checkoutId}/payment`);
    expect(stale.body.result?.code).toMatch(/^000\.200/);
  });

  it('the widget is closed while its script is loading: the late script renders nothing, and the next checkout loads and pays', async () => {
    const shopPage = await openStorefront(storefront);
    const scripts = await holdWidgetScripts(shopPage.page);
    await shopPage.open();
    await shopPage.startCheckout();
    await shopPage.waitForStatus('loading');
    const old = await scripts.next();

    await shopPage.page.click('[data-wpwl-cancel]');
    await expect
      .poll(() => shopPage.page.locator(`[data-wpwl-status]:not([data-wpwl-status="destroyed"])${CHECKOUT_WIDGET}`).count())
      .toBe(0);
    await release(shopPage.page, old);
    await settle(shopPage.page);
    expect(await shopPage.renderedCheckouts()).toEqual([]);
    expect(await shopPage.page.locator(`.wpwl-container${CHECKOUT_WIDGET}`).count()).toBe(0);

    // Back to paying: the leftover of the late script must not get in the way.
    await scripts.passThrough();
    await shopPage.page.click('[data-wpwl-checkout]');
    await shopPage.waitForForm();
    const rendered = await shopPage.renderedCheckouts();
    expect(rendered).toHaveLength(1);
    expect(rendered[0]).not.toBe(old.checkoutId);
    await shopPage.payAndLand();
    expect(shopPage.paymentPosts()).toBe(1);
  });

  it('a shopper whose browser speaks a language the widget lacks still gets the payment form', async () => {
    const shopPage = await openStorefront(storefront);
    await shopPage.page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'language', { get: () => 'sw-KE' });
      Object.defineProperty(Navigator.prototype, 'languages', { get: () => ['sw-KE', 'sw'] });
    });
    await shopPage.open();
    await shopPage.startCheckout();
    await shopPage.waitForForm();
    expect(await shopPage.error.count()).toBe(0);
  });

  it('a double click on pay, then pay again while the payment is on its way: one payment', async () => {
    const shopPage = await openStorefront(storefront);
    await shopPage.open();
    await shopPage.startCheckout();
    await shopPage.waitForForm();
    await shopPage.fillCard();
    // Hold the payment so the shopper has time to press again.
    const payments = await holdRequests(
      shopPage.page,
      (request) => request.method() === 'POST' && PAYMENT_POST.test(new URL(request.url()).pathname),
    );
    await shopPage.page.dblclick('.wpwl-button-pay');
    const payment = await payments.next();
    // Pressed again past the disabled state, and Enter in the form: neither may send a second payment.
    await shopPage.page.locator('.wpwl-button-pay').click({ force: true });
    await shopPage.page.locator('.wpwl-control-cvv').press('Enter');
    await watchForAbsence(shopPage.page);
    await payment.continue();
    await payments.passThrough();
    await shopPage.page.waitForURL((url) => url.searchParams.has('resourcePath'));
    expect(shopPage.paymentPosts()).toBe(1);
    const resourcePath = new URL(shopPage.page.url()).searchParams.get('resourcePath')!;
    const status = await readPaymentStatus(shop.gateway, resourcePath);
    expect(status.body.result?.code).toBe('000.100.110');
  });
});
