// Shared rollup setup for every publishable package: ESM output plus .d.ts
// from @rollup/plugin-typescript, dependencies and peers left external.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import typescript from '@rollup/plugin-typescript';

/**
 * @param {object} opts
 * @param {string} opts.packageDir absolute directory of the package
 * @param {Record<string, string>} opts.input entry name -> source file (relative to the package)
 * @param {string} [opts.banner] text placed at the top of every chunk (e.g. "'use client';")
 * @param {string[]} [opts.bundle] workspace-internal packages to inline instead of leaving external
 */
export function packageConfig({ packageDir, input, banner, bundle = [] }) {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const externals = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})].filter(
    (name) => !bundle.includes(name),
  );
  const isExternal = (id) => id.startsWith('node:') || externals.some((name) => id === name || id.startsWith(`${name}/`));
  return {
    input: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, join(packageDir, v)])),
    external: isExternal,
    output: {
      dir: join(packageDir, 'dist'),
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      sourcemap: true,
      banner,
    },
    plugins: [
      typescript({
        tsconfig: join(packageDir, 'tsconfig.build.json'),
        outDir: join(packageDir, 'dist'),
        declarationDir: join(packageDir, 'dist'),
        noEmitOnError: true,
      }),
    ],
    onwarn(warning, warn) {
      // A "use client" directive is re-added through `banner`; rollup's notice is noise.
      if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
      warn(warning);
    },
  };
}
