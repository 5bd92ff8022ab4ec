// The Vue storefront (examples/vue-storefront, built with Vite) and the
// Angular storefront (examples/angular-storefront, built with the Angular
// CLI) as a shopper meets them: the example merchant server on its own
// sandbox, in real Chromium. The flows they share, over the table below: add
// to cart, pay through the binding's widget component (<PaymentWidget> from
// @wpwl/vue, <wpwl-payment-widget> from @wpwl/angular) with a test card,
// land on the result route that asks the merchant server for the verified
// status; be declined. Then each storefront's own: in Vue, closing the payment
// and a new checkout; in Angular, the shop's own "Place order" button through
// pay(), the warning before the checkout ends and more time, going back to
// the cart and returning, and @wpwl/angular under Angular's server rendering
// (a checkout page rendered on the server with the widget script's preload in
// its HTML, hydrated in Chromium, where the widget loads its script once and
// pays).
// Needs `pnpm build` first (the examples' dist/ and the packages they bundle).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAngularSsrServer, type AngularSsrServer } from './support/angular-ssr.js';
import { holdRequests, watchForAbsence, type TestPage } from './support/browser.js';
import { readPaymentStatus, type GatewayAccess } from './support/gateway.js';
import { DECLINE_CARD, PAYMENT_POST, SUCCESS_CARD, SUCCESS_RESULT, fillCard, renderedCheckouts } from './support/shopper.js';
import {
  cardForm,
  expectCheckoutRequest,
  expectDeclinedPage,
  expectPaidPage,
  expectWidgetNonceFromPage,
  fillCartAndCheckout,
  payAndWaitForResult,
  useStorefrontSession,
} from './support/storefront.js';

const READY = '[data-wpwl-status="ready"]';
const MINUTE = 60_000;
const repo = fileURLToPath(new URL('../', import.meta.url));
const session = useStorefrontSession();

/** A storefront under test: its folder (and mount path), its name in the tests' titles, and its result route. */
interface Storefront {
  name: string;
  title: string;
  result: string;
}

/** The storefront's page, its cart filled (two teas and a kettle) and checked out, the card form ready. */
async function fillCartAndOpenPayment({ name }: Storefront): Promise<void> {
  await fillCartAndCheckout(session.tab.page, `${session.shop.merchant.url}/${name}/`, READY);
}

/** Pays with `card` through the widget's button and waits for the storefront's result route. */
async function payWith({ result }: Storefront, card: string): Promise<void> {
  await fillCard(session.tab.page, card);
  await payAndWaitForResult(session.tab.page, result);
}

/** The checkout id of every widget script the page requested, in order. */
const scriptRequests = (tab: TestPage) =>
  tab.requestsTo('GET', '/v1/paymentWidgets.js').map((request) => new URL(request.url).searchParams.get('checkoutId'));

/** The Vue storefront's own flows. */
function vueOnly(vue: Storefront): void {
  it('closing the payment unloads the widget (the cart’s wallet buttons come back); a new checkout loads it once more and pays', async () => {
    const { tab } = session;
    await fillCartAndOpenPayment(vue);
    await tab.page.click('[data-wpwl-cancel]');
    // Back at the cart, its wallet buttons (express checkout) take the page's one widget: the card form is gone.
    await tab.page.waitForFunction(() => !document.querySelector('#payment-title'));
    // Teardown is deferred by a task (a same-config re-mount would adopt the widget).
    await tab.page.waitForFunction(() => !document.querySelector('script[src*="/paymentWidgets.js?checkoutId="], .wpwl-form-card'));
    await tab.page.locator('#express-checkout .wpwl-button-brand-GOOGLEPAY').waitFor();

    await tab.page.click('button[data-product-id="kettle-iron"]');
    await expect(tab.page.locator('#cart-total').textContent()).resolves.toBe('153.80');
    await tab.page.click('#checkout');
    await tab.page.waitForSelector(cardForm(READY));
    expect(await tab.page.locator('form.paymentWidgets').count()).toBe(1);
    const checkouts = scriptRequests(tab).filter((id) => id !== null);
    expect(checkouts).toHaveLength(2);
    expect(checkouts[0]).not.toBe(checkouts[1]);
    await payWith(vue, SUCCESS_CARD);
    await tab.page.waitForSelector('#result[data-state="success"]');
    await expect(tab.page.locator('#result-detail').textContent()).resolves.toContain('153.80 EUR paid');
    expect(session.violations).toEqual([]);
    expect(tab.errors).toEqual([]);
  });
}

/** The Angular storefront's own flows. */
function angularOnly(angular: Storefront): void {
  it('"Place order" pays through pay(): disabled until the form is ready, the empty fields marked, then one payment', async () => {
    const { tab } = session;
    const { page } = tab;
    // The checkout's script held: the form is still loading while the shopper looks at the button (the cart's
    // wallet buttons load the script without a checkout id, not held).
    const scripts = await holdRequests(page, (request) => request.url().includes('/v1/paymentWidgets.js?checkoutId='));
    await page.goto(`${session.shop.merchant.url}/${angular.name}/`);
    await page.click('button[data-product-id="tea-sencha"]');
    await page.click('button[data-product-id="tea-sencha"]');
    await page.click('button[data-product-id="kettle-iron"]');
    await page.click('#checkout');
    const held = await scripts.next();
    const placeOrder = page.locator('#place-order');
    await page.waitForSelector('[data-wpwl-status="loading"]');
    expect(await placeOrder.isDisabled()).toBe(true);
    await held.continue();
    await scripts.passThrough();
    await page.waitForSelector(cardForm(READY));
    await expect.poll(() => placeOrder.isEnabled()).toBe(true);

    // Pressed with the form still empty: the widget marks the fields and sends nothing.
    await placeOrder.click();
    await page.waitForSelector('.wpwl-has-error');
    expect(tab.requestsTo('POST', PAYMENT_POST)).toEqual([]);

    await fillCard(page, SUCCESS_CARD);
    await placeOrder.click();
    await page.waitForURL((url) => url.pathname === angular.result);
    await expectPaidPage(page, '89.80 EUR paid');
    expect(tab.requestsTo('POST', PAYMENT_POST)).toHaveLength(1);
    expect(session.violations).toEqual([]);
    expect(tab.errors).toEqual([]);
  });

  it('a few minutes before the end: a warning with "Get more time", which loads a new checkout for the cart that pays', async () => {
    const { tab } = session;
    const { page } = tab;
    await page.clock.install();
    await fillCartAndOpenPayment(angular);
    const [first] = await renderedCheckouts(page);
    expect(await page.locator('[data-wpwl-expiry-warning]').isVisible()).toBe(false);

    await page.clock.fastForward(25 * MINUTE + 1_000);
    const warning = page.locator('[data-wpwl-expiry-warning]');
    await warning.waitFor({ state: 'visible' });
    expect(await warning.textContent()).toMatch(/ends in a few minutes/);
    expect(await page.locator('[data-wpwl-expiring-soon]').count()).toBe(1);

    await page.click('[data-wpwl-more-time]');
    await expect.poll(async () => (await renderedCheckouts(page)).filter((id) => id !== first).length, { timeout: 10_000 }).toBe(1);
    await warning.waitFor({ state: 'hidden' });
    // The same widget took the new checkout: one form, the old checkout's script gone.
    expect(await page.locator('form.wpwl-form-card').count()).toBe(1);
    // The checkouts' scripts (the cart's wallet buttons load the one without a checkout id before).
    expect(scriptRequests(tab).filter((id) => id !== null)).toEqual([first, expect.not.stringMatching(first!)]);
    await payWith(angular, SUCCESS_CARD);
    await expectPaidPage(page, '89.80 EUR paid');
    expect(tab.errors).toEqual([]);
  });

  it('away to the cart and back (its wallet buttons come back): one script request for the checkout shown, nothing left behind, and it pays', async () => {
    const { tab } = session;
    const { page } = tab;
    await fillCartAndOpenPayment(angular);
    const [before] = await renderedCheckouts(page);

    await page.click('[data-wpwl-cancel]');
    // Back at the cart, its wallet buttons (express checkout) take the page's one widget: the card form is gone.
    await page.waitForFunction(() => !document.querySelector('#payment-title'));
    // Teardown is deferred by a task (a same-config re-mount would adopt the widget).
    await page.waitForFunction(
      () =>
        !document.querySelector(
          'script[src*="/paymentWidgets.js?checkoutId="], link[href*="/paymentWidgets.js?checkoutId="], .wpwl-form-card',
        ),
    );
    await page.locator('#express-checkout .wpwl-button-brand-GOOGLEPAY').waitFor();
    expect(await page.locator('#cart-total').textContent()).toBe('89.80');

    await page.click('#checkout');
    await page.waitForSelector(cardForm(READY));
    const [shown] = await renderedCheckouts(page);
    const requested = scriptRequests(tab).filter((id) => id !== null);
    expect(requested.filter((id) => id === shown)).toHaveLength(1);
    // Each checkout's script at most once, the one left behind included.
    expect(new Set(requested).size).toBe(requested.length);
    expect(requested).toContain(before);
    expect(await page.locator('form.paymentWidgets').count()).toBe(1);

    await payWith(angular, SUCCESS_CARD);
    await expectPaidPage(page, '89.80 EUR paid');
    expect(session.violations).toEqual([]);
    expect(tab.errors).toEqual([]);
  });
}

/** The storefronts sharing the flows below; `ownTests` adds the storefront's own. */
const STOREFRONTS = [
  {
    name: 'vue-storefront',
    title: 'Vue storefront',
    result: '/vue-storefront/result',
    ownTests: vueOnly,
  },
  {
    name: 'angular-storefront',
    title: 'Angular storefront',
    result: '/angular-storefront/result',
    ownTests: angularOnly,
  },
] as const;

// A loop rather than describe.each, whose `$title` would put the title in quotes: the tests keep the names they had in
// the storefronts' files of their own.
for (const storefront of STOREFRONTS) {
  describe(`${storefront.title} on the merchant server and sandbox`, () => {
    beforeAll(() => {
      const built = `examples/${storefront.name}/dist/index.html`;
      if (!existsSync(`${repo}${built}`)) throw new Error(`${built} is missing: run pnpm build first`);
    });

    it('pays with the success card and shows the verified success page', async () => {
      const { tab } = session;
      await fillCartAndOpenPayment(storefront);
      // The widget's script tag got this response's CSP nonce: through WpwlPlugin's defaults in Vue, through Angular's CSP_NONCE.
      await expectWidgetNonceFromPage(tab.page, 'script[type="module"]');
      await payWith(storefront, SUCCESS_CARD);
      await expectPaidPage(tab.page, '89.80 EUR paid');

      // The browser sent product ids and quantities; the server priced the cart.
      expectCheckoutRequest(tab, storefront.result);
      // Two status reads: before the widget submits (is the checkout still unpaid?), and the result page's.
      expect(tab.requestsTo('GET', '/api/payment-status')).toHaveLength(2);
      // One checkout script request for the one mount (the cart's wallet buttons load the script without a
      // checkout id, for each total), and nothing broke the page's CSP.
      expect(scriptRequests(tab).filter((id) => id !== null)).toHaveLength(1);
      expect(session.violations).toEqual([]);
      expect(tab.errors).toEqual([]);
    });

    it.each([
      ['before', true],
      ['after', false],
    ] as const)(
      'checked out while the cart’s wallet scripts are still on their way: arriving %s the checkout’s own, they never reach the card form, one widget, no error',
      async (_order, walletsFirst) => {
        const { tab } = session;
        const { page } = tab;
        // The cart loads the wallet buttons' script (no checkout id) again for each total: all held.
        const wallets = await holdRequests(page, (request) => /\/v1\/paymentWidgets\.js(\?_=\d+)?$/.test(request.url()));
        const checkoutScripts = await holdRequests(page, (request) => request.url().includes('/v1/paymentWidgets.js?checkoutId='));
        await page.goto(`${session.shop.merchant.url}/${storefront.name}/`);
        await page.click('button[data-product-id="tea-sencha"]');
        await page.click('button[data-product-id="kettle-iron"]');
        await expect.poll(() => page.locator('#cart-total').textContent()).toBe('76.90');
        const firstWallet = await wallets.next();
        await page.click('#checkout');
        await page.waitForSelector('[data-wpwl-status="loading"]');

        // The browser runs a script that was on its way when its widget went, removed tag or not.
        const walletsArrive = async () => {
          const finished = page.waitForEvent('requestfinished', (request) => /\/v1\/paymentWidgets\.js(\?_=\d+)?$/.test(request.url()));
          await firstWallet.continue();
          await wallets.passThrough();
          await finished;
          await watchForAbsence(page);
        };
        if (walletsFirst) await walletsArrive();
        await checkoutScripts.passThrough();
        await page.waitForSelector(cardForm(READY));
        if (!walletsFirst) await walletsArrive();
        await watchForAbsence(page);
        const shown = await renderedCheckouts(page);
        expect(shown).toHaveLength(1);
        // Only the shown checkout's script (held, its preload and its tag may each have asked for it).
        expect([...new Set(scriptRequests(tab).filter((id) => id !== null))]).toEqual(shown);
        expect(await page.locator('#express-checkout .wpwl-button').count()).toBe(0);
        await payWith(storefront, SUCCESS_CARD);
        await expectPaidPage(page, '76.90 EUR paid');
        expect(tab.requestsTo('POST', PAYMENT_POST)).toHaveLength(1);
        expect(session.violations).toEqual([]);
        expect(tab.errors).toEqual([]);
      },
    );

    it('shows a classified failure for a declined card', async () => {
      await fillCartAndOpenPayment(storefront);
      await payWith(storefront, DECLINE_CARD);
      await expectDeclinedPage(session.tab.page);
    });

    storefront.ownTests(storefront);
  });
}

describe('Angular server rendering with hydration, in Chromium', () => {
  let ssr: AngularSsrServer | undefined;
  const gateway = (): GatewayAccess => {
    const { baseUrl, accessToken, entityId } = session.shop.gateway.gateway;
    return { url: baseUrl, accessToken, entityId };
  };
  beforeAll(async () => {
    ssr = await startAngularSsrServer(gateway());
  });
  afterAll(async () => {
    await ssr?.close();
  });

  it("the server's HTML carries the widget script's preload; the page hydrates, requests the script once, and pays", async () => {
    const { tab } = session;
    const { page } = tab;
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    await page.goto(`${ssr!.url}/`);

    // The page as the server sent it: the preload (with the checkout's integrity, in CORS mode) in its head,
    // the widget idle with its loading text, hydration's annotations.
    const html = ssr!.pages.at(-1)!;
    const head = html.slice(0, html.indexOf('</head>'));
    const checkoutId = /paymentWidgets\.js\?checkoutId=([\w.-]+)/.exec(head)?.[1];
    expect(checkoutId).toBeDefined();
    expect(head).toContain(`<link rel="preconnect" href="${gateway().url}" crossorigin="anonymous">`);
    expect(head).toMatch(
      new RegExp(
        `<link rel="preload" as="script" href="${gateway().url}/v1/paymentWidgets\\.js\\?checkoutId=${checkoutId}" integrity="sha384-[\\w+/=]+" crossorigin="anonymous">`,
      ),
    );
    expect(html).toMatch(/<wpwl-payment-widget [^>]*data-wpwl-status="idle"[^>]*>/);
    expect(html).toContain('Loading the payment form…');
    expect(html).toMatch(/<app-root [^>]*ngh="\d+"/);

    await page.waitForSelector(cardForm(READY));
    // Angular took the server's elements over: nothing skipped, nothing rendered anew.
    expect(logs.find((text) => text.startsWith('Angular hydrated'))).toMatch(
      /^Angular hydrated 2 component\(s\) and \d+ node\(s\), 0 component\(s\) were skipped/,
    );
    expect(await renderedCheckouts(page)).toEqual([checkoutId]);
    // The loader's tag used the preloaded response: one request for the script.
    expect(tab.requestsTo('GET', '/v1/paymentWidgets.js')).toHaveLength(1);

    await fillCard(page, SUCCESS_CARD);
    await payAndWaitForResult(page, '/result.html');
    const resourcePath = new URL(page.url()).searchParams.get('resourcePath')!;
    expect((await readPaymentStatus(gateway(), resourcePath)).body.result?.code).toMatch(SUCCESS_RESULT);
    expect(tab.errors).toEqual([]);
  });
});
