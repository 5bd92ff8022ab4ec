// The callbacks' `this.$form` / `this.$iframe` are typed for ordinary jQuery
// calls without @types/jquery, and become jQuery's own type when a project
// has @types/jquery: the same merchant snippet is compiled both ways by the
// TypeScript compiler, and what only full jQuery offers compiles only with it.
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url));

/** Type errors of `body` (the inside of an options object literal), with or without @types/jquery. */
function errorsOf(body: string, withJQuery: boolean): string[] {
  const file = `${packageDir}test/__snippet__.ts`;
  const source = `import type { WpwlOptionsInput } from ${JSON.stringify(entry.replace(/\.ts$/, '.js'))};\nexport const options: WpwlOptionsInput = {\n${body}\n};\n`;
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: withJQuery ? ['jquery'] : [],
    typeRoots: [`${packageDir}node_modules/@types`],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (name === file ? source : readFile(name));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === file || fileExists(name);
  const program = ts.createProgram([file], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file?.fileName === file)
    .map((diagnostic) => `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`);
}

const ordinaryCalls = `
  onBlurCardNumber(isValid) {
    const brand = this.$form.find('.wpwl-control-brand').val();
    if (brand === 'MADA' && !isValid) this.$form.find('.wpwl-control-cardNumber').addClass('wpwl-has-error');
  },
  onReadyIframeCommunication() {
    this.$iframe[0]?.classList.add('ready');
    this.$iframe.closest('.wpwl-group').css('height', this.$iframe.height() ?? 0);
  },`;

// Calls only full jQuery has: serializeArray, and find's tag-name overload.
const fullJQueryCalls = `
  onBlurCvv() {
    const fields: { name: string; value: string }[] = this.$form.serializeArray();
    const input: HTMLInputElement | undefined = this.$form.find('input')[0];
    void fields, input;
  },`;

// Each case builds a TypeScript program over core's sources: seconds each, more on a busy machine.
describe('this.$form and this.$iframe', { timeout: 60_000 }, () => {
  it('take ordinary jQuery calls without @types/jquery', () => {
    expect(errorsOf(ordinaryCalls, false)).toEqual([]);
  });

  it('take the same calls with @types/jquery, merged with its JQuery', () => {
    expect(errorsOf(ordinaryCalls, true)).toEqual([]);
  });

  it("are jQuery's own type with @types/jquery: its whole API compiles there, and only there", () => {
    expect(errorsOf(fullJQueryCalls, true)).toEqual([]);
    const without = errorsOf(fullJQueryCalls, false);
    expect(without.some((error) => error.startsWith('TS2339') && error.includes("'serializeArray'"))).toBe(true);
  });

  it('without @types/jquery an unknown call is still an error, not any', () => {
    expect(errorsOf(`onBlurCardNumber() { this.$form.fadeSlowly(); },`, false)).toEqual([
      expect.stringContaining("TS2339: Property 'fadeSlowly' does not exist"),
    ]);
  });
});
