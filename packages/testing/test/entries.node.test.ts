// What each entry of the built package needs installed: the component-test
// entries nothing of the sandbox nor of Playwright (the kit installs alone),
// the browser entries their optional peers, with a coded error naming the
// package when one is missing; and the console filter of the browser helpers.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isGatewayDeclineMessage, watchConsoleErrors, type PlaywrightConsoleMessage } from '../src/console-messages.js';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(PACKAGE, 'dist');
const run = promisify(execFile);

/** Every bare module a built file imports, following its relative imports through dist. */
async function bareImports(entry: string): Promise<Set<string>> {
  const bare = new Set<string>();
  const seen = new Set<string>();
  const visit = async (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = await readFile(file, 'utf8').catch(() => {
      throw new Error(`${file} is missing: build the package first (pnpm --filter @wpwl/testing build)`);
    });
    // Code lines only: the doc comments show imports as examples.
    const lines = code.split('\n').filter((line) => !/^\s*(\*|\/\*|\/\/)/.test(line));
    const specifiers = lines.flatMap((line) =>
      [...line.matchAll(/(?:^(?:import|export)\b[^'"]*?\bfrom\s*|^import\s*|\bimport\(\s*)['"]([^'"]+)['"]/g)].map((match) => match[1]!),
    );
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) await visit(resolve(dirname(file), specifier));
      else bare.add(specifier);
    }
  };
  await visit(join(DIST, entry));
  return bare;
}

describe('the built entries', () => {
  it('the component-test entries import nothing of the sandbox or Playwright: `.` nothing at all, `./react` only React', async () => {
    expect([...(await bareImports('index.js'))]).toEqual([]);
    expect([...(await bareImports('react.js'))].sort()).toEqual(['react', 'react-dom/test-utils']);
  });

  it('the browser entries import the sandbox only when one is started, and the fixture @playwright/test', async () => {
    expect([...(await bareImports('playwright.js'))]).toEqual(['@wpwl/sandbox']);
    const sandbox = await readFile(join(DIST, 'sandbox.js'), 'utf8');
    expect(sandbox).not.toMatch(/^import .*@wpwl\/sandbox/m);
    expect([...(await bareImports('playwright-test.js'))].sort()).toEqual(['@playwright/test', '@wpwl/sandbox']);
  });

  it('package.json: no dependencies; the sandbox, Playwright Test and React are optional peers', async () => {
    const manifest = JSON.parse(await readFile(join(PACKAGE, 'package.json'), 'utf8')) as Record<string, Record<string, unknown>>;
    expect(manifest.dependencies).toBeUndefined();
    expect(Object.keys(manifest.peerDependencies!).sort()).toEqual(['@playwright/test', '@wpwl/sandbox', 'react', 'react-dom']);
    for (const name of Object.keys(manifest.peerDependencies!)) expect(manifest.peerDependenciesMeta![name]).toEqual({ optional: true });
  });
});

describe('installed alone, without its optional peers', () => {
  let app: string;
  beforeAll(async () => {
    app = await mkdtemp(join(tmpdir(), 'wpwl-testing-alone-'));
    const kit = join(app, 'node_modules/@wpwl/testing');
    await mkdir(kit, { recursive: true });
    await cp(join(PACKAGE, 'package.json'), join(kit, 'package.json'));
    await cp(DIST, join(kit, 'dist'), { recursive: true });
    await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'an-app', private: true, type: 'module' }));
  });
  afterAll(async () => {
    if (app) await rm(app, { recursive: true, force: true });
  });

  /** Runs `code` as a module of the app; resolves with what it printed. */
  async function inApp(code: string): Promise<string> {
    await writeFile(join(app, 'check.mjs'), code);
    const { stdout } = await run(process.execPath, ['check.mjs'], { cwd: app });
    return stdout.trim();
  }

  it('the component-test entry and the browser helpers load', async () => {
    const printed = await inApp(`
      const kit = await import('@wpwl/testing');
      const browser = await import('@wpwl/testing/playwright');
      console.log(typeof kit.installFakeWidget, typeof browser.fillTestCard, typeof browser.isGatewayDeclineMessage);
    `);
    expect(printed).toBe('function function function');
  });

  it('starting a sandbox without @wpwl/sandbox fails with PEER_DEPENDENCY_MISSING, naming the package to install', async () => {
    const printed = await inApp(`
      const { startSandbox } = await import('@wpwl/testing/sandbox');
      try { await startSandbox(); } catch (error) { console.log(error.code + ' | ' + error.message); }
    `);
    expect(printed).toBe(
      'PEER_DEPENDENCY_MISSING | startSandbox() needs @wpwl/sandbox, which is not installed: add it to your dev dependencies (npm install -D @wpwl/sandbox)',
    );
  });

  it('the fixture entry without @playwright/test names it', async () => {
    const printed = await inApp(`
      try { await import('@wpwl/testing/playwright-test'); } catch (error) { console.log(error.code + ' | ' + error.message); }
    `);
    expect(printed).toMatch(/^ERR_MODULE_NOT_FOUND \| Cannot find package '@playwright\/test'/);
  });
});

describe('console errors of a refused payment', () => {
  const message = (type: string, text: string, url: string): PlaywrightConsoleMessage => ({
    type: () => type,
    text: () => text,
    location: () => ({ url }),
  });
  const FAILED_400 = 'Failed to load resource: the server responded with a status of 400 (Bad Request)';
  const PAYMENT = 'http://127.0.0.1:8787/v1/checkouts/8a8294174b7ecb28014b9699220015ca/payment';

  it('isGatewayDeclineMessage: a 400 of the widget payment POST, nothing else', () => {
    expect(isGatewayDeclineMessage(message('error', FAILED_400, PAYMENT))).toBe(true);
    expect(isGatewayDeclineMessage(message('error', FAILED_400, `${PAYMENT}?x=1`))).toBe(true);
    // A checkout the gateway does not know (404), another 4xx: not a decline.
    expect(isGatewayDeclineMessage(message('error', FAILED_400.replace('400 (Bad Request)', '404 (Not Found)'), PAYMENT))).toBe(false);
    expect(isGatewayDeclineMessage(message('error', FAILED_400.replace('400 (Bad Request)', '402 (Payment Required)'), PAYMENT))).toBe(
      false,
    );
    // A shop URL that only names the payment's path in its query.
    expect(
      isGatewayDeclineMessage(message('error', FAILED_400, `http://127.0.0.1:3000/api/status?resourcePath=/v1/checkouts/x/payment`)),
    ).toBe(false);
    expect(isGatewayDeclineMessage(message('error', FAILED_400.replace('400 (Bad Request)', '500 (Internal Server Error)'), PAYMENT))).toBe(
      false,
    );
    expect(isGatewayDeclineMessage(message('error', FAILED_400, 'http://127.0.0.1:3000/api/orders'))).toBe(false);
    expect(isGatewayDeclineMessage(message('error', FAILED_400, `${PAYMENT}/extra`))).toBe(false);
    expect(isGatewayDeclineMessage(message('warning', FAILED_400, PAYMENT))).toBe(false);
    expect(isGatewayDeclineMessage(message('error', 'TypeError: x is undefined', PAYMENT))).toBe(false);
  });

  it('watchConsoleErrors keeps every other error and uncaught exception, and the declines when asked', () => {
    const listeners: Record<string, Array<(value: never) => void>> = { console: [], pageerror: [] };
    const page = { on: (event: string, listener: (value: never) => void) => listeners[event]!.push(listener) };
    const errors = watchConsoleErrors(page);
    const everything = watchConsoleErrors(page, { includeGatewayDeclines: true });
    const emit = (event: string, value: unknown) => listeners[event]!.forEach((listener) => listener(value as never));
    emit('console', message('error', FAILED_400, PAYMENT));
    emit('console', message('log', 'hello', ''));
    emit('console', message('error', 'Refused to load the script', 'http://127.0.0.1:3000/checkout'));
    emit('pageerror', new Error('boom'));
    expect(errors).toEqual(['Refused to load the script (http://127.0.0.1:3000/checkout)', 'uncaught: boom']);
    expect(everything).toEqual([
      `${FAILED_400} (${PAYMENT})`,
      'Refused to load the script (http://127.0.0.1:3000/checkout)',
      'uncaught: boom',
    ]);
  });
});
