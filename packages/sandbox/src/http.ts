// Owns the HTTP plumbing: reading a form-encoded body with a size limit,
// parsing parameters, and writing JSON, HTML and redirect replies with the
// sandbox's caching and CORS headers.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Reply } from './gateway.js';

/** Largest request body accepted: room for 1000 fully described cart items. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** Thrown when a body is too large or not form-encoded. */
export class BodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Reads and parses a form-encoded request body. */
export async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BodyError(413, `request body larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  if (size === 0) return {};
  if (type !== '' && type !== 'application/x-www-form-urlencoded') {
    throw new BodyError(400, `request body must be application/x-www-form-urlencoded, not ${type}`);
  }
  return parseParams(Buffer.concat(chunks).toString('utf8'));
}

/** Parses `a=1&b=2` into a record; a repeated name keeps its last value. */
export function parseParams(query: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(query)) out[name] = value;
  return out;
}

/** Headers that let the shopper's browser call the widget-facing endpoints from any origin. */
export const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Max-Age': '600',
} as const;

/** Writes `reply`, adding CORS headers when `cors` is set. */
export function send(res: ServerResponse, reply: Reply, cors: boolean, extraHeaders: Record<string, string> = {}): void {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store', ...(cors ? CORS_HEADERS : {}), ...extraHeaders };
  if (reply.kind === 'redirect') {
    res.writeHead(303, { ...headers, Location: reply.location });
    res.end();
    return;
  }
  const body = reply.kind === 'json' ? JSON.stringify(reply.body) : reply.html;
  res.writeHead(reply.status, {
    ...headers,
    'Content-Type': reply.kind === 'json' ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}
