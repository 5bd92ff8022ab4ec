// Owns the chaos run's PostgreSQL: a server of the run's own (started here,
// as the e2e tests' is: PostgreSQL's binaries from the npm registry, a
// temporary data folder, a free port on 127.0.0.1; never a server others
// use, since a run may stop it), or the one CHAOS_POSTGRES_URL names; and on
// it a fresh database per run (wpwl_chaos_<random>), dropped at the end with
// the server and its folder.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startPostgresServer, type PostgresServer } from '../support/postgres-server.mjs';

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

export interface ChaosPostgres {
  database: ChaosDatabase;
  /** The server the run started; undefined on CHAOS_POSTGRES_URL's. */
  server: PostgresServer | undefined;
  /** One line naming the server, for the run's output. */
  description: string;
  /** Drops the database and removes the server the run started; with `keep`, stops that server cleanly and keeps its folder. */
  release(keep: boolean): Promise<string | undefined>;
}

/** The URL without its password, for the log. */
function shown(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.href;
}

/** The run's database, on its own server unless `adminUrl` (CHAOS_POSTGRES_URL) names one. */
export async function chaosPostgres(adminUrl: string | undefined): Promise<ChaosPostgres> {
  const server = adminUrl ? undefined : await startPostgresServer();
  try {
    const database = await createChaosDatabase(server?.url ?? adminUrl ?? '');
    return {
      database,
      server,
      description: server ? `started ${server.description}` : `${shown(adminUrl ?? '')} (CHAOS_POSTGRES_URL)`,
      release: async (keep) => {
        if (keep) {
          if (!server) return `database ${database.name} kept on ${shown(adminUrl ?? '')}`;
          await server.stop({ mode: 'fast' });
          return `database ${database.name} kept in ${server.dataDir} (pnpm postgres --data-dir ${server.dataDir} --port ${server.port} starts its server again)`;
        }
        try {
          if (!server) await database.drop();
        } finally {
          // The run's own server goes with its folder: nothing to drop first.
          await server?.remove();
        }
        return undefined;
      },
    };
  } catch (error) {
    await server?.remove();
    throw error;
  }
}
