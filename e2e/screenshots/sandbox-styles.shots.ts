// Takes the pictures of the stand-in widget's styles that the sandbox README
// shows: `card` (empty, and with the hints of a bad card and the spinner of a
// payment on its way), `plain`, `logos`, and stored cards. Run with
// `pnpm screenshots`; each picture is taken only once the page shows what it
// is named for.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser.js';
import { createCheckout } from '../support/gateway.js';
import { startSandboxServer, startStaticServer, type SandboxServer, type StaticServer } from '../support/servers.js';
import { SUCCESS_CARD, fillCard } from '../support/shopper.js';

const OUT = fileURLToPath(new URL('../../packages/sandbox/screenshots/', import.meta.url));

let sandbox: SandboxServer;
let pages: StaticServer;
let browser: TestBrowser;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wpwl-style-shots-'));
  await mkdir(OUT, { recursive: true });
  [sandbox, pages, browser] = await Promise.all([startSandboxServer(), startStaticServer({ root: dir }), launchBrowser()]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), pages?.close(), sandbox?.close()]);
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A page with the widget in `style`, on a white page of the width a checkout column has. */
async function stylePage(style: string, checkoutParams: Record<string, string> = {}): Promise<string> {
  const checkout = await createCheckout(sandbox, checkoutParams);
  const name = `${style}-${checkout.id}.html`;
  await writeFile(
    join(dir, name),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${style}</title>
<style>body{margin:0;padding:24px;background:#fff;width:420px}</style></head><body>
<script>var wpwlOptions = { style: '${style}', registrations: { requireCvv: true } };</script>
<script src="${sandbox.url}/v1/paymentWidgets.js?checkoutId=${checkout.id}"></script>
<form action="${pages.url}/result.html" class="paymentWidgets" data-brands="VISA MASTER AMEX MADA"></form>
</body></html>`,
  );
  return `${pages.url}/${name}`;
}

describe('stand-in widget styles', () => {
  it('card: the form, then its hints and the spinner', async () => {
    const tab = await browser.newPage();
    try {
      const { page } = tab;
      await page.setViewportSize({ width: 470, height: 520 });
      await page.goto(await stylePage('card'));
      await page.waitForSelector('.wpwl-style-card .wpwl-control-cardNumber');
      // The logos are images from the gateway: wait until they have arrived.
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${OUT}style-card.png`, fullPage: true });

      await page.fill('.wpwl-control-cardNumber', '4200 0000 0000 0001');
      await page.fill('.wpwl-control-cvv', '12');
      await page.click('.wpwl-button-pay');
      await page.waitForSelector('.wpwl-hint-cardNumberError');
      expect(await page.locator('.wpwl-has-error').count()).toBeGreaterThan(2);
      await page.screenshot({ path: `${OUT}style-card-errors.png`, fullPage: true });

      // The payment held on its way: the spinner on the pay button.
      await page.route('**/v1/checkouts/*/payment', () => undefined);
      await fillCard(page, SUCCESS_CARD);
      await page.click('.wpwl-button-pay');
      await page.waitForSelector('.wpwl-button-pay[aria-busy=true]');
      await page.screenshot({ path: `${OUT}style-card-paying.png`, fullPage: true, animations: 'disabled' });
    } finally {
      await tab.close();
    }
  });

  it.each(['plain', 'logos'])('%s', async (style) => {
    const tab = await browser.newPage();
    try {
      const { page } = tab;
      await page.setViewportSize({ width: 470, height: 480 });
      await page.goto(await stylePage(style));
      await page.waitForSelector(`.wpwl-style-${style} .wpwl-control-cardNumber`);
      if (style === 'logos') {
        await page.fill('.wpwl-control-cardNumber', '3777');
        await page.waitForSelector('.wpwl-brand-logos .wpwl-brand-AMEX.wpwl-selected');
      }
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${OUT}style-${style}.png`, fullPage: true });
    } finally {
      await tab.close();
    }
  });

  it('stored cards', async () => {
    const first = await createCheckout(sandbox, { createRegistration: 'true' });
    const paid = await fetch(`${sandbox.url}/v1/checkouts/${first.id}/payment`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        paymentBrand: 'VISA',
        'card.number': SUCCESS_CARD,
        'card.holder': 'Jane Jones',
        'card.expiryMonth': '12',
        'card.expiryYear': String(new Date().getFullYear() + 3),
        'card.cvv': '123',
      }).toString(),
    });
    const { registrationId } = (await paid.json()) as { registrationId: string };
    const tab = await browser.newPage();
    try {
      const { page } = tab;
      await page.setViewportSize({ width: 470, height: 620 });
      await page.goto(await stylePage('card', { 'registrations[0].id': registrationId }));
      await page.waitForSelector('.wpwl-group-registration.wpwl-selected');
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${OUT}stored-cards.png`, fullPage: true });
    } finally {
      await tab.close();
    }
  });
});
