import { packageConfig } from '../../scripts/rollup.shared.js';

// Two builds, each one self-contained file: the minifier shortens internal
// `_names` per file, so code split into shared chunks would read a field
// under one short name in one file and write it under another in the next.
const packageDir = import.meta.dirname;
export default [
  packageConfig({ packageDir, input: { index: 'src/index.ts' }, minify: true }),
  // What bundlers take for a browser (package.json's "browser" condition).
  packageConfig({ packageDir, input: { browser: 'src/browser.ts' }, minify: true, separate: true }),
];
