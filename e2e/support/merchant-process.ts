// Owns the example merchant server as an operator runs it: its own process
// (node examples/merchant-server/dist/main.js), configured by environment
// only, on a fixed port so a restart keeps its address, and stoppable the
// hard way (SIGKILL: a crash, an out-of-memory kill, a deploy).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const mainScript = fileURLToPath(new URL('../../examples/merchant-server/dist/main.js', import.meta.url));

/** What the process is told: the gateway, the webhook key and where the orders are. */
export interface MerchantProcessConfig {
  port: number;
  gateway: { baseUrl: string; accessToken: string; entityId: string };
  webhookKey: string;
  /** `{ dataDir }` for the embedded database, `{ url }` for PostgreSQL. */
  database: { dataDir: string } | { url: string };
  /** The one address shoppers reach the instances at (PUBLIC_URL), when several serve one shop. */
  publicUrl?: string;
  /** Receives every line the process prints. */
  onLine?: (line: string) => void;
  /** More of the process's environment (e.g. WPWL_RECHECK_INTERVAL_MS). */
  env?: Record<string, string>;
}

export interface MerchantProcess {
  url: string;
  pid: number;
  /** Kills it with SIGKILL, as a crash would; resolves once it is gone. */
  kill(): Promise<void>;
  /** Stops it with SIGTERM (it closes its database); resolves once it is gone. */
  stop(): Promise<void>;
  /** True while the process runs: false once it exited, whatever the reason. */
  running(): boolean;
}

/** A free port on 127.0.0.1 (for a process that must keep its port across restarts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts the merchant server process; resolves once it listens. */
export function startMerchantProcess(config: MerchantProcessConfig): Promise<MerchantProcess> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: '127.0.0.1',
    PORT: String(config.port),
    APP_STOREFRONTS: '',
    WPWL_BASE_URL: config.gateway.baseUrl,
    WPWL_ACCESS_TOKEN: config.gateway.accessToken,
    WPWL_ENTITY_ID: config.gateway.entityId,
    WPWL_WEBHOOK_KEY: config.webhookKey,
    ...(config.publicUrl ? { PUBLIC_URL: config.publicUrl } : {}),
    ...('url' in config.database ? { DATABASE_URL: config.database.url } : { DATA_DIR: config.database.dataDir }),
    ...config.env,
  };
  const child = spawn(process.execPath, [mainScript], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output += text;
      for (const line of text.split('\n')) if (line) config.onLine?.(line);
      const listening = /merchant server:\s+(http:\/\/\S+?)\/?\s*$/m.exec(output);
      if (listening) {
        resolve(handle(child, listening[1]!, exited));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => {
      reject(new Error(`merchant server exited before listening (${signal ?? code}):\n${output}`));
    });
  });
}

function handle(child: ChildProcess, url: string, exited: Promise<void>): MerchantProcess {
  const stopWith = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    url,
    pid: child.pid!,
    kill: () => stopWith('SIGKILL'),
    stop: () => stopWith('SIGTERM'),
    running: () => child.exitCode === null && child.signalCode === null,
  };
}
