// The binding's suite once more, against Angular 20, the older of the two
// majors the peer range allows: the package as ng-packagr built it (with
// Angular 21's compiler, in partial mode) compiled at run time by Angular
// 20's. Angular 20 is installed on its own in test/angular20 (a local
// package); every import of an Angular package, the built binding's
// included, is pointed at that copy, and Angular's packages find each other
// from there.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));
const harness = createRequire(createRequire(import.meta.url).resolve('wpwl-angular20-harness/package.json'));
const angular = (name: string) => dirname(harness.resolve(`@angular/${name}/package.json`));
const fromHarness = (name: string, entry: string) => `${angular(name)}/fesm2022/${entry}.mjs`;

const alias = [
  { find: /^@angular\/core$/, replacement: fromHarness('core', 'core') },
  { find: /^@angular\/common$/, replacement: fromHarness('common', 'common') },
  { find: /^@angular\/compiler$/, replacement: fromHarness('compiler', 'compiler') },
  { find: /^@angular\/platform-browser$/, replacement: fromHarness('platform-browser', 'platform-browser') },
  { find: /^@angular\/platform-server$/, replacement: fromHarness('platform-server', 'platform-server') },
  { find: /^zone\.js$/, replacement: `${dirname(harness.resolve('zone.js/package.json'))}/fesm2015/zone.js` },
  { find: /^@wpwl\/angular$/, replacement: `${here}dist/fesm2022/wpwl-angular.mjs` },
  { find: /^@wpwl\/([a-z-]+)$/, replacement: `${root}packages/$1/src/index.ts` },
  { find: /^@wpwl\/([a-z-]+)\/([a-z-]+)$/, replacement: `${root}packages/$1/src/$2.ts` },
];
const env = { WPWL_ANGULAR_VERSION: '20' };

export default defineConfig({
  test: {
    root: here,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'angular20-dom',
          root: here,
          env,
          environment: 'happy-dom',
          environmentOptions: {
            happyDOM: { settings: { disableJavaScriptFileLoading: true, disableCSSFileLoading: true } },
          },
          include: ['test/**/*.test.ts'],
          // The component harness needs @angular/cdk of the same major; this Angular 20 copy has none
          // (the workspace's cdk 21 does not run on Angular 20's TestBed), so it is tested on Angular 21 only.
          exclude: ['**/*.node.test.ts', '**/node_modules/**', 'test/harness.test.ts'],
        },
      },
      {
        resolve: { alias },
        test: { name: 'angular20-node', root: here, env, environment: 'node', include: ['test/**/*.node.test.ts'] },
      },
    ],
  },
});
