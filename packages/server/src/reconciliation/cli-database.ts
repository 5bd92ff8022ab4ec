// Owns opening the shop's database for the wpwl-reconcile command:
// PostgreSQL through `pg`, or the embedded PGlite database of a shop's data
// folder (its files in DIR/pgdata; DIR/owner.pid names the one process that
// has the folder open, the settlement's claimDataFolder for both the command
// and the merchant server: a live owner is refused, a dead one's lock taken
// over, our own written and removed).
// Both drivers are optional peer dependencies, imported only when used; a
// missing one is named with the command that installs it. Every failure to
// open is a CliDatabaseError: the command answers it with exit status 2.
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { claimDataFolder, DataFolderLockError } from '../settlement/data-folder.js';
import { pgliteDatabase, type PGliteLike } from '../settlement/pglite.js';
import { postgresDatabase, recommendedPoolOptions, type PgPoolLike } from '../settlement/postgres.js';
import type { SqlDatabase } from '../settlement/sql-store.js';
import type { CliDatabase } from './cli-options.js';
import { reconcilePgliteOptions } from './cli-pglite.js';

/** Stable codes of a database the command cannot open. */
export type CliDatabaseErrorCode =
  /** The driver package (`pg`, `@electric-sql/pglite`) is not installed. */
  | 'DRIVER_MISSING'
  /** The data folder has no embedded database in it. */
  | 'NO_DATABASE'
  /** Another live process has the data folder open. */
  | 'FOLDER_IN_USE'
  /** The database could not be reached or opened. */
  | 'OPEN_FAILED';

export class CliDatabaseError extends Error {
  override readonly name = 'CliDatabaseError';
  readonly code: CliDatabaseErrorCode;
  constructor(code: CliDatabaseErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }
}

/** An open database, and how to let it go (the lock file removed). */
export interface OpenedDatabase {
  sql: SqlDatabase;
  /** Words for the summary: `PostgreSQL (host/db)` or `the embedded database in DIR`. */
  description: string;
  close(): Promise<void>;
  /** Gives the folder up at once without closing (the process is being stopped). */
  abandon(): void;
}

/** How long one statement of a run may take: a batch is a few statements over thousands of rows. */
const STATEMENT_TIMEOUT_MS = 120_000;

/** Imports an optional peer dependency, or says which package to install. */
async function importDriver<T>(name: string, flag: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if ((code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && String((error as Error).message).includes(name)) {
      throw new CliDatabaseError('DRIVER_MISSING', `${flag} needs the package ${name}, which is not installed: npm install ${name}`, {
        cause: error,
      });
    }
    throw error;
  }
}

/** Opens the database `target` names. */
export async function openCliDatabase(target: CliDatabase): Promise<OpenedDatabase> {
  return target.kind === 'postgres' ? openPostgres(target.url) : openEmbedded(resolve(target.dataDir));
}

async function openPostgres(url: string): Promise<OpenedDatabase> {
  const pg = await importDriver('pg', '--database-url', async () => {
    const module = (await import('pg')) as unknown as { default?: { Pool: PgPoolConstructor }; Pool?: PgPoolConstructor };
    return module.default ?? (module as { Pool: PgPoolConstructor });
  });
  const limits = { statementTimeoutMs: STATEMENT_TIMEOUT_MS, lockTimeoutMs: 10_000, idleInTransactionTimeoutMs: 30_000 };
  const pool = new pg.Pool({ connectionString: url, ...recommendedPoolOptions(limits), max: 4 });
  // The run lock (a session-level advisory lock) keeps a connection of its own for the whole run.
  const lockPool = new pg.Pool({ connectionString: url, ...recommendedPoolOptions(limits), max: 1 });
  const sql = postgresDatabase({ pool, lockPool, ...limits, onConnectionError: () => undefined });
  let where = 'PostgreSQL';
  try {
    const parsed = new URL(url);
    where = `PostgreSQL (${parsed.host}${parsed.pathname})`;
  } catch {
    // The driver says what is wrong with the URL when it connects.
  }
  return { sql, description: where, close: () => sql.close(), abandon: () => undefined };
}

type PgPoolConstructor = new (options: Record<string, unknown>) => PgPoolLike;

async function openEmbedded(dataDir: string): Promise<OpenedDatabase> {
  const pgdata = join(dataDir, 'pgdata');
  if (!existsSync(dataDir) || !statSync(dataDir).isDirectory()) {
    throw new CliDatabaseError('NO_DATABASE', `the data folder ${dataDir} does not exist: give the shop's DATA_DIR with --data-dir`);
  }
  if (!existsSync(pgdata)) {
    throw new CliDatabaseError(
      'NO_DATABASE',
      `${dataDir} holds no embedded database (no ${pgdata}): give the shop's DATA_DIR with --data-dir, or --database-url`,
    );
  }
  const { PGlite } = await importDriver(
    '@electric-sql/pglite',
    '--data-dir',
    () =>
      import('@electric-sql/pglite') as unknown as Promise<{
        PGlite: new (dir: string, options?: object) => PGliteLike & { waitReady: Promise<void> };
      }>,
  );
  let release: () => void;
  try {
    const claim = await claimDataFolder(dataDir, {
      advice: 'stop that process (the merchant server) first, or reconcile on its PostgreSQL with --database-url',
    });
    release = () => claim.release();
  } catch (error) {
    if (error instanceof DataFolderLockError) {
      throw new CliDatabaseError(error.code === 'FOLDER_IN_USE' ? 'FOLDER_IN_USE' : 'OPEN_FAILED', error.message, { cause: error });
    }
    throw error;
  }
  let db: PGliteLike & { waitReady: Promise<void> };
  try {
    db = new PGlite(pgdata, reconcilePgliteOptions());
    await db.waitReady;
  } catch (error) {
    release();
    throw new CliDatabaseError('OPEN_FAILED', `cannot open the embedded database in ${pgdata}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const sql = pgliteDatabase({ db });
  return {
    sql,
    description: `the embedded database in ${dataDir}`,
    async close() {
      try {
        await sql.close();
      } finally {
        release();
      }
    },
    abandon: release,
  };
}
