// Owns reading the code blocks out of the Markdown a merchant reads (the
// root README, each package's and example's README, docs/*.md) and turning
// the runnable ones into pages the example merchant server can serve. A block
// is marked by an HTML comment before its fence (blank lines and
// `<!-- prettier-ignore-start -->` / `-end` lines may stand between them):
//   <!-- runnable: widget -->  a whole browser program that shows a payment form
//                               (in a page with an empty <div id="payment">)
//   <!-- runnable: result -->  a whole result-page program (run at the shopper
//                               result URL) that reports the verdict on the page
//   <!-- excerpt -->           part of a larger program whose names all come
//                               from imports the block shows
// An excerpt that assumes names declares them in its mark, on the lines after
// the word `excerpt`, in the block's language:
//   <!-- excerpt
//   import { render } from '@testing-library/react';
//   declare const checkoutId: string;
//   -->
// (JavaScript with JSDoc types in a js block; in a vue block they go into its
// <script setup lang="ts">, made when it has none; in a ts/tsx block a module
// of the merchant's own that the block imports is
// `declare module './Checkout' { … }`.)
// Every js/ts/tsx/jsx/html/vue block must carry one, so a new snippet gets a
// decision. HTML comments do not show on GitHub or npm, so the declarations
// cost the reader nothing; readme-compile.node.test.ts compiles every block
// with them, and readme-snippets.test.ts runs the runnable ones.
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
  /** The Markdown file, relative to the repository root. */
  file: string;
  /** Line of the opening fence, 1-based. */
  line: number;
  language: string;
  code: string;
  /** The marker comment before the fence, or undefined when there is none. */
  mark: SnippetMark | undefined;
  /** What the marker comment said when it is not one of the known ones. */
  unknownMark?: string;
  /** The names an excerpt assumes: the lines of its mark after `excerpt` ('' when none). */
  declarations: string;
  /** Line of the first declaration, 1-based (the mark's line when there are none). */
  declarationsLine: number;
}

/**
 * The Markdown merchants read: the root README, each package's and each
 * example's README, and docs/*.md. (RELEASING.md, bench/ and e2e/ are the
 * project's own: their blocks are shell lines and file trees.)
 */
export function readmeFiles(): string[] {
  const files = [join(REPO, 'README.md')];
  for (const parent of ['packages', 'examples']) {
    for (const entry of readdirSync(join(REPO, parent), { withFileTypes: true })) {
      const readme = join(REPO, parent, entry.name, 'README.md');
      if (entry.isDirectory() && existsSync(readme)) files.push(readme);
    }
  }
  const docs = readdirSync(join(REPO, 'docs')).filter((name) => name.endsWith('.md'));
  files.push(...docs.sort().map((name) => join(REPO, 'docs', name)));
  return files;
}

const PRETTIER_IGNORE = /^<!--\s*prettier-ignore(-start|-end)?\s*-->$/;

/** The comment that ends on line `last` (0-based), as its lines' text, or undefined when that line ends none. */
function commentEndingAt(lines: string[], last: number): { first: number; text: string[] } | undefined {
  if (!lines[last]?.trim().endsWith('-->')) return undefined;
  for (let first = last; first >= 0; first--) {
    const at = lines[first]!.indexOf('<!--');
    if (at === -1) continue;
    const text = lines.slice(first, last + 1);
    text[0] = text[0]!.slice(at + 4);
    text[text.length - 1] = text[text.length - 1]!.replace(/-->\s*$/, '');
    return { first, text };
  }
  return undefined;
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
    while (before >= 0 && (lines[before]!.trim() === '' || PRETTIER_IGNORE.test(lines[before]!.trim()))) before--;
    const comment = commentEndingAt(lines, before);
    const word = comment?.text[0]!.trim();
    const mark =
      word === 'excerpt' ? 'excerpt' : word === 'runnable: widget' ? 'widget' : word === 'runnable: result' ? 'result' : undefined;
    // Declarations only in an excerpt's mark: a runnable block is a whole program.
    const declarations = mark === 'excerpt' ? comment!.text.slice(1).join('\n') : '';
    const stray = mark !== undefined && mark !== 'excerpt' && comment!.text.slice(1).some((text) => text.trim() !== '');
    snippets.push({
      file: relative(REPO, file),
      line: i + 1,
      language: open[1] ?? '',
      code: lines.slice(i + 1, end).join('\n'),
      mark: stray ? undefined : mark,
      ...(comment !== undefined && (mark === undefined || stray) ? { unknownMark: comment.text.join('\n').trim() } : {}),
      declarations,
      declarationsLine: comment ? comment.first + 2 : i + 1,
    });
    i = end;
  }
  return snippets;
}

/** Every block of every README and docs page. */
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
