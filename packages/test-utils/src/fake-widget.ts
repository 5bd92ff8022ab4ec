// Owns a stand-in for the gateway's paymentWidgets.js in happy-dom, shared by
// the core and binding test suites. happy-dom has script loading switched off
// and reports every script tag as failed on its own (an `error` event, and a
// DOMException printed to the console); this helper swallows both reports so
// a test decides how each load ends: `finishLoad()` plays a successful load (a
// fake `window.wpwl`, a card form rendered into every `form.paymentWidgets`,
// the follow-up static script, `load`, then the widget's `onReady`),
// `failLoad()` fires the tag's `error`.
import nodeConsole from 'node:console';
import { vi, type Mock, type MockInstance } from 'vitest';

/**
 * The globals as the fake reads them: what the widget calls of `wpwlOptions`.
 * Typed here rather than taken from @wpwl/core, so that core's own tests can
 * use this package without a dependency cycle.
 */
type FakeWidgetOptions = {
  onReady?(): void;
  onBeforeSubmitCard?(this: HTMLFormElement, event?: Event): boolean | void;
  /** The rest as the widget would find them: tests call and inspect them as they need. */
  [key: string]: any;
};
type Page = { wpwlOptions?: FakeWidgetOptions; wpwl?: { unload(): void } };

/** The page as the widget sees it: the two globals. */
export const page = globalThis as unknown as Page;

/** What a finished load hands the test. */
export interface LoadedWidget {
  /** Spy standing in for `wpwl.unload`. */
  unload: Mock<() => void>;
  /** The form data of every card payment the fake widget let through its hooks. */
  submitted: FormData[];
  /** Presses the first rendered pay button. */
  pay(): void;
}

/** Controls the fake widget for one test; `uninstall()` in `afterEach`. */
export interface FakeWidget {
  /** Every paymentWidgets.js tag created since install, connected or not. */
  createdScripts(): HTMLScriptElement[];
  /** The paymentWidgets.js tags in the document now. */
  liveScripts(): HTMLScriptElement[];
  /** Plays a successful load of the newest live widget script. */
  finishLoad(): Promise<LoadedWidget>;
  /** Fails the newest live widget script (`error` event). */
  failLoad(): Promise<void>;
  /** Fires `load` or `error` on `script`, in the document or not (a late event of a tag the controller let go). */
  fire(script: HTMLScriptElement, type: 'load' | 'error'): void;
  /** What the widget left on the page: script tags, widget nodes and globals. */
  leftovers(): { scripts: number; widgetNodes: number; globals: string[] };
  /** Removes the listeners and the spy, and empties the document. */
  uninstall(): void;
}

/** Lets queued timers and microtasks run (the controller defers teardown by one task). */
export const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * happy-dom's report of a script it did not load because loading is switched
 * off: the expected consequence of the test setup, never a fault of the code
 * under test (the fake widget decides how every load ends).
 */
const isDisabledLoadingReport = (args: unknown[]): boolean =>
  args.length === 1 &&
  args[0] instanceof Error &&
  args[0].name === 'NotSupportedError' &&
  /^Failed to load script ".*"\. JavaScript file loading is disabled\.$/.test(args[0].message);

/** Starts intercepting widget script loads. Call in `beforeEach`. */
export function installFakeWidget(): FakeWidget {
  const driven = new WeakSet<Event>();
  const dropUndriven = (event: Event) => {
    if (event.target instanceof HTMLScriptElement && !driven.has(event)) event.stopImmediatePropagation();
  };
  const drive = (target: EventTarget, type: 'load' | 'error') => {
    const event = new Event(type);
    driven.add(event);
    target.dispatchEvent(event);
  };
  window.addEventListener('load', dropUndriven, true);
  window.addEventListener('error', dropUndriven, true);
  const createElement: MockInstance<typeof document.createElement> = vi.spyOn(document, 'createElement');
  // happy-dom prints to the worker's own console (the one `node:console` exports), not to
  // the test's `console`; only its disabled-loading report is dropped, anything else still prints.
  const printError = nodeConsole.error.bind(nodeConsole);
  const consoleError = vi.spyOn(nodeConsole, 'error').mockImplementation((...args: unknown[]) => {
    if (!isDisabledLoadingReport(args)) printError(...args);
  });

  const isWidgetScript = (el: unknown): el is HTMLScriptElement => el instanceof HTMLScriptElement && el.src.includes('/paymentWidgets.js');
  const liveScripts = () => [...document.querySelectorAll<HTMLScriptElement>('script')].filter(isWidgetScript);
  const newest = () => {
    const script = liveScripts().at(-1);
    if (!script) throw new Error('no widget script is loading');
    return script;
  };

  return {
    createdScripts: () => createElement.mock.results.map((result) => result.value as unknown).filter(isWidgetScript),
    liveScripts,
    async finishLoad() {
      const script = newest();
      const unload = vi.fn<() => void>();
      page.wpwl = { unload };
      const submitted: FormData[] = [];
      for (const target of document.querySelectorAll('form.paymentWidgets')) {
        const container = document.createElement('div');
        container.className = 'wpwl-container wpwl-container-card';
        container.innerHTML =
          '<form class="wpwl-form wpwl-form-card"><input name="card.holder" value="Jane Doe"><button type="submit" class="wpwl-button wpwl-button-pay">Pay</button></form>';
        target.after(container);
        const card = container.querySelector('form')!;
        card.addEventListener('submit', (event) => {
          event.preventDefault();
          if (page.wpwlOptions?.onBeforeSubmitCard?.call(card, event) !== false) submitted.push(new FormData(card));
        });
      }
      const helper = document.createElement('script');
      helper.src = `${new URL(script.src).origin}/v1/static.min.js`;
      document.head.append(helper);
      drive(script, 'load');
      await flush();
      page.wpwlOptions?.onReady?.call(undefined);
      const pay = () => document.querySelector<HTMLButtonElement>('.wpwl-button-pay')!.click();
      return { unload, submitted, pay };
    },
    async failLoad() {
      drive(newest(), 'error');
      await flush();
    },
    fire: drive,
    leftovers: () => ({
      scripts: document.querySelectorAll('script').length,
      widgetNodes: document.querySelectorAll('[class*="wpwl-"], form.paymentWidgets').length,
      globals: ['wpwlOptions', 'wpwl'].filter((name) => name in globalThis),
    }),
    uninstall() {
      createElement.mockRestore();
      consoleError.mockRestore();
      window.removeEventListener('load', dropUndriven, true);
      window.removeEventListener('error', dropUndriven, true);
      delete page.wpwl;
      delete page.wpwlOptions;
      document.head.innerHTML = '';
      document.body.innerHTML = '';
    },
  };
}
