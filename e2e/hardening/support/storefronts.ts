// Owns which storefronts the hardening matrix runs against: every example the
// merchant server can serve (a built dist/, or static pages without a build
// step), found on disk so a new storefront joins the matrix by being built.
// An example that has a build script but no build output is a failure, not a
// skip: `pnpm test` builds everything before the browser tests run.
import { fileURLToPath } from 'node:url';
import { findStorefronts, unbuiltStorefronts } from '../../../examples/merchant-server/src/storefronts.js';

export const repo = fileURLToPath(new URL('../../../', import.meta.url)).replace(/\/$/, '');

/** One storefront under test, e.g. `{ name: 'core-storefront', path: '/core-storefront/' }`. */
export interface StorefrontUnderTest {
  name: string;
  path: string;
}

/**
 * The storefronts to run, in the merchant server's order (core first), and
 * the ones that should have been built. `WPWL_STOREFRONTS=a,b` narrows the
 * run to those names while working on one of them.
 */
export function storefrontsUnderTest(): { storefronts: StorefrontUnderTest[]; unbuilt: string[] } {
  const only = process.env.WPWL_STOREFRONTS?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const keep = (name: string) => !only || only.includes(name);
  const storefronts = findStorefronts(`${repo}/examples`)
    .map((s) => ({ name: s.path.slice(1, -1), path: s.path }))
    .filter((s) => keep(s.name));
  return { storefronts, unbuilt: unbuiltStorefronts(`${repo}/examples`).filter(keep) };
}
