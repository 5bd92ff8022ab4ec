// Owns the Playwright Test fixture: `test` with a sandbox gateway started for
// each worker process (the default) or for each test, reachable from the
// test as `sandbox` (its address and credentials for the page and the
// merchant backend, its clock and its faults), and `consoleErrors`, the
// page's console errors apart from those a refused payment always leaves.
// `@playwright/test` and `@wpwl/sandbox` are optional peers of the kit,
// needed by this entry.
import { test as base } from '@playwright/test';
import type { Sandbox, SandboxOptions } from '@wpwl/sandbox';
import { watchConsoleErrors } from './console-messages.js';
import { startSandbox } from './sandbox.js';

export { expect } from '@playwright/test';
export * from './playwright.js';

/** Options of the fixture, set with `test.use({ … })` or in `playwright.config.ts`'s `use`. */
export interface WpwlFixtureOptions {
  /**
   * `worker` (default): one sandbox per worker process, shared by its tests
   * (the widget fault is reset after each test). `test`: a sandbox of the
   * test's own, for a test that moves the sandbox's clock or changes its
   * webhooks, which would reach the tests after it.
   */
  sandboxScope: 'worker' | 'test';
}

/** Worker options of the fixture. */
export interface WpwlWorkerOptions {
  /** Options of every sandbox the fixture starts (`accessToken`, `entityId`, `uncertainSettleMs`, `webhooks` …); default none. */
  sandboxOptions: SandboxOptions;
}

/** What the fixture gives each test. */
export interface WpwlFixtures extends WpwlFixtureOptions {
  /**
   * The sandbox gateway for this test: `url`, `accessToken`, `entityId` for
   * the page and the merchant backend, and its handle: `advanceClock(ms)`,
   * `setWidgetFault(…)`, `payments()`, `setWebhooks(…)` … Started when a
   * test first uses it.
   */
  sandbox: Sandbox;
  /**
   * The page's console errors and uncaught exceptions so far, leaving out
   * the errors of payments the gateway refused (see `watchConsoleErrors`):
   * `expect(consoleErrors).toEqual([])` at the end of a test.
   */
  consoleErrors: string[];
}

interface WorkerFixtures extends WpwlWorkerOptions {
  /** Starts the worker's sandbox on first use; stopped when the worker ends. */
  wpwlWorkerSandbox: () => Promise<Sandbox>;
}

/**
 * Playwright Test's `test` with the sandbox fixtures:
 *
 * ```ts
 * import { expect, payWithTestCard, readResult, test } from '@wpwl/testing/playwright-test';
 *
 * test('pays', async ({ page, sandbox }) => { … });
 * ```
 */
export const test = base.extend<WpwlFixtures, WorkerFixtures>({
  sandboxOptions: [{}, { option: true, scope: 'worker' }],
  sandboxScope: ['worker', { option: true }],
  wpwlWorkerSandbox: [
    async ({ sandboxOptions }, use) => {
      let started: Promise<Sandbox> | undefined;
      await use(() => (started ??= startSandbox(sandboxOptions)));
      if (started) await (await started).close();
    },
    { scope: 'worker' },
  ],
  sandbox: async ({ sandboxScope, sandboxOptions, wpwlWorkerSandbox }, use) => {
    if (sandboxScope === 'test') {
      const own = await startSandbox(sandboxOptions);
      try {
        await use(own);
      } finally {
        await own.close();
      }
      return;
    }
    const shared = await wpwlWorkerSandbox();
    try {
      await use(shared);
    } finally {
      shared.setWidgetFault(null);
    }
  },
  consoleErrors: async ({ page }, use) => {
    await use(watchConsoleErrors(page));
  },
});
