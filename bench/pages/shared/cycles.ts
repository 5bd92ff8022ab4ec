// The soak and request-count driver shared by the cycle pages: a binding
// supplies mount / change / unmount, this turns them into awaited steps
// (each mount or change resolves at the widget's onReady) and exposes them
// on `window.__wpwlBench` for the runner.

/** One binding's way of showing, re-pointing and removing the widget. */
export interface BindingDriver {
  /** Shows the widget for `checkoutId`. */
  mount(checkoutId: string): void;
  /** Gives the shown widget another checkout id. */
  change(checkoutId: string): void;
  /** Removes the widget (resolves once the framework has committed the removal). */
  unmount(): void | Promise<void>;
}

/** What the runner calls, through `page.evaluate`. */
export interface BenchApi {
  mount(checkoutId: string): Promise<void>;
  change(checkoutId: string): Promise<void>;
  unmount(): Promise<void>;
  /** mount(a) → ready → change(b) → ready → unmount, per pair; resolves with the time taken in ms. */
  cycles(pairs: readonly (readonly [string, string])[]): Promise<number>;
}

declare global {
  interface Window {
    __wpwlBench?: BenchApi;
  }
}

const STEP_TIMEOUT_MS = 10_000;

let waiting: { resolve(): void; reject(error: Error): void } | undefined;

/** Call from the binding's onReady. */
export function signalReady(): void {
  const current = waiting;
  waiting = undefined;
  current?.resolve();
}

/** Call from the binding's onError: the step in progress fails with it. */
export function signalError(error: { code?: string; message: string }): void {
  const current = waiting;
  waiting = undefined;
  current?.reject(new Error(`${error.code ?? 'ERROR'}: ${error.message}`));
}

function untilReady(action: () => void, what: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting = undefined;
      reject(new Error(`${what}: no onReady within ${STEP_TIMEOUT_MS} ms`));
    }, STEP_TIMEOUT_MS);
    waiting = {
      resolve: () => {
        clearTimeout(timer);
        resolve();
      },
      reject: (error) => {
        clearTimeout(timer);
        reject(error);
      },
    };
    action();
  });
}

// Core defers a released widget's teardown by one task (so that React
// StrictMode's unmount + mount can adopt it): let that task run.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Exposes the driver as `window.__wpwlBench`. */
export function exposeBench(driver: BindingDriver): void {
  const api: BenchApi = {
    mount: (id) => untilReady(() => driver.mount(id), `mount ${id}`),
    change: (id) => untilReady(() => driver.change(id), `change to ${id}`),
    async unmount() {
      await driver.unmount();
      await nextTask();
    },
    async cycles(pairs) {
      const started = performance.now();
      for (const [first, second] of pairs) {
        await api.mount(first);
        await api.change(second);
        await api.unmount();
      }
      return performance.now() - started;
    },
  };
  window.__wpwlBench = api;
}
