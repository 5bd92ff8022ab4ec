// Build of @wpwl/server. The gateway's field tables (@wpwl/gateway-spec) are a
// private workspace package published as TypeScript sources: they are inlined
// here, transpiled on their own, so the published package depends on nothing
// private and its declarations never mention it.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { packageConfig } from '../../scripts/rollup.shared.js';

const specEntry = fileURLToPath(import.meta.resolve('@wpwl/gateway-spec'));
const specDir = dirname(specEntry);

/** Resolves and transpiles the inlined field-table sources. */
const inlineGatewaySpec = {
  name: 'inline-gateway-spec',
  resolveId(id, importer) {
    if (id === '@wpwl/gateway-spec') return specEntry;
    // A module entry of its own, e.g. @wpwl/gateway-spec/webhook-cipher.
    if (id.startsWith('@wpwl/gateway-spec/')) return join(specDir, `${id.slice('@wpwl/gateway-spec/'.length)}.ts`);
    if (importer?.startsWith(specDir) && id.startsWith('.')) {
      const target = resolve(dirname(importer), id).replace(/\.js$/, '.ts');
      if (existsSync(target)) return target;
      if (existsSync(join(target, 'index.ts'))) return join(target, 'index.ts');
    }
    return null;
  },
  load(id) {
    if (!id.startsWith(specDir)) return null;
    const { outputText, sourceMapText } = ts.transpileModule(readFileSync(id, 'utf8'), {
      fileName: id,
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        sourceMap: true,
        verbatimModuleSyntax: true,
      },
    });
    return { code: outputText.replace(/\/\/# sourceMappingURL=.*$/m, ''), map: sourceMapText };
  },
};

const config = packageConfig({
  packageDir: import.meta.dirname,
  input: {
    index: 'src/index.ts',
    browser: 'src/browser.ts',
    settlement: 'src/settlement/index.ts',
    reconciliation: 'src/reconciliation/index.ts',
    'csp-reports': 'src/csp-reports/index.ts',
    cli: 'src/reconciliation/cli.ts',
  },
  bundle: ['@wpwl/gateway-spec'],
  // The wpwl-reconcile command.
  banner: (chunk) => (chunk.name === 'cli' ? '#!/usr/bin/env node' : ''),
});
// The browser entry's deliberately missing import stays in the build, for the app's bundler to stop at.
const keepBrowserStop = {
  name: 'keep-browser-stop',
  resolveId: (id) => (id.includes('@wpwl-server-runs-only-on-a-server') ? { id, external: true } : null),
};
config.plugins.unshift(inlineGatewaySpec, keepBrowserStop);

export default config;
