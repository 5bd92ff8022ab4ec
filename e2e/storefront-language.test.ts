// The payment form speaks the shopper's language in every storefront: the
// browser's first language the widget has (through core's preferredLocale),
// English when it has none of them; the core storefront also lets the shopper
// switch the form's language.
import { describe, expect, it } from 'vitest';
import { STOREFRONTS, fillCartAndCheckout, useStorefrontSession } from './support/storefront.js';

const session = useStorefrontSession();

/** Makes the page's browser prefer `languages`, before any of its scripts run. */
const preferLanguages = (languages: string[]) =>
  session.tab.page.addInitScript((list) => Object.defineProperty(navigator, 'languages', { get: () => list }), languages);

const widgetLocale = () =>
  session.tab.page.evaluate(() => (window as unknown as { wpwlOptions?: { locale?: string } }).wpwlOptions?.locale);

describe.each(STOREFRONTS)('$name', ({ name, ready }) => {
  it("the form is in the browser's first language the widget has", async () => {
    await preferLanguages(['uk-UA', 'de-AT', 'en']);
    await fillCartAndCheckout(session.tab.page, `${session.shop.merchant.url}/${name}/`, ready);
    expect(await widgetLocale()).toBe('de');
  });

  it('English when the widget has none of the browser languages, and the form still loads', async () => {
    await preferLanguages(['uk-UA', 'hy']); // Ukrainian, Armenian: in no list of the widget's
    await fillCartAndCheckout(session.tab.page, `${session.shop.merchant.url}/${name}/`, ready);
    expect(await widgetLocale()).toBe('en');
    expect(session.tab.errors).toEqual([]);
  });
});

it('core storefront: the shopper switches the form to French, and back to the browser language', async () => {
  const { page } = session.tab;
  await preferLanguages(['de-DE']);
  await fillCartAndCheckout(page, `${session.shop.merchant.url}/core-storefront/`);
  expect(await widgetLocale()).toBe('de');
  await page.selectOption('[data-wpwl-language]', 'fr');
  await expect.poll(widgetLocale).toBe('fr');
  await page.waitForSelector('.wpwl-form-card .wpwl-control-cardNumber');
  expect(await page.locator('form.wpwl-form').count()).toBe(1);
  await page.selectOption('[data-wpwl-language]', '');
  await expect.poll(widgetLocale).toBe('de');
});
