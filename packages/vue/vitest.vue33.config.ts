// The binding's own suite once more, against Vue 3.3, the oldest Vue the
// peer range allows. Vue 3.3 and a matching @vue/test-utils are installed
// together in test/vue33 (a local package), so the test utils find Vue 3.3
// when they import Vue themselves; here the suite's own imports are pointed
// at the same copy.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));
const harness = createRequire(createRequire(import.meta.url).resolve('wpwl-vue33-harness/package.json'));
const vue = dirname(harness.resolve('vue/package.json'));
const testUtils = dirname(harness.resolve('@vue/test-utils/package.json'));

const alias = [
  { find: /^vue$/, replacement: `${vue}/index.mjs` },
  { find: /^vue\/server-renderer$/, replacement: `${vue}/server-renderer/index.mjs` },
  { find: /^@vue\/test-utils$/, replacement: `${testUtils}/dist/vue-test-utils.esm-bundler.mjs` },
  { find: /^@wpwl\/([a-z-]+)$/, replacement: `${root}packages/$1/src/index.ts` },
];
const env = { WPWL_VUE_VERSION: '3.3' };
// @vue/test-utils 2.4.6 (the last release that runs on Vue 3.3) does not
// declare Vue as a peer, so left to Node it would import the workspace's
// Vue 3.5: its ES module build runs through Vite instead, where the alias
// above applies.
const server = { deps: { inline: [/vue-test-utils/] } };

export default defineConfig({
  test: {
    root: here,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'vue33-dom',
          root: here,
          env,
          server,
          environment: 'happy-dom',
          environmentOptions: {
            happyDOM: { settings: { disableJavaScriptFileLoading: true, disableCSSFileLoading: true } },
          },
          include: ['test/**/*.test.ts'],
          exclude: ['**/*.node.test.ts', '**/node_modules/**'],
        },
      },
      {
        resolve: { alias },
        test: { name: 'vue33-node', root: here, env, server, environment: 'node', include: ['test/**/*.node.test.ts'] },
      },
    ],
  },
});
