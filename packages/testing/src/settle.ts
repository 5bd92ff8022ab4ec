// Owns waiting for the page to catch up after the fake widget did something:
// promise callbacks (the widget controller's, a framework's re-render), and
// one task of the event loop when the test runs on real timers. Never a
// faked timer: a test with fake timers (Vitest's or Jest's) keeps its clock.

type TimerFunction = ((callback: () => void, ms?: number) => unknown) & { clock?: unknown; _isMockFunction?: boolean };

/** True when `setTimeout` is a fake clock's (@sinonjs/fake-timers in Vitest and Jest) or a mock. */
export function timersAreFake(): boolean {
  const timer = globalThis.setTimeout as unknown as TimerFunction;
  return typeof timer !== 'function' || 'clock' in timer || timer._isMockFunction === true;
}

async function microtasks(turns: number): Promise<void> {
  for (let i = 0; i < turns; i++) await Promise.resolve();
}

/**
 * Lets the page catch up: queued promise callbacks, then (on real timers) one
 * task, so that work a controller deferred by `setTimeout(…, 0)` is done too,
 * then the promise callbacks that task queued.
 */
export async function settle(): Promise<void> {
  await microtasks(20);
  if (timersAreFake()) return;
  await new Promise<void>((resolve) => (globalThis.setTimeout as unknown as TimerFunction)(resolve, 0));
  await microtasks(20);
}
