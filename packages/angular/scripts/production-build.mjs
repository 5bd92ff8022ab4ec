// Owns what an Angular app's production build does to this package, for the
// measures outside the Angular CLI (the size budget in .size-limit.js): the
// Angular linker turns the partial declarations ng-packagr writes into the
// compiled component (as the CLI does for every Angular library), the
// development-only and server-only code goes (`ngDevMode`, `ngJitMode` and
// `ngServerMode` false, as the CLI defines them for a browser bundle), and the
// output is an ES module, as the CLI writes it. Without it the size would
// count the declarations' metadata and the server's code, which no browser
// gets, and a CommonJS interop helper that no ES module build has.
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';

const fromPackage = createRequire(import.meta.url);
const fromCompiler = createRequire(fromPackage.resolve('@angular/compiler-cli/package.json'));

/** Links a module's partial declarations with the Angular linker (Babel plugin). */
export async function linkAngular(code, filename) {
  const babel = fromCompiler('@babel/core');
  const { default: linker } = await import(fromPackage.resolve('@angular/compiler-cli/linker/babel'));
  const result = await babel.transformAsync(code, {
    filename,
    plugins: [linker],
    compact: false,
    sourceMaps: false,
    configFile: false,
    babelrc: false,
  });
  return result.code;
}

/** An esbuild plugin: every module with partial declarations (`ɵɵngDeclare`) from `packagesDir` is linked first. */
export const angularLinkerPlugin = (packagesDir = dirname(fromPackage.resolve('../package.json'))) => ({
  name: 'angular-linker',
  setup(build) {
    build.onLoad({ filter: /\.m?js$/ }, async (args) => {
      if (!args.path.startsWith(packagesDir)) return undefined;
      const code = await readFile(args.path, 'utf8');
      if (!code.includes('ɵɵngDeclare')) return undefined;
      return { contents: await linkAngular(code, args.path), loader: 'js' };
    });
  },
});

/** What the Angular CLI defines for a production build of the browser's bundle. */
export const ANGULAR_PRODUCTION_DEFINE = { ngDevMode: 'false', ngJitMode: 'false', ngI18nClosureMode: 'false', ngServerMode: 'false' };

/**
 * size-limit's modifyEsbuildConfig for an entry in this package: linked,
 * production defines, an ES module in UTF-8. size-limit alone bundles an IIFE
 * that `require`s the packages left out, and the linker's
 * `import * as i0 from '@angular/core'` would then pull in esbuild's CommonJS
 * interop helper (`__toESM`, about 0.19 kB), which an app's build does not have.
 */
export const angularProductionBuild = (config) => ({
  ...config,
  format: 'esm',
  // The CLI writes UTF-8: Angular's ɵ names stay one character, not \u0275.
  charset: 'utf8',
  define: { ...config.define, ...ANGULAR_PRODUCTION_DEFINE },
  plugins: [angularLinkerPlugin(), ...(config.plugins ?? [])],
});
