// Owns receiving a report request, whatever server it came to: the
// Content-Type checked before anything is read, the body read up to a limit
// (a declared Content-Length over it is refused unread, a stream is dropped
// as soon as it passes it), the reports parsed, and the answer to give the
// browser as a status. Bad input is an answer, never a throw.
import { parseCspReports, reportMediaType } from './parse.js';
import { CSP_REPORT_LIMITS, CspReportError, isCspReportError, type CspViolationReport } from './report.js';

/** Request headers: node:http's `req.headers` (or any plain object), or a Web `Headers`. */
export type CspReportHeaders = Record<string, string | string[] | undefined> | Headers;

/** A request body: bytes, a Web stream, or any async iterable of chunks (node:http's `IncomingMessage`). */
export type CspReportBody = string | Uint8Array | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string> | null | undefined;

export interface ReceiveCspReportsOptions {
  /** The largest body read, in bytes. Default 64 KiB ({@link CSP_REPORT_LIMITS}.bodyBytes). */
  maxBytes?: number;
  /**
   * The origins of your own pages, e.g. `['https://shop.example']`. Anybody
   * can post to a report endpoint: with this list, reports about any other
   * page are refused (`CSP_REPORT_INVALID`, field `documentUrl`).
   */
  documentOrigins?: readonly string[];
}

/** The outcome of one report request, with the status to answer. */
export type CspReportReceipt =
  /** Read: answer 204. `reports` may be empty (a batch of other report types only). */
  | { ok: true; status: 204; reports: CspViolationReport[]; skipped: number }
  /** Refused: answer `status` (415 content type, 413 too large, 400 otherwise); nothing was kept. */
  | { ok: false; status: 400 | 413 | 415; error: CspReportError };

function header(headers: CspReportHeaders, name: string): string | undefined {
  if (typeof Headers !== 'undefined' && headers instanceof Headers) return headers.get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    return Array.isArray(value) ? value.join(', ') : value;
  }
  return undefined;
}

const STATUS = { CSP_REPORT_CONTENT_TYPE: 415, CSP_REPORT_TOO_LARGE: 413, CSP_REPORT_JSON: 400, CSP_REPORT_INVALID: 400 } as const;

function tooLarge(maxBytes: number): CspReportError {
  return new CspReportError('CSP_REPORT_TOO_LARGE', `the report body is larger than ${maxBytes} bytes`, {
    field: 'body',
    rule: `at most ${maxBytes} bytes`,
  });
}

async function readWithin(body: CspReportBody, maxBytes: number): Promise<Uint8Array> {
  if (body === null || body === undefined) return new Uint8Array(0);
  if (typeof body === 'string' || body instanceof Uint8Array) {
    const whole = typeof body === 'string' ? new TextEncoder().encode(body) : body;
    if (whole.byteLength > maxBytes) throw tooLarge(maxBytes);
    return whole;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const iterable: AsyncIterable<Uint8Array | string> = Symbol.asyncIterator in body ? body : streamChunks(body);
  for await (const piece of iterable) {
    const chunk = typeof piece === 'string' ? new TextEncoder().encode(piece) : piece;
    size += chunk.byteLength;
    // Leaving the loop ends the iteration: a Web stream is cancelled, a node request destroyed.
    if (size > maxBytes) throw tooLarge(maxBytes);
    chunks.push(chunk);
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return all;
}

async function* streamChunks(stream: ReadableStream<Uint8Array>): AsyncIterable<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/**
 * Receives one report request: checks its Content-Type, reads the body
 * within `maxBytes`, parses it ({@link parseCspReports}) and, with
 * `documentOrigins`, refuses reports about other sites' pages. Never throws
 * for what a client sent; a stream that fails while being read rejects.
 *
 * @example
 * // node:http
 * const receipt = await receiveCspReports(req, req.headers, { documentOrigins: ['https://shop.example'] });
 * if (receipt.ok) await keep(receipt.reports);
 * res.writeHead(receipt.status).end();
 */
export async function receiveCspReports(
  body: CspReportBody,
  headers: CspReportHeaders,
  options: ReceiveCspReportsOptions = {},
): Promise<CspReportReceipt> {
  const maxBytes = options.maxBytes ?? CSP_REPORT_LIMITS.bodyBytes;
  try {
    const contentType = header(headers, 'content-type');
    // Checked before reading: a body of another type is not read at all.
    reportMediaType(contentType);
    if (Number(header(headers, 'content-length') ?? 0) > maxBytes) throw tooLarge(maxBytes);
    const parsed = parseCspReports(await readWithin(body, maxBytes), contentType);
    if (options.documentOrigins) {
      const allowed = new Set(options.documentOrigins.map((origin) => origin.toLowerCase().replace(/\/$/, '')));
      for (const report of parsed.reports) {
        if (allowed.has(new URL(report.documentUrl).origin)) continue;
        const rule = `a page of ${[...allowed].join(', ')}`;
        throw new CspReportError('CSP_REPORT_INVALID', `documentUrl must be ${rule}; got ${report.documentUrl}`, {
          field: 'documentUrl',
          rule,
        });
      }
    }
    return { ok: true, status: 204, ...parsed };
  } catch (error) {
    if (!isCspReportError(error)) throw error;
    return { ok: false, status: STATUS[error.code], error };
  }
}

/**
 * Receives the reports of a Web `Request` (Next.js route handlers, h3's
 * `toWebRequest`, Node's global `Request`): {@link receiveCspReports} with its body and headers.
 *
 * @example
 * export async function POST(request: Request) {
 *   const receipt = await readCspReports(request, { documentOrigins: [process.env.SHOP_ORIGIN!] });
 *   if (receipt.ok) await keep(receipt.reports);
 *   return new Response(null, { status: receipt.status });
 * }
 */
export function readCspReports(request: Request, options: ReceiveCspReportsOptions = {}): Promise<CspReportReceipt> {
  return receiveCspReports(request.body, request.headers, options);
}
