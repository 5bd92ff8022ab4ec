// Owns the server-rendered storefronts (Next.js, Nuxt): an example whose
// package.json has a "wpwlAppServer" entry renders its pages on its own
// server, so it runs as a process of its own next to the merchant server,
// on the same gateway (its credentials reach it through the environment,
// never a browser). Finds them, starts each on a port, waits until it
// answers, and stops it again.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { GatewayConfig } from './server.js';

/**
 * How an example says it is a server-rendered storefront, in its package.json:
 * `"wpwlAppServer": { "built": ".next/BUILD_ID", "command": ["node_modules/next/dist/bin/next", "start", "--hostname", "{host}", "--port", "{port}"] }`.
 * `command` runs with Node from the example's folder; `{host}` and `{port}`
 * are filled in, and HOST and PORT are also set in its environment.
 */
interface AppServerEntry {
  built: string;
  command: string[];
}

/** A server-rendered storefront found in the examples. */
export interface AppStorefront {
  /** Its folder name, e.g. `next-storefront`. */
  name: string;
  dir: string;
  /** The file its build writes last: the storefront is built when it exists. */
  built: string;
  command: string[];
}

/** A server-rendered storefront that is running. */
export interface RunningAppStorefront {
  name: string;
  /** e.g. http://127.0.0.1:3001 (no trailing slash). */
  url: string;
  close(): Promise<void>;
}

function readEntry(dir: string): AppServerEntry | undefined {
  try {
    const entry = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { wpwlAppServer?: AppServerEntry }).wpwlAppServer;
    return entry && typeof entry.built === 'string' && Array.isArray(entry.command) ? entry : undefined;
  } catch {
    return undefined;
  }
}

/** Every server-rendered storefront under `examplesDir`, by name. */
export function findAppStorefronts(examplesDir: string): AppStorefront[] {
  if (!existsSync(examplesDir)) return [];
  return readdirSync(examplesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const dir = join(examplesDir, entry.name);
      const found = readEntry(dir);
      return found ? [{ name: entry.name, dir, built: join(dir, found.built), command: found.command }] : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** True for an example folder that is a server-rendered storefront (it has no dist/ of static files). */
export function isAppStorefront(dir: string): boolean {
  return readEntry(dir) !== undefined;
}

/** A port nobody listens on right now, on `host`. */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Waits until `url` answers any HTTP status, or the process ends, or `timeoutMs` passes. */
async function waitUntilAnswering(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited: string | undefined;
  child.once('exit', (code, signal) => (exited = `exited with ${signal ?? code}`));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${url}: the storefront's server ${exited} before answering:\n${output()}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`${url}: the storefront's server did not answer within ${timeoutMs} ms:\n${output()}`);
}

/** Stops `child`: SIGTERM, then SIGKILL if it lingers. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts a built server-rendered storefront on `host`:`port` (0 picks a free
 * port) talking to `gateway`, and resolves once it answers.
 *
 * @throws Error when the storefront is not built, or its server exits or stays silent (its output attached)
 */
export async function startAppStorefront(
  storefront: AppStorefront,
  options: { gateway: GatewayConfig; host: string; port: number; env?: NodeJS.ProcessEnv },
): Promise<RunningAppStorefront> {
  if (!existsSync(storefront.built)) {
    throw new Error(`${storefront.name} is not built (${storefront.built} is missing): run pnpm build`);
  }
  const port = options.port || (await freePort(options.host));
  const fill = (arg: string) => arg.replaceAll('{host}', options.host).replaceAll('{port}', String(port));
  const [script = '', ...args] = storefront.command.map(fill);
  const child = spawn(process.execPath, [script, ...args], {
    cwd: storefront.dir,
    env: {
      ...process.env,
      HOST: options.host,
      PORT: String(port),
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      NUXT_TELEMETRY_DISABLED: '1',
      WPWL_BASE_URL: options.gateway.baseUrl,
      WPWL_ACCESS_TOKEN: options.gateway.accessToken,
      WPWL_ENTITY_ID: options.gateway.entityId,
      // The same, as Nuxt reads runtime config (@wpwl/nuxt: public base URL, private token and entity id).
      NUXT_PUBLIC_WPWL_BASE_URL: options.gateway.baseUrl,
      NUXT_WPWL_ACCESS_TOKEN: options.gateway.accessToken,
      NUXT_WPWL_ENTITY_ID: options.gateway.entityId,
      // Last, so a caller may change any of the above (NODE_ENV for a development server, say).
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The last of what it printed, for the error when it fails to start.
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // Never outlive the process that started it, however that one ends.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  const url = `http://${options.host}:${port}`;
  try {
    await waitUntilAnswering(url, child, () => output, 60_000);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { name: storefront.name, url, close: () => stop(child) };
}
