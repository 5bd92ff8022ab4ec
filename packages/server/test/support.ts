// Test helpers: a fetch that records every request (and answers with a fixed
// JSON body), and valid client options.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';

export const ENTITY_ID = '8a8294174b7ecb28014b9699220015ca';
export const TOKEN = 'OGE4Mjk0MTc0YjdlY2IyODAxNGI5Njk5MjIwMDE1Y2N8c3k2S0pzVDg=';
export const CHECKOUT_ID = '8ac7a4a27d1e4f0f017d1e6b2c8a1c2d.uat01-vm-tx04';
export const PAYMENT_ID = '8ac7a4a17d1e4f0f017d1e6b3f0a4b5c';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string;
}

/** A fetch that records requests and answers `status` with `body` as JSON. */
export function recordingFetch(
  status = 200,
  body: unknown = { id: CHECKOUT_ID, result: { code: '000.200.100', description: 'successfully created checkout' } },
) {
  const requests: RecordedRequest[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    requests.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : '',
    });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}

export function clientOptions(fetch: typeof globalThis.fetch) {
  return { baseUrl: 'https://test.gateway.example/', accessToken: TOKEN, entityId: ENTITY_ID, fetch, retries: 0 };
}

/** Runs `fn` and returns what it threw (or rejected with). */
export async function caught(fn: () => unknown): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure, but it succeeded');
}

/** One request a fake gateway received. */
export interface SeenRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
  /** When it arrived (ms). */
  at: number;
}

const fakeGateways: Server[] = [];

/**
 * Starts a fake gateway on 127.0.0.1: `handler` answers each request once its
 * body is read; `seen` lists the requests in order; `close` stops this one. Stop them all with
 * {@link closeFakeGateways} in `afterEach`.
 */
export async function startFakeGateway(handler: (req: IncomingMessage, res: ServerResponse, seen: SeenRequest[]) => void) {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const at = Date.now();
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body, at });
      handler(req, res, seen);
    });
  });
  fakeGateways.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close };
}

/** Stops every fake gateway started since the last call. */
export function closeFakeGateways(): Promise<void[]> {
  return Promise.all(
    fakeGateways.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
}

/** Answers `status` with `body` (JSON, or a string sent as it is). */
export function answerJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}
