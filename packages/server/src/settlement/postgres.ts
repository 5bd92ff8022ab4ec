// Owns the settlement store on PostgreSQL through a `pg` Pool (or anything
// with its `connect` and `query`), for several instances on one database.
// It owns what keeps a shop alive when the database is not: every connection
// it borrows has an error listener (a connection lost while borrowed would
// otherwise be an uncaught 'error' event and end the process), a broken
// connection is destroyed, not returned, every transaction runs under
// statement, lock and idle-in-transaction limits, and each failure of the
// database is one SettlementStoreError with a stable code.
import { openSqlSettlementStore, type SqlDatabase, type SqlQueryable } from './sql-store.js';
import { SettlementStoreError, type SettlementStore } from './store.js';

/** The part of a `pg` client this store uses. */
export interface PgClientLike {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  on(event: 'error', listener: (error: Error) => void): unknown;
  removeListener(event: 'error', listener: (error: Error) => void): unknown;
  release(destroy?: boolean | Error): void;
}

/** The part of a `pg` Pool this store uses. */
export interface PgPoolLike {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  connect(): Promise<PgClientLike>;
  on(event: 'error', listener: (error: Error) => void): unknown;
  listenerCount?(event: 'error'): number;
  end(): Promise<void>;
}

/** Time limits of the store's work on the database. */
export interface PostgresLimits {
  /** Longest a statement runs (`statement_timeout`). Default 5000 ms. */
  statementTimeoutMs?: number;
  /** Longest a statement waits for a row lock (`lock_timeout`). Default 5000 ms. */
  lockTimeoutMs?: number;
  /** Longest a transaction sits idle before the server ends it (`idle_in_transaction_session_timeout`). Default 10000 ms. */
  idleInTransactionTimeoutMs?: number;
}

/** Options of {@link postgresSettlementStore}. */
export interface PostgresStoreOptions extends PostgresLimits {
  /** A `pg` Pool for the orders (see {@link recommendedPoolOptions} for its settings). */
  pool: PgPoolLike;
  /**
   * A second pool for cart locks, which hold a connection for a whole checkout
   * (the gateway call included): without it they take connections from `pool`.
   */
  lockPool?: PgPoolLike;
  /** Close the pools with the store. Default true. */
  ownsPools?: boolean;
  /** Told of connections lost (they do not end the process). Default: `console.error`. */
  onConnectionError?: (error: Error) => void;
}

/**
 * Settings for a `pg` Pool the store works well with: connections fail fast
 * when the server is down, statements and idle transactions are bounded.
 *
 * @example new pg.Pool({ connectionString: process.env.DATABASE_URL, ...recommendedPoolOptions() })
 */
export function recommendedPoolOptions(limits: PostgresLimits = {}) {
  return {
    max: 10,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 10_000,
    statement_timeout: limits.statementTimeoutMs ?? 5000,
    lock_timeout: limits.lockTimeoutMs ?? 5000,
    idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs ?? 10_000,
    // A client-side bound too: a server that stopped answering mid-query.
    query_timeout: (limits.statementTimeoutMs ?? 5000) + 2000,
  };
}

/** SQLSTATE classes and codes that mean "the database is not there right now". */
const UNAVAILABLE_CODES = /^(08|57P0[123]|53300|53400|58|XX000$)/;
/** "The statement or lock wait ran out of time." */
const TIMEOUT_CODES = new Set(['57014', '55P03', '25P03']);
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ECONNABORTED',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Query read timeout|Connection ended|server closed the connection|the database system is (starting up|shutting down|in recovery)/i;

/** The store's error for a database failure, or the error as it was. */
export function classifyPostgresError(error: unknown): unknown {
  if (error instanceof SettlementStoreError) return error;
  const code = (error as { code?: unknown })?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (typeof code === 'string' && TIMEOUT_CODES.has(code)) {
    return new SettlementStoreError('STORE_TIMEOUT', `the database did not finish in time (${code}: ${message})`, { cause: error });
  }
  if ((typeof code === 'string' && (UNAVAILABLE_CODES.test(code) || NETWORK_CODES.has(code))) || UNAVAILABLE_MESSAGES.test(message)) {
    return new SettlementStoreError(
      'STORE_UNAVAILABLE',
      `the database cannot be reached (${typeof code === 'string' ? `${code}: ` : ''}${message})`,
      {
        cause: error,
      },
    );
  }
  return error;
}

const rowsOf = async <Row>(answer: Promise<{ rows: unknown[] }>) => (await answer).rows as Row[];

/** Borrows a connection with an error listener for as long as it is borrowed; a connection that failed is destroyed. */
async function borrow<T>(
  pool: PgPoolLike,
  onConnectionError: (error: Error) => void,
  work: (client: PgClientLike, lost: () => Error | undefined) => Promise<T>,
): Promise<T> {
  let client: PgClientLike;
  try {
    client = await pool.connect();
  } catch (error) {
    throw classifyPostgresError(error);
  }
  let lostWith: Error | undefined;
  const onError = (error: Error) => {
    lostWith = error;
    onConnectionError(error);
  };
  client.on('error', onError);
  let broken = false;
  try {
    return await work(client, () => lostWith);
  } catch (error) {
    const classified = classifyPostgresError(error);
    broken = classified instanceof SettlementStoreError && (classified.code === 'STORE_UNAVAILABLE' || classified.code === 'STORE_TIMEOUT');
    throw classified;
  } finally {
    client.removeListener('error', onError);
    // A connection that failed may be broken: destroyed, never handed to the next caller.
    client.release(lostWith ?? (broken ? true : undefined));
  }
}

/** A SqlDatabase over pg pools, with the failure handling above. */
export function postgresDatabase(options: PostgresStoreOptions): SqlDatabase {
  const { pool } = options;
  const lockPool = options.lockPool ?? pool;
  const onConnectionError =
    options.onConnectionError ?? ((error: Error) => console.error(`wpwl settlement: database connection lost: ${error.message}`));
  // An idle connection the server dropped emits on the pool: without a listener that ends the process.
  for (const each of new Set([pool, lockPool])) {
    if ((each.listenerCount?.('error') ?? 0) === 0) each.on('error', onConnectionError);
  }
  const limits = [
    `SET LOCAL statement_timeout = ${Math.trunc(options.statementTimeoutMs ?? 5000)}`,
    `SET LOCAL lock_timeout = ${Math.trunc(options.lockTimeoutMs ?? 5000)}`,
    `SET LOCAL idle_in_transaction_session_timeout = ${Math.trunc(options.idleInTransactionTimeoutMs ?? 10_000)}`,
  ].join('; ');

  return {
    async query<Row>(sql: string, params?: unknown[]) {
      try {
        return await rowsOf<Row>(pool.query(sql, params));
      } catch (error) {
        throw classifyPostgresError(error);
      }
    },
    transaction(work) {
      return borrow(pool, onConnectionError, async (client) => {
        await client.query(`BEGIN; ${limits}`);
        const tx: SqlQueryable = { query: <Row>(sql: string, params?: unknown[]) => rowsOf<Row>(client.query(sql, params)) };
        try {
          const result = await work(tx);
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      });
    },
    exclusive(name, waitMs, work) {
      return borrow(lockPool, onConnectionError, async (client, lost) => {
        const giveUpAt = Date.now() + waitMs;
        for (;;) {
          const [row] = await rowsOf<{ locked: boolean }>(client.query('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [name]));
          if (row?.locked) break;
          if (Date.now() > giveUpAt) throw new SettlementStoreError('CART_BUSY', `${name} is held by another request`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        try {
          return await work();
        } finally {
          // Unlocked here, or by the server when the connection is destroyed (borrow does that on a failure).
          if (!lost()) await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
        }
      });
    },
    async close() {
      if (options.ownsPools === false) return;
      await Promise.all([...new Set([pool, lockPool])].map((each) => each.end()));
    },
  };
}

/**
 * The settlement store on PostgreSQL: migrates the schema (once, whichever
 * instance starts first), then stores orders there.
 *
 * @example
 * const store = await postgresSettlementStore({
 *   pool: new pg.Pool({ connectionString: process.env.DATABASE_URL, ...recommendedPoolOptions() }),
 *   lockPool: new pg.Pool({ connectionString: process.env.DATABASE_URL, ...recommendedPoolOptions() }),
 * });
 */
export async function postgresSettlementStore(options: PostgresStoreOptions): Promise<SettlementStore> {
  return openSqlSettlementStore(postgresDatabase(options), classifyPostgresError);
}
