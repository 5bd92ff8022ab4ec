import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { packageConfig } from '../../scripts/rollup.shared.js';

// The one list of test cards (@wpwl/gateway-spec/test-cards, private, plain
// data in TypeScript) is inlined, transpiled on its own, so the published kit
// imports nothing of the sandbox or of a private package.
const specDir = dirname(fileURLToPath(import.meta.resolve('@wpwl/gateway-spec')));
const TEST_CARDS_ID = '\0wpwl-test-cards';
const inlineTestCards = {
  name: 'inline-test-cards',
  resolveId: (id) => (id === '@wpwl/gateway-spec/test-cards' ? TEST_CARDS_ID : null),
  load(id) {
    if (id !== TEST_CARDS_ID) return null;
    const file = join(specDir, 'test-cards.ts');
    const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
      fileName: file,
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
    });
    return { code: outputText, map: null };
  },
};

const config = packageConfig({
  packageDir: import.meta.dirname,
  input: {
    index: 'src/index.ts',
    react: 'src/react.ts',
    playwright: 'src/playwright.ts',
    'playwright-test': 'src/playwright-test.ts',
    sandbox: 'src/sandbox.ts',
  },
});
// One file per module: the one with a side effect (auto-cleanup.js, which
// registers the test framework's hook) keeps its name, so "sideEffects" in
// package.json can name it.
config.output.preserveModules = true;
config.output.preserveModulesRoot = 'src';
config.plugins.unshift(inlineTestCards);

export default config;
