// What official integration templates and store plugins do, reproduced in
// Chromium against the sandbox: the widget's script tag comes first in the
// markup and the page assigns wpwlOptions after it, in the next script or in a
// DOMContentLoaded handler (the real widget takes those options: it reads them
// once the page is parsed and its follow-up script has loaded); and a "save my
// card" box the plugin puts into the widget's form is sent with the payment.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser, type TestPage } from './support/browser.js';
import { createCheckout, readPaymentStatus } from './support/gateway.js';
import { startSandboxServer, startStaticServer, type SandboxServer, type StaticServer } from './support/servers.js';
import { SUCCESS_CARD, SUCCESS_RESULT, fillCard } from './support/shopper.js';

let sandbox: SandboxServer;
let pages: StaticServer;
let browser: TestBrowser;
let tab: TestPage;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wpwl-templates-'));
  await writeFile(join(dir, 'result.html'), '<!doctype html><meta charset="utf-8"><title>Result</title><p>Back at the shop.</p>\n');
  [sandbox, pages, browser] = await Promise.all([startSandboxServer(), startStaticServer({ root: dir }), launchBrowser()]);
});

afterAll(async () => {
  await Promise.all([browser?.close(), pages?.close(), sandbox?.close()]);
  if (dir) await rm(dir, { recursive: true, force: true });
});

afterEach(async () => {
  await tab?.close();
});

/** The options the templates set: German labels, and a mark on the page once the widget is ready. */
const OPTIONS = "{ locale: 'de', onReady: function () { document.documentElement.setAttribute('data-ready', ''); } }";

const TEMPLATES = {
  'options in the script after the widget tag': `<script>var wpwlOptions = ${OPTIONS};</script>`,
  'options in a DOMContentLoaded handler': `<script>document.addEventListener('DOMContentLoaded', function () { window.wpwlOptions = ${OPTIONS}; });</script>`,
};

/** Writes a template page for a fresh checkout and returns its URL. */
async function templatePage(name: keyof typeof TEMPLATES): Promise<string> {
  const checkout = await createCheckout(sandbox);
  const file = `${checkout.id}.html`;
  const html = `<!doctype html>
<html lang="de">
  <head><meta charset="utf-8" /><title>Checkout</title></head>
  <body>
    <script src="${sandbox.url}/v1/paymentWidgets.js?checkoutId=${checkout.id}"></script>
    ${TEMPLATES[name]}
    <form action="${pages.url}/result.html" class="paymentWidgets" data-brands="VISA MASTER"></form>
  </body>
</html>
`;
  await writeFile(join(dir, file), html);
  return `${pages.url}/${file}`;
}

describe('templates that assign wpwlOptions after the widget script', () => {
  for (const name of Object.keys(TEMPLATES) as (keyof typeof TEMPLATES)[]) {
    it(`${name}: the options take effect, and the form pays`, async () => {
      tab = await browser.newPage();
      await tab.page.goto(await templatePage(name));
      await tab.page.waitForSelector('html[data-ready]');
      expect(await tab.page.locator('.wpwl-button-pay').textContent()).toBe('Jetzt bezahlen');
      expect(await tab.page.locator('.wpwl-label-cardNumber').textContent()).toBe('Kartennummer');

      await fillCard(tab.page, SUCCESS_CARD);
      await tab.page.click('.wpwl-button-pay');
      await tab.page.waitForURL((url) => url.pathname === '/result.html');
      const resourcePath = new URL(tab.page.url()).searchParams.get('resourcePath')!;
      const status = await readPaymentStatus(sandbox, resourcePath);
      expect(status.body.result?.code).toMatch(SUCCESS_RESULT);
      expect(tab.errors).toEqual([]);
    });
  }
});

describe('inputs a store plugin puts into the widget form', () => {
  it('a ticked "save my card" box (createRegistration) is sent: the payment stores the card and answers its registrationId', async () => {
    tab = await browser.newPage();
    const saveMyCard = `<script>
      var wpwlOptions = {
        onReady: function () {
          var form = document.querySelector('.wpwl-form-card');
          form.insertAdjacentHTML('beforeend', '<label><input type="checkbox" name="createRegistration" value="true" id="save-card"> Save my card</label>');
          document.documentElement.setAttribute('data-ready', '');
        },
      };
    </script>`;
    const checkout = await createCheckout(sandbox);
    const file = `${checkout.id}.html`;
    await writeFile(
      join(dir, file),
      `<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>Checkout</title></head><body>
      <script src="${sandbox.url}/v1/paymentWidgets.js?checkoutId=${checkout.id}"></script>
      ${saveMyCard}
      <form action="${pages.url}/result.html" class="paymentWidgets" data-brands="VISA MASTER"></form>
      </body></html>`,
    );
    await tab.page.goto(`${pages.url}/${file}`);
    await tab.page.waitForSelector('html[data-ready]');
    await tab.page.check('#save-card');
    await fillCard(tab.page, SUCCESS_CARD);
    await tab.page.click('.wpwl-button-pay');
    await tab.page.waitForURL((url) => url.pathname === '/result.html');

    const post = tab.requestsTo('POST', /^\/v1\/checkouts\/[^/]+\/payment$/)[0];
    expect(new URLSearchParams(post?.postData ?? '').get('createRegistration')).toBe('true');
    const status = await readPaymentStatus(sandbox, `/v1/checkouts/${checkout.id}/payment`);
    expect(status.body.result?.code).toMatch(SUCCESS_RESULT);
    expect(status.body.registrationId).toMatch(/^[A-Za-z0-9.-]{32,48}$/);
  });
});

describe('a template re-inserted without wpwl.unload()', () => {
  it('the re-rendered checkout markup gets a form again (the old widget, whose form is gone, is unloaded), and it pays', async () => {
    tab = await browser.newPage();
    await tab.page.goto(await templatePage('options in the script after the widget tag'));
    await tab.page.waitForSelector('html[data-ready]');
    const src = await tab.page.evaluate(() => document.querySelector<HTMLScriptElement>('script[src*="paymentWidgets.js"]')!.src);
    // What a store plugin's AJAX re-render does: new markup for the payment step, its script tag included.
    await tab.page.evaluate((scriptSrc) => {
      document.documentElement.removeAttribute('data-ready');
      const action = document.querySelector('form.paymentWidgets')!.getAttribute('action')!;
      document.body.innerHTML = `<form action="${action}" class="paymentWidgets" data-brands="VISA MASTER"></form>`;
      (window as unknown as { wpwlOptions: unknown }).wpwlOptions = {
        locale: 'de',
        onReady: () => document.documentElement.setAttribute('data-ready', ''),
      };
      const script = document.createElement('script');
      script.src = scriptSrc;
      document.body.append(script);
    }, src);
    await tab.page.waitForSelector('html[data-ready]');
    expect(await tab.page.locator('.wpwl-container').count()).toBe(1);
    expect(await tab.page.locator('.wpwl-button-pay').textContent()).toBe('Jetzt bezahlen');

    await fillCard(tab.page, SUCCESS_CARD);
    await tab.page.click('.wpwl-button-pay');
    await tab.page.waitForURL((url) => url.pathname === '/result.html');
    expect(tab.errors).toEqual([]);
  });
});

describe('mada detection, as Saudi store plugins configure it', () => {
  it('a mada BIN is detected as MADA under brandDetectionPriority, and the payment goes as MADA', async () => {
    tab = await browser.newPage();
    const checkout = await createCheckout(sandbox);
    const file = `${checkout.id}.html`;
    await writeFile(
      join(dir, file),
      `<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>Checkout</title></head><body>
      <script>
        var wpwlOptions = {
          brandDetection: true,
          brandDetectionPriority: ['MADA', 'VISA', 'MASTER'],
          onDetectBrand: function (brands, activeBrand) { document.documentElement.setAttribute('data-active-brand', activeBrand); },
          onReady: function () { document.documentElement.setAttribute('data-ready', ''); },
        };
      </script>
      <script src="${sandbox.url}/v1/paymentWidgets.js?checkoutId=${checkout.id}"></script>
      <form action="${pages.url}/result.html" class="paymentWidgets" data-brands="VISA MASTER MADA"></form>
      </body></html>`,
    );
    await tab.page.goto(`${pages.url}/${file}`);
    await tab.page.waitForSelector('html[data-ready]');
    await fillCard(tab.page, '5888450000000003');
    await tab.page.waitForSelector('html[data-active-brand="MADA"]');
    expect(await tab.page.locator('.wpwl-control-brand').inputValue()).toBe('MADA');
    await tab.page.click('.wpwl-button-pay');
    await tab.page.waitForURL((url) => url.pathname === '/result.html');
    const status = await readPaymentStatus(sandbox, `/v1/checkouts/${checkout.id}/payment`);
    expect(status.body.paymentBrand).toBe('MADA');
    expect(status.body.result?.code).toMatch(SUCCESS_RESULT);
  });
});
