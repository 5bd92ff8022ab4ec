import { packageConfig } from '../../scripts/rollup.shared.js';

export default packageConfig({
  packageDir: import.meta.dirname,
  input: { index: 'src/index.ts', browser: 'src/browser.ts' },
  minify: true,
});
