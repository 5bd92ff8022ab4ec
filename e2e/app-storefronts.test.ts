// The server-rendered storefronts (Next.js App Router on @wpwl/react, Nuxt on
// @wpwl/nuxt), started as `pnpm demo` starts them (their own server processes
// on the demo's sandbox), in real Chromium: the server's HTML already asks for
// the widget script (preload with integrity, plus a preconnect), which the
// widget's tag then reuses; a shopper pays, is declined and tries again, passes
// or fails 3-D Secure, outlasts the checkout and starts a new one, and leaves
// the checkout and comes back — one script request for the checkout shown and
// nothing logged.
import { describe, expect, it } from 'vitest';
import { DECLINE_CARD, SUCCESS_CARD, THREE_D_SECURE_CARD, answerThreeDSecure, fillCard, renderedCheckouts } from './support/shopper.js';
import {
  expectDeclinedPage,
  expectNothingInternalShown,
  expectPaidPage,
  payAndWaitForResult,
  useStorefrontSession,
} from './support/storefront.js';
import type { Page, Response } from 'playwright-core';
import type { TestPage } from './support/browser.js';

/** The server-rendered storefronts; both keep the same pages and ids. */
const APP_STOREFRONTS = [
  // `hydrated`: true once the framework has taken over the server's HTML (links then navigate on the client):
  // Next's router announcer is added then, and Vue puts the app on its root element.
  // `ownScripts`: where the app's own JavaScript comes from; the checkout page's server HTML starts the widget
  // itself (the binding's serverStart) before that JavaScript has run. `readyBeforeApp`: the widget, which
  // renders once the document is parsed, is then ready before the app's JavaScript has run too: Next's scripts
  // are async, while Nuxt's entry is a module script, which the end of parsing (DOMContentLoaded) waits for.
  {
    name: 'next-storefront',
    keeps: 'hidden',
    hydrated: "document.querySelector('next-route-announcer') !== null",
    ownScripts: '/_next/static/',
    readyBeforeApp: true,
  },
  {
    name: 'nuxt-storefront',
    keeps: 'detached',
    hydrated: "document.getElementById('__nuxt')?.__vue_app__ !== undefined",
    ownScripts: '/_nuxt/',
    readyBeforeApp: false,
  },
] as const;

const session = useStorefrontSession({ apps: APP_STOREFRONTS.map((app) => app.name) });

// The card form of a widget that says it is ready: on a checkout page loaded from the server, the one the
// server's HTML started (ready before the page has hydrated), else the component's.
const READY = '[data-wpwl-status="ready"] .wpwl-form-card .wpwl-control-cardNumber';
/** The component has taken the widget over: its status in words comes from a callback. */
const TAKEN_OVER = '#payment-status:not(:empty)';
const BASKET_PAID = '55.20 EUR paid';
const MINUTE = 60_000;

function appUrl(name: string): string {
  const app = session.shop.apps.find((candidate) => candidate.name === name);
  if (!app) throw new Error(`${name} is not running`);
  return app.url;
}

/** The widget script requests the page sent, by checkout id. */
function scriptRequests(tab: TestPage): string[] {
  return tab.requestsTo('GET', '/v1/paymentWidgets.js').map((request) => new URL(request.url).searchParams.get('checkoutId') ?? '?');
}

/** The checkout id of the card form on show (exactly one must be, once the page has settled). */
async function shownCheckout(tab: TestPage): Promise<string> {
  const visibleForms = () =>
    tab.page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLFormElement>('form.wpwl-form-card'))
        .filter((form) => form.checkVisibility())
        .map((form) => /\/checkouts\/([^/]+)\/payment/.exec(form.action)?.[1] ?? '?'),
    );
  await expect.poll(visibleForms).toHaveLength(1);
  return (await visibleForms())[0]!;
}

describe.each(APP_STOREFRONTS)('$name', ({ name, keeps, hydrated, ownScripts, readyBeforeApp }) => {
  /**
   * Waits until the framework has hydrated the page. Not page.waitForFunction: when its first look
   * is false it polls with eval inside the page, which the page's own CSP (no 'unsafe-eval') refuses.
   */
  const untilHydrated = (page: Page) => expect.poll(() => page.evaluate(hydrated), { timeout: 15_000 }).toBe(true);
  /** Clicks a link once the page is hydrated: before that, a click is an ordinary page load. */
  const clickLink = async (page: Page, selector: string) => {
    await untilHydrated(page);
    await page.click(selector);
  };

  it("the checkout page's server HTML preloads the widget script (integrity, CORS, preconnect), and the widget's tag reuses it", async () => {
    const url = appUrl(name);
    const html = await (await fetch(`${url}/checkout`)).text();
    const preload = /<link[^>]*rel="preload"[^>]*paymentWidgets\.js[^>]*>|<link[^>]*paymentWidgets\.js[^>]*rel="preload"[^>]*>/.exec(
      html,
    )?.[0];
    expect(preload, 'a preload link for the widget script in the server HTML').toBeDefined();
    expect(preload).toMatch(/as="script"/);
    expect(preload).toMatch(/integrity="sha384-[A-Za-z0-9+/=]+"/);
    expect(preload).toMatch(/crossorigin=""|crossorigin="anonymous"/i);
    expect(preload).toContain(`href="${session.shop.gateway.gateway.baseUrl}/v1/paymentWidgets.js?checkoutId=`);
    expect(html).toMatch(new RegExp(`<link[^>]*rel="preconnect"[^>]*href="${session.shop.gateway.gateway.baseUrl}"`));

    const { page } = session.tab;
    await page.goto(`${url}/checkout`);
    await page.waitForSelector(READY);
    const checkoutId = await shownCheckout(session.tab);
    // The preload and the widget's own tag: one download between them.
    expect(scriptRequests(session.tab)).toEqual([checkoutId]);
    expect(session.tab.errors).toEqual([]);
  });

  it(`the server's HTML starts the widget before the app's own JavaScript has run${readyBeforeApp ? ' (ready then; a payment started then is sent once the page has hydrated)' : ''}`, async () => {
    const { tab } = session;
    const { page } = tab;
    // The app's scripts are held back: what the shopper gets first is the server's HTML alone.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith(ownScripts) && url.pathname.endsWith('.js'),
      async (route) => {
        await released;
        await route.continue();
      },
    );
    try {
      await page.goto(`${appUrl(name)}/checkout`, { waitUntil: 'commit' });
      await page.waitForSelector('script[src*="/v1/paymentWidgets.js"][data-wpwl-state]', { state: 'attached' });
      if (readyBeforeApp) {
        await page.waitForSelector(READY);
        const checkoutId = await shownCheckout(tab);
        await fillCard(page, SUCCESS_CARD);
        await page.click('.wpwl-button-pay');
        // Held back: no hook of the page's could check it yet.
        await page.waitForTimeout(300);
        expect(tab.requestsTo('POST', `/v1/checkouts/${checkoutId}/payment`)).toHaveLength(0);
      }
      expect(await page.evaluate(hydrated)).toBe(false);
      expect(await page.locator('#payment-status').textContent()).toBe('');
    } finally {
      release();
    }
    if (!readyBeforeApp) {
      await page.waitForSelector(READY);
      await fillCard(page, SUCCESS_CARD);
      await page.click('.wpwl-button-pay');
    }
    await page.waitForURL((url) => url.pathname === '/result');
    await expectPaidPage(page, BASKET_PAID);
    expect(scriptRequests(tab)).toHaveLength(1);
    expect(tab.errors).toEqual([]);
  });

  it('a page without a widget ships no widget controller, though the app-wide widget defaults are in place', async () => {
    const { page } = session.tab;
    // The result page of an unknown checkout: no widget, and no link to the checkout whose code the router would prefetch.
    const scripts: Array<Promise<{ url: string; controller: boolean }>> = [];
    const record = (response: Response) => {
      if (response.request().resourceType() !== 'script') return;
      // The loader's script path is in every build of the controller (it names the script to load).
      scripts.push(response.text().then((body) => ({ url: response.url(), controller: body.includes('paymentWidgets.js') })));
    };
    page.on('response', record);
    await page.goto(`${appUrl(name)}/result?id=none`);
    await page.locator('#result-title').waitFor();
    await page.waitForLoadState('networkidle');
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((script) => script.controller).map((script) => script.url)).toEqual([]);

    // The checkout page brings it.
    await page.goto(`${appUrl(name)}/checkout`);
    await page.waitForSelector(READY);
    expect((await Promise.all(scripts)).some((script) => script.controller)).toBe(true);
    page.off('response', record);
  });

  it("the demo's index page links it", async () => {
    const index = await (await fetch(`${session.shop.merchant.url}/`)).text();
    expect(index).toContain(`<a href="${appUrl(name)}/">`);
  });

  it('pays from the basket, and the result page verified on the server says so; the token never reaches the browser', async () => {
    const { page } = session.tab;
    await page.goto(`${appUrl(name)}/`);
    expect(await page.locator('#cart-total').textContent()).toBe('55.20');
    await clickLink(page, '#checkout');
    await page.waitForSelector(READY);
    // The status in words comes from a callback: in Next, from the client wrapper around <PaymentWidget>.
    await expect.poll(() => page.locator('#payment-status').textContent()).toBe('Enter your card details.');
    await fillCard(page, SUCCESS_CARD);
    await payAndWaitForResult(page, '/result');
    await expectPaidPage(page, BASKET_PAID);

    const token = session.shop.gateway.gateway.accessToken;
    expect(session.tab.requests.some((r) => r.url.includes(token) || r.postData?.includes(token))).toBe(false);
    expect(await page.content()).not.toContain(token);
    expect(session.tab.errors).toEqual([]);
  });

  it('declined: words for the shopper, then "Try again" opens a new checkout that pays', async () => {
    const { page } = session.tab;
    await page.goto(`${appUrl(name)}/checkout`);
    await page.waitForSelector(READY);
    const declined = await shownCheckout(session.tab);
    await fillCard(page, DECLINE_CARD);
    await payAndWaitForResult(page, '/result');
    await expectDeclinedPage(page);

    await page.click('#try-again');
    await page.waitForSelector(READY);
    expect(await shownCheckout(session.tab)).not.toBe(declined);
    await fillCard(page, SUCCESS_CARD);
    await payAndWaitForResult(page, '/result');
    await expectPaidPage(page, BASKET_PAID);
  });

  it('3-D Secure in the widget: passed pays, failed says so in words', async () => {
    const { page } = session.tab;
    for (const outcome of ['complete', 'fail'] as const) {
      await page.goto(`${appUrl(name)}/checkout`);
      await page.waitForSelector(READY);
      await fillCard(page, THREE_D_SECURE_CARD);
      await page.click('.wpwl-button-pay');
      await answerThreeDSecure(page, outcome);
      await page.waitForURL((url) => url.pathname === '/result');
      if (outcome === 'complete') {
        await expectPaidPage(page, BASKET_PAID);
      } else {
        await page.waitForSelector('#result[data-state="failure"]');
        expect(await page.locator('#result-detail').textContent()).toContain('card authentication (3-D Secure) did not succeed');
        await expectNothingInternalShown(page);
      }
    }
  });

  it('an expired checkout says so and offers a new one, which pays', async () => {
    const { page } = session.tab;
    await page.clock.install();
    await page.goto(`${appUrl(name)}/checkout`);
    await page.waitForSelector(READY);
    // The component counts the checkout's time from when it takes the widget over.
    await page.waitForSelector(TAKEN_OVER);
    const [first] = await renderedCheckouts(page);

    await page.clock.fastForward(31 * MINUTE);
    const notice = page.locator('[data-wpwl-expired]');
    await notice.waitFor({ state: 'visible' });
    expect(await notice.textContent()).toContain('expired');
    expect(await page.locator('.wpwl-form-card').count()).toBe(0);

    await notice.locator('a').click();
    await page.waitForSelector(READY);
    expect(await shownCheckout(session.tab)).not.toBe(first);
    await fillCard(page, SUCCESS_CARD);
    await payAndWaitForResult(page, '/result');
    await expectPaidPage(page, BASKET_PAID);
  });

  it('the checkout link, in view and pointed at, prepares no checkout at the gateway; following it prepares one', async () => {
    // The router prefetches links: a prefetch that ran the checkout page's server code would prepare a
    // gateway checkout for every shopper who only looked at the basket. (Next.js fetches the checkout
    // route's static part only; with prefetch={true} on the link, tried, it still prepares none.)
    const checkoutsPrepared = () => session.gatewayRequests.filter((line) => line.startsWith('POST /v1/checkouts ->')).length;
    const { page } = session.tab;
    await page.goto(`${appUrl(name)}/`);
    await untilHydrated(page);
    await page.hover('#checkout');
    await page.waitForLoadState('networkidle');
    expect(checkoutsPrepared()).toBe(0);

    await page.click('#checkout');
    await page.waitForSelector(READY);
    expect(checkoutsPrepared()).toBe(1);
    expect(session.tab.errors).toEqual([]);
  });

  it('away to the basket and back: one script request for the checkout shown (per showing, once wallet buttons had the page), nothing logged, and it pays', async () => {
    const { tab } = session;
    const { page } = tab;
    await page.goto(`${appUrl(name)}/`);
    await clickLink(page, '#checkout');
    await page.waitForSelector(READY);
    const before = await shownCheckout(tab);

    // Client-side navigation both ways (the router, not a page load).
    const documents = () => tab.requests.filter((r) => r.resourceType === 'document').length;
    const loads = documents();
    await clickLink(page, '#back-to-basket');
    await page.locator('#cart-total').waitFor({ state: 'visible' });
    // The checkout page is kept: hidden in the document by Next's router (React's <Activity>: effects
    // cleaned up, DOM kept), or out of it by Vue's <KeepAlive> (the Nuxt page's keepalive).
    expect(await page.locator('#payment').count()).toBe(keeps === 'hidden' ? 1 : 0);
    expect(await page.locator('#payment').isVisible()).toBe(false);
    await clickLink(page, '#checkout');
    await page.waitForSelector(READY);
    expect(documents()).toBe(loads);

    const shown = await shownCheckout(tab);
    // Kept alive out of the document, the page comes back as it was: the same checkout.
    if (keeps === 'detached') expect(shown).toBe(before);
    // The basket's wallet buttons load the script without a checkout id ('?'): express checkout.
    const requested = scriptRequests(tab).filter((id) => id !== '?');
    if (scriptRequests(tab).includes('?')) {
      // Those buttons had the page's one widget meanwhile, so the kept checkout page, shown again,
      // loads its checkout's script once more: Nuxt's <KeepAlive> shows it as it was; Next's router
      // shows it with the new checkout, which the widget loads at once (never the one it was hidden with).
      expect(requested).toEqual([before, shown]);
    } else {
      expect(requested.filter((id) => id === shown)).toHaveLength(1);
      // Each checkout's script at most once, the one left behind included.
      expect(new Set(requested).size).toBe(requested.length);
      expect(requested).toContain(before);
    }
    expect(tab.errors).toEqual([]);

    await fillCard(page, SUCCESS_CARD);
    await payAndWaitForResult(page, '/result');
    await expectPaidPage(page, BASKET_PAID);
    expect(tab.errors).toEqual([]);
  });
});
