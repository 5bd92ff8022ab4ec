// The reconciliation run lock on the embedded database (PGlite): a second
// run on the same database while one is going is refused at once with
// RECONCILIATION_RUNNING and reconciles nothing; the lock is given back when
// a run ends, whether it finished or threw. (Across processes on PostgreSQL:
// e2e/reconciliation-run-lock.test.ts.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileSettlementFiles } from '../src/reconciliation/reconcile.js';
import { ReconciliationRunningError, withReconciliationRunLock } from '../src/reconciliation/run-lock.js';
import { sqlReconciliationStore } from '../src/reconciliation/sql-store.js';
import { migrateSettlementSchema, pgliteDatabase, sqlSettlementStore, type SqlDatabase } from '../src/settlement/index.js';
import { paidOrder, row, writeSettlementFile } from './support/settlement-file-rows.js';

let dir: string;
let sql: SqlDatabase;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wpwl-run-lock-'));
  sql = pgliteDatabase({ db: new PGlite() });
  await migrateSettlementSchema(sql);
  await sqlSettlementStore(sql).insert(paidOrder(1));
}, 60_000);
afterAll(async () => {
  await sql.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = () =>
  reconcileSettlementFiles({
    files: [writeSettlementFile(join(dir, 'settlement-2026-11-27.csv'), row(1))],
    store: sqlReconciliationStore(sql),
  });
const runs = async () => (await sql.query<{ count: number }>('SELECT count(*)::int AS count FROM wpwl_reconciliation_runs'))[0]?.count;

describe('withReconciliationRunLock', () => {
  it('refuses a second run while one is going, then lets the next one run', async () => {
    let finish!: () => void;
    const first = withReconciliationRunLock(sql, async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return run();
    });
    const second = await withReconciliationRunLock(sql, run).catch((error: unknown) => error);
    expect(second).toBeInstanceOf(ReconciliationRunningError);
    expect(second).toMatchObject({ code: 'RECONCILIATION_RUNNING' });
    expect((second as Error).message).toContain('another reconciliation is running on this database');
    expect(await runs()).toBe(0);

    finish();
    expect((await first).counts).toEqual({ settled: 1 });
    const third = await withReconciliationRunLock(sql, run);
    expect(third.files[0]).toMatchObject({ alreadyReconciled: 1 });
    expect(await runs()).toBe(2);
  });

  it('gives the lock back when a run throws; the error is the run’s own', async () => {
    const failed = await withReconciliationRunLock(sql, () => Promise.reject(new Error('the disk is full'))).catch(
      (error: unknown) => error,
    );
    expect((failed as Error).message).toBe('the disk is full');
    await expect(withReconciliationRunLock(sql, async () => 'ran')).resolves.toBe('ran');
  });
});
