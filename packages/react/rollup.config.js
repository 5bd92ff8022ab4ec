import { packageConfig } from '../../scripts/rollup.shared.js';

// The banner puts 'use client' back at the top of the built entry (rollup drops module-level directives).
export default packageConfig({
  packageDir: import.meta.dirname,
  input: { index: 'src/index.ts' },
  banner: "'use client';",
});
