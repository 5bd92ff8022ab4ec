// Build of @wpwl/sandbox: the library entry and the wpwl-sandbox CLI. The
// private field tables (@wpwl/gateway-spec, TypeScript sources) are inlined,
// transpiled on their own, so the package depends on nothing private; the
// stand-in widget is bundled into the text it serves (build/stand-in.js).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { packageConfig } from '../../scripts/rollup.shared.js';
import { standInScript } from './build/stand-in.js';

const specEntry = fileURLToPath(import.meta.resolve('@wpwl/gateway-spec'));
const specDir = dirname(specEntry);

const inlineGatewaySpec = {
  name: 'inline-gateway-spec',
  resolveId(id, importer) {
    if (id === '@wpwl/gateway-spec') return specEntry;
    // A module entry of its own, e.g. @wpwl/gateway-spec/test-cards.
    if (id.startsWith('@wpwl/gateway-spec/')) return resolve(specDir, `${id.slice('@wpwl/gateway-spec/'.length)}.ts`);
    if (importer?.startsWith(specDir) && id.startsWith('.')) {
      const target = resolve(dirname(importer), id).replace(/\.js$/, '.ts');
      if (existsSync(target)) return target;
    }
    return null;
  },
  load(id) {
    if (!id.startsWith(specDir)) return null;
    const { outputText, sourceMapText } = ts.transpileModule(readFileSync(id, 'utf8'), {
      fileName: id,
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, sourceMap: true, verbatimModuleSyntax: true },
    });
    return { code: outputText.replace(/\/\/# sourceMappingURL=.*$/m, ''), map: sourceMapText };
  },
};

const config = packageConfig({
  packageDir: import.meta.dirname,
  input: { index: 'src/index.ts', cli: 'src/cli.ts' },
  bundle: ['@wpwl/gateway-spec'],
  banner: (chunk) => (chunk.name === 'cli' ? '#!/usr/bin/env node' : ''),
});
config.plugins.unshift(inlineGatewaySpec, standInScript());

export default config;
