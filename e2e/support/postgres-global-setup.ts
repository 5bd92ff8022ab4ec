// Owns the e2e project's PostgreSQL server: one per test run, started before
// the first test file (PostgreSQL's binaries from the npm registry, a
// temporary data folder, a free port on 127.0.0.1), handed to the tests as
// `inject('postgresUrl')` (the admin URL, database `postgres`), stopped and
// deleted after the run. WPWL_TEST_POSTGRES_URL names a server to use
// instead; then nothing is started. The tests make a database of their own
// on it and drop it afterwards.
import type { TestProject } from 'vitest/node';
import { startPostgresServer } from './postgres-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL (database `postgres`) of the run's PostgreSQL server. */
    postgresUrl: string;
  }
}

/** The URL without its password, for the log. */
function shown(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.href;
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const given = process.env.WPWL_TEST_POSTGRES_URL;
  if (given) {
    console.log(`PostgreSQL for the e2e tests: ${shown(given)} (WPWL_TEST_POSTGRES_URL)`);
    project.provide('postgresUrl', given);
    return undefined;
  }
  const server = await startPostgresServer();
  console.log(`PostgreSQL for the e2e tests: started ${server.description}`);
  project.provide('postgresUrl', server.url);
  return async () => {
    await server.remove();
  };
}
