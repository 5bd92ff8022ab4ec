// Owns the merchant server's HTTP vocabulary: JSON answers with the headers
// every API answer carries, bounded request bodies, and the mapping of
// failures to statuses: the gateway's errors (never its raw body or the
// token), and the database's (503 with a stable code and Retry-After, so a
// shopper's page and the gateway's webhook retries try again, never a crash).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isWpwlServerError } from '@wpwl/server';
import { isRetryableStoreError } from '@wpwl/server/settlement';

/** The largest JSON request body the API reads. */
const MAX_BODY_BYTES = 16 * 1024;

/** How long a client is asked to wait while the database is away or a cart is taken. */
const RETRY_AFTER_UNAVAILABLE_S = 2;

/** Answers a database failure (down, too slow, a cart held elsewhere) with 503; anything else is thrown on. */
export function sendStoreUnavailable(res: ServerResponse, error: unknown): void {
  if (!isRetryableStoreError(error)) throw error;
  res.setHeader('Retry-After', String(RETRY_AFTER_UNAVAILABLE_S));
  const message =
    error.code === 'CART_BUSY'
      ? 'this cart is being checked out by another request; try again'
      : 'the shop cannot reach its database right now; try again in a moment';
  sendJson(res, 503, { error: { code: error.code, message } });
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(text);
}

export function tooManyReads(res: ServerResponse, waitMs: number): void {
  res.setHeader('Retry-After', String(Math.ceil(waitMs / 1000)));
  sendJson(res, 429, { error: { code: 'TOO_MANY_REQUESTS', message: 'too many status requests; wait and ask again' } });
}

export const TOO_MANY_CHECKOUTS = {
  error: { code: 'TOO_MANY_CHECKOUTS', message: 'too many new checkouts from this address; wait and try again' },
};

export function tooManyCheckouts(res: ServerResponse, waitMs: number): void {
  res.setHeader('Retry-After', String(Math.ceil(waitMs / 1000)));
  sendJson(res, 429, TOO_MANY_CHECKOUTS);
}

export function methodNotAllowed(res: ServerResponse, allowed: string): void {
  res.setHeader('Allow', allowed);
  sendJson(res, 405, { error: { code: 'METHOD_NOT_ALLOWED', message: `use ${allowed}` } });
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(308, { Location: location });
  res.end();
}

/** HTTP status per gateway error code: bad input is the caller's; everything else is an upstream failure. */
const STATUS_BY_CODE: Record<string, number> = {
  INVALID_RESOURCE_PATH: 400,
  VALIDATION_FAILED: 400,
  NOT_FOUND: 404,
  THROTTLED: 503,
  TIMEOUT: 504,
};

/** Answers with a gateway error's code and message: never the token, never the raw upstream body. */
export function sendGatewayError(res: ServerResponse, error: unknown): void {
  if (!isWpwlServerError(error)) throw error;
  const status = STATUS_BY_CODE[error.code] ?? 502;
  if (status >= 500) console.error(`merchant-server: gateway error ${error.code}: ${error.message}`);
  const retryAfterMs = error.details.retryAfterMs;
  if (error.code === 'THROTTLED')
    res.setHeader('Retry-After', String(Math.max(1, Math.ceil((typeof retryAfterMs === 'number' ? retryAfterMs : 5000) / 1000))));
  sendJson(res, status, { error: { code: error.code, message: error.message } });
}

/**
 * After a body passes its limit, at most this much more of it is read and
 * dropped, for at most DRAIN_MS, while the refusal is answered; then the
 * connection is cut. Closing on unread bytes resets the connection, and the
 * reset can reach the client before the answer (fetch fails with EPIPE).
 */
const DRAIN_BYTES = 16 * 1024 * 1024;
const DRAIN_MS = 5_000;

/**
 * The whole body, or undefined once it passes `limit` bytes. The rest of an
 * over-limit body is drained within DRAIN_BYTES and DRAIN_MS, not left unread.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let cutOff: NodeJS.Timeout | undefined;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      if (!cutOff) {
        cutOff = setTimeout(() => req.socket.destroy(), DRAIN_MS).unref();
        resolve(undefined);
      }
      if (size > limit + DRAIN_BYTES) req.socket.destroy();
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
    req.on('close', () => {
      clearTimeout(cutOff);
      reject(new Error('request aborted'));
    });
  });
}

export async function readJson(req: IncomingMessage): Promise<{ ok: true; value: unknown } | { ok: false; message: string }> {
  const body = await readBody(req, MAX_BODY_BYTES);
  if (!body) return { ok: false, message: `body larger than ${MAX_BODY_BYTES} bytes` };
  let refusedKey: string | undefined;
  let value: unknown;
  try {
    // JSON.parse keeps "__proto__" as a plain key, but code that later copies or
    // merges the object could reach a prototype through it: refuse such keys.
    value = JSON.parse(body.toString('utf8'), (key, entry: unknown) => {
      if (key === '__proto__' || key === 'constructor' || key === 'prototype') refusedKey ??= key;
      return entry;
    });
  } catch {
    return { ok: false, message: 'body is not valid JSON' };
  }
  if (refusedKey) return { ok: false, message: `body must not have a field named "${refusedKey}"` };
  return { ok: true, value };
}
