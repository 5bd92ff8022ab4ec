// Types of postgres-server.mjs, for the tests that start a PostgreSQL server.

/** The password of the `postgres` user on every server started here (loopback only, for tests and local runs). */
export const POSTGRES_PASSWORD: string;

/** A free port on 127.0.0.1. */
export function freePostgresPort(): Promise<number>;

export interface PostgresServerOptions {
  /** Default: a free port on 127.0.0.1. */
  port?: number;
  /** Default: a new temporary folder, deleted by `remove()`. A folder given is initialised when empty and kept. */
  dataDir?: string;
}

export interface PostgresServer {
  /** The admin connection URL: user `postgres`, database `postgres`. */
  url: string;
  port: number;
  dataDir: string;
  /** The server's version, as it reports it (`18.4`). */
  version: string;
  /** One line naming the server: version, address, data folder. */
  description: string;
  readonly running: boolean;
  /** Starts it again after `stop()`: same data folder, same port. */
  start(): Promise<void>;
  /**
   * Stops it. `immediate` (the default) is an outage: every connection cut,
   * no checkpoint, recovery at the next start. `fast` shuts down cleanly.
   */
  stop(options?: { mode?: 'immediate' | 'fast' }): Promise<void>;
  /** Stops it and deletes the data folder when it made that folder. */
  remove(): Promise<void>;
  /** The server's last log lines. */
  logTail(): string;
}

/** Creates the database `name` on the server of `adminUrl` unless it exists; returns its URL. */
export function ensureDatabase(adminUrl: string, name: string): Promise<string>;

export function startPostgresServer(options?: PostgresServerOptions): Promise<PostgresServer>;
