// Owns the connection to the shop's database and its schema: PostgreSQL when
// a connection URL is given (several merchant server instances share one),
// else PGlite, the same PostgreSQL compiled to WebAssembly, keeping its files
// in a folder of this machine (nothing to install or start). One SQL dialect
// for both, so every query and migration is written once.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** Where the database is: exactly one of the two. */
export type DatabaseOptions =
  /** A PostgreSQL connection URL, e.g. postgres://shop@127.0.0.1:5432/shop. */
  | { url: string }
  /** A folder for the embedded database (created if missing); one process at a time. */
  | { dataDir: string };

/** Runs statements; inside {@link Database.transaction} they are one transaction. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
}

export interface Database extends Queryable {
  readonly kind: 'embedded' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs `work` while no other process on this database runs work under the
   * same `name` (this process's own callers queue up in front of it). Throws
   * {@link LockBusyError} after waiting `waitMs` in vain. A process that dies
   * holding it frees it at once: PostgreSQL drops its connection's locks; the
   * embedded database has one process only.
   */
  exclusive<T>(name: string, waitMs: number, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The schema, one step per entry, applied in order once each. Never edit a
 * step that has shipped: add the next one. Both databases run the same steps.
 */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE orders (
     order_id text PRIMARY KEY,
     checkout_id text NOT NULL UNIQUE,
     amount text NOT NULL,
     currency text NOT NULL,
     payment_type text NOT NULL,
     shopper_result_url text NOT NULL,
     lines jsonb NOT NULL,
     created_at timestamptz NOT NULL,
     expires_at timestamptz NOT NULL,
     integrity text,
     cart_key text,
     shopper_id text,
     verdict jsonb,
     paid boolean NOT NULL DEFAULT false,
     payment_id text,
     settled_by text,
     settled_at timestamptz
   );
   CREATE INDEX orders_by_cart ON orders (cart_key, created_at DESC) WHERE cart_key IS NOT NULL;
   -- The rule the whole shop rests on: a cart is paid by one order at most.
   CREATE UNIQUE INDEX orders_one_paid_per_cart ON orders (cart_key) WHERE paid;
   CREATE TABLE stored_cards (
     shopper_id text NOT NULL,
     registration_id text NOT NULL,
     added_at timestamptz NOT NULL,
     PRIMARY KEY (shopper_id, registration_id)
   );`,
];

/** Another process held an {@link Database.exclusive} name longer than the caller would wait. */
export class LockBusyError extends Error {
  readonly code = 'LOCK_BUSY';
}

const LOCK_POLL_MS = 50;

/** Any number: every instance of the shop takes the same lock while it migrates. */
const MIGRATION_LOCK = 740_125_001;

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = 'url' in options ? openPostgres(options.url) : await openEmbedded(options.dataDir);
  try {
    await migrate(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

async function migrate(database: Database): Promise<void> {
  await database.transaction(async (tx) => {
    // Two instances starting at once: the second waits here, then finds the steps applied.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (step integer PRIMARY KEY, applied_at timestamptz NOT NULL)');
    const applied = await tx.query<{ step: number }>('SELECT step FROM schema_migrations');
    const done = new Set(applied.map((row) => row.step));
    for (const [step, sql] of MIGRATIONS.entries()) {
      if (done.has(step)) continue;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (step, applied_at) VALUES ($1, now())', [step]);
    }
  });
}

/** A migration's statements, one by one (prepared statements take one each); no step has a semicolon inside a literal. */
function splitStatements(sql: string): string[] {
  return sql
    .split(';')
    .map((statement) =>
      statement
        .split('\n')
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter(Boolean);
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Locks are held on connections of their own: a holder's queries never wait for a connection a holder keeps.
  const lockPool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server dropped must not crash the process; the next query reconnects.
  for (const each of [pool, lockPool]) {
    each.on('error', (error) => console.error(`merchant-server: database connection lost: ${error.message}`));
  }
  return {
    kind: 'postgres',
    query: async (sql, params) => (await pool.query(sql, params)).rows,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({ query: async (sql, params) => (await client.query(sql, params)).rows });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async exclusive(name, waitMs, work) {
      const client = await lockPool.connect();
      let held = false;
      try {
        const giveUpAt = Date.now() + waitMs;
        for (;;) {
          const [row] = (await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [name])).rows;
          if (row?.locked) break;
          if (Date.now() > giveUpAt) throw new LockBusyError(`${name} is held by another process`);
          await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
        }
        held = true;
        return await work();
      } finally {
        // A connection whose unlock failed is closed, which frees its locks.
        const unlocked =
          !held ||
          (await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).then(
            () => true,
            () => false,
          ));
        client.release(!unlocked);
      }
    },
    close: async () => {
      await Promise.all([pool.end(), lockPool.end()]);
    },
  };
}

/** Folders open in this process: PGlite's files must have one owner. */
const openFolders = new Set<string>();

async function openEmbedded(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const release = claimFolder(dataDir);
  let db: PGlite;
  try {
    db = new PGlite(join(dataDir, 'pgdata'));
    await db.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  // PGlite runs one statement at a time; a transaction holds it until it ends, so none interleave.
  return {
    kind: 'embedded',
    query: async (sql, params) => (await db.query(sql, params)).rows as never,
    transaction: (work) => db.transaction((tx) => work({ query: async (sql, params) => (await tx.query(sql, params)).rows as never })),
    // The folder has one process (claimFolder), whose callers queue up themselves.
    exclusive: (_name, _waitMs, work) => work(),
    async close() {
      try {
        await db.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * Takes the folder for this process, or says who has it. The lock file is
 * created exclusively (two processes starting at once: one wins) and names
 * the owner's pid; a process killed without closing leaves it behind, and a
 * later start takes it over once that pid is gone. Only the owner removes it.
 */
function claimFolder(dataDir: string): () => void {
  const lockFile = join(dataDir, 'owner.pid');
  if (openFolders.has(dataDir)) throw new Error(`the database folder ${dataDir} is open already in this process`);
  const readOwner = () => {
    try {
      return Number(readFileSync(lockFile, 'utf8').trim()) || undefined;
    } catch {
      return undefined;
    }
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      openFolders.add(dataDir);
      return () => {
        openFolders.delete(dataDir);
        if (readOwner() === process.pid) rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner();
    if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
      throw new Error(
        `the database folder ${dataDir} is in use by process ${owner}: one instance per folder (set DATABASE_URL to run several on PostgreSQL). ` +
          `If process ${owner} is not a merchant server, it was stopped without closing: remove ${lockFile}.`,
      );
    }
    // Its owner is gone (or was this pid in an earlier life): the lock is stale.
    rmSync(lockFile, { force: true });
  }
  throw new Error(`the database folder ${dataDir} was taken by another process starting at the same moment`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
