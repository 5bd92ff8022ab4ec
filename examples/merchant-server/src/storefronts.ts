// Owns finding what the example server can serve in this repository: every
// storefront example that has something to show (a built dist/, or static
// pages in public/), each mounted at /<its directory name>/, the built
// browser libraries the static pages import through an import map, and the
// files the storefronts share (the shop's stylesheet).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isAppStorefront } from './app-servers.js';
import type { Storefront } from './server.js';

/** Packages that never go to a browser. */
const SERVER_ONLY = new Set(['server', 'sandbox', 'gateway-spec']);

/** The storefronts under `examplesDir`, the core storefront first. */
export function findStorefronts(examplesDir: string): Storefront[] {
  if (!existsSync(examplesDir)) return [];
  const found: Storefront[] = [];
  for (const entry of readdirSync(examplesDir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === 'merchant-server' || entry.name === 'shared' || entry.name.startsWith('.')) continue;
    const dir = join(examplesDir, entry.name);
    const built = join(dir, 'dist');
    const pages = join(dir, 'public');
    // A built app does its own routing; static pages are plain files.
    if (existsSync(join(built, 'index.html')))
      found.push({ path: `/${entry.name}/`, dir: built, spa: true, resultPage: resultPageOf(dir) });
    else if (existsSync(join(pages, 'index.html'))) found.push({ path: `/${entry.name}/`, dir: pages, resultPage: resultPageOf(dir) });
  }
  const rank = (s: Storefront) => (s.path === '/core-storefront/' ? 0 : 1);
  return found.sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
}

/** Examples that can be built (a package.json "build" script) but have no dist/ yet. */
export function unbuiltStorefronts(examplesDir: string): string[] {
  if (!existsSync(examplesDir)) return [];
  return readdirSync(examplesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'merchant-server')
    .filter((entry) => {
      const dir = join(examplesDir, entry.name);
      // A server-rendered storefront has no dist/: app-servers.ts starts it.
      if (isAppStorefront(dir)) return false;
      return typeof readPackage(dir)?.scripts?.build === 'string' && !existsSync(join(dir, 'dist', 'index.html'));
    })
    .map((entry) => entry.name);
}

function readPackage(dir: string): { wpwlResultPage?: unknown; scripts?: Record<string, unknown> } | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { wpwlResultPage?: unknown; scripts?: Record<string, unknown> };
  } catch {
    return undefined;
  }
}

/** A storefront may name its result page in package.json ("wpwlResultPage"); default result.html. */
function resultPageOf(dir: string): string {
  const page = readPackage(dir)?.wpwlResultPage;
  return typeof page === 'string' ? page : 'result.html';
}

/** Built browser packages, each served at /vendor/wpwl-<name>/ (e.g. /vendor/wpwl-core/index.js). */
export function findVendorLibraries(packagesDir: string): Array<{ path: string; dir: string }> {
  if (!existsSync(packagesDir)) return [];
  return readdirSync(packagesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !SERVER_ONLY.has(entry.name) && existsSync(join(packagesDir, entry.name, 'dist')))
    .map((entry) => ({ path: `/vendor/wpwl-${entry.name}/`, dir: join(packagesDir, entry.name, 'dist') }));
}

/** What the storefronts share, served as it is: the shop's stylesheet at /shared/shop.css. */
export function findSharedFiles(examplesDir: string): Array<{ path: string; dir: string }> {
  const dir = join(examplesDir, 'shared', 'public');
  return existsSync(dir) ? [{ path: '/shared/', dir }] : [];
}

/** What each example storefront is built with, for the lists the demo and the index page show. */
export const STOREFRONT_FRAMEWORKS: Readonly<Record<string, string>> = {
  'core-storefront': 'plain JavaScript on @wpwl/core',
  'react-storefront': 'React with @wpwl/react',
  'vue-storefront': 'Vue with @wpwl/vue',
  'angular-storefront': 'Angular with @wpwl/angular',
  'static-page': 'a static page with <wpwl-widget> (@wpwl/lit)',
  'next-storefront': 'Next.js App Router with @wpwl/react and @wpwl/server',
  'nuxt-storefront': 'Nuxt with @wpwl/nuxt',
};
