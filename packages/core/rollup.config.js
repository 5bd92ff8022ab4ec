import { resolve } from 'node:path';
import { packageConfig } from '../../scripts/rollup.shared.js';

// Two builds, each one self-contained file: the minifier shortens internal
// `_names` per file, so code split into shared chunks would read a field
// under one short name in one file and write it under another in the next.
const packageDir = import.meta.dirname;

/**
 * The server-side `@wpwl/core/page-policy` entry takes contentSecurityPolicy and
 * WpwlError from the main entry (`./index.js` beside it in dist) instead of
 * a copy of its own: one WpwlError class, and the main entry's code once.
 */
const fromMainEntry = {
  name: 'from-main-entry',
  resolveId(source, importer) {
    if (!importer || !source.startsWith('.')) return null;
    const target = resolve(importer, '..', source);
    const shared = ['index.js', 'errors.js'].map((file) => resolve(packageDir, 'src', file));
    return shared.includes(target) ? { id: './index.js', external: true } : null;
  },
};

const csp = packageConfig({ packageDir, input: { 'page-policy': 'src/page-policy.ts' }, minify: true, separate: true });

export default [
  packageConfig({ packageDir, input: { index: 'src/index.ts' }, minify: true }),
  // What bundlers take for a browser (package.json's "browser" condition).
  packageConfig({ packageDir, input: { browser: 'src/browser.ts' }, minify: true, separate: true }),
  { ...csp, plugins: [fromMainEntry, ...csp.plugins] },
];
