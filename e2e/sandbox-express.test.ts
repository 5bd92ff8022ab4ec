// The sandbox's express checkout in Chromium: a page loads paymentWidgets.js
// without a checkout id (with the hash GET /v1/fastcheckout/integrity gives,
// which Chromium checks), its createCheckout prepares the checkout on the
// merchant's side when a wallet button is pressed, the shopper works the
// stand-in wallet sheet with the real keyboard, and the payment lands at the
// shopper result URL with the status the merchant reads. Apple Pay shows only
// with the stand-in ApplePaySession, and a sheet total that is not the
// checkout's amount is declined.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APPLE_PAY_SESSION_STAND_IN } from '@wpwl/sandbox';
import { launchBrowser, type TestBrowser, type TestPage } from './support/browser.js';
import { createCheckout, readPaymentStatus } from './support/gateway.js';
import { startSandboxServer, startStaticServer, type SandboxServer, type StaticServer } from './support/servers.js';

let sandbox: SandboxServer;
let pages: StaticServer;
let browser: TestBrowser;
let root: string;
let tab: TestPage | undefined;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'wpwl-express-'));
  await writeFile(join(root, 'result.html'), '<!doctype html><title>Result</title><p>Thank you</p>');
  [sandbox, pages, browser] = await Promise.all([startSandboxServer(), startStaticServer({ root }), launchBrowser()]);
});

afterEach(async () => {
  await tab?.close();
  tab = undefined;
});

afterAll(async () => {
  await Promise.all([browser?.close(), pages?.close(), sandbox?.close()]);
  await rm(root, { recursive: true, force: true });
});

/** The merchant's backend: the script's hash, read with the Bearer token. */
async function fastCheckoutIntegrity(): Promise<string> {
  const response = await fetch(`${sandbox.url}/v1/fastcheckout/integrity`, { headers: { Authorization: `Bearer ${sandbox.accessToken}` } });
  const body = (await response.json()) as { integrity: string };
  return body.integrity;
}

/**
 * An express page: wallet brands, wpwlOptions with `options` (JSON), its
 * createCheckout asking the test's backend (prepareCheckout, exposed) for a
 * checkout of `checkoutAmount`; each press's brand kept in window.presses, each
 * onError in window.widgetErrors, each click on the page's own button
 * (#remove-item) counted in window.pageClicks.
 */
async function openExpressPage(name: string, options: Record<string, unknown>, checkoutAmount = '92.00'): Promise<TestPage> {
  const integrity = await fastCheckoutIntegrity();
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Express checkout</title></head>
<body>
<h1>Cart</h1>
<button type="button" id="remove-item">Remove item</button>
<form action="${pages.url}/result.html" class="paymentWidgets" data-brands="APPLEPAY GOOGLEPAY PAYPAL"></form>
<script>
  window.widgetErrors = [];
  window.pageClicks = 0;
  window.presses = [];
  document.getElementById('remove-item').addEventListener('click', function () { window.pageClicks++; });
  var wpwlOptions = Object.assign(${JSON.stringify(options)}, {
    createCheckout: function (json) { window.presses.push(json.brand); return window.prepareCheckout(json.brand); },
    onError: function (error) { window.widgetErrors.push({ name: error.name, brand: error.brand, event: error.event }); }
  });
</script>
<script src="${sandbox.url}/v1/paymentWidgets.js" integrity="${integrity}" crossorigin="anonymous"></script>
</body></html>`;
  await writeFile(join(root, `${name}.html`), html);
  const opened = await browser.newPage();
  await opened.page.exposeFunction('prepareCheckout', async () => (await createCheckout(sandbox, { amount: checkoutAmount })).id);
  return opened;
}

const activeClass = (page: TestPage['page']) => page.evaluate(() => document.activeElement?.className ?? '');

describe('express checkout in Chromium', () => {
  it('pays with Google Pay through the keyboard-usable sheet and lands on the result URL with a paid checkout', async () => {
    tab = await openExpressPage('google', { checkout: { amount: '92.00' } });
    const { page } = tab;
    await page.goto(`${pages.url}/google.html`);
    const googlePay = page.locator('button.wpwl-button-brand-GOOGLEPAY');
    await googlePay.waitFor();
    // Chromium has no ApplePaySession: no Apple Pay button.
    expect(await page.locator('button.wpwl-button-brand-APPLEPAY').count()).toBe(0);
    expect(await googlePay.getAttribute('aria-label')).toBe('Google Pay: Pay now');

    await googlePay.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Google Pay (sandbox)' });
    await sheet.waitFor();
    expect(await sheet.locator('.wpwl-wallet-sheet-total').textContent()).toBe('Total: 92.00 EUR');
    expect(await activeClass(page)).toBe('wpwl-wallet-sheet-pay');
    // Tab goes round the sheet's controls and never reaches the page behind it.
    const visited: string[] = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      visited.push(
        await page.evaluate(() => (document.querySelector('.wpwl-wallet-sheet')!.contains(document.activeElement) ? 'in' : 'out')),
      );
    }
    expect(visited).toEqual(['in', 'in', 'in', 'in']);
    // The shipping choice works with the arrow keys, as radios do.
    await page.locator('.wpwl-wallet-sheet-shipping-standard input').focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('.wpwl-wallet-sheet-shipping-express input').isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    expect(await activeClass(page)).toContain('wpwl-button-brand-GOOGLEPAY');
    expect(await page.evaluate(() => (window as unknown as { widgetErrors: unknown[] }).widgetErrors)).toEqual([
      { name: 'WidgetError', brand: 'GOOGLEPAY', event: 'closed' },
    ]);

    await page.keyboard.press('Enter');
    await sheet.waitFor();
    await Promise.all([page.waitForURL(/\/result\.html\?/), page.getByRole('button', { name: 'Pay 92.00 EUR' }).click()]);
    const landed = new URL(page.url());
    const resourcePath = landed.searchParams.get('resourcePath')!;
    expect(resourcePath).toBe(`/v1/checkouts/${landed.searchParams.get('id')}/payment`);
    const status = await readPaymentStatus(sandbox, resourcePath);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ paymentBrand: 'GOOGLEPAY', amount: '92.00', currency: 'EUR', result: { code: '000.100.110' } });
    expect(tab.errors).toEqual([]);
  });

  it('shows Apple Pay with the stand-in ApplePaySession, and a sheet total that is not the checkout amount is declined', async () => {
    tab = await openExpressPage('apple', { applePay: { total: { label: 'Shop', amount: '90.00' } } }, '92.00');
    const { page } = tab;
    await page.addInitScript(APPLE_PAY_SESSION_STAND_IN);
    await page.goto(`${pages.url}/apple.html`);
    const applePay = page.locator('button.wpwl-button-brand-APPLEPAY');
    await applePay.waitFor();
    await applePay.click();
    const sheet = page.getByRole('dialog', { name: 'Apple Pay (sandbox)' });
    await sheet.waitFor();
    expect(await sheet.locator('.wpwl-wallet-sheet-total').textContent()).toBe('Total: 90.00 EUR');
    await Promise.all([page.waitForURL(/\/result\.html\?/), page.keyboard.press('Enter')]);
    const resourcePath = new URL(page.url()).searchParams.get('resourcePath')!;
    const status = await readPaymentStatus(sandbox, resourcePath);
    expect(status.status).toBe(400);
    expect(status.body.result?.code).toBe('100.550.360');
  });

  it('is modal for the mouse: a click on the page behind the sheet, or on another wallet, reaches nothing', async () => {
    tab = await openExpressPage('modal', { checkout: { amount: '92.00' } });
    const { page } = tab;
    await page.goto(`${pages.url}/modal.html`);
    const removeItem = page.locator('#remove-item');
    const pageClicks = () => page.evaluate(() => (window as unknown as { pageClicks: number }).pageClicks);
    await removeItem.click();
    expect(await pageClicks()).toBe(1);

    await page.locator('button.wpwl-button-brand-GOOGLEPAY').click();
    const sheet = page.getByRole('dialog', { name: 'Google Pay (sandbox)' });
    await sheet.waitFor();
    // A real mouse click where the page's button is, and where the other wallet's button is.
    for (const target of [removeItem, page.locator('button.wpwl-button-brand-PAYPAL')]) {
      const box = (await target.boundingBox())!;
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      expect(await page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.className, [x, y])).toBe('wpwl-wallet-sheet-backdrop');
      await page.mouse.click(x, y);
    }
    expect(await pageClicks()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { presses: string[] }).presses)).toEqual(['GOOGLEPAY']);
    expect(await page.locator('.wpwl-wallet-sheet').count()).toBe(1);
    expect(await activeClass(page)).toBe('wpwl-wallet-sheet-pay');

    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    expect(await page.locator('.wpwl-wallet-sheet-backdrop').count()).toBe(0);
    await removeItem.click();
    expect(await pageClicks()).toBe(2);
    expect(tab.errors).toEqual([]);
  });

  it('writes the sheet right to left in Arabic', async () => {
    tab = await openExpressPage('arabic', { locale: 'ar', checkout: { amount: '92.00' } });
    const { page } = tab;
    await page.goto(`${pages.url}/arabic.html`);
    await page.locator('button.wpwl-button-brand-PAYPAL').click();
    const sheet = page.locator('.wpwl-wallet-sheet');
    await sheet.waitFor();
    expect(await sheet.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    expect(await sheet.locator('.wpwl-wallet-sheet-pay').textContent()).toBe('ادفع 92.00 EUR');
    // The total reads left to right inside the right-to-left text.
    expect(await sheet.locator('.wpwl-wallet-sheet-pay bdi').evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
  });
});
