import { packageConfig } from '../../scripts/rollup.shared.js';

const config = packageConfig({
  packageDir: import.meta.dirname,
  input: { index: 'src/index.ts' },
});
// One file per module, so that an app's bundler can leave out what it does not
// use and load <PaymentWidget> (with the widget controller) lazily: WpwlPlugin
// registers it as an async component.
config.output.preserveModules = true;
config.output.preserveModulesRoot = 'src';

export default config;
