// The shape of the sandbox's sources: no module imports itself back through
// its relative imports (type-only ones included), and no module grows past
// MAX_LINES. Both keep each module small enough to read on its own.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';

const MAX_LINES = 400;
const SRC = fileURLToPath(new URL('../src', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const isFile = (path: string) => statSync(path, { throwIfNoEntry: false })?.isFile() === true;

/** The module a relative specifier names: `./x.js` is `./x.ts` (or `./x.d.ts`, or `./x/index.ts`). */
function resolveRelative(from: string, specifier: string): string {
  const target = resolve(dirname(from), specifier);
  const stem = target.replace(/\.js$/, '');
  const found = [`${stem}.ts`, `${stem}.d.ts`, join(target, 'index.ts'), target].find(isFile);
  if (!found) throw new Error(`${relative(SRC, from)} imports ${specifier}, which is no file`);
  return found;
}

/** Every module → the modules it imports relatively (import, import type, export … from, import()). */
function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const relativeImports = importedFiles.map((imported) => imported.fileName).filter((name) => name.startsWith('.'));
    graph.set(
      file,
      relativeImports.map((name) => resolveRelative(file, name)),
    );
  }
  return graph;
}

/** Each import circle found, as the chain of modules from one back to itself. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (module: string): void => {
    const at = path.indexOf(module);
    if (at !== -1) {
      found.push([...path.slice(at), module]);
      return;
    }
    if (done.has(module)) return;
    path.push(module);
    for (const next of graph.get(module) ?? []) visit(next);
    path.pop();
    done.add(module);
  };
  for (const module of graph.keys()) visit(module);
  return found;
}

const files = sourceFiles(SRC);

it('has no import circle among the sandbox modules', () => {
  const circles = cycles(importGraph(files)).map((chain) => chain.map((file) => relative(SRC, file)).join(' -> '));
  expect(circles).toEqual([]);
});

it(`keeps every sandbox module at ${MAX_LINES} lines or fewer`, () => {
  const tooLong = files
    .map((file) => ({ file: relative(SRC, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
    .filter(({ lines }) => lines > MAX_LINES);
  expect(tooLong).toEqual([]);
});

it('finds an import circle when there is one', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a']],
    ['d', ['a']],
  ]);
  expect(cycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
});
