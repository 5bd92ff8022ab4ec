// Source: hobex/payon-react-spa, src/Payment.js (a React single-page shop).
//
// What it relies on, reproduced in our own code (pages/payon-spa.jsx): a
// view that sets window.wpwlOptions = {} while rendering, puts the widget's
// script into the head with react-helmet (swapped when the checkout id
// changes), keys the form's wrapper on the checkout id, and on unmount calls
// wpwl.unload() and removes the static.min.js scripts. When the shop swaps
// the checkout, the new script loads while the old widget was never unloaded
// (only the old form left the page): the widget must render the new checkout,
// not the old, and pay it.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { SUCCESS_CARD, SUCCESS_RESULT, fillCard, nextPayment } from '../support/shopper.js';
import { useCorpus } from './support/corpus.js';

const corpus = useCorpus();

beforeAll(async () => {
  await corpus.bundle(fileURLToPath(new URL('./pages/payon-spa.jsx', import.meta.url)), 'payon-spa');
  await corpus.page(
    'payon-spa',
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body><div id="app"></div><script type="module" src="/payon-spa.js"></script></body></html>',
  );
});

function renderedCheckouts(): string {
  return `Array.from(document.querySelectorAll('form.wpwl-form')).map((form) => /\\/checkouts\\/([^/]+)\\/payment/.exec(form.action)[1])`;
}

describe('React single-page shop (react-helmet script, keyed form, unload on unmount)', () => {
  it('a swapped checkout renders and pays the new checkout, never the old one', async () => {
    const [first, second] = await Promise.all([corpus.checkout(), corpus.checkout({ amount: '33.00' })]);
    const tab = await corpus.open(
      `${corpus.pagesUrl}/payon-spa.html?gateway=${encodeURIComponent(corpus.sandbox.url)}&checkout=${first.id}`,
    );
    const { page } = tab;
    await page.waitForSelector('.wpwl-form-card .wpwl-control-cardNumber');
    expect(await page.evaluate(renderedCheckouts())).toEqual([first.id]);

    await page.evaluate((id) => (window as unknown as { showCheckout(id: string): void }).showCheckout(id), second.id);
    await page.waitForFunction((id) => document.querySelector(`form.wpwl-form[action*="/${id}/"]`) !== null, second.id);
    expect(await page.evaluate(renderedCheckouts())).toEqual([second.id]);
    expect(await page.evaluate(() => (window as unknown as { wpwl?: { checkout?: { id?: string } } }).wpwl?.checkout?.id)).toBe(second.id);

    await fillCard(page, SUCCESS_CARD);
    const sent = await nextPayment(tab, () => page.click('.wpwl-button-pay'));
    expect(sent.get('card.number')).toBe(SUCCESS_CARD);
    const paid = tab.requestsTo('POST', /\/v1\/checkouts\/[^/]+\/payment$/);
    expect(paid.map((request) => new URL(request.url).pathname)).toEqual([`/v1/checkouts/${second.id}/payment`]);
    await page.waitForURL((url) => url.pathname === '/result.html');
    expect((await corpus.status(second.id)).body).toMatchObject({
      amount: '33.00',
      result: { code: expect.stringMatching(SUCCESS_RESULT) },
    });
    expect((await corpus.status(first.id)).body.result).toMatchObject({ code: '000.200.000' });
    expect(tab.errors).toEqual([]);
  });

  it('leaving the payment view unloads the widget: no form, no wpwl, no follow-up script left', async () => {
    const checkout = await corpus.checkout();
    const tab = await corpus.open(
      `${corpus.pagesUrl}/payon-spa.html?gateway=${encodeURIComponent(corpus.sandbox.url)}&checkout=${checkout.id}`,
    );
    const { page } = tab;
    await page.waitForSelector('.wpwl-form-card .wpwl-control-cardNumber');
    await page.evaluate(() => (window as unknown as { showCheckout(id: null): void }).showCheckout(null));
    await page.waitForSelector('#left');
    const left = await page.evaluate(() => ({
      forms: document.querySelectorAll('.wpwl-container, .wpwl-form').length,
      wpwl: 'wpwl' in window && (window as unknown as { wpwl?: unknown }).wpwl !== undefined,
      scripts: Array.from(document.scripts).filter((s) => /paymentWidgets\.js|static\.min\.js/.test(s.src)).length,
    }));
    expect(left).toEqual({ forms: 0, wpwl: false, scripts: 0 });
    expect(tab.errors).toEqual([]);
  });
});
