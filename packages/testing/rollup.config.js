import { packageConfig } from '../../scripts/rollup.shared.js';

const config = packageConfig({
  packageDir: import.meta.dirname,
  input: {
    index: 'src/index.ts',
    react: 'src/react.ts',
    playwright: 'src/playwright.ts',
    'playwright-test': 'src/playwright-test.ts',
    sandbox: 'src/sandbox.ts',
  },
});
// One file per module: the one with a side effect (auto-cleanup.js, which
// registers the test framework's hook) keeps its name, so "sideEffects" in
// package.json can name it.
config.output.preserveModules = true;
config.output.preserveModulesRoot = 'src';

export default config;
