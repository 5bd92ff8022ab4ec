// Owns the HTTP plumbing: reading a form-encoded body with a size limit,
// parsing parameters, and writing JSON, HTML and redirect replies with the
// sandbox's caching and CORS headers.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Reply } from './gateway.js';

/**
 * Most parameters one request may carry. The largest legal request is a
 * checkout with 1000 cart items (the interface's limit) of 45 item fields
 * each, 45 000 parameters; the rest of the field tables adds a few hundred.
 */
export const MAX_PARAMETERS = 50_000;

/**
 * Largest request body accepted: 50 000 parameters average 80 bytes each in a
 * fully described 1000-item cart. Anything larger is refused before it is
 * buffered, so one client cannot hold the others up while it is parsed.
 */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * Name segments that would reach an object's prototype when a flat name such
 * as `cart.__proto__.x` is turned into nested JSON. No field of the interface
 * has them, so a request naming one is refused.
 */
const PROTOTYPE_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor']);

/** Thrown when a body is too large, not form-encoded, or names a parameter the sandbox refuses. */
export class BodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const AMPERSAND = 0x26;

/**
 * Reads and parses a form-encoded request body. A declared or actual size
 * over {@link MAX_BODY_BYTES}, or more than {@link MAX_PARAMETERS}
 * parameters, is refused as soon as it is known, before the rest is read.
 */
export async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  let separators = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw tooLarge();
    for (let at = chunk.indexOf(AMPERSAND); at !== -1; at = chunk.indexOf(AMPERSAND, at + 1)) separators++;
    if (separators >= MAX_PARAMETERS) throw tooMany();
    chunks.push(chunk);
  }
  if (size === 0) return Object.create(null) as Record<string, string>;
  if (type !== '' && type !== 'application/x-www-form-urlencoded') {
    throw new BodyError(400, `request body must be application/x-www-form-urlencoded, not ${type}`);
  }
  return parseParams(Buffer.concat(chunks).toString('utf8'));
}

const tooLarge = () => new BodyError(413, `request body larger than the limit of ${MAX_BODY_BYTES} bytes`);
const tooMany = () => new BodyError(400, `request has more than the limit of ${MAX_PARAMETERS} parameters`);

/**
 * Parses `a=1&b=2` into a record without a prototype (a name such as
 * `toString` is just a name); a repeated name keeps its last value. Refuses a
 * name with a `__proto__`, `prototype` or `constructor` segment, and more than
 * {@link MAX_PARAMETERS} parameters.
 */
export function parseParams(query: string): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  let count = 0;
  for (const [name, value] of new URLSearchParams(query)) {
    if (++count > MAX_PARAMETERS) throw tooMany();
    const segment = prototypeSegment(name);
    if (segment) throw new BodyError(400, `parameter ${name}: the name segment "${segment}" is not allowed`);
    out[name] = value;
  }
  return out;
}

/** The segment of a flat parameter name (`a.b[c]`) that would reach a prototype, if any. */
export function prototypeSegment(name: string): string | undefined {
  return name.split(/[.[\]]/).find((segment) => PROTOTYPE_SEGMENTS.has(segment));
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
