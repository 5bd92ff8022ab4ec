// Owns what an Angular app's production build does to this package, for the
// measures outside the Angular CLI (the size budget in .size-limit.js): the
// Angular linker turns the partial declarations ng-packagr writes into the
// compiled component (as the CLI does for every Angular library), and the
// development-only code goes (`ngDevMode` and `ngJitMode` false, as the CLI
// defines them). Without it the size would count the declarations' metadata,
// which no app ships.
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

/** What the Angular CLI defines for a production build. */
export const ANGULAR_PRODUCTION_DEFINE = { ngDevMode: 'false', ngJitMode: 'false', ngI18nClosureMode: 'false' };

/** size-limit's modifyEsbuildConfig for an entry in this package: linked, production defines, UTF-8 output. */
export const angularProductionBuild = (config) => ({
  ...config,
  // The CLI writes UTF-8: Angular's ɵ names stay one character, not \u0275.
  charset: 'utf8',
  define: { ...config.define, ...ANGULAR_PRODUCTION_DEFINE },
  plugins: [angularLinkerPlugin(), ...(config.plugins ?? [])],
});
