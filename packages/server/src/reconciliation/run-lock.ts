// Owns the run lock of reconciliation: one run at a time on a shop's
// database, whoever starts it (the shop's page on any of its instances, or
// the wpwl-reconcile command). On PostgreSQL the lock is a session-level
// advisory lock on a connection of its own (SqlDatabase.exclusive), so it
// ends with the run, or with the connection when the process running it
// dies: a crashed run never blocks the next. On the embedded database one
// process has the data folder (claimDataFolder), and this process's own runs
// are refused here. A second run is refused at once, never queued.
import type { SqlDatabase } from '../settlement/sql-store.js';
import { SettlementStoreError } from '../settlement/store.js';

/** The advisory lock's name (hashed by the database into its key). */
export const RECONCILIATION_RUN_LOCK = 'wpwl-reconciliation-run';

/** Another reconciliation is running on the same database. */
export class ReconciliationRunningError extends Error {
  override readonly name = 'ReconciliationRunningError';
  readonly code = 'RECONCILIATION_RUNNING';
  constructor() {
    super(
      'another reconciliation is running on this database (the shop’s reconciliation page, or another wpwl-reconcile): ' +
        'start again when it has finished (each row is recorded once, so nothing is lost by waiting)',
    );
  }
}

/** Databases this process is reconciling on now. */
const runningHere = new WeakSet<SqlDatabase>();

/**
 * Runs `work` (a reconcileSettlementFiles call) under the database's
 * reconciliation run lock, or throws {@link ReconciliationRunningError}
 * (`RECONCILIATION_RUNNING`) at once when another run holds it, in this
 * process or any other on the same PostgreSQL database. The lock is given
 * back when `work` settles, or by the database when the connection holding
 * it ends (the process crashed).
 *
 * @example
 * const report = await withReconciliationRunLock(sql, () =>
 *   reconcileSettlementFiles({ files, store: sqlReconciliationStore(sql) }),
 * );
 */
export async function withReconciliationRunLock<T>(database: SqlDatabase, work: () => Promise<T>): Promise<T> {
  if (runningHere.has(database)) throw new ReconciliationRunningError();
  runningHere.add(database);
  let started = false;
  try {
    return await database.exclusive(RECONCILIATION_RUN_LOCK, 0, () => {
      started = true;
      return work();
    });
  } catch (error) {
    // The lock refused (not a lock `work` itself waited for).
    if (!started && error instanceof SettlementStoreError && error.code === 'CART_BUSY') throw new ReconciliationRunningError();
    throw error;
  } finally {
    runningHere.delete(database);
  }
}
