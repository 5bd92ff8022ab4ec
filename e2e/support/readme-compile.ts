// Owns compiling the READMEs' and docs' code blocks (read by readme-snippets.ts)
// as a merchant's project would, each with its framework's own checker:
// - ts/tsx/js/jsx: one TypeScript program for all of them (strict, bundler
//   resolution, react-jsx, the DOM; js blocks checked as checkJs does), against
//   the workspace's built packages, as e2e/node_modules resolves them;
// - vue: vue-tsc on a project of one .vue file per block (strict templates);
// - Angular (the blocks of packages/angular/README.md, and any ts block that
//   imports @angular/*): Angular's compiler (ngtsc, as ngc runs it) with strict templates;
// - html: each inline <script> parsed as JavaScript; json: JSON.parse.
// Each block's file holds its excerpt declarations first, then its code; a
// failure names the block (`file:line` of its fence) and the line in the
// Markdown the message is about.
import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { REPO, snippetName, type Snippet } from './readme-snippets.js';

const E2E_DIR = join(REPO, 'e2e');
/** Where the blocks' files are written (or, for the TypeScript program, only pretended to be). */
const WORK_DIR = join(E2E_DIR, '.tmp', 'readme-blocks');

/** One block that does not compile: the block, the Markdown line the message is about, the checker's message. */
export interface BlockFailure {
  /** `file:line` of the block's opening fence. */
  block: string;
  /** `file:line` of the line the message is about. */
  at: string;
  message: string;
}

/** Which checker a block goes to; undefined for blocks no checker reads (sh, text, …). */
export function checkerOf(snippet: Snippet): 'typescript' | 'vue' | 'angular' | 'html' | 'json' | undefined {
  switch (snippet.language) {
    case 'ts':
    case 'tsx':
    case 'js':
    case 'jsx':
      return snippet.file === 'packages/angular/README.md' || /from '@angular\//.test(`${snippet.declarations}\n${snippet.code}`)
        ? 'angular'
        : 'typescript';
    case 'vue':
      return 'vue';
    case 'html':
      return 'html';
    case 'json':
      return 'json';
    default:
      return undefined;
  }
}

/** A block's file as a checker reads it, with where each of its lines came from. */
interface BlockFile {
  snippet: Snippet;
  name: string;
  text: string;
  /** Per line of `text` (0-based): the Markdown line (1-based) it came from, or undefined for lines the harness added. */
  origin: (number | undefined)[];
  /** The relative modules the declarations declare (`declare module './Checkout' { … }`): name → the file made of it. */
  relativeModules?: Map<string, { name: string; text: string }>;
}

function slug(snippet: Snippet): string {
  return `${snippet.file.replace(/\.md$/, '').replace(/[^A-Za-z0-9]+/g, '_')}_L${snippet.line}`;
}

/** Declarations, then code, with each line's origin. */
function declarationsThenCode(snippet: Snippet): { lines: string[]; origin: (number | undefined)[] } {
  const lines: string[] = [];
  const origin: (number | undefined)[] = [];
  if (snippet.declarations.trim() !== '') {
    snippet.declarations.split('\n').forEach((text, i) => {
      lines.push(text);
      origin.push(snippet.declarationsLine + i);
    });
  }
  snippet.code.split('\n').forEach((text, i) => {
    lines.push(text);
    origin.push(snippet.line + 1 + i);
  });
  return { lines, origin };
}

function scriptFile(snippet: Snippet, dir: string): BlockFile {
  const { lines, origin } = declarationsThenCode(snippet);
  const name = join(dir, `${slug(snippet)}.${snippet.language}`);
  let text = lines.join('\n');
  // `declare module './x' { … }` stands for a module of the merchant's own (their component, say):
  // TypeScript allows no relative name there, so it becomes a file of its own that './x' resolves to.
  const relativeModules = new Map<string, { name: string; text: string }>();
  const parsed = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
  for (const statement of parsed.statements) {
    if (!ts.isModuleDeclaration(statement) || !ts.isStringLiteral(statement.name) || !statement.name.text.startsWith('.')) continue;
    const body =
      statement.body && ts.isModuleBlock(statement.body) ? statement.body.statements.map((node) => node.getText(parsed)).join('\n') : '';
    const module = {
      name: join(dir, `${slug(snippet)}_module${relativeModules.size}.d.ts`),
      text: body.includes('export') ? body : `${body}\nexport {};`,
    };
    relativeModules.set(statement.name.text, module);
    const [start, end] = [statement.getStart(parsed), statement.getEnd()];
    text = text.slice(0, start) + text.slice(start, end).replace(/[^\n]/g, ' ') + text.slice(end);
  }
  return { snippet, name, text, origin, ...(relativeModules.size > 0 ? { relativeModules } : {}) };
}

function failureAt(file: BlockFile, line0: number | undefined, message: string): BlockFailure {
  const line = line0 === undefined ? undefined : file.origin[line0];
  return { block: snippetName(file.snippet), at: `${file.snippet.file}:${line ?? file.snippet.line}`, message };
}

/** The options of a merchant's strict tsconfig for a bundled browser app (Node's types for the server blocks). */
/** The strict app tsconfig the vue-tsc and Angular projects start from (as `ng new` and `npm create vue` write it). */
const APP_TSCONFIG = {
  strict: true,
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'Bundler',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  types: [],
  skipLibCheck: true,
  noEmit: true,
};

const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  moduleDetection: ts.ModuleDetectionKind.Force, // each block is a module of its own
  jsx: ts.JsxEmit.ReactJSX,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: ['node'],
  allowJs: true,
  checkJs: true,
  skipLibCheck: true,
  noEmit: true,
};

/** What a Vite + Vue project's env.d.ts declares, for `import App from './App.vue'` in a .ts file. */
const VUE_SHIM = `declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent;
  export default component;
}
`;

/** Compiles the ts/tsx/js/jsx blocks, and the html blocks' inline scripts (syntax only), in one program. */
export function checkWithTypeScript(snippets: Snippet[]): BlockFailure[] {
  const dir = join(WORK_DIR, 'ts');
  const files = new Map<string, BlockFile>();
  for (const snippet of snippets) {
    if (checkerOf(snippet) === 'typescript') {
      const file = scriptFile(snippet, dir);
      files.set(file.name, file);
    }
    if (checkerOf(snippet) === 'html') {
      for (const [index, script] of inlineScripts(snippet).entries()) {
        // A page's script is not type-checked by anyone: parsed only.
        const lines = ['// @ts-nocheck', ...script.lines];
        const name = join(dir, `${slug(snippet)}_script${index}.js`);
        files.set(name, { snippet, name, text: lines.join('\n'), origin: [undefined, ...script.origin] });
      }
    }
  }
  const shim = join(dir, 'env.d.ts');
  const modules = new Map(
    [...files.values()].flatMap((file) => [...(file.relativeModules?.values() ?? [])]).map((module) => [module.name, module.text]),
  );
  const host = ts.createCompilerHost(COMPILER_OPTIONS);
  const { fileExists, readFile, getSourceFile } = host;
  const virtual = (name: string) => files.get(name)?.text ?? modules.get(name) ?? (name === shim ? VUE_SHIM : undefined);
  host.fileExists = (name) => virtual(name) !== undefined || fileExists.call(host, name);
  host.readFile = (name) => virtual(name) ?? readFile.call(host, name);
  host.getSourceFile = (name, languageVersion, onError, shouldCreate) => {
    const text = virtual(name);
    return text !== undefined
      ? ts.createSourceFile(name, text, languageVersion, true)
      : getSourceFile.call(host, name, languageVersion, onError, shouldCreate);
  };
  // A block's relative import is a module its mark declares, else a file next to the Markdown (`./src/server.js`).
  const cache = ts.createModuleResolutionCache(REPO, (name) => name, COMPILER_OPTIONS);
  host.resolveModuleNameLiterals = (literals, containingFile, redirected, options) =>
    literals.map(({ text: name }) => {
      const block = files.get(containingFile);
      if (!block || !name.startsWith('.')) return ts.resolveModuleName(name, containingFile, options, host, cache, redirected);
      const declared = block.relativeModules?.get(name);
      if (declared)
        return { resolvedModule: { resolvedFileName: declared.name, extension: ts.Extension.Dts, isExternalLibraryImport: false } };
      return ts.resolveModuleName(name, join(REPO, dirname(block.snippet.file), 'block.ts'), options, host, cache, redirected);
    });
  const program = ts.createProgram({ rootNames: [shim, ...files.keys()], options: COMPILER_OPTIONS, host });
  const failures: BlockFailure[] = [];
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const message = `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    const file = diagnostic.file && files.get(diagnostic.file.fileName);
    if (!file) {
      failures.push({ block: '(the program)', at: diagnostic.file?.fileName ?? '(the program)', message });
      continue;
    }
    const line0 = diagnostic.start === undefined ? undefined : diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start).line;
    failures.push(failureAt(file, line0, message));
  }
  return failures;
}

/** The inline scripts of an html block (those without `src`), each with its lines' origins. */
function inlineScripts(snippet: Snippet): { lines: string[]; origin: number[] }[] {
  const scripts: { lines: string[]; origin: number[] }[] = [];
  const pattern = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
  for (const match of snippet.code.matchAll(pattern)) {
    if (/\bsrc\s*=/.test(match[1]!)) continue;
    const before = snippet.code.slice(0, match.index + match[0].indexOf('>') + 1);
    const firstLine = snippet.line + 1 + before.split('\n').length - 1;
    const lines = match[2]!.split('\n');
    scripts.push({ lines, origin: lines.map((_, i) => firstLine + i) });
  }
  return scripts;
}

/** JSON.parse on each json block. */
export function checkJson(snippets: Snippet[]): BlockFailure[] {
  const failures: BlockFailure[] = [];
  for (const snippet of snippets.filter((s) => checkerOf(s) === 'json')) {
    try {
      JSON.parse(snippet.code);
    } catch (error) {
      failures.push({ block: snippetName(snippet), at: snippetName(snippet), message: `JSON.parse: ${(error as Error).message}` });
    }
  }
  return failures;
}

const run = promisify(execFile);
const require = createRequire(join(E2E_DIR, 'package.json'));

/** Runs a Node program, resolving with its output (without colours) and whether it exited 0. */
async function output(script: string, args: string[], cwd: string): Promise<{ text: string; ok: boolean }> {
  const env = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' };
  // eslint-disable-next-line no-control-regex -- the escape sequences of colours, in case a compiler colours anyway
  const plain = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');
  try {
    const { stdout, stderr } = await run(process.execPath, [script, ...args], { cwd, env, maxBuffer: 16 * 1024 * 1024 });
    return { text: plain(`${stdout}${stderr}`), ok: true };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    if (stdout === '' && stderr === '') throw error;
    return { text: plain(`${stdout}${stderr}`), ok: false };
  }
}

/** The compiler's diagnostics; its whole output as one failure when it failed and none could be read. */
function failuresOf(result: { text: string; ok: boolean }, files: Map<string, BlockFile>, dir: string, compiler: string): BlockFailure[] {
  const failures = readDiagnostics(result.text, files, dir);
  if (!result.ok && failures.length === 0) failures.push({ block: `(${compiler})`, at: dir, message: result.text.trim() });
  return failures;
}

/** Reads the diagnostics (with their indented continuation lines) off a compiler's output. */
function readDiagnostics(text: string, files: Map<string, BlockFile>, dir: string): BlockFailure[] {
  const failures: BlockFailure[] = [];
  let last: BlockFailure | undefined;
  for (const line of text.split('\n')) {
    // `name(line,col): error …` (tsc, vue-tsc) or `name:line:col - error …` (ngc).
    const match = /^(.+?)(?:\((\d+),(\d+)\):|:(\d+):(\d+) -) error (TS\d+|NG\d+): (.*)$/.exec(line.trim());
    if (match) {
      const file = files.get(join(dir, match[1]!)) ?? files.get(match[1]!);
      const message = `${match[6]}: ${match[7]}`;
      last = file ? failureAt(file, Number(match[2] ?? match[4]) - 1, message) : { block: '(the project)', at: match[1]!, message };
      failures.push(last);
    } else if (last && /^\s+\S/.test(line)) {
      last.message += `\n${line.trim()}`;
    } else if (/^error\b|\berror (TS|NG)\d+:/i.test(line.trim())) {
      last = { block: '(the project)', at: '(the project)', message: line.trim() };
      failures.push(last);
    } else {
      last = undefined;
    }
  }
  return failures;
}

/** The .vue file of a vue block: a fragment goes into a <template>, the declarations into <script setup lang="ts">. */
function vueFile(snippet: Snippet, dir: string): BlockFile {
  const code = snippet.code.split('\n');
  const origin: (number | undefined)[] = code.map((_, i) => snippet.line + 1 + i);
  const whole = code.some((line) => /^<(template|script)\b/.test(line));
  if (!whole) {
    code.unshift('<template>');
    origin.unshift(undefined);
    code.push('</template>');
    origin.push(undefined);
  }
  const declarations = snippet.declarations.trim() === '' ? [] : snippet.declarations.split('\n');
  const declarationOrigin = declarations.map((_, i) => snippet.declarationsLine + i);
  const setup = code.findIndex((line) => /^<script\b[^>]*\bsetup\b/.test(line));
  if (setup !== -1) {
    code.splice(setup + 1, 0, ...declarations);
    origin.splice(setup + 1, 0, ...declarationOrigin);
  } else if (declarations.length > 0) {
    code.unshift('<script setup lang="ts">', ...declarations, '</script>');
    origin.unshift(undefined, ...declarationOrigin, undefined);
  }
  return { snippet, name: join(dir, `${slug(snippet)}.vue`), text: code.join('\n'), origin };
}

/** Checks the vue blocks with vue-tsc (strict templates), as `vue-tsc --noEmit` checks a Vite + Vue project. */
export async function checkWithVueTsc(snippets: Snippet[]): Promise<BlockFailure[]> {
  const dir = join(WORK_DIR, 'vue');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const files = new Map<string, BlockFile>();
  for (const snippet of snippets.filter((s) => checkerOf(s) === 'vue')) {
    const file = vueFile(snippet, dir);
    files.set(file.name, file);
    await writeFile(file.name, file.text);
  }
  // The app's entry: WpwlPlugin registers <PaymentWidget> globally (typed through GlobalComponents).
  await writeFile(
    join(dir, 'main.ts'),
    "import { createApp } from 'vue';\nimport { WpwlPlugin } from '@wpwl/vue';\n\ncreateApp({}).use(WpwlPlugin);\n",
  );
  await writeFile(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { ...APP_TSCONFIG, jsx: 'preserve' },
      vueCompilerOptions: { strictTemplates: true },
      include: ['*.ts', '*.vue'],
    }),
  );
  const vueTsc = require.resolve('vue-tsc/bin/vue-tsc.js');
  return failuresOf(await output(vueTsc, ['--noEmit', '--pretty', 'false', '-p', 'tsconfig.json'], dir), files, dir, 'vue-tsc');
}

/**
 * Checks the Angular blocks with Angular's compiler (ngtsc, what `ngc` and the
 * Angular CLI run), strict templates on, as a new Angular app's tsconfig has
 * it. Every kind of diagnostic is asked for: `ngc` alone stops at the first
 * kind with an error, so one block's TypeScript error would hide another's
 * template errors.
 */
export async function checkWithAngular(snippets: Snippet[]): Promise<BlockFailure[]> {
  const dir = join(WORK_DIR, 'angular');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const files = new Map<string, BlockFile>();
  for (const [index, snippet] of snippets.filter((s) => checkerOf(s) === 'angular').entries()) {
    // A folder per block: the modules its mark declares (`declare module './x'`) are files beside it, as './x' resolves.
    const blockDir = join(dir, `block${index}`);
    await mkdir(blockDir, { recursive: true });
    const file = scriptFile(snippet, blockDir);
    files.set(file.name, file);
    await writeFile(file.name, file.text);
    for (const [name, module] of file.relativeModules ?? []) await writeFile(join(blockDir, `${name}.d.ts`), module.text);
  }
  const tsconfig = join(dir, 'tsconfig.json');
  await writeFile(
    tsconfig,
    JSON.stringify({
      compilerOptions: {
        ...APP_TSCONFIG,
        moduleDetection: 'force',
        experimentalDecorators: true,
        noImplicitOverride: true,
        noPropertyAccessFromIndexSignature: true,
        noImplicitReturns: true,
        noFallthroughCasesInSwitch: true,
      },
      angularCompilerOptions: {
        strictTemplates: true,
        strictInjectionParameters: true,
        strictInputAccessModifiers: true,
      },
      include: ['**/*.ts'],
    }),
  );
  const { NgtscProgram, createCompilerHost, readConfiguration } = await import('@angular/compiler-cli');
  const config = readConfiguration(tsconfig);
  const failures: BlockFailure[] = config.errors.map((diagnostic) => ({
    block: '(the Angular project)',
    at: tsconfig,
    message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
  }));
  const program = new NgtscProgram(config.rootNames, config.options, createCompilerHost({ options: config.options }));
  await program.loadNgStructureAsync();
  const diagnostics = [
    ...program.getTsOptionDiagnostics(),
    ...program.getNgOptionDiagnostics(),
    ...program.getTsSyntacticDiagnostics(),
    ...program.getTsSemanticDiagnostics(),
    ...program.getNgStructuralDiagnostics(),
    ...program.getNgSemanticDiagnostics(),
  ];
  for (const diagnostic of diagnostics) {
    if (diagnostic.category !== ts.DiagnosticCategory.Error) continue;
    // Angular's codes are -99xxxx: NG and the last four digits.
    const code = diagnostic.code < 0 ? `NG${String(-diagnostic.code).slice(-4)}` : `TS${diagnostic.code}`;
    const message = `${code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    const file = diagnostic.file && files.get(diagnostic.file.fileName);
    if (!file) {
      failures.push({ block: '(the Angular project)', at: diagnostic.file?.fileName ?? tsconfig, message });
      continue;
    }
    const line0 = diagnostic.start === undefined ? undefined : diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start).line;
    failures.push(failureAt(file, line0, message));
  }
  return failures;
}
