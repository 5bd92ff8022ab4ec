// Shared rollup setup for every publishable package: ESM output plus .d.ts
// from @rollup/plugin-typescript, dependencies and peers left external.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';

/**
 * @param {object} opts
 * @param {string} opts.packageDir absolute directory of the package
 * @param {Record<string, string>} opts.input entry name -> source file (relative to the package)
 * @param {string | ((chunk: import('rollup').RenderedChunk) => string)} [opts.banner] text placed at the top of every chunk
 *   (a module that starts with a 'use client' directive keeps it: see keepUseClient)
 * @param {string[]} [opts.bundle] workspace-internal packages to inline instead of leaving external
 * @param {boolean} [opts.minify] ship minified code (source maps point at the readable source)
 * @param {boolean} [opts.separate] a build of its own next to the package's main one, written into the
 *   same dist: it leaves dist as the main build made it and adds no declarations (the main build's serve)
 */
export function packageConfig({ packageDir, input, banner, bundle = [], minify = false, separate = false }) {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const externals = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})].filter(
    (name) => !bundle.includes(name),
  );
  const isExternal = (id) => id.startsWith('node:') || externals.some((name) => id === name || id.startsWith(`${name}/`));
  const clientModules = new Set();
  return {
    input: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, join(packageDir, v)])),
    external: isExternal,
    output: {
      dir: join(packageDir, 'dist'),
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      sourcemap: true,
      banner: (chunk) => {
        const own = typeof banner === 'function' ? banner(chunk) : (banner ?? '');
        return clientModules.has(chunk.facadeModuleId) ? `'use client';\n${own}` : own;
      },
    },
    plugins: [
      keepUseClient(clientModules),
      // Chunk names carry a hash: an old build's files would otherwise stay in dist and be packed.
      !separate && { name: 'clean-dist', buildStart: () => rmSync(join(packageDir, 'dist'), { recursive: true, force: true }) },
      typescript({
        tsconfig: join(packageDir, 'tsconfig.build.json'),
        outDir: join(packageDir, 'dist'),
        noEmitOnError: true,
        ...(separate ? { declaration: false, declarationMap: false } : { declarationDir: join(packageDir, 'dist') }),
      }),
      minify && terser(MINIFY),
    ],
    onwarn(warning, warn) {
      // A 'use client' directive is put back by keepUseClient; rollup's notice is noise.
      if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
      // Type-only entries (@wpwl/lit/jsx, @wpwl/lit/vue) are empty modules on purpose.
      if (warning.code === 'EMPTY_BUNDLE') return;
      warn(warning);
    },
  };
}

/**
 * Rollup drops module-level directives. A React Server Components bundler
 * (Next.js) needs 'use client' at the top of the file that holds a client
 * component, and keeps every export of such a file: so each client module is
 * a file of its own (preserveModules) and gets its directive back here, while
 * an index that only re-exports stays directive-free and lets a page take
 * <WpwlProvider> without <PaymentWidget>.
 * @param {Set<string | null>} clientModules filled with the ids of modules that start with the directive
 */
function keepUseClient(clientModules) {
  const DIRECTIVE = /^(?:\s*\/\/[^\n]*\n|\s*\/\*[\s\S]*?\*\/)*\s*['"]use client['"]/;
  return {
    name: 'keep-use-client',
    transform(code, id) {
      if (DIRECTIVE.test(code)) clientModules.add(id);
      return null;
    },
  };
}

/**
 * The minifier's settings for packages that ship minified. Source code names
 * internal fields and methods `_like_this` for the reader; the minifier
 * shortens exactly those (no public name starts with `_`, and the names other
 * copies of a package read on shared DOM nodes, `wpwlLoad`, `waiting`, `end`,
 * do not either). The `@__PURE__` marks stay, so a consumer's bundler still
 * drops what its imports do not reach.
 */
const MINIFY = {
  ecma: 2022,
  module: true,
  compress: { passes: 2 },
  mangle: { properties: { regex: /^_/ } },
  format: { comments: false, preserve_annotations: true },
};
