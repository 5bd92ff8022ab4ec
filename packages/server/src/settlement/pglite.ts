// Owns the settlement store on PGlite, PostgreSQL compiled to WebAssembly
// running inside this process: the embedded default, nothing to install or
// start, one process per data folder. The same SQL as on PostgreSQL
// (sql-store.ts); PGlite runs one statement at a time and a transaction holds
// it to its end, so only this process's own callers need queueing.
import { openSqlSettlementStore, type SqlDatabase } from './sql-store.js';
import type { SettlementStore } from './store.js';

/** The part of a PGlite instance this store uses. */
export interface PGliteLike {
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
  transaction<T>(work: (tx: { query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }> }) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Options of {@link pgliteSettlementStore}. */
export interface PGliteStoreOptions {
  /** An open PGlite (`new PGlite(folder)`, or in memory for tests). */
  db: PGliteLike;
  /** Close it with the store. Default true. */
  ownsDatabase?: boolean;
}

/** A SqlDatabase over one PGlite instance. */
export function pgliteDatabase(options: PGliteStoreOptions): SqlDatabase {
  const { db } = options;
  return {
    query: async <Row>(sql: string, params?: unknown[]) => (await db.query<Row>(sql, params)).rows,
    transaction: (work) =>
      db.transaction((tx) => work({ query: async <Row>(sql: string, params?: unknown[]) => (await tx.query<Row>(sql, params)).rows })),
    // One process owns the folder, and the store queues this process's callers per cart.
    exclusive: (_name, _waitMs, work) => work(),
    close: async () => {
      if (options.ownsDatabase !== false) await db.close();
    },
  };
}

/**
 * The settlement store on PGlite: migrates the schema, then stores orders there.
 *
 * @example
 * import { PGlite } from '@electric-sql/pglite';
 * const store = await pgliteSettlementStore({ db: new PGlite('./data/orders') });
 */
export async function pgliteSettlementStore(options: PGliteStoreOptions): Promise<SettlementStore> {
  return openSqlSettlementStore(pgliteDatabase(options));
}
