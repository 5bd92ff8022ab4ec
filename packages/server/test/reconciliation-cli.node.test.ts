// The wpwl-reconcile command as an operator runs it: the built command
// (dist/cli.js) in its own process, on a shop's embedded database folder
// (DIR/pgdata, DIR/owner.pid) made here with orders in it, and settlement
// files the test writes. What it prints, the two exception files it writes,
// its exit statuses, the folder lock it honours, and its usage errors.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvValue } from '../src/reconciliation/exception-files.js';
import { compareFileNames, parseReconcileCli } from '../src/reconciliation/cli-options.js';
import { pgliteSettlementStore, type SettlementOrder } from '../src/settlement/index.js';
import {
  chargebackIdOf,
  chargebackRow,
  orderIdOf,
  paidOrder,
  row,
  writeSettlementFile,
  type SettlementRow,
} from './support/settlement-file-rows.js';

const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
let root: string;
let template: string;

/** Writes a settlement file named `name` into `dir` (38 columns). */
const settlementFile = (dir: string, name: string, ...rows: SettlementRow[]): string => writeSettlementFile(join(dir, name), ...rows);

/** A shop's data folder (DIR/pgdata) holding `orders`, as the merchant server leaves it once stopped. */
async function shopFolder(...orders: SettlementOrder[]): Promise<{ work: string; dataDir: string }> {
  const work = mkdtempSync(join(root, 'shop-'));
  const dataDir = join(work, 'data');
  cpSync(template, dataDir, { recursive: true });
  if (orders.length > 0) {
    const store = await pgliteSettlementStore({ db: new PGlite(join(dataDir, 'pgdata')) });
    for (const order of orders) await store.insert(order);
    await store.close();
  }
  return { work, dataDir };
}

/** Reads the orders of a data folder (the command must have closed it). */
async function ordersIn(dataDir: string): Promise<SettlementOrder[]> {
  const store = await pgliteSettlementStore({ db: new PGlite(join(dataDir, 'pgdata')) });
  try {
    return await store.all();
  } finally {
    await store.close();
  }
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs wpwl-reconcile in its own process, in `cwd`, without DATABASE_URL. */
function reconcile(args: string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [CLI, ...args], { cwd, env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`wpwl-reconcile did not finish in 60 s:\n${stdout}\n${stderr}`));
    }, 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The two exception files a run wrote into `dir`, read: the CSV as rows of cells, the JSON parsed. */
function exceptionFiles(dir: string): { csv: string[][]; json: Array<Record<string, unknown>>; names: string[] } {
  const names = readdirSync(dir)
    .filter((name) => name.startsWith('exceptions-'))
    .sort();
  expect(names).toHaveLength(2);
  const csvName = names.find((name) => name.endsWith('.csv'))!;
  const jsonName = names.find((name) => name.endsWith('.json'))!;
  expect(csvName.replace(/\.csv$/, '')).toBe(jsonName.replace(/\.json$/, ''));
  return { csv: parseCsv(readFileSync(join(dir, csvName), 'utf8')), json: JSON.parse(readFileSync(join(dir, jsonName), 'utf8')), names };
}

/** A semicolon-separated file with RFC 4180 quotes, as a spreadsheet reads it. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted || (c !== ';' && c !== '\r' && c !== '\n')) {
      cell += c;
    } else if (c === ';') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n') {
      cells.push(cell);
      rows.push(cells);
      cells = [];
      cell = '';
    }
  }
  return rows;
}

beforeAll(async () => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build the package first (pnpm --filter @wpwl/server build)`);
  root = mkdtempSync(join(tmpdir(), 'wpwl-reconcile-cli-'));
  // One initialised database, copied for each test: a new one takes seconds.
  template = join(root, 'template');
  mkdirSync(template);
  const store = await pgliteSettlementStore({ db: new PGlite(join(template, 'pgdata')) });
  await store.close();
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }), 60_000);

describe('wpwl-reconcile', { timeout: 30_000 }, () => {
  it('a file that agrees with the shop: exit 0, the summary with its totals, and empty exception files', async () => {
    const { work, dataDir } = await shopFolder(paidOrder(1), paidOrder(2, { amount: '10.50' }));
    const file = settlementFile(
      work,
      'settlement-2026-11-27.csv',
      row(1),
      row(2, { Amount: '10.50', SettlementAmount: '10.50', SettlementFee: '0.40' }),
    );

    const run = await reconcile([file, '--data-dir', dataDir], work);

    // Nothing on stderr but progress (a busy machine may take a second for the two rows).
    expect(run.stderr.split('\n').filter((line) => line && !/ rows, [\d,]+ rows\/s$/.test(line))).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Reconciled 1 file with the embedded database in ${dataDir}`);
    expect(run.stdout).toMatch(/settlement-2026-11-27\.csv\s+2 rows\s+2 records\s+0 row errors\s+0 already reconciled/);
    expect(run.stdout).toMatch(/^\s+settled\s+2\s+settled$/m);
    // 92.00 + 10.50 credited, fees 1.54 + 0.40, net 100.56.
    expect(run.stdout).toMatch(/^\s+date\s+currency\s+rows\s+credited\s+debited\s+fees\s+net$/m);
    expect(run.stdout).toMatch(/^\s+2026-11-27\s+EUR\s+2\s+102\.50\s+0\.00\s+1\.94\s+100\.56$/m);
    expect(run.stdout).toContain('No exceptions.');
    const written = exceptionFiles(work);
    expect(written.csv).toEqual([expect.arrayContaining(['kind', 'file', 'line', 'orderId', 'message'])]);
    expect(written.json).toEqual([]);
    // The folder is given back: no lock left behind.
    expect(existsSync(join(dataDir, 'owner.pid'))).toBe(false);
  });

  it('exceptions: exit 1, counted per outcome, every one in the CSV and the JSON with its file, line, order and message', async () => {
    const { work, dataDir } = await shopFolder(paidOrder(1), paidOrder(2), paidOrder(3));
    const file = settlementFile(
      work,
      'settlement-2026-11-27.csv',
      row(1),
      row(2),
      chargebackRow(2),
      row(3, { Amount: '90.00', SettlementAmount: '90.00' }),
      row(9),
    );
    const out = join(work, 'reports', 'november');

    const run = await reconcile([file, '--data-dir', dataDir, '--out', out], work);

    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^\s+settled\s+2\s/m);
    expect(run.stdout).toMatch(/^\s+chargeback\s+1\s/m);
    expect(run.stdout).toMatch(/^\s+amountMismatch\s+1\s/m);
    expect(run.stdout).toMatch(/^\s+unknownToShop\s+1\s/m);
    expect(run.stdout).toContain('3 exceptions for a person to look at: 1 chargeback, 1 amountMismatch, 1 unknownToShop');
    // The chargeback row is debited: 92 × 3 + 90 credited … the totals of the date.
    expect(run.stdout).toMatch(/^\s+2026-11-27\s+EUR\s+5\s+366\.00\s+92\.00\s+6\.16\s+267\.84$/m);

    const { csv, json, names } = exceptionFiles(out);
    expect(run.stdout).toContain(join(out, names[0]!));
    const [header, ...lines] = csv;
    const cell = (line: string[], name: string) => line[header!.indexOf(name)];
    expect(lines).toHaveLength(3);
    expect(lines.map((line) => [cell(line, 'kind'), cell(line, 'line'), cell(line, 'orderId')])).toEqual([
      ['chargeback', '4', orderIdOf(2)],
      ['amountMismatch', '5', orderIdOf(3)],
      ['unknownToShop', '6', ''],
    ]);
    expect(cell(lines[0]!, 'file')).toBe(file);
    expect(cell(lines[0]!, 'chargebackId')).toBe(chargebackIdOf(2));
    expect(cell(lines[0]!, 'reasonCode')).toBe('000.100.220');
    expect(cell(lines[1]!, 'shopAmount')).toBe('92.00');
    expect(cell(lines[1]!, 'fileAmount')).toBe('90.00');
    expect(cell(lines[1]!, 'message')).toContain('was ordered for 92.00 EUR');
    expect(json.map((e) => e.kind)).toEqual(['chargeback', 'amountMismatch', 'unknownToShop']);
    expect(json[1]).toMatchObject({ file, line: 5, orderId: orderIdOf(3), expected: { amount: '92.00' }, actual: { amount: '90.00' } });
    expect(json.map((e) => e.message)).toEqual(lines.map((line) => cell(line, 'message')));

    // The chargeback is recorded on its order.
    const orders = await ordersIn(dataDir);
    expect(orders.find((o) => o.orderId === orderIdOf(2))).toMatchObject({ state: 'chargedBack' });
  });

  it('reconciles the files in name order, oldest first, whatever order they are given in; a second run changes nothing', async () => {
    const { work, dataDir } = await shopFolder(paidOrder(1));
    const reversal = chargebackRow(1, {
      ReconciliationType: 'CHARGEBACK REVERSAL',
      Cashflow: 'POS',
      SettlementTxId: 'stx-cbr-1',
      ChargebackId: `cbr${'1'.padStart(29, '0')}`,
      ReasonCode: '000.100.110',
      ReasonDesc: '',
      SettlementDate: '2026-11-28',
    });
    const later = settlementFile(work, 'settlement-2026-11-28.csv', reversal);
    const earlier = settlementFile(work, 'settlement-2026-11-27.csv', row(1), chargebackRow(1));

    const first = await reconcile([later, earlier, '--data-dir', dataDir, '--quiet'], work);
    expect(first.code).toBe(1);
    expect(first.stdout.indexOf('settlement-2026-11-27.csv')).toBeLessThan(first.stdout.indexOf('settlement-2026-11-28.csv'));
    // The chargeback was recorded before its reversal: both taken, none refused.
    expect(first.stdout).toMatch(/^\s+chargeback\s+1\s/m);
    expect(first.stdout).toMatch(/^\s+chargebackReversal\s+1\s/m);
    expect(first.stdout).not.toContain('chargebackRefused');
    expect((await ordersIn(dataDir))[0]).toMatchObject({ state: 'chargebackReversed' });

    const again = await reconcile([earlier, later, '--data-dir', dataDir, '--out', join(work, 'again')], work);
    expect(again.stdout).toMatch(/settlement-2026-11-27\.csv\s+2 rows\s+2 records\s+0 row errors\s+2 already reconciled/);
    expect(again.stdout).toMatch(/settlement-2026-11-28\.csv\s+1 row\s+1 record\s+0 row errors\s+1 already reconciled/);
    const [order] = await ordersIn(dataDir);
    expect(order?.followUps.map((f) => f.kind)).toEqual(['chargeback', 'chargebackReversal']);
  });

  it('refuses a data folder a live process has open, naming it; takes over the lock of a process that is gone', async () => {
    const { work, dataDir } = await shopFolder(paidOrder(1));
    const file = settlementFile(work, 'settlement-2026-11-27.csv', row(1));
    // This test's own process stands for a running merchant server.
    writeFileSync(join(dataDir, 'owner.pid'), String(process.pid));

    const refused = await reconcile([file, '--data-dir', dataDir], work);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`is in use by process ${process.pid}`);
    expect(refused.stdout).toBe('');
    expect(readFileSync(join(dataDir, 'owner.pid'), 'utf8')).toBe(String(process.pid));
    expect(readdirSync(work).filter((name) => name.includes('exceptions'))).toEqual([]);

    // A process that has ended: its lock is stale.
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(join(dataDir, 'owner.pid'), String(gone.pid));
    const taken = await reconcile([file, '--data-dir', dataDir], work);
    expect(taken.code).toBe(0);
    expect(taken.stdout).toMatch(/^\s+settled\s+1\s/m);
    expect(existsSync(join(dataDir, 'owner.pid'))).toBe(false);
  });

  it(
    'killed with SIGKILL, the command takes its bounded process with it; the next run goes on from there',
    { timeout: 120_000 },
    async () => {
      const { work, dataDir } = await shopFolder();
      const rows = Array.from({ length: 30_000 }, (_, i) => row(i + 1));
      const file = settlementFile(work, 'settlement-2026-11-27.csv', ...rows);
      const command = spawn(process.execPath, [CLI, file, '--data-dir', dataDir, '--quiet'], { cwd: work, stdio: 'ignore' });
      // The folder's lock names the process doing the work: the bounded one the command started, not the command.
      const lock = join(dataDir, 'owner.pid');
      let worker = 0;
      for (const deadline = Date.now() + 30_000; Date.now() < deadline && !worker;) {
        const pid = existsSync(lock) ? Number(readFileSync(lock, 'utf8')) : 0;
        if (pid && pid !== command.pid) worker = pid;
        else await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(worker).toBeGreaterThan(0);
      command.kill('SIGKILL');
      const alive = () => {
        try {
          process.kill(worker, 0);
          return true;
        } catch {
          return false;
        }
      };
      for (const deadline = Date.now() + 10_000; Date.now() < deadline && alive();) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(alive()).toBe(false);

      const next = await reconcile([file, '--data-dir', dataDir, '--quiet'], work);
      expect(next.code).toBe(1);
      expect(next.stdout).toMatch(/30000 rows\s+30000 records/);
      expect(next.stdout).toMatch(/^\s+unknownToShop\s+30000\s/m);
      // The killed run stopped part-way (left on its own it would have recorded every row): this one did the rest.
      const already = Number(/(\d+) already reconciled/.exec(next.stdout)?.[1]);
      expect(already).toBeLessThan(30_000);
    },
  );

  it('a file it cannot open, or a folder with no database: exit 2 naming it, nothing reconciled', async () => {
    const { work, dataDir } = await shopFolder(paidOrder(1));
    const file = settlementFile(work, 'settlement-2026-11-27.csv', row(1));
    const missing = join(work, 'settlement-2026-11-28.csv');

    const run = await reconcile([file, missing, '--data-dir', dataDir], work);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`wpwl-reconcile: cannot open the settlement file ${missing}: no such file\n`);
    expect(run.stdout).toBe('');

    const empty = join(work, 'empty');
    mkdirSync(empty);
    const noDatabase = await reconcile([file, '--data-dir', empty], work);
    expect(noDatabase.code).toBe(2);
    expect(noDatabase.stderr).toContain(`${empty} holds no embedded database`);

    // The file was not reconciled by either: a run now settles its row for the first time.
    const real = await reconcile([file, '--data-dir', dataDir], work);
    expect(real.stdout).toMatch(/0 already reconciled/);
  });

  it('a long file: its rows and rows per second on stderr as it goes; nothing with --quiet', { timeout: 120_000 }, async () => {
    const { work, dataDir } = await shopFolder();
    const rows = Array.from({ length: 40_000 }, (_, i) => row(100_000 + i));
    const file = settlementFile(work, 'settlement-2026-11-27.csv', ...rows);

    const run = await reconcile([file, '--data-dir', dataDir], work);
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/^wpwl-reconcile: .*settlement-2026-11-27\.csv: [\d,]+ rows, [\d,]+ rows\/s$/);
    const counts = lines.map((line) => Number(/: ([\d,]+) rows,/.exec(line)![1]!.replaceAll(',', '')));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(run.stdout).toMatch(/^\s+unknownToShop\s+40000\s/m);

    const quiet = await reconcile([file, '--data-dir', dataDir, '--quiet', '--out', join(work, 'quiet')], work);
    expect(quiet.stderr).toBe('');
    expect(quiet.stdout).toMatch(/40000 already reconciled/);
  });

  it('usage errors: exit 2, naming the flag and the rule', async () => {
    const work = mkdtempSync(join(root, 'usage-'));
    const cases: Array<[string[], string]> = [
      [['--frobnicate', 'a.csv'], 'unknown option --frobnicate'],
      [['a.csv', '--missing-after-days', 'soon'], '--missing-after-days must be a whole number of days from 0 to 3650, got "soon"'],
      [['a.csv', '--out'], '--out needs a value: a folder'],
      [['a.csv', '--database-url', 'postgres://x/y', '--data-dir', 'data'], '--database-url and --data-dir name two databases'],
      [['a.csv', '--database-url', 'mysql://x/y'], '--database-url must be a PostgreSQL URL'],
      [[], 'name at least one settlement file'],
    ];
    for (const [args, message] of cases) {
      const run = await reconcile(args, work);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain(`wpwl-reconcile: ${message}`);
      expect(run.stderr).toContain('wpwl-reconcile --help');
    }
    const help = await reconcile(['--help'], work);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: wpwl-reconcile <file…>');
    expect(help.stdout).toContain('Exit status: 0 no exception, 1 exceptions found');
  });
});

describe('wpwl-reconcile: its parts', () => {
  it('orders files oldest first by name: a second file of a date after the first, -10 after -2', () => {
    const names = [
      'b/settlement-2026-11-28.csv',
      'settlement-2026-11-27-10.csv',
      'a/settlement-2026-11-27-2.csv',
      'settlement-2026-11-27.csv',
    ];
    expect([...names].sort(compareFileNames)).toEqual([
      'settlement-2026-11-27.csv',
      'a/settlement-2026-11-27-2.csv',
      'settlement-2026-11-27-10.csv',
      'b/settlement-2026-11-28.csv',
    ]);
  });

  it('DATABASE_URL stands for --database-url; an explicit --data-dir wins over it', () => {
    const env = { DATABASE_URL: 'postgres://shop@db/shop' };
    expect(parseReconcileCli(['a.csv'], env)).toMatchObject({ database: { kind: 'postgres', url: env.DATABASE_URL } });
    expect(parseReconcileCli(['a.csv', '--data-dir', 'd'], env)).toMatchObject({ database: { kind: 'embedded', dataDir: 'd' } });
    expect(parseReconcileCli(['a.csv'], {})).toMatchObject({
      database: { kind: 'embedded', dataDir: 'data' },
      outDir: '.',
      missingAfterDays: 5,
    });
  });

  it('CSV values: quoted when they hold a separator, a quote or a line break; a formula is shown, not run', () => {
    expect(csvValue('plain text')).toBe('plain text');
    expect(csvValue('a;b')).toBe('"a;b"');
    expect(csvValue('say "hi"')).toBe('"say ""hi"""');
    expect(csvValue('two\nlines')).toBe('"two\nlines"');
    expect(csvValue('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvValue('-12.50')).toBe('-12.50');
    expect(csvValue(7)).toBe('7');
    expect(csvValue(undefined)).toBe('');
  });
});
