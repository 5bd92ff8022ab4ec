// Reconciliation from end to end, as an operator meets it: the example shop
// on its own sandbox and an embedded database folder takes two card
// payments, the card network charges one back, the sandbox's clock passes
// the settlement delay and it writes its settlement file; the shop is
// stopped, `wpwl-reconcile` (the built command, in its own process)
// reconciles the file on the shop's folder, the shop starts again on it,
// and its /reconciliation page in Chromium shows both orders settled, the
// chargeback among the exceptions and the day's totals, and reconciles the
// folder again from its button (changing nothing).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startShop, type RunningShop } from '../examples/merchant-server/src/main.js';
import { launchBrowser, recordViolations, type TestBrowser } from './support/browser.js';
import { freshDataDir, type DataDir } from './support/data-dir.js';
import { readMerchantVerdict, submitCardAsShopper } from './support/merchant.js';

const repo = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const CLI = join(repo, 'packages/server/dist/cli.js');
const DAY = 86_400_000;

let data: DataDir | undefined;
let shop: RunningShop | undefined;
let browser: TestBrowser | undefined;
let out: string | undefined;

afterAll(async () => {
  await browser?.close();
  await shop?.close();
  data?.remove();
  if (out) rmSync(out, { recursive: true, force: true });
});

/** The shop as `pnpm demo` starts it, on the folder `dataDir`, without re-checks or server-rendered storefronts. */
const start = (dataDir: string) =>
  startShop(repo, {
    PORT: '0',
    SANDBOX_PORT: '0',
    HOST: '127.0.0.1',
    APP_STOREFRONTS: '',
    DATA_DIR: dataDir,
    WPWL_RECHECK_INTERVAL_MS: '0',
  });

/** A cart paid by card through the shop's API and the widget's submission; its order as the shop verified it. */
async function payCart(running: RunningShop, items: Array<{ productId: string; quantity: number }>) {
  const response = await fetch(`${running.merchant.url}/api/checkout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ items }),
  });
  expect(response.status).toBe(201);
  const { checkoutId, orderId, amount } = (await response.json()) as { checkoutId: string; orderId: string; amount: string };
  expect((await submitCardAsShopper(running.gateway.gateway.baseUrl, checkoutId)).status).toBe(200);
  const verdict = await readMerchantVerdict(running.merchant.url, `/v1/checkouts/${checkoutId}/payment`);
  expect(verdict.body).toMatchObject({ ok: true, state: 'paid' });
  return { checkoutId, orderId, amount };
}

/** Runs the built wpwl-reconcile in its own process. */
function reconcile(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const decimal = (minor: number) => `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

describe('reconciliation, from the payments to the back-office page', () => {
  it(
    'two card payments, one charged back: the command settles both and lists the chargeback; the page shows it all',
    { timeout: 180_000 },
    async () => {
      data = await freshDataDir();
      shop = await start(data.dir);
      const sandbox = shop.gateway.sandbox!;

      const kept = await payCart(shop, [{ productId: 'tea-assam', quantity: 2 }]);
      const chargedBack = await payCart(shop, [{ productId: 'tea-sencha', quantity: 1 }]);
      const paymentId = (await shop.merchant.orders.get(chargedBack.checkoutId))?.paymentId;
      expect(paymentId).toBeTruthy();
      sandbox.chargeback(paymentId!);
      // The chargeback's webhook reaches the shop first; the file's row must not record it twice.
      await sandbox.webhooksSettled(15_000);
      expect((await shop.merchant.orders.get(chargedBack.checkoutId))?.state).toBe('chargedBack');

      // Past the settlement delay (one day by default), the sandbox writes the day's file.
      sandbox.advanceClock(2 * DAY);
      const files = await sandbox.writeSettlementFiles();
      expect(files).toHaveLength(1);
      const file = files[0]!;
      expect(file.startsWith(join(data.dir, 'settlement-files'))).toBe(true);
      const settlementDate = /settlement-(\d{4}-\d{2}-\d{2})\.csv$/.exec(basename(file))![1]!;

      // The embedded database has one process at a time: the shop stops first.
      await shop.close();
      shop = undefined;

      out = mkdtempSync(join(tmpdir(), 'wpwl-reconcile-e2e-'));
      const run = await reconcile([file, '--data-dir', data.dir, '--out', out]);
      expect(run.stderr).toBe('');
      // The chargeback is listed for a person: exit 1.
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/^\s+settled\s+2\s/m);
      expect(run.stdout).toMatch(/^\s+chargeback\s+1\s/m);
      expect(run.stdout).toContain('1 exception for a person to look at: 1 chargeback');
      const credited = decimal(cents(kept.amount) + cents(chargedBack.amount));
      expect(run.stdout).toMatch(
        new RegExp(
          `^\\s+${settlementDate}\\s+EUR\\s+\\d+\\s+${credited.replace('.', '\\.')}\\s+${chargedBack.amount.replace('.', '\\.')}\\s`,
          'm',
        ),
      );

      // The shop again, on the same folder; its page in Chromium (this machine: no token needed).
      shop = await start(data.dir);
      browser = await launchBrowser();
      const tab = await browser.newPage();
      const violations = await recordViolations(tab.page);
      const { page } = tab;
      await page.goto(`${shop.merchant.url}/reconciliation`);

      await expect.poll(() => page.title()).toBe('Reconciliation · Tea shop back office');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Reconciliation');
      const orders = page.getByRole('table', { name: /^Orders, newest first/ });
      for (const order of [kept, chargedBack]) {
        const row = orders.getByRole('row', { name: new RegExp(order.orderId) });
        expect(await row.textContent()).toContain(`settled on ${settlementDate}`);
      }
      expect(await orders.getByRole('row', { name: new RegExp(chargedBack.orderId) }).textContent()).toMatch(/chargedBack.*chargeback/);
      expect(await orders.getByRole('row', { name: new RegExp(kept.orderId) }).textContent()).toContain('paid');

      const exceptions = page.getByRole('table', { name: /^Exceptions/ });
      const exceptionRows = exceptions.locator('tbody tr');
      expect(await exceptionRows.count()).toBe(1);
      const exception = (await exceptionRows.first().textContent()) ?? '';
      expect(exception).toContain('chargeback');
      expect(exception).toContain(chargedBack.orderId);
      expect(exception).toMatch(new RegExp(`${basename(file).replace('.', '\\.')}:\\d+`));

      const totals = page.getByRole('table', { name: 'Totals per settlement date and currency' });
      const day = totals.getByRole('row', { name: new RegExp(settlementDate) });
      expect((await day.getByRole('cell').allTextContents()).slice(0, 4)).toEqual([
        'EUR',
        expect.stringMatching(/^\d+$/),
        credited,
        chargedBack.amount,
      ]);
      expect(
        await page
          .getByRole('table', { name: 'Rows per outcome' })
          .getByRole('row', { name: /^settled/ })
          .getByRole('cell')
          .first()
          .textContent(),
      ).toBe('2');

      // The button, in a real browser (its Origin is the shop's): the same file again changes nothing.
      await page.getByRole('button', { name: 'Reconcile the settlement files' }).click();
      await page.waitForURL(/\/reconciliation\?notice=done$/);
      expect(await page.getByRole('status').textContent()).toContain('The settlement files were reconciled');
      const filesRead = page.getByRole('table', { name: 'Files read' }).getByRole('row', { name: new RegExp(basename(file)) });
      const [rows, , , already] = await filesRead.getByRole('cell').allTextContents();
      expect(already).toBe(rows);
      expect(await orders.getByRole('row', { name: new RegExp(chargedBack.orderId) }).textContent()).toContain(
        `settled on ${settlementDate}`,
      );

      expect(violations).toEqual([]);
      expect(tab.errors).toEqual([]);
    },
  );
});
