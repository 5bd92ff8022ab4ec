// Official integration templates, reproduced: the widget's script tag comes
// first in the markup and the page assigns wpwlOptions after it, in the next
// script or in a DOMContentLoaded handler. The real widget takes those
// options (it reads them once the page is parsed and its follow-up script has
// loaded), so the sandbox's stand-in must too, in Chromium.
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
