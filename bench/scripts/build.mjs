// Builds what `pnpm bench` runs: each bench page on its own (one module
// script per page, no chunk shared with another page, so no variant pays for
// a request the others do not), React's cycle page a second time as a
// development build (StrictMode double-mounts only there), and the runner
// itself as a Node module, with the reconciliation measure's child process.
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { angularPage, compileAngularPages } from './angular.mjs';

const here = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));

const VUE_FLAGS = {
  // What @vitejs/plugin-vue defines for an app build.
  __VUE_OPTIONS_API__: 'true',
  __VUE_PROD_DEVTOOLS__: 'false',
  __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
};

const pages = [
  { name: 'ready-react', source: 'ready-react' },
  { name: 'ready-react-control', source: 'ready-react-control' },
  { name: 'ready-vue-control', source: 'ready-vue-control' },
  { name: 'ready-react-preload', source: 'ready-react-preload' },
  { name: 'ready-vue', source: 'ready-vue' },
  { name: 'ready-lit', source: 'ready-lit' },
  { name: 'ready-lit-control', source: 'ready-lit-control' },
  { name: 'ready-core', source: 'ready-core' },
  { name: 'ready-angular', source: 'ready-angular', angular: true },
  { name: 'ready-angular-control', source: 'ready-angular-control', angular: true },
  { name: 'cycle-react', source: 'cycle-react' },
  { name: 'cycle-react-dev', source: 'cycle-react', development: true },
  { name: 'cycle-vue', source: 'cycle-vue' },
  { name: 'cycle-angular', source: 'cycle-angular', angular: true },
  { name: 'cycle-lit', source: 'cycle-lit' },
  { name: 'cycle-raw', source: 'cycle-raw' },
  { name: 'cycle-react-control', source: 'cycle-react-control' },
  { name: 'cycle-vue-control', source: 'cycle-vue-control' },
  { name: 'cycle-lit-control', source: 'cycle-lit-control' },
  { name: 'cycle-angular-control', source: 'cycle-angular-control', angular: true },
];

// `--runner`: the runner alone, the pages left as they are (the reconciliation measure needs no page).
const RUNNER_ONLY = process.argv.includes('--runner');

if (!RUNNER_ONLY) {
  await rm(here('dist'), { recursive: true, force: true });
  // The Angular pages' components, compiled ahead of time once for all of them.
  if (pages.some((page) => page.angular)) compileAngularPages();
}

for (const page of RUNNER_ONLY ? [] : pages) {
  const env = page.development ? 'development' : 'production';
  await build({
    configFile: false,
    root: here(`pages/${page.source}`),
    base: './',
    mode: env,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': JSON.stringify(env), ...VUE_FLAGS, ...(page.angular ? angularPage.define : {}) },
    plugins: page.angular ? angularPage.plugins : [],
    build: {
      outDir: here(`dist/pages/${page.name}`),
      emptyOutDir: true,
      minify: !page.development,
      // Every browser that runs the widget supports modulepreload; the polyfill would only add bytes.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        onwarn(warning, warn) {
          // @wpwl/react's modules say 'use client' for server-component frameworks; meaningless in a page bundle.
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
        },
      },
    },
  });
}

await build({
  configFile: false,
  root: here('.'),
  logLevel: 'warn',
  // Packages stay imports, resolved from this package at run time (workspace links included).
  ssr: { external: true },
  build: {
    ssr: true,
    outDir: here('dist'),
    emptyOutDir: false,
    target: 'node20',
    minify: false,
    rolldownOptions: {
      // The runner, and the child process of the reconciliation measure (one measurement per process).
      input: { run: here('src/run.ts'), 'reconciliation-worker': here('src/reconciliation-worker.ts') },
      // Shared modules beside the entries: paths.ts finds the package from its own place, one level below it.
      output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
