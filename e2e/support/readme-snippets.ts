// Owns reading the code blocks out of the repository's READMEs and turning
// the runnable ones into pages the example merchant server can serve. A block
// is marked by an HTML comment on the line before its fence:
//   <!-- runnable: widget -->  a whole browser program that shows a payment form
//                               (in a page with an empty <div id="payment">)
//   <!-- runnable: result -->  a whole result-page program (run at the shopper
//                               result URL) that reports the verdict on the page
//   <!-- excerpt -->           part of a larger program: names come from elsewhere
// Every js/ts/tsx/html/vue block must carry one, so a new snippet gets a decision.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const REPO = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');
const E2E_DIR = join(REPO, 'e2e');

/** Languages whose blocks must be marked: code a merchant would paste into a page or an app. */
export const MARKED_LANGUAGES = new Set(['js', 'ts', 'tsx', 'jsx', 'html', 'vue']);

export type SnippetMark = 'widget' | 'result' | 'excerpt';

/** One fenced code block. */
export interface Snippet {
  /** The README, relative to the repository root. */
  file: string;
  /** Line of the opening fence, 1-based. */
  line: number;
  language: string;
  code: string;
  /** The marker comment before the fence, or undefined when there is none. */
  mark: SnippetMark | undefined;
  /** What the marker comment said when it is not one of the known ones. */
  unknownMark?: string;
}

/** The READMEs merchants read: the root's, each package's and each example's. */
export function readmeFiles(): string[] {
  const files = [join(REPO, 'README.md')];
  for (const parent of ['packages', 'examples']) {
    for (const entry of readdirSync(join(REPO, parent), { withFileTypes: true })) {
      const readme = join(REPO, parent, entry.name, 'README.md');
      if (entry.isDirectory() && existsSync(readme)) files.push(readme);
    }
  }
  return files;
}

/** Every fenced block of `file`, with its marker. */
export function readSnippets(file: string): Snippet[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const snippets: Snippet[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.findIndex((text, j) => j > i && /^```\s*$/.test(text));
    if (end === -1) throw new Error(`${relative(REPO, file)}:${i + 1}: code block never closed`);
    let before = i - 1;
    while (before >= 0 && lines[before]!.trim() === '') before--;
    const comment = /^<!--\s*(.*?)\s*-->$/.exec(lines[before]?.trim() ?? '')?.[1];
    const mark =
      comment === 'excerpt' ? 'excerpt' : comment === 'runnable: widget' ? 'widget' : comment === 'runnable: result' ? 'result' : undefined;
    snippets.push({
      file: relative(REPO, file),
      line: i + 1,
      language: open[1] ?? '',
      code: lines.slice(i + 1, end).join('\n'),
      mark,
      ...(comment !== undefined && mark === undefined ? { unknownMark: comment } : {}),
    });
    i = end;
  }
  return snippets;
}

/** Every block of every README. */
export function allSnippets(): Snippet[] {
  return readmeFiles().flatMap(readSnippets);
}

/** A short name for a snippet in test titles and file names, e.g. `packages/lit/README.md:17`. */
export function snippetName(snippet: Snippet): string {
  return `${snippet.file}:${snippet.line}`;
}

/**
 * Writes `snippet` as a page into `dir` and returns the page's file name.
 * Script blocks are bundled as a module the way a merchant's bundler would
 * (imports resolved from this repository's packages, TypeScript and JSX
 * compiled, React in development mode); HTML blocks become the page's body
 * as they are.
 */
export async function writeSnippetPage(snippet: Snippet, dir: string, index: number): Promise<string> {
  await mkdir(dir, { recursive: true });
  const page = `snippet-${index}.html`;
  const head = '<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>README snippet</title></head>\n<body>\n';
  if (snippet.language === 'html') {
    await writeFile(join(dir, page), `${head}${snippet.code}\n</body>\n</html>\n`);
    return page;
  }
  const loader = snippet.language === 'tsx' || snippet.language === 'jsx' || snippet.language === 'ts' ? snippet.language : 'js';
  const bundle = await build({
    stdin: { contents: snippet.code, loader, resolveDir: E2E_DIR, sourcefile: snippetName(snippet) },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'silent',
  });
  const script = `snippet-${index}.js`;
  await writeFile(join(dir, script), bundle.outputFiles[0]!.text);
  await writeFile(join(dir, page), `${head}<div id="payment"></div>\n<script type="module" src="${script}"></script>\n</body>\n</html>\n`);
  return page;
}
