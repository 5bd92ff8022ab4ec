// Owns the corpus's world: a sandbox gateway, a static server for the pages
// each case writes (with jQuery beside them, as the store plugins' pages have
// it, and @wpwl/core bundled for the ported cases), and Chromium. A case
// writes its page for a fresh checkout, opens it, pays and reads the payment
// as the merchant's backend would.
import { createRequire } from 'node:module';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, type TestBrowser, type TestPage } from '../../support/browser.js';
import { createCheckout, readPaymentStatus, type Checkout, type GatewayAccess, type PaymentStatus } from '../../support/gateway.js';
import { startSandboxServer, startStaticServer, type SandboxServer, type StaticServer } from '../../support/servers.js';

const require = createRequire(import.meta.url);

export interface Corpus {
  readonly sandbox: SandboxServer;
  readonly gateway: GatewayAccess;
  /** Base URL of the pages: `${pagesUrl}/result.html` is the shop's result page. */
  readonly pagesUrl: string;
  readonly browser: TestBrowser;
  /** Prepares a checkout (92.00 EUR DB unless `params` say otherwise). */
  checkout(params?: Record<string, string | boolean>): Promise<Checkout>;
  /** Writes `html` as `${name}.html` and answers its URL. */
  page(name: string, html: string): Promise<string>;
  /** Bundles `entry` (a page module of the corpus, JSX allowed) as `/${name}.js`, React and all. */
  bundle(entry: string, name: string): Promise<void>;
  /** Opens a page in a fresh browser context. */
  open(url: string): Promise<TestPage>;
  /** The merchant's status read of a checkout's payment. */
  status(checkoutId: string): Promise<PaymentStatus>;
}

/**
 * Registers the file's hooks and answers the corpus world, ready inside tests.
 * Pages may load `/jquery.min.js` and `/wpwl-core.js` (an ES module exporting
 * @wpwl/core, from its build).
 */
export function useCorpus(): Corpus {
  let sandbox: SandboxServer | undefined;
  let server: StaticServer | undefined;
  let browser: TestBrowser | undefined;
  let dir = '';
  const tabs: TestPage[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wpwl-corpus-'));
    await copyFile(require.resolve('jquery/dist/jquery.min.js'), join(dir, 'jquery.min.js'));
    // The package's build as an entry: its exports stay the module's exports.
    await build({
      entryPoints: [require.resolve('@wpwl/core')],
      outfile: join(dir, 'wpwl-core.js'),
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      logLevel: 'error',
    });
    await writeFile(
      join(dir, 'result.html'),
      '<!doctype html><meta charset="utf-8"><title>Order result</title><h1 id="result">Back at the shop</h1>\n',
    );
    [sandbox, server, browser] = await Promise.all([startSandboxServer(), startStaticServer({ root: dir }), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all(tabs.map((tab) => tab.close().catch(() => undefined)));
    await Promise.all([browser?.close(), server?.close(), sandbox?.close()]);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the corpus world is used outside a test');
    return value;
  };
  const gateway = (): GatewayAccess => {
    const running = ready(sandbox);
    return { url: running.url, accessToken: running.accessToken, entityId: running.entityId };
  };
  return {
    get sandbox() {
      return ready(sandbox);
    },
    get gateway() {
      return gateway();
    },
    get pagesUrl() {
      return ready(server).url;
    },
    get browser() {
      return ready(browser);
    },
    checkout: (params = {}) => createCheckout(gateway(), params),
    async page(name, html) {
      await writeFile(join(dir, `${name}.html`), html);
      return `${ready(server).url}/${name}.html`;
    },
    async bundle(entry, name) {
      await build({
        entryPoints: [entry],
        outfile: join(dir, `${name}.js`),
        bundle: true,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        jsx: 'automatic',
        define: { 'process.env.NODE_ENV': '"production"' },
        logLevel: 'error',
      });
    },
    async open(url) {
      const tab = await ready(browser).newPage();
      tabs.push(tab);
      await tab.page.goto(url);
      return tab;
    },
    status: (checkoutId) => readPaymentStatus(gateway(), `/v1/checkouts/${checkoutId}/payment`),
  };
}
