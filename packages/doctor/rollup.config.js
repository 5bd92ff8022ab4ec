// Build of @wpwl/doctor: the library entry and the wpwl-doctor CLI.
import { packageConfig } from '../../scripts/rollup.shared.js';

export default packageConfig({
  packageDir: import.meta.dirname,
  input: { index: 'src/index.ts', cli: 'src/cli.ts' },
  banner: (chunk) => (chunk.name === 'cli' ? '#!/usr/bin/env node' : ''),
});
