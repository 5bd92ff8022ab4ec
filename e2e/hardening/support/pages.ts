// Owns the per-binding hardening pages: bundles pages/<binding>.ts with
// esbuild into a temporary directory (React and Vue need a bundler; all four
// are built the same way; Angular's linked) for every binding whose package is built, and
// serves them from a loopback static server that logs its requests.
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { ANGULAR_PRODUCTION_DEFINE, angularLinkerPlugin } from '../../../packages/angular/scripts/production-build.mjs';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, type TestBrowser, type TestPage } from '../../support/browser.js';
import type { GatewayAccess } from '../../support/gateway.js';
import { startSandboxServer, startStaticServer, type SandboxServer, type StaticServer } from '../../support/servers.js';
import { repo } from './storefronts.js';

const PAGES = fileURLToPath(new URL('../pages/', import.meta.url));
/** Binding page → the package whose build it bundles (its entry the test checks for). */
const BINDINGS: Record<string, { dir: string; entry: string }> = {
  core: { dir: 'core', entry: 'dist/index.js' },
  react: { dir: 'react', entry: 'dist/index.js' },
  vue: { dir: 'vue', entry: 'dist/index.js' },
  lit: { dir: 'lit', entry: 'dist/define.js' },
  angular: { dir: 'angular', entry: 'dist/fesm2022/wpwl-angular.mjs' },
};

/** The bindings to run, and those whose package has a build script but no build output. */
export function bindingsUnderTest(): { bindings: string[]; unbuilt: string[] } {
  const only = process.env.WPWL_BINDINGS?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const bindings: string[] = [];
  const unbuilt: string[] = [];
  for (const [name, { dir, entry }] of Object.entries(BINDINGS)) {
    if (only && !only.includes(name)) continue;
    const packageDir = join(repo, 'packages', dir);
    if (!existsSync(join(packageDir, 'package.json'))) continue;
    if (existsSync(join(packageDir, entry))) bindings.push(name);
    else if (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')).scripts?.build) unbuilt.push(name);
  }
  return { bindings, unbuilt };
}

/** The built pages, served: open `${url}/?binding=<name>`. */
export interface HardeningPages {
  url: string;
  server: StaticServer;
  close(): Promise<void>;
}

export async function buildHardeningPages(bindings: readonly string[]): Promise<HardeningPages> {
  const out = await mkdtemp(join(tmpdir(), 'wpwl-hardening-pages-'));
  await build({
    entryPoints: Object.fromEntries(bindings.map((name) => [name, join(PAGES, `${name}.ts`)])),
    outdir: out,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"', ...ANGULAR_PRODUCTION_DEFINE },
    // Angular's packages and @wpwl/angular come partially compiled: linked, as an Angular app's build does.
    plugins: [angularLinkerPlugin(repo)],
    logLevel: 'error',
  });
  await Promise.all(['index.html', 'page.js'].map((file) => copyFile(join(PAGES, file), join(out, file))));
  const server = await startStaticServer({ root: out });
  return {
    url: server.url,
    server,
    close: async () => {
      await server.close();
      await rm(out, { recursive: true, force: true });
    },
  };
}

/** A widget a test asks a binding page for (see pages/harness.ts). */
export interface HarnessWidget {
  id: string;
  config: Record<string, unknown>;
  /** Inside a page form. */
  nested?: boolean;
  /** Callbacks that throw in the page's own code. */
  throwing?: string[];
}

type PageHarness = {
  mount(spec: HarnessWidget): void;
  update(id: string, config: Record<string, unknown>): void;
  unmount(id: string): void;
  status(id: string): string;
  pay(id: string): boolean;
  events: Array<{ id: string; type: string; status?: string; code?: string; message?: string }>;
};

/** Drives `window.harness` of a binding page from the test. */
export function harnessOf(tab: TestPage) {
  return {
    mount: (spec: HarnessWidget) => tab.page.evaluate((s) => (window as unknown as { harness: PageHarness }).harness.mount(s), spec),
    update: (id: string, config: Record<string, unknown>) =>
      tab.page.evaluate(({ i, c }) => (window as unknown as { harness: PageHarness }).harness.update(i, c), { i: id, c: config }),
    unmount: (id: string) => tab.page.evaluate((i) => (window as unknown as { harness: PageHarness }).harness.unmount(i), id),
    status: (id: string) => tab.page.evaluate((i) => (window as unknown as { harness: PageHarness }).harness.status(i), id),
    /** The page's own "Place order" button: the binding's pay(). */
    pay: (id: string) => tab.page.evaluate((i) => (window as unknown as { harness: PageHarness }).harness.pay(i), id),
    events: () => tab.page.evaluate(() => (window as unknown as { harness: PageHarness }).harness.events),
  };
}

/** Opens the page of `binding` in a fresh page of `browser` and waits for its harness. */
export async function openBindingPage(browser: TestBrowser, pages: HardeningPages, binding: string): Promise<TestPage> {
  const tab = await browser.newPage();
  await tab.page.goto(`${pages.url}/?binding=${binding}`);
  await tab.page.waitForFunction((name) => document.documentElement.dataset.harness === name, binding);
  return tab;
}

/** What a hardening test file runs against: the sandbox, the binding pages and Chromium. */
export interface HardeningWorld {
  readonly sandbox: SandboxServer;
  readonly gateway: GatewayAccess;
  readonly pages: HardeningPages;
  readonly browser: TestBrowser;
}

/**
 * Registers the file's hooks: before all, the sandbox, the pages of `bindings`
 * and Chromium; after all, each closed. Call once, at the top of the file;
 * the world's parts are there inside tests and hooks.
 */
export function useHardeningWorld(bindings: readonly string[]): HardeningWorld {
  let sandbox: SandboxServer | undefined;
  let pages: HardeningPages | undefined;
  let browser: TestBrowser | undefined;
  beforeAll(async () => {
    [sandbox, pages, browser] = await Promise.all([startSandboxServer(), buildHardeningPages(bindings), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), pages?.close(), sandbox?.close()]);
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the hardening world is used outside a test or hook');
    return value;
  };
  return {
    get sandbox() {
      return started(sandbox);
    },
    get gateway() {
      const { url, accessToken, entityId } = started(sandbox);
      return { url, accessToken, entityId };
    },
    get pages() {
      return started(pages);
    },
    get browser() {
      return started(browser);
    },
  };
}
