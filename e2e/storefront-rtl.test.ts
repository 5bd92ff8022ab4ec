// Arabic, right to left, in every storefront of `pnpm demo` (core, static
// page, React, Vue, Angular on the merchant server; Next.js and Nuxt on their
// own servers, which read the browser's Accept-Language): with the browser in
// Arabic (ar-SA) the page says `lang="ar-SA" dir="rtl"` and its own texts are
// Arabic, amounts are written for ar-SA (Arabic-Indic digits, as Chromium
// formats them), the widget's locale is `ar` and its card form is right to
// left with the stand-in's Arabic texts, and the result page after paying is
// Arabic too. The same pages with the browser in English are English and
// left to right, so every check here can fail.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SUCCESS_CARD, acceptTerms, fillCard } from './support/shopper.js';
import { STOREFRONTS, cardForm, useStorefrontSession } from './support/storefront.js';

const APPS = ['next-storefront', 'nuxt-storefront'] as const;
const session = useStorefrontSession({ apps: [...APPS], locale: 'ar-SA' });

/** What a shopper reads in each language, as the pages and the stand-in widget write it. */
const EXPECTED = {
  'ar-SA': {
    dir: 'rtl',
    // Two teas and a kettle (the shops), the fixed basket (Next.js, Nuxt): Intl's ar-SA digits and separator.
    shopTotal: '٨٩٫٨٠',
    basketTotal: '٥٥٫٢٠',
    shopName: 'متجر الشاي',
    basketTitle: 'سلتك',
    /** The shops' own pay button label, with the amount. */
    payAmount: (total: string) => `ادفع ${total} EUR`,
    // The stand-in widget's own Arabic texts.
    cardNumberLabel: 'رقم البطاقة',
    payNow: 'ادفع الآن',
    paidTitle: 'شكرًا لك، تم تأكيد دفعتك',
    paid: (total: string) => `تم دفع ${total} EUR.`,
  },
  'en-US': {
    dir: 'ltr',
    shopTotal: '89.80',
    basketTotal: '55.20',
    shopName: 'Tea shop',
    basketTitle: 'Your basket',
    payAmount: (total: string) => `Pay ${total} EUR`,
    cardNumberLabel: 'Card Number',
    payNow: 'Pay now',
    paidTitle: 'Thank you, your payment is confirmed',
    paid: (total: string) => `${total} EUR paid.`,
  },
} as const;

type Language = keyof typeof EXPECTED;

/** One storefront as these tests walk through it. */
interface Walk {
  name: string;
  /** The page's own texts before the checkout (the shop with its products, or the basket) and its heading there. */
  heading(language: Language): string;
  /** The total the page shows. */
  total(language: Language): string;
  /** The widget's pay button: the shop's own label with the amount, or the widget's. */
  payButton(language: Language): string;
  resultPath: string;
  /** Opens the shop (the cart filled) or the basket, checks the page's texts, and goes to a ready payment form. */
  openCheckout(page: Page, language: Language): Promise<void>;
}

const headingIs = async (page: Page, text: string) => expect.poll(() => page.locator('h1').first().textContent()).toBe(text);

const SHOP_WALKS: Walk[] = STOREFRONTS.map(({ name, ready, result }) => ({
  name,
  heading: (language) => EXPECTED[language].shopName,
  total: (language) => EXPECTED[language].shopTotal,
  payButton: (language) => EXPECTED[language].payAmount(EXPECTED[language].shopTotal),
  resultPath: result,
  async openCheckout(page, language) {
    await page.goto(`${session.shop.merchant.url}/${name}/`);
    await page.click('button[data-product-id="tea-sencha"]');
    await page.click('button[data-product-id="tea-sencha"]');
    await page.click('button[data-product-id="kettle-iron"]');
    await expect.poll(() => page.locator('#cart-total').textContent()).toBe(this.total(language));
    await headingIs(page, this.heading(language));
    await page.click('#checkout');
    await page.waitForSelector(cardForm(ready));
  },
}));

const APP_WALKS: Walk[] = APPS.map((name) => ({
  name,
  heading: (language) => EXPECTED[language].basketTitle,
  total: (language) => EXPECTED[language].basketTotal,
  // These shops leave the pay button to the widget.
  payButton: (language) => EXPECTED[language].payNow,
  resultPath: '/result',
  async openCheckout(page, language) {
    const app = session.shop.apps.find((candidate) => candidate.name === name);
    if (!app) throw new Error(`${name} is not running`);
    await page.goto(`${app.url}/`);
    expect(await page.locator('#cart-total').textContent()).toBe(this.total(language));
    await headingIs(page, this.heading(language));
    await page.click('#checkout');
    await page.waitForSelector('[data-wpwl-status="ready"] .wpwl-form-card .wpwl-control-cardNumber');
  },
}));

/** The page's language and direction, and the widget's: its locale, its card form's `dir` and computed direction, its texts. */
function readLanguage(page: Page) {
  return page.evaluate(() => {
    const container = document.querySelector<HTMLElement>('.wpwl-container-card');
    return {
      lang: document.documentElement.lang,
      dir: document.documentElement.dir,
      pageDirection: getComputedStyle(document.body).direction,
      widgetLocale: (window as unknown as { wpwlOptions?: { locale?: string } }).wpwlOptions?.locale,
      formDir: container?.getAttribute('dir') ?? null,
      formDirection: container ? getComputedStyle(container).direction : undefined,
      cardNumberLabel: container?.querySelector('.wpwl-label-cardNumber')?.textContent?.trim(),
      payButton: container?.querySelector('.wpwl-button-pay')?.textContent?.trim(),
      amountDue: document.querySelector('#amount-due')?.textContent?.trim(),
    };
  });
}

describe.each([...SHOP_WALKS, ...APP_WALKS])('$name', (walk) => {
  it('with the browser in Arabic: the page and the widget in Arabic, right to left, amounts in ar-SA digits; paid, the result page too', async () => {
    const { tab } = session;
    const { page } = tab;
    await walk.openCheckout(page, 'ar-SA');
    const shown = await readLanguage(page);
    expect(shown).toEqual({
      lang: 'ar-SA',
      dir: 'rtl',
      pageDirection: 'rtl',
      widgetLocale: 'ar',
      formDir: 'rtl',
      formDirection: 'rtl',
      cardNumberLabel: EXPECTED['ar-SA'].cardNumberLabel,
      payButton: walk.payButton('ar-SA'),
      amountDue: expect.stringContaining(walk.total('ar-SA')),
    });

    await acceptTerms(page);
    await fillCard(page, SUCCESS_CARD);
    await page.click('.wpwl-button-pay');
    await page.waitForURL((url) => url.pathname === walk.resultPath);
    await page.locator('#result[data-state="success"]').waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar-SA', 'rtl']);
    expect(await page.locator('#result-title').textContent()).toBe(EXPECTED['ar-SA'].paidTitle);
    expect(await page.locator('#result-detail').textContent()).toContain(EXPECTED['ar-SA'].paid(walk.total('ar-SA')));
    expect(tab.errors).toEqual([]);
  });

  it('with the browser in English: the same pages in English, left to right', async () => {
    const tab = await session.openPage({ locale: 'en-US' });
    await walk.openCheckout(tab.page, 'en-US');
    expect(await readLanguage(tab.page)).toEqual({
      lang: 'en-US',
      dir: 'ltr',
      pageDirection: 'ltr',
      widgetLocale: 'en',
      // The stand-in marks only a right-to-left form; this one follows the page.
      formDir: expect.not.stringMatching(/rtl/),
      formDirection: 'ltr',
      cardNumberLabel: EXPECTED['en-US'].cardNumberLabel,
      payButton: walk.payButton('en-US'),
      amountDue: expect.stringContaining(walk.total('en-US')),
    });
    expect(tab.errors).toEqual([]);
  });
});

it("core storefront: on an Arabic page, a form switched to French is left to right, and Arabic again from the browser's choice", async () => {
  const { page } = session.tab;
  const [core] = SHOP_WALKS;
  await core!.openCheckout(page, 'ar-SA');
  await page.selectOption('[data-wpwl-language]', 'fr');
  await expect.poll(() => readLanguage(page).then((shown) => shown.widgetLocale)).toBe('fr');
  await page.waitForSelector(cardForm());
  expect(await readLanguage(page)).toMatchObject({ lang: 'ar-SA', dir: 'rtl', formDirection: 'ltr' });

  await page.selectOption('[data-wpwl-language]', '');
  await expect.poll(() => readLanguage(page).then((shown) => shown.widgetLocale)).toBe('ar');
  await page.waitForSelector(cardForm());
  expect(await readLanguage(page)).toMatchObject({ formDir: 'rtl', formDirection: 'rtl', cardNumberLabel: 'رقم البطاقة' });
});
