// One Vitest run for the whole workspace. Three projects:
// - dom:  unit and component tests in happy-dom, with external script loading
//         switched off (loader tests drive `load`/`error` themselves), the
//         examples' component tests (examples/*/test) among them;
// - node: server-side code and SSR tests (`*.node.test.ts`) in plain Node, and
//         e2e/*.node.test.ts (the READMEs' code blocks compiled: no browser);
// - e2e:  real Chromium against the sandbox, one file at a time, with one
//         PostgreSQL server of the run's own (e2e/support/postgres-global-setup.ts);
// - types: the public types (`*.test-d.ts`), checked by the TypeScript compiler;
// - screenshots: the examples' README pictures (`pnpm screenshots`), never
//         part of `pnpm test`, which names the three projects above;
// - chaos: the full chaos run (`pnpm chaos`, e2e/chaos/*.chaos.ts), never part
//         of `pnpm test` (its small version is an e2e test).
// `@wpwl/<pkg>` resolves to the package's source so unit tests need no build
// (except @wpwl/angular's build, below).
import { fileURLToPath } from 'node:url';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';
// The sandbox serves its stand-in widget bundled from TypeScript modules; the unit tests run the same bundle.
import { standInScript } from './packages/sandbox/build/stand-in.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = [
  // Angular's binding is tested as ng-packagr builds it (partial compilation,
  // compiled at run time by @angular/compiler): its source needs Angular's
  // compiler, which Vite does not run. `pnpm --filter @wpwl/angular build` first.
  { find: /^@wpwl\/angular$/, replacement: `${root}packages/angular/dist/fesm2022/wpwl-angular.mjs` },
  { find: /^@wpwl\/angular\/testing$/, replacement: `${root}packages/angular/dist/fesm2022/wpwl-angular-testing.mjs` },
  { find: /^@wpwl\/([a-z-]+)$/, replacement: `${root}packages/$1/src/index.ts` },
  { find: /^@wpwl\/([a-z-]+)\/([a-z-]+)$/, replacement: `${root}packages/$1/src/$2.ts` },
];

export default defineConfig({
  test: {
    projects: [
      {
        resolve: {
          alias: [
            ...alias,
            // The static page's component tests: the URL its pages load the standalone
            // build of <wpwl-widget> from (the merchant server's copy), as its source.
            { find: /^\/vendor\/wpwl-lit\/wpwl-widget\.js$/, replacement: `${root}packages/lit/src/define.ts` },
            // The plain pages' shared modules, at the URL the merchant server serves them from.
            { find: /^\/shared\/([\w-]+\.js)$/, replacement: `${root}examples/shared/public/$1` },
          ],
        },
        // vue(): the Vue storefront's single-file components, for its component tests.
        plugins: [standInScript(), vue()],
        test: {
          name: 'dom',
          environment: 'happy-dom',
          environmentOptions: {
            happyDOM: { settings: { disableJavaScriptFileLoading: true, disableCSSFileLoading: true } },
          },
          include: ['packages/*/test/**/*.test.{ts,tsx}', 'examples/*/test/**/*.test.{ts,tsx}'],
          exclude: ['**/*.node.test.{ts,tsx}', '**/node_modules/**'],
        },
      },
      {
        resolve: { alias },
        plugins: [standInScript()],
        // What Nuxt's server build defines, for @wpwl/nuxt's runtime files.
        define: { 'import.meta.server': 'true', 'import.meta.client': 'false' },
        test: {
          name: 'node',
          environment: 'node',
          include: ['packages/*/test/**/*.node.test.{ts,tsx}', 'e2e/*.node.test.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          exclude: ['e2e/*.node.test.ts', '**/node_modules/**'],
          globalSetup: ['e2e/support/postgres-global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'types',
          include: [],
          typecheck: {
            enabled: true,
            only: true,
            include: ['packages/*/test/types/**/*.test-d.ts'],
            tsconfig: 'tsconfig.types.json',
            ignoreSourceErrors: false,
          },
        },
      },
      {
        test: {
          name: 'chaos',
          environment: 'node',
          include: ['e2e/chaos/*.chaos.ts'],
          fileParallelism: false,
          // Progress lines as they come, without a header each.
          disableConsoleIntercept: true,
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'screenshots',
          environment: 'node',
          include: ['e2e/screenshots/*.shots.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
