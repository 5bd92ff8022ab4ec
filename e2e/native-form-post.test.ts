// A merchant's async onBeforeSubmitCard that "submits again" with
// this.submit(): no submit event fires, so the widget's fetch never runs and
// Chromium posts the widget's form itself to the sandbox. The shopper must
// still end on the shopper result URL (or the 3-D Secure page first), never
// on raw JSON, with the payment the widget's fetch would have made.
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser, type TestPage } from './support/browser.js';
import { createCheckout, readPaymentStatus } from './support/gateway.js';
import { startSandboxServer, startStaticServer, type SandboxServer, type StaticServer } from './support/servers.js';
import { PAYMENT_POST, SUCCESS_CARD, SUCCESS_RESULT as SUCCESS, THREE_D_SECURE_CARD, fillCard } from './support/shopper.js';

let sandbox: SandboxServer;
let pages: StaticServer;
let browser: TestBrowser;
let tab: TestPage;

beforeAll(async () => {
  [sandbox, pages, browser] = await Promise.all([
    startSandboxServer(),
    startStaticServer({ root: fileURLToPath(new URL('./raw', import.meta.url)) }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await Promise.all([browser?.close(), pages?.close(), sandbox?.close()]);
});

beforeEach(async () => {
  tab = await browser.newPage();
  // The merchant's hook, put into the page's own wpwlOptions before the widget reads them:
  // it stops the widget's submission, checks something asynchronously, adds a custom
  // parameter to its own form, and submits again the way many integrations do.
  await tab.page.addInitScript(() => {
    let options: Record<string, unknown> | undefined;
    Object.defineProperty(window, 'wpwlOptions', {
      configurable: true,
      get: () => options,
      set: (value: Record<string, unknown>) => {
        options = {
          ...value,
          onBeforeSubmitCard(this: HTMLFormElement) {
            // An arrow function below keeps `this`, the widget's form.
            void new Promise((resolve) => setTimeout(resolve, 100)).then(() => {
              const merchantForm = document.querySelector('form.paymentWidgets')!;
              const input = document.createElement('input');
              input.type = 'hidden';
              input.name = 'customParameters[SHOPPER_orderId]';
              input.value = 'order-42';
              merchantForm.appendChild(input);
              this.submit();
            });
            return false;
          },
        };
      },
    });
  });
});

afterEach(async () => {
  await tab.close();
});

async function openCheckout(): Promise<string> {
  const checkout = await createCheckout(sandbox);
  const query = new URLSearchParams({ base: sandbox.url, checkoutId: checkout.id });
  await tab.page.goto(`${pages.url}/index.html?${query}`);
  await tab.page.waitForSelector('html[data-wpwl-ready]');
  return checkout.id;
}

async function resultParams(): Promise<URLSearchParams> {
  await tab.page.waitForURL((url) => url.pathname === '/result.html');
  return new URL(tab.page.url()).searchParams;
}

describe('a before-submit hook that re-submits with this.submit()', () => {
  it('ends on the shopper result URL with a resourcePath whose status is a success', async () => {
    const id = await openCheckout();
    await fillCard(
      tab.page,
      `${SUCCESS_CARD.slice(0, 4)} ${SUCCESS_CARD.slice(4, 8)} ${SUCCESS_CARD.slice(8, 12)} ${SUCCESS_CARD.slice(12)}`,
    );
    await tab.page.click('.wpwl-button-pay');
    const params = await resultParams();

    expect(params.get('id')).toBe(id);
    const resourcePath = params.get('resourcePath')!;
    expect(resourcePath).toBe(`/v1/checkouts/${id}/payment`);
    const status = await readPaymentStatus(sandbox, resourcePath);
    expect(status.status).toBe(200);
    expect(status.body.result?.code).toMatch(SUCCESS);
    expect(status.body.card).toMatchObject({ bin: '420000', last4Digits: '0000', holder: 'Jane Jones' });
    // The custom parameter the hook added after the shopper typed went with the payment.
    expect(status.body.customParameters).toEqual({ SHOPPER_orderId: 'order-42' });

    // One payment POST, and it was the browser's own form post, not the widget's fetch.
    const posts = tab.requestsTo('POST', PAYMENT_POST);
    expect(posts.map((post) => post.resourceType)).toEqual(['document']);
    const body = new URLSearchParams(posts[0]!.postData ?? '');
    expect(body.get('card.number')).toBe(SUCCESS_CARD);
    expect(body.get('paymentBrand')).toBe('VISA');
    expect(body.get('shopperResultUrl')).toBe(`${pages.url}/result.html`);
    expect(tab.errors).toEqual([]);
  });

  it('goes through the 3-D Secure page first, then to the result URL with a success', async () => {
    await openCheckout();
    await fillCard(tab.page, THREE_D_SECURE_CARD);
    await tab.page.click('.wpwl-button-pay');
    await tab.page.waitForURL((url) => url.origin === sandbox.url && url.pathname.startsWith('/v1/threeds/'));
    await tab.page.click('#complete');
    const params = await resultParams();

    const status = await readPaymentStatus(sandbox, params.get('resourcePath')!);
    expect(status.body.result?.code).toMatch(SUCCESS);
  });
});
