// What happens to a widget while something is on its way, for every binding
// (core used directly, React, Vue, the Lit element) in real Chromium with the
// sandbox's widget:
// - a new checkout id handed over while the shopper's payment POST is held
//   keeps the widget being paid: one payment, for the checkout shown; the new
//   checkout applies once the widget has answered;
// - callbacks of the page's own code that throw never stop the widget;
// - a widget closed while its script is still on the wire leaves nothing when
//   the script arrives: no `wpwl`, no follow-up script, no stylesheet.
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { holdRequests, type TestPage, watchForAbsence } from '../support/browser.js';
import { createCheckout, readPaymentStatus } from '../support/gateway.js';
import { fillCard, renderedCheckouts } from '../support/shopper.js';
import { bindingsUnderTest, harnessOf, openBindingPage, useHardeningWorld } from './support/pages.js';
import { PAYMENT_POST, SUCCESS_CARD, WIDGET_SCRIPT } from './support/shop.js';

const { bindings } = bindingsUnderTest();

const world = useHardeningWorld(bindings);

const configFor = (checkoutId: string): Record<string, unknown> => ({
  checkoutId,
  brands: 'VISA MASTER',
  shopperResultUrl: `${world.pages.url}/result.html`,
  baseUrl: world.sandbox.url,
});

const harness = harnessOf;
const openPage = (binding: string) => openBindingPage(world.browser, world.pages, binding);

const scriptRequestsFor = (tab: TestPage, checkoutId: string) =>
  tab.requestsTo('GET', WIDGET_SCRIPT).filter((request) => new URL(request.url).searchParams.get('checkoutId') === checkoutId);
const paymentPosts = (tab: TestPage) => tab.requestsTo('POST', PAYMENT_POST).map((request) => new URL(request.url).pathname);
const paymentCode = async (checkoutId: string) =>
  (await readPaymentStatus(world.gateway, `/v1/checkouts/${checkoutId}/payment`)).body.result?.code;

/** Mounts a widget for `checkoutId`, waits until it is ready, and presses pay with the payment POST held. */
async function payWithPostHeld(tab: TestPage, checkoutId: string): Promise<Route> {
  const page = harness(tab);
  await page.mount({ id: 'w', config: configFor(checkoutId) });
  await expect.poll(() => page.status('w'), { timeout: 10_000 }).toBe('ready');
  const posts = await holdRequests(
    tab.page,
    (request) => request.method() === 'POST' && PAYMENT_POST.test(new URL(request.url()).pathname),
  );
  await fillCard(tab.page, SUCCESS_CARD);
  await tab.page.click('.wpwl-button-pay');
  const held = await posts.next();
  await posts.passThrough();
  await expect.poll(() => page.status('w')).toBe('submitting');
  return held;
}

describe.each(bindings)('%s', (binding) => {
  it('a new checkout id while the payment is on its way: the widget being paid stays, one payment, the new checkout waits', async () => {
    const [paid, next] = await Promise.all([createCheckout(world.gateway), createCheckout(world.gateway)]);
    const tab = await openPage(binding);
    try {
      const held = await payWithPostHeld(tab, paid.id);
      await harness(tab).update('w', configFor(next.id));
      // The binding would re-render and re-mount in this window: it must not.
      await watchForAbsence(tab.page);
      expect(await harness(tab).status('w')).toBe('submitting');
      expect(await renderedCheckouts(tab.page)).toEqual([paid.id]);
      expect(scriptRequestsFor(tab, next.id)).toEqual([]);

      await held.continue();
      await tab.page.waitForURL((url) => url.pathname === '/result.html');
      expect(paymentPosts(tab)).toEqual([`/v1/checkouts/${paid.id}/payment`]);
      expect(await paymentCode(paid.id)).toBe('000.100.110');
      expect(await paymentCode(next.id)).toMatch(/^000\.200/);
    } finally {
      await tab.close();
    }
  });

  it('the payment fails in the widget: then the waiting checkout applies, and it pays', async () => {
    const [failed, next] = await Promise.all([createCheckout(world.gateway), createCheckout(world.gateway)]);
    const tab = await openPage(binding);
    try {
      const held = await payWithPostHeld(tab, failed.id);
      await harness(tab).update('w', configFor(next.id));
      await watchForAbsence(tab.page);
      expect(await renderedCheckouts(tab.page)).toEqual([failed.id]);
      // The gateway's answer is lost in a fault: the widget reports an error and stays on the page.
      await held.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad Gateway' });
      await expect.poll(() => renderedCheckouts(tab.page), { timeout: 10_000 }).toEqual([next.id]);
      await expect.poll(() => harness(tab).status('w'), { timeout: 10_000 }).toBe('ready');

      await fillCard(tab.page, SUCCESS_CARD);
      await tab.page.click('.wpwl-button-pay');
      await tab.page.waitForURL((url) => url.pathname === '/result.html');
      expect(await paymentCode(next.id)).toBe('000.100.110');
      expect(await paymentCode(failed.id)).toMatch(/^000\.200/);
    } finally {
      await tab.close();
    }
  });

  it.skipIf(binding === 'lit')('callbacks that throw in the page’s own code: the widget still gets ready and pays', async () => {
    const checkout = await createCheckout(world.gateway);
    const tab = await openPage(binding);
    const pageErrors: string[] = [];
    tab.page.on('console', (message) => message.type() === 'error' && pageErrors.push(message.text()));
    try {
      const page = harness(tab);
      await page.mount({ id: 'w', config: configFor(checkout.id), throwing: ['onStatusChange', 'onReady'] });
      await expect.poll(() => page.status('w'), { timeout: 10_000 }).toBe('ready');
      // Reported, not swallowed.
      expect(pageErrors.some((text) => /onStatusChange|onReady/.test(text))).toBe(true);
      await fillCard(tab.page, SUCCESS_CARD);
      await tab.page.click('.wpwl-button-pay');
      await tab.page.waitForURL((url) => url.pathname === '/result.html');
      expect(await paymentCode(checkout.id)).toBe('000.100.110');
    } finally {
      await tab.close();
    }
  });

  it('closed while its script is on the wire: when the script arrives, nothing of the widget is left', async () => {
    const checkout = await createCheckout(world.gateway);
    const tab = await openPage(binding);
    try {
      const scripts = await holdRequests(
        tab.page,
        (request) => WIDGET_SCRIPT.test(new URL(request.url()).pathname) && request.resourceType() === 'script',
      );
      const page = harness(tab);
      await page.mount({ id: 'w', config: configFor(checkout.id) });
      const held = await scripts.next();
      await page.unmount('w');
      // StrictMode-safe bindings tear down a task later: the held script's tag goes then.
      await tab.page.waitForFunction(() => !document.querySelector('script[src*="/paymentWidgets.js"]'));
      const arrived = tab.page.waitForEvent('requestfinished', (request) => request.url() === held.request().url());
      await held.continue();
      await arrived;
      // The late script runs and would add its follow-up files and widget in this window.
      await watchForAbsence(tab.page);
      const left = await tab.page.evaluate(
        (origin) => ({
          wpwl: 'wpwl' in window,
          wpwlOptions: 'wpwlOptions' in window,
          gatewayFiles: Array.from(document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[href]'))
            .map((node) => ('src' in node ? node.src : node.href))
            .filter((url) => url.startsWith(origin)),
          forms: document.querySelectorAll('.wpwl-form, form.paymentWidgets').length,
        }),
        world.sandbox.url,
      );
      expect(left).toEqual({ wpwl: false, wpwlOptions: false, gatewayFiles: [], forms: 0 });
    } finally {
      await tab.close();
    }
  });
});
