// Owns a Chromium driven over the DevTools protocol directly, through the
// debugging pipe and without a client library. The measures need it: a test
// driver keeps a network log for every page. The DevTools network agent holds
// each response's data, which grows the page's heap by kilobytes per widget
// load (counted against the code under test in the soak), and records the
// JavaScript stack of every request a script starts, which slows every page
// down (the raw page took 94 ms to ready with it and 63 ms without, in two
// runs the same day).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { chromiumPath } from '../../e2e/support/browser.js';

/** A page (target) attached in flat mode. */
export interface CdpPage {
  /** Sends a command to this page's session. */
  send<T = Record<string, unknown>>(method: string, params?: Record<string, unknown>): Promise<T>;
  /** Calls `listener` with the params of every `method` event of this page's session. */
  on(method: string, listener: (params: Record<string, unknown>) => void): void;
  /** Evaluates `expression` in the page, awaiting a promise; resolves with its value; rejects with the page's exception. */
  evaluate<T>(expression: string): Promise<T>;
}

/** A Chromium process and its one debugging connection. */
export interface CdpBrowser {
  /** Opens `url` in a new page and resolves once `readyExpression` is truthy there. */
  open(url: string, readyExpression: string): Promise<CdpPage>;
  /**
   * Opens `url` in a new page of a browser context of its own (a first
   * visit: empty cache, no cookies, no open connection), with `initScript`
   * run before any of the page's scripts, and `beforeNavigation` awaited
   * before it navigates (to start a trace, say). Does not wait for anything.
   */
  openFresh(
    url: string,
    initScript: string,
    beforeNavigation?: (page: CdpPage) => Promise<void>,
  ): Promise<CdpPage & { close(): Promise<void> }>;
  /** The browser's product and version, e.g. "HeadlessChrome/150.0.7871.100". */
  version(): Promise<string>;
  close(): Promise<void>;
}

interface Message {
  id?: number;
  method?: string;
  sessionId?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

/** Launches Chromium with `args` plus the debugging pipe and a throw-away profile. */
export async function launchCdpBrowser(args: readonly string[]): Promise<CdpBrowser> {
  const profile = await mkdtemp(join(tmpdir(), 'wpwl-bench-'));
  const child = spawn(chromiumPath(), [...args, '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
  });
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pending = new Map<number, { resolve(result: Record<string, unknown>): void; reject(error: Error): void }>();
  /** Event listeners by session id and method. */
  const listeners = new Map<string, (params: Record<string, unknown>) => void>();
  let lastId = 0;
  let closed = false;

  child.once('exit', (code) => {
    closed = true;
    for (const { reject } of pending.values()) reject(new Error(`Chromium exited (code ${code}) with a command pending`));
    pending.clear();
  });

  // Messages are JSON, each ended by a NUL byte.
  let buffer = '';
  fromBrowser.setEncoding('utf8');
  fromBrowser.on('data', (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\0'); end >= 0; end = buffer.indexOf('\0')) {
      const message = JSON.parse(buffer.slice(0, end)) as Message;
      buffer = buffer.slice(end + 1);
      if (message.method) listeners.get(`${message.sessionId} ${message.method}`)?.(message.params ?? {});
      const waiter = message.id === undefined ? undefined : pending.get(message.id);
      if (!waiter) continue;
      pending.delete(message.id!);
      if (message.error) waiter.reject(new Error(`${message.error.message} (${message.error.code})`));
      else waiter.resolve(message.result ?? {});
    }
  });

  const send = <T>(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<T> => {
    if (closed) return Promise.reject(new Error(`${method}: Chromium is not running`));
    const id = ++lastId;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (result: Record<string, unknown>) => void, reject });
      toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  };

  /** A new page (in `browserContextId`, or the default context), attached in flat mode. */
  const newPage = async (browserContextId?: string): Promise<CdpPage & { forgetListeners(): void }> => {
    const { targetId } = await send<{ targetId: string }>('Target.createTarget', {
      url: 'about:blank',
      ...(browserContextId ? { browserContextId } : {}),
    });
    const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
    return {
      send: (method, params) => send(method, params, sessionId),
      on: (method, listener) => void listeners.set(`${sessionId} ${method}`, listener),
      forgetListeners() {
        for (const key of listeners.keys()) if (key.startsWith(`${sessionId} `)) listeners.delete(key);
      },
      async evaluate<T>(expression: string) {
        const { result, exceptionDetails } = await send<{
          result: { value?: T };
          exceptionDetails?: { text: string; exception?: { description?: string } };
        }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }, sessionId);
        if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
        return result.value as T;
      },
    };
  };

  return {
    async openFresh(url, initScript, beforeNavigation) {
      const { browserContextId } = await send<{ browserContextId: string }>('Target.createBrowserContext');
      const page = await newPage(browserContextId);
      // Without the Page domain enabled, a script for new documents is not
      // reliably run in a page whose first navigation swaps the renderer.
      await page.send('Page.enable');
      await page.send('Page.addScriptToEvaluateOnNewDocument', { source: initScript });
      await beforeNavigation?.(page);
      await page.send('Page.navigate', { url });
      return {
        ...page,
        close: () => {
          page.forgetListeners();
          return send('Target.disposeBrowserContext', { browserContextId }).then(() => undefined);
        },
      };
    },
    async version() {
      return (await send<{ product: string }>('Browser.getVersion')).product;
    },
    async open(url, readyExpression) {
      const page = await newPage();
      await page.send('Page.navigate', { url });
      if (!(await waitUntil(page, readyExpression, { timeoutMs: 20_000, pollMs: 50 }))) {
        throw new Error(`${url}: ${readyExpression} not true within 20 s`);
      }
      return page;
    },
    async close() {
      if (!closed) {
        await send('Browser.close').catch(() => undefined);
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (!closed) child.kill();
      }
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Asks `page` every `pollMs` whether `expression` is truthy there; resolves
 * true once it is, false after `timeoutMs`. Before a navigation commits the
 * old document answers (false), and a document replaced while being asked
 * throws: both mean "not yet".
 */
export async function waitUntil(
  page: CdpPage,
  expression: string,
  { timeoutMs, pollMs }: { timeoutMs: number; pollMs: number },
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate<boolean>(`Boolean(${expression})`).catch(() => false))) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return true;
}
