// The testing kit's documented component-test examples run as written: every
// code block of packages/testing/README.md and docs/testing.md that uses the
// fake widget is a whole test file, run by Vitest (happy-dom, Testing
// Library's matchers, Vitest globals as the docs assume) in a project of its
// own outside the workspace, against the built packages and the small
// checkout components the examples import (packages/testing/test/examples:
// `./checkout`, a React checkout over <PaymentWidget>; `./Checkout.vue`).
import { copyFile, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check } from './support/packed.js';
import { REPO, readSnippets, snippetName, type Snippet } from './support/readme-snippets.js';

const KIT = join(REPO, 'packages/testing');
const DOCS = ['packages/testing/README.md', 'docs/testing.md'];

/** A block that drives the fake widget: it must be a whole test file of a component-test entry. */
const usesFake = (snippet: Snippet) =>
  /\binstallFakeWidget\b|\bwidget\.\w+\(/.test(snippet.code) && !/@playwright\/test|\/playwright(-test)?'/.test(snippet.code);
const examples = DOCS.flatMap((file) => readSnippets(join(REPO, file))).filter(
  (snippet) => ['ts', 'tsx'].includes(snippet.language) && usesFake(snippet),
);

/** Where each package the examples import comes from: the kit's own dev dependencies, and the workspace root's tools. */
const MODULES: Record<string, string> = {
  '@wpwl/testing': KIT,
  ...Object.fromEntries(
    [
      'react',
      'react-dom',
      'vue',
      '@testing-library/dom',
      '@testing-library/jest-dom',
      '@testing-library/react',
      '@testing-library/user-event',
      '@vue/test-utils',
      '@wpwl/core',
      '@wpwl/react',
      '@wpwl/vue',
    ].map((name) => [name, join(KIT, 'node_modules', name)]),
  ),
  ...Object.fromEntries(['vitest', 'happy-dom', '@vitejs/plugin-vue'].map((name) => [name, join(REPO, 'node_modules', name)])),
};

const CONFIG = `import vue from '@vitejs/plugin-vue';

export default {
  plugins: [vue()],
  test: {
    environment: 'happy-dom',
    globals: true,
    setupFiles: ['./setup.ts'],
    include: ['example-*.test.{ts,tsx}'],
  },
};
`;

describe("the testing kit's documented examples, run as written", () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wpwl-kit-examples-'));
    for (const [name, target] of Object.entries(MODULES)) {
      await mkdir(dirname(join(dir, 'node_modules', name)), { recursive: true });
      await symlink(target, join(dir, 'node_modules', name));
    }
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'a-shop', private: true, type: 'module' }));
    await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { jsx: 'react-jsx', strict: true } }));
    await writeFile(join(dir, 'vitest.config.mjs'), CONFIG);
    // Testing Library's matchers (toBeInTheDocument …), as a Vitest project sets them up.
    await writeFile(
      join(dir, 'setup.ts'),
      "import * as matchers from '@testing-library/jest-dom/matchers';\nimport { expect } from 'vitest';\n\nexpect.extend(matchers);\n",
    );
    for (const file of ['checkout.tsx', 'Checkout.vue']) await copyFile(join(KIT, 'test/examples', file), join(dir, file));
    for (const [index, snippet] of examples.entries()) {
      await writeFile(join(dir, `example-${index}.test.${snippet.language}`), `// ${snippetName(snippet)}\n${snippet.code}\n`);
    }
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('finds the React and Vue examples, each a whole test file importing a component-test entry', () => {
    expect(examples.map(snippetName).length).toBeGreaterThanOrEqual(6);
    for (const snippet of examples) {
      expect(snippet.code, `${snippetName(snippet)} is not a whole test file`).toMatch(/from '@wpwl\/testing(\/react)?';/);
    }
    expect(examples.filter((snippet) => snippet.code.includes("from '@vue/test-utils'")).length).toBeGreaterThanOrEqual(1);
  });

  it('every example passes, without act warnings', { timeout: 240_000 }, async () => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'FORCE_COLOR'));
    const vitest = join(REPO, 'node_modules/vitest/vitest.mjs');
    const { ok, output } = await check(process.execPath, [vitest, 'run'], {
      cwd: dir,
      timeout: 180_000,
      env: { ...env, CI: 'true', NO_COLOR: '1' },
    });
    const tests = examples.reduce((sum, snippet) => sum + (snippet.code.match(/^\s*(?:it|test)(?:\.\w+)?\(/gm)?.length ?? 0), 0);
    expect({ ok, passed: Number(/Tests\s+(\d+) passed/.exec(output)?.[1] ?? 0) }, output.slice(-8000)).toEqual({ ok: true, passed: tests });
    expect(output).not.toMatch(/not wrapped in act|not configured to support act/);
  });
});
