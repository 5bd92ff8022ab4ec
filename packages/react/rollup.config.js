import { packageConfig } from '../../scripts/rollup.shared.js';

const config = packageConfig({
  packageDir: import.meta.dirname,
  input: { index: 'src/index.ts' },
});
// One file per module, each client module with its own 'use client': a Next.js
// page (or layout) that imports only <WpwlProvider> then references provider.js
// alone, and the widget controller comes with the first <PaymentWidget>. With
// one 'use client' bundle, every export would ship with every page.
config.output.preserveModules = true;
config.output.preserveModulesRoot = 'src';

export default config;
