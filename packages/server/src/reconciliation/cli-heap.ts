// Owns the command's memory bound: the reconciliation holds two batches of
// rows at a time, never the file, but Node lets its heap grow to gigabytes
// of garbage before collecting in earnest. The command therefore runs its
// work in a second Node process with the old generation bounded, unless the
// user chose a bound (node's flag or NODE_OPTIONS) or this is that process;
// that process stops when the command ends, however it ends.
import { spawn } from 'node:child_process';

/** The old generation's bound, in MB: the live rows of two batches are a few MB; the rest is room for the collector. */
export const RECONCILE_HEAP_MB = 128;
/** The young generation's semi-space, in MB (Node's default is 16): rows die young or are promoted either way. */
export const RECONCILE_SEMI_SPACE_MB = 8;
/** The Node flags of the process that does the work. */
export const RECONCILE_NODE_FLAGS: readonly string[] = [
  `--max-old-space-size=${RECONCILE_HEAP_MB}`,
  `--max-semi-space-size=${RECONCILE_SEMI_SPACE_MB}`,
];
const CHILD_MARK = 'WPWL_RECONCILE_BOUNDED_HEAP';

/** Whether this process should start the bounded one (it is neither bounded already nor that process). */
export function needsBoundedHeap(execArgv: readonly string[], env: NodeJS.ProcessEnv): boolean {
  if (env[CHILD_MARK] === '1') return false;
  const flags = [...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)];
  return !flags.some((flag) => /^--max[-_]old[-_]space[-_]size(=|$)/.test(flag));
}

/**
 * Runs this command again in a Node process with a bounded heap, its input,
 * output and signals passed through; resolves to its exit status. Resolves
 * to undefined when this process is to do the work itself.
 */
export function runInBoundedHeap(): Promise<number | undefined> {
  const script = process.argv[1];
  if (!script || !needsBoundedHeap(process.execArgv, process.env)) return Promise.resolve(undefined);
  const child = spawn(process.execPath, [...RECONCILE_NODE_FLAGS, ...process.execArgv, script, ...process.argv.slice(2)], {
    // A channel besides the terminal's: when this process ends, even by SIGKILL, the child sees it
    // close and stops (followCommand), instead of reconciling on with no one waiting for it.
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, [CHILD_MARK]: '1' },
  });
  // Ctrl-C reaches both processes from the terminal; a SIGTERM sent to this one is passed on. This one waits for the child.
  const pass = (signal: NodeJS.Signals) => () => child.kill(signal);
  const onTerm = pass('SIGTERM');
  const onInt = () => undefined;
  process.on('SIGTERM', onTerm);
  process.on('SIGINT', onInt);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      process.off('SIGTERM', onTerm);
      process.off('SIGINT', onInt);
      resolve(code ?? (signal === 'SIGINT' ? 130 : signal === 'SIGTERM' ? 143 : 1));
    });
  });
}

/** What the bounded process does when the command that started it is gone; replaced as the run goes on. */
let whenCommandGone: () => void = () => process.exit(143);

/**
 * In the process started by {@link runInBoundedHeap}, called first thing:
 * from then on, when the command that started it ends (its channel closes,
 * even by SIGKILL), the handler last given to {@link onCommandGone} runs;
 * until one is given, the process exits at once (nothing is open yet). The
 * channel holds nothing open, so the process still ends on its own.
 */
export function followCommand(): void {
  if (process.env[CHILD_MARK] !== '1' || !process.channel) return;
  process.channel.unref();
  process.once('disconnect', () => whenCommandGone());
  // Gone before this code ran: the 'disconnect' may already be past.
  if (!process.connected) whenCommandGone();
}

/** Sets what to do when the command is gone (see {@link followCommand}); returns a function that makes it do nothing more. */
export function onCommandGone(handler: () => void): () => void {
  whenCommandGone = handler;
  return () => {
    whenCommandGone = () => undefined;
  };
}
