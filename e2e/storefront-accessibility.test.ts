// Every page and state a shopper meets in the storefronts of `pnpm demo`
// (core, static page, React, Vue, Angular on the merchant server; Next.js and
// Nuxt on their own servers), checked with axe-core against WCAG 2.0, 2.1 and 2.2 at
// levels A and AA in Chromium, with the browser set to Arabic (ar-SA) as
// the shoppers who found the first violations had it: the shop with a cart,
// the payment form ready (in English too), expiring soon, expired, the
// widget script failing to load, a payment on its way, the sandbox's 3-D
// Secure page in the widget, and the result page paid, declined, pending and
// 3-D Secure failed. Zero violations everywhere; and a check that a label
// taken away is reported, so the zero means something.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { checkAccessibility, describeViolations, type AxeExclusion } from './support/axe.js';
import { holdRequests } from './support/browser.js';
import {
  DECLINE_CARD,
  PAYMENT_POST,
  SUCCESS_CARD,
  THREE_D_SECURE_CARD,
  acceptTerms,
  fillCard,
  renderedCheckouts,
} from './support/shopper.js';
import { STOREFRONTS, cardForm, useStorefrontSession } from './support/storefront.js';

const APPS = ['next-storefront', 'nuxt-storefront'] as const;
const session = useStorefrontSession({ apps: [...APPS], locale: 'ar-SA' });
const MINUTE = 60_000;

/**
 * What the check leaves out, each with its reason. Empty: every element of
 * every page is checked, the payment widget's and the 3-D Secure page's included.
 */
const NOT_CHECKED: AxeExclusion[] = [];

/** One storefront as these tests walk through it: its shop, its checkout and its result page. */
interface Walk {
  name: string;
  /** Where the result page is, on the storefront's origin. */
  resultPath: string;
  /** The storefront's origin. */
  origin(): string;
  /** What shows once the checkout is about to expire: the shop's warning, or the widget's own marker where the shop has none. */
  expiringSoon: string;
  /** The form's language for a browser set to Arabic: the browser's, in every storefront. */
  formLocaleInArabic: string;
  /** Opens the shop with the cart filled (the merchant server's shops) or the basket (the server-rendered ones). */
  openShop(page: Page): Promise<void>;
  /** From the shop, opens the payment and waits for it to settle in a status (`ready` unless the script fails). */
  goToPayment(page: Page, status?: 'ready' | 'error'): Promise<void>;
  /** From a declined result, "try again" back to a ready payment form. */
  tryAgain(page: Page): Promise<void>;
}

/** The cart's total of two teas and a kettle, as the page writes it: in ar-SA digits on an Arabic page. */
const CART_TOTAL = /^(?:89\.80|٨٩٫٨٠)$/;

const widgetIn = (page: Page, status: string) => page.locator(`[data-wpwl-status="${status}"]`).first().waitFor({ state: 'attached' });

const SHOP_WALKS: Walk[] = STOREFRONTS.map(({ name, ready, result }) => ({
  name,
  resultPath: result,
  origin: () => session.shop.merchant.url,
  expiringSoon: '[data-wpwl-expiry-warning]:visible',
  formLocaleInArabic: 'ar',
  async openShop(page) {
    await page.goto(`${session.shop.merchant.url}/${name}/`);
    await page.click('button[data-product-id="tea-sencha"]');
    await page.click('button[data-product-id="tea-sencha"]');
    await page.click('button[data-product-id="kettle-iron"]');
    await expect.poll(() => page.locator('#cart-total').textContent()).toMatch(CART_TOTAL);
  },
  async goToPayment(page, status = 'ready') {
    await page.click('#checkout');
    if (status === 'ready') await page.waitForSelector(cardForm(ready));
    else await widgetIn(page, status);
  },
  async tryAgain(page) {
    await page.click('#try-again');
    await page.locator('#cart-total').filter({ hasText: CART_TOTAL }).waitFor();
    await this.goToPayment(page);
  },
}));

const READY_APP_FORM = '[data-wpwl-status="ready"] .wpwl-form-card .wpwl-control-cardNumber';

const APP_WALKS: Walk[] = APPS.map((name) => {
  const origin = () => {
    const app = session.shop.apps.find((candidate) => candidate.name === name);
    if (!app) throw new Error(`${name} is not running`);
    return app.url;
  };
  return {
    name,
    resultPath: '/result',
    origin,
    expiringSoon: '[data-wpwl-expiring-soon]',
    formLocaleInArabic: 'ar',
    async openShop(page) {
      await page.goto(`${origin()}/`);
      await page.locator('#cart-total').waitFor();
    },
    async goToPayment(page, status = 'ready') {
      await page.click('#checkout');
      if (status === 'ready') await page.waitForSelector(READY_APP_FORM);
      else await widgetIn(page, status);
    },
    async tryAgain(page) {
      await page.click('#try-again');
      await page.waitForSelector(READY_APP_FORM);
    },
  };
});

const WALKS = [...SHOP_WALKS, ...APP_WALKS];

/** Checks the page as it is now; a soft expectation, so one run names every state that fails. */
async function expectAccessible(page: Page, state: string): Promise<void> {
  const violations = await checkAccessibility(page, NOT_CHECKED);
  expect.soft(violations.length, `${state} (${page.url()}):\n${describeViolations(violations)}\n`).toBe(0);
}

/** Pays with `card`, the payment's request held until `whileSending` has looked at the page. */
async function pay(page: Page, card: string, whileSending?: () => Promise<void>): Promise<void> {
  await acceptTerms(page);
  await fillCard(page, card);
  if (!whileSending) {
    await page.click('.wpwl-button-pay');
    return;
  }
  const held = await holdRequests(page, (request) => request.method() === 'POST' && PAYMENT_POST.test(new URL(request.url()).pathname));
  await page.click('.wpwl-button-pay');
  const payment = await held.next();
  await widgetIn(page, 'submitting');
  await whileSending();
  await payment.continue();
  await held.passThrough();
}

async function landOnResult(page: Page, walk: Walk, state: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === walk.resultPath);
  await page.locator(`#result[data-state="${state}"]`).waitFor();
}

describe.each(WALKS)('$name', (walk) => {
  it('the shop with a cart, the form ready, expiring soon, expired, and a checkout not paid yet: no violations', async () => {
    const { page } = session.tab;
    await page.clock.install();
    await walk.openShop(page);
    await expectAccessible(page, 'shop with a cart');

    await walk.goToPayment(page);
    const [checkoutId] = await renderedCheckouts(page);
    expect(await page.locator('.wpwl-container-card').getAttribute('lang')).toBe(walk.formLocaleInArabic);
    await expectAccessible(page, 'payment form ready (ar-SA)');

    await page.clock.fastForward(25 * MINUTE + 1_000);
    await page.locator(walk.expiringSoon).waitFor({ state: 'attached' });
    await expectAccessible(page, 'expiring soon');

    await page.clock.fastForward(6 * MINUTE);
    await page.locator('[data-wpwl-expired]').first().waitFor();
    await expectAccessible(page, 'expired');

    // The shopper back from the gateway without having paid: the result page says "being processed".
    const resourcePath = encodeURIComponent(`/v1/checkouts/${checkoutId}/payment`);
    await page.goto(`${walk.origin()}${walk.resultPath}?id=${checkoutId}&resourcePath=${resourcePath}`);
    await page.locator('#result[data-state="pending"]').waitFor();
    await expectAccessible(page, 'result: pending');
  });

  it('the form ready with the browser in English: no violations', async () => {
    const { page } = await session.openPage({ locale: 'en-US' });
    await walk.openShop(page);
    await walk.goToPayment(page);
    await expectAccessible(page, 'payment form ready (en-US)');
  });

  it('the widget script failing, a payment on its way, the 3-D Secure page, and 3-D Secure failed: no violations', async () => {
    const { page } = session.tab;
    const widgetScript = /\/v1\/paymentWidgets\.js/;
    await page.route(widgetScript, (route) => route.abort());
    await walk.openShop(page);
    await walk.goToPayment(page, 'error');
    await page.locator('[data-wpwl-retry]').first().waitFor();
    await expectAccessible(page, 'load error');

    await page.unroute(widgetScript);
    await page.locator('[data-wpwl-retry]').first().click();
    await widgetIn(page, 'ready');
    await page.waitForSelector(cardForm());
    await pay(page, THREE_D_SECURE_CARD, () => expectAccessible(page, 'paying'));

    const issuer = page.frameLocator('iframe.wpwl-control-threeDSecure');
    await issuer.locator('#fail').waitFor();
    await expectAccessible(page, 'the sandbox 3-D Secure page, in the widget');
    await issuer.locator('#fail').click();
    await landOnResult(page, walk, 'failure');
    await expectAccessible(page, 'result: 3-D Secure failed');
  });

  it('result pages declined and paid: no violations', async () => {
    const { page } = session.tab;
    await walk.openShop(page);
    await walk.goToPayment(page);
    await pay(page, DECLINE_CARD);
    await landOnResult(page, walk, 'failure');
    await expectAccessible(page, 'result: declined');

    await walk.tryAgain(page);
    await pay(page, SUCCESS_CARD);
    await landOnResult(page, walk, 'success');
    await expectAccessible(page, 'result: paid');
  });
});

describe('the check can fail', () => {
  it('a label taken away, from a storefront field or from the widget card number, is reported with its element', async () => {
    const { page } = session.tab;
    const [core] = SHOP_WALKS;
    await core!.openShop(page);
    await core!.goToPayment(page);
    expect(await checkAccessibility(page)).toEqual([]);

    // The core storefront's language chooser without its <label>.
    await page.locator('label[for="language"]').evaluate((label) => label.remove());
    expect(await checkAccessibility(page)).toContainEqual(expect.objectContaining({ rule: 'select-name', target: '#language' }));

    // The widget's card number without whatever names it (a label, aria-label, aria-labelledby, title or placeholder).
    await page.locator('.wpwl-control-cardNumber').evaluate((field) => {
      for (const label of (field as HTMLInputElement).labels ?? []) label.replaceWith(...Array.from(label.childNodes));
      for (const name of ['aria-label', 'aria-labelledby', 'title', 'placeholder']) field.removeAttribute(name);
    });
    const unlabelled = (await checkAccessibility(page)).filter((v) => v.rule === 'label');
    expect(unlabelled).toHaveLength(1);
    // axe names the element by whatever selector finds it (an id, its classes): it is the card number.
    await expect(page.locator(unlabelled[0]!.target).evaluate((field) => field.matches('.wpwl-control-cardNumber'))).resolves.toBe(true);
  });

  it("inside the sandbox's 3-D Secure page (another origin, in the widget's iframe): a button without a name is reported there", async () => {
    const { page } = session.tab;
    const [core] = SHOP_WALKS;
    await core!.openShop(page);
    await core!.goToPayment(page);
    await pay(page, THREE_D_SECURE_CARD);
    const issuer = page.frameLocator('iframe.wpwl-control-threeDSecure');
    await issuer.locator('#complete').waitFor();
    expect(await checkAccessibility(page)).toEqual([]);

    await issuer.locator('#complete').evaluate((button) => button.replaceChildren());
    expect(await checkAccessibility(page)).toContainEqual(
      expect.objectContaining({ rule: 'button-name', target: expect.stringMatching(/iframe.* >>> #complete$/) }),
    );
  });
});
