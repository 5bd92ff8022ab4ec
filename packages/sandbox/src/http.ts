// Owns the HTTP plumbing: reading a form-encoded body with a size limit,
// parsing parameters, and writing JSON, HTML and redirect replies with the
// sandbox's caching and CORS headers.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Reply } from './gateway/replies.js';

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
 * After a refusal written while the body is still arriving, at most this many
 * more bytes of it are read and thrown away before the connection is closed.
 * Closing a connection with unread bytes resets it, and the reset can reach
 * the client before it has read the answer (Node's fetch then fails with
 * EPIPE instead of showing the 413), so the rest is drained first, as nginx's
 * lingering close does. 16 MiB past the 4 MiB limit lets any upload a
 * mistaken client plausibly sends (a file instead of a form) finish in a
 * fraction of a second on a local connection; a client sending more is cut
 * off.
 */
export const LINGER_BYTES = 16 * 1024 * 1024;

/**
 * The longest a refused body is drained (see {@link LINGER_BYTES}): long
 * enough for a slow client to finish its upload and read the answer, short
 * enough that one that never stops, or stops without closing, holds a
 * connection for seconds only.
 */
export const LINGER_MS = 5_000;

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
 * parameters, is refused as soon as it is known, before the rest is read;
 * answer such a refusal with {@link sendRefusal}.
 */
export async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const body = await readBody(req);
  if (body.length === 0) return Object.create(null) as Record<string, string>;
  if (type !== '' && type !== 'application/x-www-form-urlencoded') {
    throw new BodyError(400, `request body must be application/x-www-form-urlencoded, not ${type}`);
  }
  return parseParams(body.toString('utf8'));
}

/**
 * The whole body, refused as soon as it passes a limit. A refused body is
 * left paused, not destroyed: destroying the request would close the
 * connection before the refusal could be written.
 */
function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (req.readableEnded) return resolve(Buffer.alloc(0));
    const chunks: Buffer[] = [];
    let size = 0;
    let separators = 0;
    const settle = (error?: Error) => {
      req.off('data', onData).off('end', onEnd).off('error', settle).off('close', onClose);
      if (!error) return resolve(Buffer.concat(chunks, size));
      req.pause();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) return settle(tooLarge());
      for (let at = chunk.indexOf(AMPERSAND); at !== -1; at = chunk.indexOf(AMPERSAND, at + 1)) separators++;
      if (separators >= MAX_PARAMETERS) return settle(tooMany());
      chunks.push(chunk);
    };
    const onEnd = () => settle();
    const onClose = () => settle(new Error('the client closed the connection before the request body ended'));
    req.on('data', onData).on('end', onEnd).on('error', settle).on('close', onClose);
  });
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
  const { status, headers, body } = answer(reply, cors, extraHeaders);
  res.writeHead(status, headers);
  res.end(body);
}

/**
 * Writes `reply` to a request whose body may still be arriving, such as one
 * {@link readForm} refused. If the body is complete this is {@link send}.
 * Otherwise the answer is written at once with `Connection: close`, and the
 * connection is closed only once the rest of the body has been read and
 * thrown away, so the client can read the answer instead of a reset; a body
 * going on past {@link LINGER_BYTES} or {@link LINGER_MS} is cut off.
 */
export function sendRefusal(req: IncomingMessage, res: ServerResponse, reply: Reply, cors: boolean): void {
  if (req.complete) return send(res, reply, cors);
  const socket = req.socket;
  if (socket.destroyed) return void res.destroy();
  const { status, headers, body } = answer(reply, cors, { Connection: 'close' });
  res.writeHead(status, headers);
  if (body !== undefined) res.write(body);
  let drained = 0;
  const stop = () => {
    clearTimeout(timer);
    req.off('data', onData).off('end', onEnd);
    socket.off('close', stop);
  };
  const cutOff = () => {
    stop();
    socket.destroy();
  };
  const onData = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > LINGER_BYTES) cutOff();
  };
  // All of the body is read: ending the answer now closes the connection cleanly.
  const onEnd = () => {
    stop();
    res.end();
  };
  const timer = setTimeout(cutOff, LINGER_MS);
  timer.unref();
  req.on('data', onData).on('end', onEnd);
  socket.on('close', stop);
  req.resume();
}

/** The status, headers and body that answer `reply`. */
function answer(
  reply: Reply,
  cors: boolean,
  extraHeaders: Record<string, string>,
): { status: number; headers: Record<string, string | number>; body?: string } {
  const headers: Record<string, string | number> = { 'Cache-Control': 'no-store', ...(cors ? CORS_HEADERS : {}), ...extraHeaders };
  if (reply.kind === 'redirect') return { status: 303, headers: { ...headers, Location: reply.location } };
  const body = reply.kind === 'json' ? JSON.stringify(reply.body) : reply.html;
  return {
    status: reply.status,
    headers: {
      ...headers,
      'Content-Type': reply.kind === 'json' ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
    },
    body,
  };
}
