// One reconciliation at a time on a shop's PostgreSQL database, whoever
// starts it: while a run holds the run lock, the wpwl-reconcile command (the
// built command, in its own process) exits 2 with RECONCILIATION_RUNNING and
// the shop's /reconciliation button answers "busy", both reconciling nothing;
// once the run ends, or the process holding the lock is killed, the next run
// goes ahead.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SETTLEMENT_FILE_HEADER_38 } from '@wpwl/gateway-spec/settlement-file';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startMerchantServer, type MerchantServer } from '../examples/merchant-server/src/server.js';
import { ReconciliationRunningError, withReconciliationRunLock } from '../packages/server/src/reconciliation/index.js';
import {
  migrateSettlementSchema,
  postgresDatabase,
  recommendedPoolOptions,
  type SqlDatabase,
} from '../packages/server/src/settlement/index.js';
import { ensureDatabase } from './support/postgres-server.mjs';
import { startSandboxServer, type SandboxServer } from './support/servers.js';

const repo = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const CLI = join(repo, 'packages/server/dist/cli.js');

/** Runs the built wpwl-reconcile in its own process. */
function reconcile(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Presses the page's button as the page itself would; the notice it redirects to. */
async function pressReconcile(shop: MerchantServer): Promise<string | null> {
  const response = await fetch(`${shop.url}/reconciliation`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: shop.url },
  });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location') ?? '', shop.url).searchParams.get('notice');
}

async function runCount(sql: SqlDatabase): Promise<number> {
  const [row] = await sql.query<{ count: number }>('SELECT count(*)::int AS count FROM wpwl_reconciliation_runs');
  return row?.count ?? 0;
}

describe('the reconciliation run lock on PostgreSQL', () => {
  const adminUrl = inject('postgresUrl');
  let url: string;
  let sql: SqlDatabase;
  let work: string;
  let file: string;
  let sandbox: SandboxServer;
  let shop: MerchantServer;

  beforeAll(async () => {
    url = await ensureDatabase(adminUrl, `wpwl_run_lock_${randomBytes(4).toString('hex')}`);
    const options = { connectionString: url, ...recommendedPoolOptions() };
    sql = postgresDatabase({ pool: new pg.Pool(options), lockPool: new pg.Pool(options), onConnectionError: () => undefined });
    await migrateSettlementSchema(sql);
    work = mkdtempSync(join(tmpdir(), 'wpwl-run-lock-'));
    // A settlement file with no rows: a run of it records a run and nothing else.
    file = join(work, 'settlement-2026-11-27.csv');
    writeFileSync(file, `${SETTLEMENT_FILE_HEADER_38.join(';')}\r\n`);
    sandbox = await startSandboxServer();
    shop = await startMerchantServer({
      gateway: { baseUrl: sandbox.url, accessToken: sandbox.accessToken, entityId: sandbox.entityId },
      port: 0,
      recheckIntervalMs: 0,
      database: { url },
      reconciliation: { settlementDir: work },
    });
  });
  afterAll(async () => {
    await shop?.close();
    await sandbox?.close();
    await sql?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('while a run holds it, the command and the page refuse to start; then both run', async () => {
    let finish!: () => void;
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const run = withReconciliationRunLock(sql, async () => {
      held();
      await new Promise<void>((resolve) => (finish = resolve));
    });
    await holding;
    try {
      const refused = await reconcile([file, '--database-url', url, '--out', work, '--quiet']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('another reconciliation is running on this database');
      expect(refused.stderr).toContain('RECONCILIATION_RUNNING');
      expect(refused.stdout).toBe('');

      expect(await pressReconcile(shop)).toBe('busy');
      // In this process too: a second run on the same database is refused at once.
      await expect(withReconciliationRunLock(sql, async () => 'ran')).rejects.toBeInstanceOf(ReconciliationRunningError);
      expect(await runCount(sql)).toBe(0);
    } finally {
      finish();
      await run;
    }

    const ran = await reconcile([file, '--database-url', url, '--out', work, '--quiet']);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    expect(await pressReconcile(shop)).toBe('done');
    expect(await runCount(sql)).toBe(2);
  });

  it('a process killed while holding it does not block the next run', async () => {
    // A run in a process of its own (the built package), killed without closing anything.
    const script = `
      import pg from 'pg';
      const { withReconciliationRunLock } = await import(${JSON.stringify(join(repo, 'packages/server/dist/reconciliation.js'))});
      const { postgresDatabase } = await import(${JSON.stringify(join(repo, 'packages/server/dist/settlement.js'))});
      const pool = new pg.Pool({ connectionString: ${JSON.stringify(url)} });
      const sql = postgresDatabase({ pool, onConnectionError: () => {} });
      await withReconciliationRunLock(sql, async () => {
        console.log('holding');
        await new Promise(() => {});
      });`;
    const holder = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: join(repo, 'packages/server'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => holder.on('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('holding') && resolve());
      holder.on('exit', () => reject(new Error('the holding process ended before it held the lock')));
    });
    expect(await pressReconcile(shop)).toBe('busy');

    holder.kill('SIGKILL');
    await exited;
    // The server ends the session of a connection whose process is gone, and its lock with it.
    let notice: string | null = 'busy';
    for (let tries = 0; notice === 'busy' && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      notice = await pressReconcile(shop);
    }
    expect(notice).toBe('done');
  });
});
