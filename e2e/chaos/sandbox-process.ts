// Owns the sandbox gateway's own process for the chaos run: forks
// sandbox-process.mjs and calls the sandbox's test controls over IPC
// (advanceClock, setWebhookFaults, webhookStats, payments, webhooksSettled).
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SandboxPayment, WebhookEndpoint, WebhookFaults, WebhookStats } from '@wpwl/sandbox';

/** The faults that cross the process boundary: `random` is the child's own, seeded from the run's seed. */
export type RemoteWebhookFaults = Omit<WebhookFaults, 'random'>;

export interface SandboxProcessOptions {
  webhooks: WebhookEndpoint[];
  webhookRetryDelaysMs: readonly number[];
  webhookTimeoutMs: number;
  /** How long an uncertain test card's payment stays uncertain (sandbox clock). */
  uncertainSettleMs: number;
  /** Seeds the faults' random draws. */
  seed: number;
  /** Each line the sandbox logs about webhook attempts and shopper result calls. */
  onLog: (line: string) => void;
}

export interface SandboxProcess {
  url: string;
  accessToken: string;
  entityId: string;
  pid: number;
  advanceClock(ms: number): Promise<void>;
  setWebhookFaults(faults: RemoteWebhookFaults | null): Promise<void>;
  /** The faults' next `n` random draws are 0 (with only `duplicate` set: the next delivered notification is duplicated). */
  forceDraws(n: number): Promise<void>;
  webhookStats(): Promise<WebhookStats>;
  payments(): Promise<SandboxPayment[]>;
  /** Resolves when no delivery is pending; rejects after `timeoutMs`. */
  webhooksSettled(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string } | { event: 'log'; line: string };

/** Forks the sandbox process and starts the gateway in it. */
export async function startSandboxProcess(options: SandboxProcessOptions): Promise<SandboxProcess> {
  const child: ChildProcess = fork(fileURLToPath(new URL('./sandbox-process.mjs', import.meta.url)), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let exited = false;
  child.on('message', (message: Reply) => {
    if ('event' in message) return options.onLog(message.line);
    const call = waiting.get(message.id);
    if (!call) return;
    waiting.delete(message.id);
    if (message.ok) call.resolve(message.value);
    else call.reject(new Error(`sandbox process: ${message.error}`));
  });
  child.on('exit', (code, signal) => {
    exited = true;
    for (const call of waiting.values()) call.reject(new Error(`sandbox process exited (${signal ?? code}) before it answered`));
    waiting.clear();
  });
  const call = <T>(op: string, ...args: unknown[]): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (exited) return reject(new Error('sandbox process is not running'));
      const id = nextId++;
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ id, op, args });
    });

  const started = await call<{ url: string; accessToken: string; entityId: string }>('start', {
    webhooks: options.webhooks,
    webhookRetryDelaysMs: options.webhookRetryDelaysMs,
    webhookTimeoutMs: options.webhookTimeoutMs,
    uncertainSettleMs: options.uncertainSettleMs,
    seed: options.seed,
  });
  return {
    ...started,
    pid: child.pid ?? 0,
    advanceClock: (ms) => call('advanceClock', ms),
    setWebhookFaults: (faults) => call('setWebhookFaults', faults),
    forceDraws: (n) => call('forceDraws', n),
    webhookStats: () => call('webhookStats'),
    payments: () => call('payments'),
    webhooksSettled: (timeoutMs) => call('webhooksSettled', timeoutMs),
    close: async () => {
      if (exited) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      await call('close').catch(() => undefined);
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(timer);
    },
  };
}
