// Lint for the whole workspace: packages, examples, e2e and bench, in one
// flat config. TypeScript through typescript-eslint (syntax rules, no type
// information: fast enough to run in every `pnpm test`), the hooks rules for
// React code, eslint-plugin-vue for single-file components. Formatting is
// Prettier's job (`pnpm format`), so no stylistic rules here.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import vue from 'eslint-plugin-vue';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/.next/**',
      '**/.nuxt/**',
      '**/.output/**',
      '**/node_modules/**',
      '**/coverage/**',
      'bench/.tmp/**',
      'e2e/.tmp/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      // `x == null` is the one loose comparison worth keeping; everything else is strict.
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-sequences': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Tests and type plumbing need `any` now and then; it stays visible in review.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
    rules: {
      // The storefront's components are small; one-word names read fine there.
      'vue/multi-word-component-names': 'off',
      // Layout is Prettier's.
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      'vue/html-indent': 'off',
      'vue/html-closing-bracket-newline': 'off',
    },
  },
  {
    // Nuxt auto-imports its composables and the module's (useFetch, useWpwlGateway …); vue-tsc checks every name.
    files: ['examples/nuxt-storefront/**/*.vue', 'bench/apps/nuxt-control/**/*.vue'],
    rules: { 'no-undef': 'off' },
  },
  {
    files: [
      'packages/react/**/*.{ts,tsx}',
      'examples/react-storefront/**/*.{ts,tsx}',
      'examples/next-storefront/**/*.{ts,tsx}',
      'bench/**/*.tsx',
      'e2e/**/*.tsx',
    ],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Tests define the small components they mount next to the test that mounts them.
    files: ['**/test/**/*.{ts,tsx}'],
    rules: { 'vue/one-component-per-file': 'off', 'vue/require-default-prop': 'off' },
  },
  {
    // Core is what every binding ships: no loose equality at all, not even against null.
    files: ['packages/core/src/**/*.ts'],
    rules: { eqeqeq: ['error', 'always'] },
  },
  {
    // The controller and its session stay in short functions named for what they do.
    files: ['packages/core/src/widget.ts', 'packages/core/src/session.ts', 'packages/core/src/config.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 40, skipBlankLines: true, skipComments: true }] },
  },
);
