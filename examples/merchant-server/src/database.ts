// Owns the connection to the shop's database and its schema: PostgreSQL when
// a connection URL is given (several merchant server instances share one),
// else PGlite, the same PostgreSQL compiled to WebAssembly, keeping its files
// in a folder of this machine (nothing to install or start). The orders'
// tables and their migrations are @wpwl/server/settlement's; the shop's own
// (stored cards, CSP violation reports) are migrated here. One SQL dialect for both databases.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import {
  claimDataFolder,
  migrateSettlementSchema,
  pgliteDatabase,
  postgresDatabase,
  recommendedPoolOptions,
  type SqlDatabase,
} from '@wpwl/server/settlement';
import pg from 'pg';

/** Where the database is: exactly one of the two. */
export type DatabaseOptions =
  /** A PostgreSQL connection URL, e.g. postgres://shop@127.0.0.1:5432/shop. */
  | { url: string }
  /** A folder for the embedded database (created if missing); one process at a time. */
  | { dataDir: string };

/** The shop's database, its schema up to date. */
export interface ShopDatabase {
  readonly kind: 'embedded' | 'postgres';
  readonly sql: SqlDatabase;
  close(): Promise<void>;
}

/** The shop's own tables, one step per entry, applied once each. Never edit a step that has shipped: add the next one. */
const SHOP_MIGRATIONS: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS stored_cards (
     shopper_id text NOT NULL,
     registration_id text NOT NULL,
     added_at timestamptz NOT NULL,
     PRIMARY KEY (shopper_id, registration_id)
   )`,
  // The CSP violations shoppers' browsers reported (csp-report-store.ts): one row per violation, repeats counted.
  `CREATE TABLE IF NOT EXISTS csp_reports (
     report_key text PRIMARY KEY,
     document_url text NOT NULL,
     blocked text NOT NULL,
     directive text NOT NULL,
     disposition text NOT NULL,
     source_file text,
     line_number integer,
     column_number integer,
     sample text,
     original_policy text,
     user_agent text,
     format text NOT NULL,
     count integer NOT NULL,
     first_seen timestamptz NOT NULL,
     last_seen timestamptz NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS csp_reports_by_last_seen ON csp_reports (last_seen DESC)`,
];

/** Any number: every instance of the shop takes the same lock while it migrates. */
const MIGRATION_LOCK = 740_125_001;

/** Opens the database and brings its schema (the settlement's and the shop's) up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<ShopDatabase> {
  const database = 'url' in options ? openPostgres(options.url) : await openEmbedded(options.dataDir);
  try {
    await migrateSettlementSchema(database.sql);
    await migrateShop(database.sql);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

async function migrateShop(sql: SqlDatabase): Promise<void> {
  await sql.transaction(async (tx) => {
    // Two instances starting at once: the second waits here, then finds the steps applied.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query('CREATE TABLE IF NOT EXISTS shop_migrations (step integer PRIMARY KEY, applied_at timestamptz NOT NULL)');
    const done = new Set((await tx.query<{ step: number }>('SELECT step FROM shop_migrations')).map((row) => row.step));
    for (const [step, statement] of SHOP_MIGRATIONS.entries()) {
      if (done.has(step)) continue;
      await tx.query(statement);
      await tx.query('INSERT INTO shop_migrations (step, applied_at) VALUES ($1, now())', [step]);
    }
  });
}

/**
 * PostgreSQL through two pools: one for statements, one for the cart locks a
 * checkout holds while it calls the gateway. Connections fail fast while the
 * server is down, statements are bounded, and a connection lost (borrowed or
 * idle) is logged, never the end of the process (the settlement's adapter).
 */
function openPostgres(url: string): ShopDatabase {
  const options = { connectionString: url, ...recommendedPoolOptions() };
  const sql = postgresDatabase({
    pool: new pg.Pool(options),
    lockPool: new pg.Pool(options),
    onConnectionError: (error) => console.error(`merchant-server: database connection lost: ${error.message}`),
  });
  return { kind: 'postgres', sql, close: () => sql.close() };
}

async function openEmbedded(dataDir: string): Promise<ShopDatabase> {
  mkdirSync(dataDir, { recursive: true });
  // DIR/owner.pid: one process per folder (the wpwl-reconcile command honours it too).
  const claim = await claimDataFolder(dataDir, { advice: 'one instance per folder (set DATABASE_URL to run several on PostgreSQL)' });
  const release = () => claim.release();
  let db: PGlite;
  try {
    db = new PGlite(join(dataDir, 'pgdata'));
    await db.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  const sql = pgliteDatabase({ db });
  return {
    kind: 'embedded',
    sql,
    async close() {
      try {
        await sql.close();
      } finally {
        release();
      }
    },
  };
}
