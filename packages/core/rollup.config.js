import { packageConfig } from '../../scripts/rollup.shared.js';

export default packageConfig({
  packageDir: import.meta.dirname,
  input: { index: 'src/index.ts' },
  minify: true,
});
