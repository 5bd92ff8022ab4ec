// Each binding (core used directly, React, Vue, the Lit element) handed bad
// input, placed inside a page form, or mounted twice on one page, in real
// Chromium on small per-binding pages (pages/): bad input and a nested form
// end in a coded error with nothing injected, bad input with no script
// requested either (a nested form shows only at mount, after the controller
// has started downloading the script, which then never runs); of two
// widgets on one page the later owns the slot, the earlier reports
// `destroyed`, and only one form is there to submit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestPage, watchForAbsence } from '../support/browser.js';
import { createCheckout, readPaymentStatus } from '../support/gateway.js';
import { fillCard } from '../support/shopper.js';
import { bindingsUnderTest, harnessOf, openBindingPage, useHardeningWorld } from './support/pages.js';
import { PAYMENT_POST, SUCCESS_CARD, WIDGET_SCRIPT } from './support/shop.js';

const { bindings, unbuilt } = bindingsUnderTest();
/** Well-formed but never prepared: bad-input cases must not get as far as using it. */
const SOME_ID = '8ac7a4a27d1e4f0f017d1e6b2c8a1c2d.sbx01-vm-tx01';

const world = useHardeningWorld(bindings);

const valid = (checkoutId = SOME_ID): Record<string, unknown> => ({
  checkoutId,
  brands: 'VISA MASTER',
  shopperResultUrl: `${world.pages.url}/result.html`,
  baseUrl: world.sandbox.url,
});

const BAD_INPUTS: Array<[string, Record<string, unknown>, string]> = [
  ['checkout id with markup', { checkoutId: '<img src=x onerror="document.title=1">' + 'a'.repeat(24) }, 'INVALID_CHECKOUT_ID'],
  ['checkout id with quotes', { checkoutId: `${'a'.repeat(20)}"'><script>x</script>` }, 'INVALID_CHECKOUT_ID'],
  ['brands with spaces inside a code', { brands: ['VISA MASTER'] }, 'INVALID_BRAND'],
  ['brands with markup', { brands: 'VISA <img src=x onerror=alert(1)>' }, 'INVALID_BRAND'],
  ['customParameters without SHOPPER_', { customParameters: { orderId: '42' } }, 'INVALID_CUSTOM_PARAMETER'],
  ['a javascript: result URL', { shopperResultUrl: 'javascript:alert(document.domain)' }, 'INVALID_SHOPPER_RESULT_URL'],
  ['an http base URL off loopback', { baseUrl: 'http://gateway.example.com' }, 'INVALID_BASE_URL'],
  ['a malformed integrity', { integrity: 'sha384-not base64!' }, 'INVALID_INTEGRITY'],
  ['an unknown locale', { locale: 'tlh-Klingon' }, 'INVALID_LOCALE'],
];

const openPage = (binding: string) => openBindingPage(world.browser, world.pages, binding);
const harness = harnessOf;

/**
 * What a refused widget must not have left on the page. `preloaded`: the
 * config was valid, so the controller preloaded the script when it was created
 * (one download, never run: no tag, no globals).
 */
async function nothingInjected(tab: TestPage, preloaded = false): Promise<void> {
  if (preloaded) await expect.poll(() => tab.requestsTo('GET', WIDGET_SCRIPT).length).toBe(1);
  else expect(tab.requestsTo('GET', WIDGET_SCRIPT)).toEqual([]);
  const left = await tab.page.evaluate(() => ({
    options: 'wpwlOptions' in window,
    forms: document.querySelectorAll('form.paymentWidgets, .wpwl-form').length,
    scripts: document.querySelectorAll('script[src*="paymentWidgets.js"]').length,
    images: document.querySelectorAll('img').length,
    title: document.title,
  }));
  expect(left).toEqual({ options: false, forms: 0, scripts: 0, images: 0, title: 'wpwl hardening page' });
}

it.each(unbuilt)('@wpwl/%s is built (pnpm build) so its page can run', (name) => {
  throw new Error(`packages/${name} has a build script but no build output: run pnpm build`);
});

describe.each(bindings)('%s', (binding) => {
  describe('bad input: a coded error, no script requested', () => {
    let tab: TestPage;
    beforeAll(async () => {
      tab = await openPage(binding);
    });
    afterAll(async () => {
      await tab?.close();
    });

    it.each(BAD_INPUTS)('%s → %s', async (name, change, code) => {
      const page = harness(tab);
      const id = name.replace(/\W+/g, '-');
      await page.mount({ id, config: { ...valid(), ...change } });
      await expect.poll(() => page.status(id)).toBe('error');
      const host = tab.page.locator(`[data-host="${id}"]`);
      await expect.poll(() => host.getAttribute('data-wpwl-error-code')).toBe(code);
      const error = (await page.events()).find((event) => event.id === id && event.type === 'error');
      expect(error?.code).toBe(code);
      // The message names the rule without echoing the markup it refused.
      expect(error?.message).not.toMatch(/<img|<script|onerror|alert\(|document\./);
      await nothingInjected(tab);
      await page.unmount(id);
    });
  });

  it("inside the page's own <form>: NESTED_FORM naming that form, nothing injected", async () => {
    const tab = await openPage(binding);
    try {
      const page = harness(tab);
      await page.mount({ id: 'nested', config: valid(), nested: true });
      await expect.poll(() => page.status('nested')).toBe('error');
      const error = (await page.events()).find((event) => event.type === 'error');
      expect(error?.code).toBe('NESTED_FORM');
      expect(error?.message).toContain('form#order-form');
      expect(await tab.page.locator('[data-host="nested"]').getAttribute('data-wpwl-error-code')).toBe('NESTED_FORM');
      await nothingInjected(tab, true);
      // The refusal takes the preload link away at once: nothing of the widget stays on the page.
      const preloads = tab.page.locator('link[href*="/v1/paymentWidgets.js"]');
      expect(await preloads.count()).toBe(0);
      await page.unmount('nested');
      expect(await preloads.count()).toBe(0);
      expect(tab.requestsTo('GET', WIDGET_SCRIPT)).toHaveLength(1);
    } finally {
      await tab.close();
    }
  });

  it('two widgets on one page: the later owns the slot, the earlier reports destroyed, one form submits once', async () => {
    const [first, second] = await Promise.all([createCheckout(world.gateway), createCheckout(world.gateway)]);
    const tab = await openPage(binding);
    try {
      const page = harness(tab);
      await page.mount({ id: 'first', config: valid(first.id) });
      await expect.poll(() => page.status('first'), { timeout: 10_000 }).toBe('ready');
      await page.mount({ id: 'second', config: valid(second.id) });
      await expect.poll(() => page.status('second'), { timeout: 10_000 }).toBe('ready');
      expect(await page.status('first')).toBe('destroyed');
      expect((await page.events()).some((e) => e.id === 'first' && e.type === 'status' && e.status === 'destroyed')).toBe(true);
      // A re-rendering binding would fight back for the slot in this window: it must not.
      await watchForAbsence(tab.page);
      expect([await page.status('first'), await page.status('second')]).toEqual(['destroyed', 'ready']);

      const forms = tab.page.locator('.wpwl-form-card');
      expect(await forms.count()).toBe(1);
      expect(await tab.page.locator('[data-host="second"] .wpwl-form-card').count()).toBe(1);
      expect(await tab.page.locator('script[src*="/v1/paymentWidgets.js"]').count()).toBe(1);

      await fillCard(tab.page, SUCCESS_CARD);
      await tab.page.dblclick('.wpwl-button-pay');
      await tab.page.waitForURL((url) => url.pathname === '/result.html');
      expect(tab.requestsTo('POST', PAYMENT_POST).map((r) => new URL(r.url).pathname)).toEqual([`/v1/checkouts/${second.id}/payment`]);
      expect((await readPaymentStatus(world.gateway, `/v1/checkouts/${second.id}/payment`)).body.result?.code).toBe('000.100.110');
      expect((await readPaymentStatus(world.gateway, `/v1/checkouts/${first.id}/payment`)).body.result?.code).toMatch(/^000\.200/);
    } finally {
      await tab.close();
    }
  });
});
