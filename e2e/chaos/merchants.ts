// Owns the example merchant server as processes: `node
// examples/merchant-server/dist/main.js` on a fixed port (a restart keeps its
// URL), started, SIGKILLed and started again on the same store, and stopped at
// the end. Each instance's output goes to its own log file; an exit the run
// did not cause is recorded.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../examples/merchant-server/dist/main.js', import.meta.url));
const READY = /merchant server:\s+(http:\/\/\S+?)\/?\s*$/m;
const START_TIMEOUT_MS = 60_000;

export interface MerchantInstanceOptions {
  /** A letter: A, B … */
  name: string;
  port: number;
  /** The environment of the process (PORT and HOST are set here). */
  env: Record<string, string>;
  /** Where its stdout and stderr go. */
  logFile: string;
  /** Told when the process exits without the run having killed or stopped it. */
  onUnexpectedExit: (name: string, how: string) => void;
}

export interface MerchantInstance {
  name: string;
  url: string;
  /** True from "listening" to a kill, a stop or an exit. */
  readonly up: boolean;
  /** Times started. */
  readonly starts: number;
  start(): Promise<void>;
  /** SIGKILL, and wait until the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM (SIGKILL after 10 s), and wait until the process is gone. */
  stop(): Promise<void>;
  /** The last lines of its log, for an error message. */
  tail(): string;
  /** Closes the log file (after the last stop). */
  closeLog(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (kept by the instance across restarts). */
export { freePort } from '../support/merchant-process.js';

export function merchantInstance(options: MerchantInstanceOptions): MerchantInstance {
  const url = `http://127.0.0.1:${options.port}`;
  let child: ChildProcess | undefined;
  let up = false;
  let starts = 0;
  let expectingExit = false;
  let log: WriteStream | undefined;
  const recent: string[] = [];
  const remember = (text: string) => {
    recent.push(...text.split('\n').filter(Boolean));
    recent.splice(0, Math.max(0, recent.length - 30));
  };

  const instance: MerchantInstance = {
    name: options.name,
    url,
    get up() {
      return up;
    },
    get starts() {
      return starts;
    },
    async start() {
      if (child) throw new Error(`merchant ${options.name} is already running`);
      log ??= createWriteStream(options.logFile, { flags: 'a' });
      starts++;
      log.write(`--- start ${starts} at ${new Date().toISOString()}\n`);
      const proc = spawn(process.execPath, [MAIN], {
        env: { ...options.env, PORT: String(options.port), HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      expectingExit = false;
      let output = '';
      const ready = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`merchant ${options.name} did not listen within ${START_TIMEOUT_MS} ms`)),
          START_TIMEOUT_MS,
        );
        const onData = (chunk: Buffer) => {
          const text = chunk.toString('utf8');
          log?.write(text);
          remember(text);
          if (!up && child === proc) {
            output += text;
            if (READY.test(output)) {
              clearTimeout(timer);
              up = true;
              resolve();
            }
          }
        };
        proc.stdout?.on('data', onData);
        proc.stderr?.on('data', onData);
        proc.once('exit', (code, signal) => {
          clearTimeout(timer);
          const how = signal ? `signal ${signal}` : `code ${code}`;
          log?.write(`--- exit (${how}) at ${new Date().toISOString()}\n`);
          if (child === proc) {
            child = undefined;
            const wasUp = up;
            up = false;
            if (!expectingExit) {
              if (wasUp) options.onUnexpectedExit(options.name, how);
              reject(new Error(`merchant ${options.name} exited (${how}) before it listened:\n${recent.join('\n')}`));
            }
          }
        });
      });
      await ready;
    },
    async kill() {
      await end('SIGKILL');
    },
    async stop() {
      await end('SIGTERM');
    },
    tail: () => recent.join('\n'),
    closeLog: () => new Promise<void>((resolve) => (log ? log.end(() => resolve()) : resolve())),
  };

  async function end(signal: NodeJS.Signals): Promise<void> {
    const proc = child;
    if (!proc) return;
    expectingExit = true;
    up = false;
    const gone = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill(signal);
    const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(timer);
  }

  return instance;
}
