// The child process of the reconciliation measure (reconciliation.ts): one
// task per process, so that each measurement's peak memory is its own. Its
// tasks: write a benchmark settlement file and list the orders it refunds;
// put the file's orders into a database (PostgreSQL or PGlite) the way the
// settlement keeps them; and measure one of a plain csv-parse parse of the
// file, `readSettlementFile` alone, or `reconcileSettlementFiles` against a
// seeded database. It is given a task file (JSON) and writes its result
// next to it; what it prints on stderr is the parent's log.
import { createReadStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { PGlite } from '@electric-sql/pglite';
import { generatedOrder, generateSettlementFile } from '@wpwl/sandbox';
import { readSettlementFile, reconcilePgliteOptions, reconcileSettlementFiles, sqlReconciliationStore } from '@wpwl/server/reconciliation';
import {
  migrateSettlementSchema,
  pgliteDatabase,
  postgresDatabase,
  recommendedPoolOptions,
  type SqlDatabase,
  type SqlQueryable,
} from '@wpwl/server/settlement';
import { parse } from 'csv-parse';
import pg from 'pg';
import type { ReconciliationFileFacts, ReconciliationMeasureFigures, StatementTime } from './reconciliation-results.js';

/** Where a task's database is: a PostgreSQL URL, or a PGlite data folder. */
export type WorkerDatabase = { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string };

/** The tasks, as the parent writes them. */
export type WorkerTask =
  | { task: 'generate'; rows: number; seed: number; path: string }
  | { task: 'seed'; database: WorkerDatabase; orders: number; fileOrders: number; refunded: readonly number[]; paymentDay: string }
  | { task: 'parse' | 'read'; path: string }
  | { task: 'reconcile'; path: string; database: WorkerDatabase; batchSize?: number };

/** What `generate` found in the file it wrote, and the orders it refunds (the shop has those refunds recorded). */
export interface GeneratedFileFacts extends ReconciliationFileFacts {
  refunded: number[];
}

/** `ORDER-` + 10 digits, as the generator writes merchantTransactionId. */
const ORDERS_PREFIX = 'ORDER-';
const CURRENCIES = ['EUR'];
const SEED_CHUNK = 50_000;

const log = (line: string) => console.error(`  [${process.pid}] ${line}`);

/** The figures every measurement has. */
type Timing = Pick<
  ReconciliationMeasureFigures,
  'wallMs' | 'cpuMs' | 'peakRssBytes' | 'rssBeforeBytes' | 'heapUsedPeakBytes' | 'externalPeakBytes'
>;

/** How often the JavaScript heap and the memory outside it are sampled during a measurement. */
const SAMPLE_MS = 100;

/** Runs `work`, timing it and this process's CPU, and sampling its memory. */
async function timed<T>(work: () => Promise<T>): Promise<{ value: T; timing: Timing }> {
  const rssBeforeBytes = process.memoryUsage.rss();
  let heapUsedPeakBytes = 0;
  let externalPeakBytes = 0;
  const sample = () => {
    const { heapUsed, external } = process.memoryUsage();
    heapUsedPeakBytes = Math.max(heapUsedPeakBytes, heapUsed);
    // `external` counts the memory of array buffers: pg's socket buffers, PGlite's WebAssembly memory.
    externalPeakBytes = Math.max(externalPeakBytes, external);
  };
  const sampler = setInterval(sample, SAMPLE_MS);
  const cpu = process.cpuUsage();
  const start = performance.now();
  try {
    const value = await work();
    const wallMs = performance.now() - start;
    const used = process.cpuUsage(cpu);
    sample();
    return {
      value,
      timing: {
        wallMs,
        cpuMs: (used.user + used.system) / 1000,
        rssBeforeBytes,
        peakRssBytes: process.resourceUsage().maxRSS * 1024,
        heapUsedPeakBytes,
        externalPeakBytes,
      },
    };
  } finally {
    clearInterval(sampler);
  }
}

/** Opens the task's database; `close` lets it go. */
async function openDatabase(database: WorkerDatabase, asTheCommand = false): Promise<SqlDatabase> {
  if (database.kind === 'pglite') {
    // Seeded as the merchant server opens it; reconciled with the settings the wpwl-reconcile command opens it with.
    const db = asTheCommand ? new PGlite(database.dir, reconcilePgliteOptions()) : new PGlite(database.dir);
    await db.waitReady;
    return pgliteDatabase({ db });
  }
  // As the reconciliation command opens PostgreSQL: a few connections, statements of a batch may take long.
  const limits = { statementTimeoutMs: 300_000, lockTimeoutMs: 10_000, idleInTransactionTimeoutMs: 30_000 };
  const pool = new pg.Pool({ connectionString: database.url, ...recommendedPoolOptions(limits), max: 4 });
  return postgresDatabase({ pool, ...limits, onConnectionError: (error) => log(`connection lost: ${error.message}`) });
}

/** Writes the file and lists the orders it refunds (read back from the file: the generator's draws are its own). */
async function generate(task: Extract<WorkerTask, { task: 'generate' }>): Promise<GeneratedFileFacts> {
  const file = await generateSettlementFile({ rows: task.rows, path: task.path, seed: task.seed });
  const lines = createInterface({ input: createReadStream(task.path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let columns: string[] | undefined;
  const refunded: number[] = [];
  let settlementDate = '';
  for await (const line of lines) {
    const cells = line.split(';');
    if (!columns) {
      columns = cells;
      continue;
    }
    const at = (name: string) => cells[columns!.indexOf(name)] ?? '';
    if (!settlementDate) settlementDate = at('SettlementDate');
    if (at('PaymentType') === 'REFUND') refunded.push(Number(at('UniqueID').replace(/^sbxrfd/, '')));
  }
  if (refunded.length !== file.refunds) throw new Error(`the file has ${refunded.length} REFUND rows, the generator said ${file.refunds}`);
  return {
    rows: file.rows,
    orders: file.orders,
    settled: file.settled,
    refunds: file.refunds,
    chargebacks: file.chargebacks,
    chargebackReversals: file.chargebackReversals,
    fees: file.fees,
    bytes: file.bytes,
    refunded,
    settlementDate,
  };
}

/** `to_char` pattern of an ISO 8601 instant as JavaScript writes it (`toISOString`). */
const iso = (expression: string) => `to_char((${expression}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Orders $1 to $2, as the settlement stores a paid order (sql-store.ts: the
 * indexed columns and the whole order as JSON), with the ids and amounts
 * `generatedOrder(n)` gives: orders up to $5 were paid on the payments' day
 * ($6, at the file row's TxRequestTime), later ones at $7 (recently: not in
 * this file yet, and within the reconciliation's window for missing orders).
 */
const INSERT_ORDERS = `
INSERT INTO wpwl_orders (order_id, checkout_id, cart_key, payment_id, state, paid_cart, next_check_at, created_at, record)
SELECT order_id, checkout_id, cart_key, payment_id, 'paid', true, NULL, created_at,
  jsonb_build_object(
    'orderId', order_id, 'checkoutId', checkout_id, 'cartKey', cart_key,
    'cartFingerprint', jsonb_build_array(result_url, jsonb_build_array(jsonb_build_array(product_id, 1)))::text,
    'amount', amount, 'currency', currency, 'paymentType', 'DB',
    'createdAt', ${iso('created_at')}, 'expiresAt', ${iso(`created_at + interval '30 minutes'`)},
    'state', 'paid', 'paidCart', true, 'paymentId', payment_id,
    'result', jsonb_build_object('code', '000.100.110', 'description', 'Request successfully processed in ''Merchant in Integrator Test Mode'''),
    'mismatches', '[]'::jsonb, 'settledBy', 'webhook', 'settledAt', ${iso(`created_at + interval '4 seconds'`)},
    'followUps', '[]'::jsonb, 'checks', 0,
    'details', jsonb_build_object(
      'shopperResultUrl', result_url, 'shopperId', 'shopper-' || n,
      'lines', jsonb_build_array(jsonb_build_object('productId', product_id, 'name', 'Product ' || (n % 500), 'quantity', 1, 'price', amount))))
FROM (
  SELECT n,
    $3::text || lpad(n::text, 10, '0') AS order_id,
    lpad(to_hex(n), 32, '0') || '.sbx01-vm-tx01' AS checkout_id,
    'cart-' || lpad(n::text, 10, '0') AS cart_key,
    'sbxpay' || lpad(n::text, 26, '0') AS payment_id,
    (cents / 100)::text || '.' || lpad((cents % 100)::text, 2, '0') AS amount,
    ($4::text[])[((n - 1) % cardinality($4::text[])) + 1] AS currency,
    CASE WHEN n <= $5 THEN $6::timestamptz + make_interval(secs => (n * 7) % 86400) ELSE $7::timestamptz END AS created_at,
    'https://shop.example/checkout/result' AS result_url,
    'p-' || (n % 500) AS product_id
  FROM generate_series($1::bigint, $2::bigint) AS n, LATERAL (SELECT 100 + (n * 7919) % 99900 AS cents) AS c
) AS o`;

/** The refunds the shop recorded (half the amount, rounded down, at least 0.01), as the file's REFUND rows have them. */
const RECORD_REFUNDS = `
UPDATE wpwl_orders SET state = 'partiallyRefunded',
  record = record || jsonb_build_object('state', 'partiallyRefunded', 'followUps', jsonb_build_array(jsonb_build_object(
    'id', 'sbxrfd' || lpad(r.n::text, 26, '0'), 'kind', 'refund',
    'amount', (half / 100)::text || '.' || lpad((half % 100)::text, 2, '0'),
    'currency', record->>'currency', 'code', '000.100.110', 'recordedAt', ${iso(`created_at + interval '2 hours'`)})))
FROM unnest($1::bigint[]) AS r(n), LATERAL (SELECT greatest(1, (100 + (r.n * 7919) % 99900) / 2) AS half) AS h
WHERE order_id = $2::text || lpad(r.n::text, 10, '0')`;

/** Puts the orders in, records the refunds, refreshes the planner's statistics, and checks a few orders against `generatedOrder`. */
async function seed(task: Extract<WorkerTask, { task: 'seed' }>): Promise<{ ms: number }> {
  const start = performance.now();
  const database = await openDatabase(task.database);
  try {
    await migrateSettlementSchema(database);
    const recentAt = new Date(Date.now() - 3_600_000);
    const paymentDay = new Date(`${task.paymentDay}T00:00:00Z`);
    for (let from = 1; from <= task.orders; from += SEED_CHUNK) {
      const to = Math.min(task.orders, from + SEED_CHUNK - 1);
      await database.query(INSERT_ORDERS, [from, to, ORDERS_PREFIX, CURRENCIES, task.fileOrders, paymentDay, recentAt]);
      if (to % 200_000 === 0 || to === task.orders) log(`seeded ${to} of ${task.orders} orders`);
    }
    for (let from = 0; from < task.refunded.length; from += SEED_CHUNK) {
      await database.query(RECORD_REFUNDS, [task.refunded.slice(from, from + SEED_CHUNK), ORDERS_PREFIX]);
    }
    await database.query('ANALYZE wpwl_orders');
    if (task.database.kind === 'postgres') await database.query('CHECKPOINT').catch(() => undefined);
    for (const n of [1, Math.ceil(task.orders / 2), task.orders]) {
      const expected = generatedOrder(n, { ordersPrefix: ORDERS_PREFIX, currencies: CURRENCIES });
      const [row] = await database.query<{ order_id: string; payment_id: string; amount: string; currency: string }>(
        `SELECT order_id, payment_id, record->>'amount' AS amount, record->>'currency' AS currency FROM wpwl_orders WHERE order_id = $1`,
        [expected.merchantTransactionId],
      );
      const got = row && { order_id: row.order_id, payment_id: row.payment_id, amount: row.amount, currency: row.currency };
      const want = {
        order_id: expected.merchantTransactionId,
        payment_id: expected.paymentId,
        amount: expected.amount,
        currency: expected.currency,
      };
      if (JSON.stringify(got) !== JSON.stringify(want)) {
        throw new Error(`seeded order ${n} is ${JSON.stringify(got)}, generatedOrder(${n}) is ${JSON.stringify(want)}`);
      }
    }
  } finally {
    await database.close();
  }
  return { ms: performance.now() - start };
}

/**
 * A statement's name in the report, one line: its first words, and for a
 * long one its WHERE clause too (statements reading the same columns differ
 * there: the order lookups by payment id and by order id, the missing orders).
 */
function statementName(sql: string): string {
  const words = sql.replace(/\s+/g, ' ').trim();
  if (words.length <= 100) return words;
  const where = words.indexOf(' WHERE ');
  const head = words.slice(0, 48).trimEnd();
  if (where < 48) return `${words.slice(0, 97)}…`;
  const clause = words.slice(where + 1);
  return `${head} … ${clause.length > 60 ? `${clause.slice(0, 59)}…` : clause}`;
}

/** `database` with every statement timed by its first words (inside transactions too). */
function timedDatabase(database: SqlDatabase, times: Map<string, StatementTime>): SqlDatabase {
  const time =
    (queryable: SqlQueryable) =>
    async <Row>(sql: string, params?: unknown[]): Promise<Row[]> => {
      const start = performance.now();
      try {
        return await queryable.query<Row>(sql, params);
      } finally {
        const ms = performance.now() - start;
        const name = statementName(sql);
        const entry = times.get(name) ?? { statement: name, calls: 0, totalMs: 0, maxMs: 0 };
        entry.calls++;
        entry.totalMs += ms;
        entry.maxMs = Math.max(entry.maxMs, ms);
        times.set(name, entry);
      }
    };
  return {
    query: time(database),
    transaction: (work) => database.transaction((tx) => work({ query: time(tx) })),
    exclusive: (name, waitMs, work) => database.exclusive(name, waitMs, work),
    close: () => database.close(),
  };
}

async function parseOnly(path: string): Promise<ReconciliationMeasureFigures> {
  const { value: rows, timing } = await timed(async () => {
    let records = 0;
    const parser = createReadStream(path).pipe(parse({ delimiter: ';' }));
    for await (const _record of parser) records++;
    return records - 1;
  });
  return { rows, ...timing };
}

async function readOnly(path: string): Promise<ReconciliationMeasureFigures> {
  const { value, timing } = await timed(async () => {
    const counts: Record<string, number> = {};
    for await (const entry of readSettlementFile(path)) counts[entry.kind] = (counts[entry.kind] ?? 0) + 1;
    return counts;
  });
  const rows = Object.values(value).reduce((sum, n) => sum + n, 0);
  return { rows, ...timing, outcomes: value };
}

async function reconcile(task: Extract<WorkerTask, { task: 'reconcile' }>): Promise<ReconciliationMeasureFigures> {
  const openStart = performance.now();
  const opened = await openDatabase(task.database, true);
  const openMs = performance.now() - openStart;
  const times = new Map<string, StatementTime>();
  const database = timedDatabase(opened, times);
  try {
    const { value: report, timing } = await timed(() =>
      reconcileSettlementFiles({
        files: [task.path],
        store: sqlReconciliationStore(database),
        ...(task.batchSize ? { batchSize: task.batchSize } : {}),
      }),
    );
    const outcomes = Object.fromEntries(Object.entries(report.counts).filter((entry): entry is [string, number] => entry[1] !== undefined));
    return {
      rows: report.files.reduce((sum, file) => sum + file.rows, 0),
      ...timing,
      openMs,
      outcomes,
      exceptionCount: report.exceptionCount,
      statements: [...times.values()].sort((a, b) => b.totalMs - a.totalMs),
    };
  } finally {
    await database.close();
  }
}

async function run(task: WorkerTask): Promise<unknown> {
  switch (task.task) {
    case 'generate':
      return generate(task);
    case 'seed':
      return seed(task);
    case 'parse':
      return parseOnly(task.path);
    case 'read':
      return readOnly(task.path);
    case 'reconcile':
      return reconcile(task);
  }
}

const taskFile = process.argv[2];
if (!taskFile) throw new Error('usage: reconciliation-worker.js <task.json> (writes <task.json>.result.json)');
const task = JSON.parse(await readFile(taskFile, 'utf8')) as WorkerTask;
try {
  const result = await run(task);
  await writeFile(`${taskFile}.result.json`, JSON.stringify({ ok: true, result }));
} catch (error) {
  await writeFile(
    `${taskFile}.result.json`,
    JSON.stringify({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
  process.exitCode = 1;
}
