// The servers an end-to-end test talks to, all on 127.0.0.1 with ephemeral
// ports: the sandbox gateway (from @wpwl/sandbox) and a small static server
// for the pages under test. The static server logs every request and lets a
// test set response headers (a Content-Security-Policy, say) for its pages.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { startSandbox, type Sandbox, type SandboxOptions } from '@wpwl/sandbox';
import { contentTypeOf, resolveStaticFile } from '../../examples/merchant-server/src/static.js';

/** A running sandbox: base URL, credentials, `close()` and its test controls. */
export type SandboxServer = Sandbox;

/** Starts the sandbox gateway on 127.0.0.1 and an ephemeral port. */
export function startSandboxServer(options: Omit<SandboxOptions, 'port' | 'host'> = {}): Promise<SandboxServer> {
  return startSandbox({ ...options, host: '127.0.0.1', port: 0 });
}

/** One request the static server answered. */
export interface StaticRequest {
  method: string;
  /** Path and query string, as requested. */
  url: string;
  status: number;
}

/** Response headers for a request; return `{}` for none. */
export type HeadersFor = (request: IncomingMessage) => Record<string, string>;

/** A running static file server. */
export interface StaticServer {
  /** Base URL without trailing slash, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Every request answered so far, in order. */
  requests: StaticRequest[];
  /**
   * Replaces the extra response headers (e.g. a per-test CSP). `null` or `{}` removes them.
   * Applies to every file served after the call.
   */
  setHeaders(headers: Record<string, string> | HeadersFor | null): void;
  close(): Promise<void>;
}

/**
 * Serves the files under `root` (a directory path serves its `index.html`).
 * Nothing outside `root` is reachable; files are read on each request, so a
 * test may write into `root` while the server runs.
 */
export async function startStaticServer(options: { root: string; headers?: Record<string, string> | HeadersFor }): Promise<StaticServer> {
  const root = resolve(options.root);
  const requests: StaticRequest[] = [];
  let extraHeaders: HeadersFor = toHeadersFor(options.headers ?? null);

  const server = createServer((request, response) => {
    void serve(request, response).catch((error: unknown) => {
      send(request, response, 500, { 'Content-Type': 'text/plain; charset=utf-8' }, `static server error: ${String(error)}`);
    });
  });

  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      send(request, response, 405, { Allow: 'GET, HEAD' }, 'method not allowed');
      return;
    }
    const pathname = new URL(request.url ?? '/', 'http://static.invalid').pathname;
    // The merchant server's resolver: inside `root` only, no dot-files, a directory's index.html.
    const file = await resolveStaticFile(root, pathname);
    const body = file ? await readFile(file).catch(() => null) : null;
    if (!body && pathname === '/favicon.ico') {
      // Browsers ask for it on every page; a 404 would only add noise to the page's console.
      send(request, response, 204, {}, '');
      return;
    }
    if (!file || !body) {
      send(request, response, 404, { 'Content-Type': 'text/plain; charset=utf-8' }, 'not found');
      return;
    }
    send(
      request,
      response,
      200,
      {
        'Content-Type': contentTypeOf(file),
        'Cache-Control': 'no-store',
        ...extraHeaders(request),
      },
      body,
    );
  }

  function send(
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    headers: Record<string, string>,
    body: string | Buffer,
  ): void {
    requests.push({ method: request.method ?? 'GET', url: request.url ?? '/', status });
    response.writeHead(status, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  }

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setHeaders(headers) {
      extraHeaders = toHeadersFor(headers);
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolveClose) => server.close(() => resolveClose()));
    },
  };
}

function toHeadersFor(headers: Record<string, string> | HeadersFor | null): HeadersFor {
  if (typeof headers === 'function') return headers;
  const fixed = { ...(headers ?? {}) };
  return () => fixed;
}
