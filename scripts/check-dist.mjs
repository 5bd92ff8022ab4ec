// Checks what publint and attw cannot: the private field-table package is
// inlined into a package's build, no emitted file (code or declarations)
// still imports it, and the manifest names it nowhere, devDependencies
// included (the workspace root holds it, so every package still resolves it
// while it builds and tests). Run from the package's directory (its
// lint:package script).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const IMPORTS_SPEC = /(?:from\s*|import\s*\(?\s*|require\s*\(\s*)['"]@wpwl\/gateway-spec(?:\/[\w-]+)?['"]/;
const dist = join(process.cwd(), 'dist');
const offenders = [];
const walk = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (/\.(js|d\.ts)$/.test(entry.name) && IMPORTS_SPEC.test(readFileSync(path, 'utf8'))) offenders.push(path);
  }
};
walk(dist);
const manifest = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8'));
for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
  if (manifest[field]?.['@wpwl/gateway-spec'] !== undefined) offenders.push(`package.json ${field}`);
}
if (offenders.length > 0) {
  console.error(`@wpwl/gateway-spec must be bundled, but these files still import it:\n${offenders.join('\n')}`);
  process.exit(1);
}
console.log('dist is self-contained: nothing imports or lists @wpwl/gateway-spec');
