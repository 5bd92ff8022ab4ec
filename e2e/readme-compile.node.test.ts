// Every code block of the READMEs and docs/*.md compiles as a merchant's
// project would compile it, excerpts with the names their mark declares (see
// support/readme-snippets.ts for the mark, support/readme-compile.ts for the
// checkers): TypeScript for ts/tsx/js/jsx, vue-tsc for vue, Angular's compiler
// with strict templates for Angular, inline scripts of html parsed, json
// parsed. readme-snippets.test.ts runs the runnable blocks in Chromium.
import { describe, expect, it } from 'vitest';
import {
  checkJson,
  checkWithAngular,
  checkWithTypeScript,
  checkWithVueTsc,
  checkerOf,
  type BlockFailure,
} from './support/readme-compile.js';
import { MARKED_LANGUAGES, allSnippets, snippetName } from './support/readme-snippets.js';

const snippets = allSnippets();

/**
 * Blocks of the pages being rewritten elsewhere, failing today: `file:line` of
 * the block → why. Empty it once those pages are in; an entry whose block
 * compiles fails this test until it is taken out.
 */
const PENDING = new Map<string, string>([]);

function describeFailures(failures: BlockFailure[]): string[] {
  return failures.map((failure) => `${failure.block} (at ${failure.at}) ${failure.message}`);
}

/** The blocks that failed a check so far (pending ones included). */
const failing = new Set<string>();

/** Asserts the failures are pending ones only. */
function expectOnlyPending(failures: BlockFailure[]): void {
  for (const failure of failures) failing.add(failure.block);
  expect(describeFailures(failures.filter((failure) => !PENDING.has(failure.block)))).toEqual([]);
}

function blocksFor(checker: ReturnType<typeof checkerOf>): string[] {
  return snippets.filter((snippet) => checkerOf(snippet) === checker).map(snippetName);
}

/** The compilers take seconds each, more on a busy machine. */
const COMPILE_TIMEOUT = 120_000;

describe('README and docs code blocks compile', () => {
  it('reads the docs pages and each framework checker gets blocks', () => {
    const files = new Set(snippets.map((snippet) => snippet.file));
    expect([...files]).toEqual(expect.arrayContaining(['README.md', 'packages/core/README.md', 'docs/webhooks.md', 'docs/testing.md']));
    for (const checker of ['typescript', 'vue', 'angular', 'html'] as const) expect(blocksFor(checker), checker).not.toEqual([]);
  });

  it('each browser or TypeScript block says whether it runs as written or is an excerpt', () => {
    const unmarked = snippets
      .filter((snippet) => MARKED_LANGUAGES.has(snippet.language) && snippet.mark === undefined)
      .map((snippet) => ({
        block: snippetName(snippet),
        at: snippetName(snippet),
        message: `not marked (${snippet.language}${snippet.unknownMark ? `, unknown mark "${snippet.unknownMark}"` : ''})`,
      }));
    expectOnlyPending(unmarked);
  });

  it(
    'ts, tsx, js and jsx blocks compile with TypeScript (strict), html blocks parse',
    () => {
      expectOnlyPending(checkWithTypeScript(snippets));
    },
    COMPILE_TIMEOUT,
  );

  it(
    'vue blocks compile with vue-tsc (strict templates)',
    async () => {
      expectOnlyPending(await checkWithVueTsc(snippets));
    },
    COMPILE_TIMEOUT,
  );

  it(
    "Angular blocks compile with Angular's compiler (strict templates)",
    async () => {
      expectOnlyPending(await checkWithAngular(snippets));
    },
    COMPILE_TIMEOUT,
  );

  it('json blocks parse', () => {
    expectOnlyPending(checkJson(snippets));
  });

  it('each pending block still fails (else it comes out of PENDING)', () => {
    expect([...PENDING.keys()].filter((block) => !failing.has(block))).toEqual([]);
  });
});
