// The binding's own suite once more, against React 18. React 18, its DOM
// renderer and the testing library are installed together in
// test/react18 (a local package), so each of them finds React 18 when it
// imports React itself; here the suite's own imports are pointed at them.
// (Two npm-aliased copies next to React 19 do not work: the aliased
// react-dom 18 would still import React 19.)
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));
const harness = createRequire(createRequire(import.meta.url).resolve('wpwl-react18-harness/package.json'));
const dir = (name: string) => dirname(harness.resolve(`${name}/package.json`));

const alias = [
  { find: /^react$/, replacement: `${dir('react')}/index.js` },
  { find: /^react\/(.+)$/, replacement: `${dir('react')}/$1.js` },
  { find: /^react-dom$/, replacement: `${dir('react-dom')}/index.js` },
  { find: /^react-dom\/(.+)$/, replacement: `${dir('react-dom')}/$1.js` },
  { find: /^@testing-library\/react$/, replacement: harness.resolve('@testing-library/react') },
  { find: /^@wpwl\/([a-z-]+)$/, replacement: `${root}packages/$1/src/index.ts` },
  { find: /^@wpwl\/([a-z-]+)\/([a-z-]+)$/, replacement: `${root}packages/$1/src/$2.ts` },
];
const env = { WPWL_REACT_MAJOR: '18' };

export default defineConfig({
  test: {
    root: here,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'react18-dom',
          root: here,
          env,
          environment: 'happy-dom',
          environmentOptions: {
            happyDOM: { settings: { disableJavaScriptFileLoading: true, disableCSSFileLoading: true } },
          },
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: ['**/*.node.test.{ts,tsx}', '**/node_modules/**'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'react18-node',
          root: here,
          env,
          environment: 'node',
          include: ['test/**/*.node.test.{ts,tsx}'],
        },
      },
    ],
  },
});
