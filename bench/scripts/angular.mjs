// Owns building the Angular bench pages the way an Angular app is built for
// production, inside the bench's own Vite build: the pages' sources compiled
// ahead of time once, with the Angular compiler (ngc, full compilation, into
// bench/.tmp/angular-pages), and a Vite plugin for each Angular page that
// loads those compiled modules in place of the sources, links the partial
// declarations of Angular's packages and @wpwl/angular (the Angular linker, as
// the Angular CLI does for every library) and defines Angular's
// development-only flags false.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { ANGULAR_PRODUCTION_DEFINE, linkAngular } from '../../packages/angular/scripts/production-build.mjs';

const here = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const PAGES = here('pages/');
const COMPILED = here('.tmp/angular-pages/');

/** Compiles every Angular bench page ahead of time, once, with ngc. */
export function compileAngularPages() {
  const compiler = createRequire(import.meta.url).resolve('@angular/compiler-cli/package.json');
  const ngc = compiler.replace(/package\.json$/, 'bundles/src/bin/ngc.js');
  const run = spawnSync(process.execPath, [ngc, '-p', here('pages/tsconfig.angular.json')], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`ngc failed on the Angular bench pages:\n${run.stdout}${run.stderr}`);
}

/** The Vite settings of an Angular page: the compiled modules, linked libraries, production flags. */
export const angularPage = {
  define: ANGULAR_PRODUCTION_DEFINE,
  plugins: [
    {
      name: 'bench-angular-pages',
      async load(id) {
        // A page's own module, compiled by ngc: the same path under .tmp/angular-pages, .ts → .js.
        if (!id.startsWith(PAGES) || !id.endsWith('.ts')) return null;
        const compiled = COMPILED + id.slice(PAGES.length).replace(/\.ts$/, '.js');
        return existsSync(compiled) ? readFile(compiled, 'utf8') : null;
      },
      async transform(code, id) {
        if (!code.includes('ɵɵngDeclare') || !/\.m?js$/.test(id.split('?')[0])) return null;
        return { code: await linkAngular(code, id), map: null };
      },
    },
  ],
};
