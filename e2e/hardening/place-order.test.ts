// The checkout page with the merchant's own "Place order" button (a store
// plugin's layout): the button calls the binding's pay(), which submits the
// widget's card form as its pay button would, before-submit hooks included.
// For every binding (core, React through a ref, Vue through a template ref,
// the Lit element's method) in real Chromium against the sandbox's widget.
import { describe, expect, it } from 'vitest';
import { createCheckout, readPaymentStatus } from '../support/gateway.js';
import { SUCCESS_RESULT, fillCard } from '../support/shopper.js';
import { bindingsUnderTest, harnessOf, openBindingPage, useHardeningWorld } from './support/pages.js';
import { PAYMENT_POST, SUCCESS_CARD, holdWidgetScripts } from './support/shop.js';

const { bindings } = bindingsUnderTest();

const world = useHardeningWorld(bindings);

describe.each(bindings)('%s', (binding) => {
  it("pay() from the page's own button: nothing before the form is ready, then one payment that lands on the result page", async () => {
    const checkout = await createCheckout(world.gateway);
    const tab = await openBindingPage(world.browser, world.pages, binding);
    try {
      const page = harnessOf(tab);
      // The widget's script held: the form is still loading when the shopper presses.
      const scripts = await holdWidgetScripts(tab.page);
      await page.mount({
        id: 'w',
        config: {
          checkoutId: checkout.id,
          brands: 'VISA MASTER',
          shopperResultUrl: `${world.pages.url}/result.html`,
          baseUrl: world.sandbox.url,
        },
      });
      const held = await scripts.next();
      expect(await page.status('w')).toBe('loading');
      expect(await page.pay('w')).toBe(false);
      await held.route.continue();
      await scripts.passThrough();
      await expect.poll(() => page.status('w'), { timeout: 10_000 }).toBe('ready');

      // Pressed with the form still empty: the widget marks the fields and sends nothing.
      expect(await page.pay('w')).toBe(true);
      await tab.page.waitForSelector('.wpwl-has-error');
      expect(tab.requestsTo('POST', PAYMENT_POST)).toEqual([]);

      await fillCard(tab.page, SUCCESS_CARD);
      expect(await page.pay('w')).toBe(true);
      await tab.page.waitForURL((url) => url.pathname === '/result.html');
      expect(tab.requestsTo('POST', PAYMENT_POST)).toHaveLength(1);
      const status = await readPaymentStatus(world.gateway, `/v1/checkouts/${checkout.id}/payment`);
      expect(status.body.result?.code).toMatch(SUCCESS_RESULT);
    } finally {
      await tab.close();
    }
  });
});
