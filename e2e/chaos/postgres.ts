// Owns the chaos run's PostgreSQL database: a fresh one per run
// (wpwl_chaos_<random>) on the server CHAOS_POSTGRES_URL names (default the
// local one, trust authentication, as .ci/run sets it up), dropped at the end.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface ChaosDatabase {
  name: string;
  /** The URL the merchant servers get as DATABASE_URL. */
  url: string;
  drop(): Promise<void>;
}

/** Creates an empty database for one run. */
export async function createChaosDatabase(adminUrl: string): Promise<ChaosDatabase> {
  const name = `wpwl_chaos_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.href,
    drop: () => withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** True when the server answers (the PostgreSQL run needs it). */
export async function postgresReachable(adminUrl: string): Promise<boolean> {
  try {
    await withAdmin(adminUrl, (client) => client.query('SELECT 1'));
    return true;
  } catch {
    return false;
  }
}
