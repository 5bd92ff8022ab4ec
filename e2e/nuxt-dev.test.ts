// The Nuxt storefront under `nuxt dev` with Vite's dependency cache emptied,
// as a developer's first run: the first visit to the checkout page shows the
// widget without the dev server stopping to optimize @wpwl/core and
// @wpwl/vue and reloading the page (@wpwl/nuxt has them pre-bundled at start).
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAppStorefronts, startAppStorefront, type RunningAppStorefront } from '../examples/merchant-server/src/app-servers.js';
import { launchBrowser, type TestBrowser } from './support/browser.js';
import { startSandboxServer, type SandboxServer } from './support/servers.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));
let sandbox: SandboxServer;
let browser: TestBrowser;
let dev: RunningAppStorefront | undefined;

beforeAll(async () => {
  const app = findAppStorefronts(join(REPO, 'examples')).find((candidate) => candidate.name === 'nuxt-storefront');
  if (!app) throw new Error('examples/nuxt-storefront is missing');
  // A first run: no pre-bundled dependencies from an earlier dev server.
  for (const cache of ['node_modules/.cache/vite', 'node_modules/.vite']) await rm(join(app.dir, cache), { recursive: true, force: true });
  [sandbox, browser] = await Promise.all([startSandboxServer(), launchBrowser()]);
  dev = await startAppStorefront(
    {
      ...app,
      built: join(app.dir, 'package.json'),
      command: ['node_modules/nuxt/bin/nuxt.mjs', 'dev', '--host', '{host}', '--port', '{port}'],
    },
    {
      gateway: { baseUrl: sandbox.url, accessToken: sandbox.accessToken, entityId: sandbox.entityId },
      host: '127.0.0.1',
      port: 0,
      env: { NODE_ENV: 'development' },
    },
  );
}, 180_000);

afterAll(async () => {
  await Promise.all([dev?.close(), browser?.close(), sandbox?.close()]);
});

describe('nuxt dev, first visit', () => {
  it('shows the widget on the checkout page without reloading the page', async () => {
    const tab = await browser.newPage();
    try {
      await tab.page.goto(`${dev!.url}/`, { timeout: 120_000 });
      await tab.page.locator('#cart-total').waitFor({ timeout: 120_000 });
      // The basket's express widget, its code loaded by the dev server too.
      await tab.page.locator('#express-checkout .wpwl-button-brand-GOOGLEPAY').waitFor({ timeout: 120_000 });
      // Hydrated (Vue puts the app on its root element): the link then navigates on the client. A function,
      // not a string: Playwright evaluates a string predicate with eval while it polls, which the page's CSP refuses.
      await tab.page.waitForFunction(
        () => (document.getElementById('__nuxt') as { __vue_app__?: unknown } | null)?.__vue_app__ !== undefined,
        undefined,
        { timeout: 120_000 },
      );
      await tab.page.click('#checkout');
      await tab.page.waitForSelector('[data-wpwl-status="ready"] .wpwl-form-card', { timeout: 120_000 });
      // A reload to take in newly optimized dependencies would be a second document request.
      expect(tab.requests.filter((request) => request.resourceType === 'document').map((request) => new URL(request.url).pathname)).toEqual(
        ['/'],
      );
      // The basket's wallet buttons (express checkout: no checkout id), then the checkout's own script, once each.
      const scripts = tab.requestsTo('GET', '/v1/paymentWidgets.js').map((request) => new URL(request.url).searchParams.has('checkoutId'));
      expect(scripts).toEqual([false, true]);
    } finally {
      await tab.close();
    }
  }, 240_000);
});
