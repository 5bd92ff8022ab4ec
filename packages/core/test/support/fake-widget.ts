// The fake widget of the bindings' own tests: @wpwl/testing's, the one
// merchants use, installed and driven the same way. What is here is only the
// view a binding's test takes of it: the widget script tags the binding
// asked for, a loaded widget's `unload` as a spy, the payments it let
// through, and an uninstall that also empties the document between tests.
// The kit is imported from its source: it develops alongside the bindings
// (and depends on them for its own tests), so no package dependency is
// declared either way.
import { vi, type MockInstance } from 'vitest';
import {
  installFakeWidget as installKit,
  widgetLeftovers,
  type FakePayment,
  type FakeWidget as Kit,
  type FakeWidgetOptions,
  type WidgetLeftovers,
} from '../../../testing/src/index.js';

/** The globals as the widget reads them: what the widget calls of `wpwlOptions`. */
type PageOptions = {
  onReady?(): void;
  onBeforeSubmitCard?(this: HTMLFormElement, event?: Event): boolean | void;
  /** The rest as the widget would find them: tests call and inspect them as they need. */
  [key: string]: any;
};
type Page = { wpwlOptions?: PageOptions; wpwl?: { unload(): void } };

/** The page as the widget sees it: the two globals. */
export const page = globalThis as unknown as Page;

/** Lets queued timers and microtasks run (the controller defers teardown by one task). */
export const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** What a finished load hands the test. */
export interface LoadedWidget {
  /** The loaded widget's `wpwl.unload`, spied on (it still unloads). */
  unload: MockInstance<() => void>;
  /** Every payment the fake widget sent (the before-submit hooks let it through), in order. */
  submitted: readonly FakePayment[];
  /** Presses the first rendered pay button. */
  pay(): void;
}

/** The kit's fake widget, as a binding's test drives it. */
export interface FakeWidget {
  /** The kit itself, for everything else it offers. */
  kit: Kit;
  /** The widget script URLs requested since install, one per tag created (connected or not). */
  createdScripts(): string[];
  /** The paymentWidgets.js tags in the document now. */
  liveScripts(): HTMLScriptElement[];
  /** Finishes the newest widget script load (the kit's `ready()`). */
  finishLoad(): Promise<LoadedWidget>;
  /** Fails the newest widget script load (the kit's `failLoad()`). */
  failLoad(): Promise<void>;
  /** Fires `load` or `error` on `script`, in the document or not (a late event of a tag the controller let go). */
  fire(script: HTMLScriptElement, type: 'load' | 'error'): void;
  /** What the widget left on the page (the kit's `widgetLeftovers()`). */
  leftovers(): WidgetLeftovers;
  /** Uninstalls the kit, then empties the document. */
  uninstall(): Promise<void>;
}

/**
 * The values of the inputs named `name` in the widget's first card form: what
 * the widget sends for that name, one value per input (a parameter written
 * twice shows twice).
 */
export function cardFormValues(name: string): string[] {
  const form = document.querySelector<HTMLFormElement>('form.wpwl-form-card');
  return form ? new FormData(form).getAll(name).map(String) : [];
}

const isWidgetScript = (el: unknown): el is HTMLScriptElement => el instanceof HTMLScriptElement && el.src.includes('/paymentWidgets.js');

/** Installs the kit's fake widget. Call in `beforeEach`; `await uninstall()` in `afterEach`. */
export function installFakeWidget(options?: FakeWidgetOptions): FakeWidget {
  const kit = installKit(options);
  return {
    kit,
    createdScripts: () => kit.requests(),
    liveScripts: () => [...document.querySelectorAll('script')].filter(isWidgetScript),
    async finishLoad() {
      await kit.ready();
      const unload = vi.spyOn(page.wpwl!, 'unload');
      const pay = () => document.querySelector<HTMLButtonElement>('.wpwl-button-pay')!.click();
      return { unload, submitted: kit.payments, pay };
    },
    failLoad: () => kit.failLoad(),
    fire: (script, type) => void script.dispatchEvent(new Event(type)),
    leftovers: widgetLeftovers,
    async uninstall() {
      await kit.uninstall();
      delete page.wpwl;
      delete page.wpwlOptions;
      document.head.innerHTML = '';
      document.body.innerHTML = '';
    },
  };
}
