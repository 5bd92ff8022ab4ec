// Two builds: the package (ESM, lit and @wpwl/core external, .d.ts) and the
// standalone browser module dist/wpwl-widget.js, which bundles lit and
// @wpwl/core and registers <wpwl-widget> on load, for pages without a bundler.
import { join } from 'node:path';
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { packageConfig } from '../../scripts/rollup.shared.js';

const packageDir = import.meta.dirname;

export default [
  packageConfig({
    packageDir,
    input: {
      index: 'src/index.ts',
      define: 'src/define.ts',
      jsx: 'src/jsx.ts',
      vue: 'src/vue.ts',
      svelte: 'src/svelte.ts',
      astro: 'src/astro.ts',
    },
  }),
  {
    input: join(packageDir, 'src/define.ts'),
    output: { file: join(packageDir, 'dist/wpwl-widget.js'), format: 'es', sourcemap: true },
    plugins: [
      nodeResolve({ browser: true }),
      typescript({
        tsconfig: join(packageDir, 'tsconfig.build.json'),
        outDir: join(packageDir, 'dist'),
        declaration: false,
        declarationMap: false,
        noEmitOnError: true,
      }),
      // Keeps the @license comments of the bundled code (Lit is BSD-3-Clause). No property
      // shortening here: Lit's own `_$…` names are read across copies of Lit on a page.
      terser({ module: true, ecma: 2022, compress: { passes: 2 } }),
    ],
  },
];
