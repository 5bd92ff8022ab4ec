// The kit's express-checkout browser helpers in Chromium:
// - against a page written to the widget's express markup, in German (wallet
//   buttons named "{Brand name}: …", the stand-in wallet sheet as a labelled
//   modal dialog): each helper presses what it names and nothing else, in any
//   language, and waits for what it says it waits for;
// - against the sandbox's own widget loaded without a checkout id, with the
//   page's createCheckout preparing the checkout in the sandbox as a
//   merchant backend would: a Google Pay payment approved and read back, a
//   sheet closed (the page told WidgetError closed), and Apple Pay shown
//   only once offerApplePay added the sandbox's stand-in ApplePaySession.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  approveWalletSheet,
  cancelWalletSheet,
  offerApplePay,
  prepareCheckout,
  pressWallet,
  readResult,
  startSandbox,
  type Sandbox,
} from '../packages/testing/src/playwright.js';
import { launchBrowser, type TestBrowser, type TestPage } from './support/browser.js';
import { startStaticServer, type StaticServer } from './support/servers.js';

let browser: TestBrowser;
let tab: TestPage;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  tab = await browser.newPage();
});
afterEach(async () => {
  expect(tab.errors).toEqual([]);
  await tab.close();
});

/** A page with the widget's express markup, in German: wallet buttons, and a sheet each opens a moment after the press. */
const CONTRACT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Express</title></head><body>
${['APPLEPAY', 'APPLEPAYTKN', 'GOOGLEPAY']
  .map(
    (brand) => `<div class="wpwl-container wpwl-container-virtualAccount wpwl-container-virtualAccount-${brand}">
<form class="wpwl-form wpwl-form-virtualAccount wpwl-form-virtualAccount-${brand}">
<button type="button" class="wpwl-button wpwl-button-brand wpwl-button-brand-${brand}" data-brand="${brand}"
  aria-label="${brand === 'GOOGLEPAY' ? 'Google Pay' : 'Apple Pay'}: Jetzt bezahlen"><div class="wpwl-brand">${brand}</div></button>
</form></div>`,
  )
  .join('\n')}
<button type="button">Google Pay: our own banner</button>
<script>
window.events = [];
for (const button of document.querySelectorAll('.wpwl-button-brand')) {
  button.addEventListener('click', () => {
    events.push('pressed ' + button.dataset.brand);
    setTimeout(() => {
      const sheet = document.createElement('div');
      sheet.className = 'wpwl-wallet-sheet';
      sheet.setAttribute('role', 'dialog');
      sheet.setAttribute('aria-modal', 'true');
      sheet.setAttribute('aria-labelledby', 'sheet-title');
      sheet.innerHTML = '<h2 id="sheet-title">Google Pay (Sandbox)</h2><p class="wpwl-wallet-sheet-total">Gesamt: 24,00 EUR</p>' +
        '<button type="button" class="wpwl-wallet-sheet-pay">24,00 EUR zahlen</button><button type="button" class="wpwl-wallet-sheet-cancel">Abbrechen</button>';
      sheet.querySelector('.wpwl-wallet-sheet-pay').onclick = () => { events.push('paid'); sheet.remove(); };
      sheet.querySelector('.wpwl-wallet-sheet-cancel').onclick = () => { events.push('cancelled'); setTimeout(() => sheet.remove(), 200); };
      document.body.append(sheet);
    }, 150);
  });
}
</script></body></html>`;

describe('the wallet helpers against the express markup', () => {
  const events = () => tab.page.evaluate(() => (window as unknown as { events: string[] }).events);

  it('pressWallet presses the button of that brand by its name and class (APPLEPAYTKN is not APPLEPAY, a banner is no wallet)', async () => {
    await tab.page.setContent(CONTRACT_PAGE);
    await pressWallet(tab.page, 'APPLEPAYTKN');
    await pressWallet(tab.page, 'GOOGLEPAY');
    expect(await events()).toEqual(['pressed APPLEPAYTKN', 'pressed GOOGLEPAY']);
  });

  it('approveWalletSheet waits for the sheet and presses its pay button', async () => {
    await tab.page.setContent(CONTRACT_PAGE);
    await pressWallet(tab.page, 'GOOGLEPAY');
    await approveWalletSheet(tab.page);
    expect(await events()).toEqual(['pressed GOOGLEPAY', 'paid']);
  });

  it('cancelWalletSheet presses cancel and resolves once the sheet is gone', async () => {
    await tab.page.setContent(CONTRACT_PAGE);
    await pressWallet(tab.page, 'APPLEPAY');
    await cancelWalletSheet(tab.page);
    expect(await events()).toEqual(['pressed APPLEPAY', 'cancelled']);
    expect(await tab.page.locator('.wpwl-wallet-sheet').count()).toBe(0);
  });

  it('approveWalletSheet with no sheet opening fails within its timeout', async () => {
    await tab.page.setContent(CONTRACT_PAGE);
    await expect(approveWalletSheet(tab.page, { timeout: 500 })).rejects.toThrow(/Timeout 500ms/);
  });
});

describe("the wallet helpers against the sandbox's widget, loaded without a checkout id", () => {
  let sandbox: Sandbox;
  let pages: StaticServer;
  let pagesDir: string;

  beforeAll(async () => {
    pagesDir = await mkdtemp(join(tmpdir(), 'wpwl-testing-kit-express-'));
    await writeFile(join(pagesDir, 'result.html'), '<!doctype html><title>Result</title><p>Thank you</p>\n');
    [sandbox, pages] = await Promise.all([startSandbox(), startStaticServer({ root: pagesDir })]);
    await writeFile(
      join(pagesDir, 'express.html'),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Express checkout</title>
<script>
window.widgetErrors = [];
var wpwlOptions = {
  checkout: { amount: '24.00' },
  applePay: { total: { label: 'Shop', amount: '24.00' } },
  createCheckout: function (json) { return window.merchantCreateCheckout(json.brand); },
  onError: function (error) { widgetErrors.push({ name: error.name, brand: error.brand, event: error.event }); }
};
</script>
<script src="${sandbox.url}/v1/paymentWidgets.js"></script></head>
<body><form action="${pages.url}/result.html" class="paymentWidgets" data-brands="APPLEPAY GOOGLEPAY PAYPAL"></form></body></html>
`,
    );
  });
  afterAll(async () => {
    await Promise.all([sandbox?.close(), pages?.close()]);
    if (pagesDir) await rm(pagesDir, { recursive: true, force: true });
  });

  /** Opens the express page; its createCheckout prepares a 24.00 EUR checkout in the sandbox, as the merchant backend does. */
  async function openExpressPage(): Promise<string[]> {
    const brands: string[] = [];
    await tab.page.exposeFunction('merchantCreateCheckout', (brand: string) => {
      brands.push(brand);
      return prepareCheckout(sandbox, { amount: '24.00', currency: 'EUR' });
    });
    await tab.page.goto(`${pages.url}/express.html`);
    return brands;
  }

  it('Google Pay approved: the checkout createCheckout prepared is paid, and the sandbox reads it approved', async () => {
    const brands = await openExpressPage();
    await pressWallet(tab.page, 'GOOGLEPAY');
    await approveWalletSheet(tab.page);
    const result = await readResult(tab.page, { sandbox });
    expect(brands).toEqual(['GOOGLEPAY']);
    expect(result.url.startsWith(`${pages.url}/result.html?id=`)).toBe(true);
    expect(result.status).toMatchObject({ verdict: 'approved', body: { paymentBrand: 'GOOGLEPAY', amount: '24.00' } });
  });

  it('the sheet closed: the page is told WidgetError closed, and the shopper can press again', async () => {
    const brands = await openExpressPage();
    await pressWallet(tab.page, 'PAYPAL');
    await cancelWalletSheet(tab.page);
    const errors = await tab.page.evaluate(() => (window as unknown as { widgetErrors: unknown[] }).widgetErrors);
    expect(errors).toEqual([{ name: 'WidgetError', brand: 'PAYPAL', event: 'closed' }]);
    await pressWallet(tab.page, 'PAYPAL');
    await approveWalletSheet(tab.page);
    await expect(readResult(tab.page, { sandbox })).resolves.toMatchObject({ status: { verdict: 'approved' } });
    expect(brands).toEqual(['PAYPAL', 'PAYPAL']);
  });

  it('Apple Pay is shown only once offerApplePay gave the browser the stand-in ApplePaySession', async () => {
    await openExpressPage();
    await tab.page.locator('.wpwl-button-brand-GOOGLEPAY').waitFor();
    expect(await tab.page.locator('.wpwl-button-brand-APPLEPAY').count()).toBe(0);
    await tab.close();

    tab = await browser.newPage();
    await offerApplePay(tab.page);
    await openExpressPage();
    await pressWallet(tab.page, 'APPLEPAY');
    await approveWalletSheet(tab.page);
    await expect(readResult(tab.page, { sandbox })).resolves.toMatchObject({
      status: { verdict: 'approved', body: { paymentBrand: 'APPLEPAY' } },
    });
  });
});
