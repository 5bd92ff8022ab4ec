// Owns the chaos run's HTTP calls as shoppers make them: each from a loopback
// address of its own (127.0.0.2 … 127.0.0.50), as shoppers come from many
// addresses and the merchant server limits checkouts and status reads per
// address; a new connection for each request, so a killed server shows as
// the refused or reset connection a browser would meet.
import { request as httpRequest } from 'node:http';

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface HttpOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The local address to send from (a loopback address). */
  localAddress?: string;
  /** Give up after this long (answer included); default 15 s. */
  timeoutMs?: number;
}

/** A failed exchange: `code` is the socket's error code (ECONNREFUSED, ECONNRESET …) or TIMEOUT. */
export class HttpFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** One request; resolves with any HTTP answer, rejects with {@link HttpFailure} when there is none. */
export function http(url: string, options: HttpOptions = {}): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const body = options.body;
    const req = httpRequest(
      target,
      {
        method: options.method ?? 'GET',
        agent: false,
        headers: { ...options.headers, ...(body !== undefined ? { 'Content-Length': String(Buffer.byteLength(body)) } : {}) },
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', (error: NodeJS.ErrnoException) => fail(error.code ?? 'ECONNRESET', error.message));
      },
    );
    const fail = (code: string, message: string) => {
      clearTimeout(timer);
      reject(new HttpFailure(code, `${options.method ?? 'GET'} ${target.pathname}: ${message}`));
    };
    const timer = setTimeout(() => {
      req.destroy();
      fail('TIMEOUT', `no answer within ${options.timeoutMs ?? 15_000} ms`);
    }, options.timeoutMs ?? 15_000);
    req.on('error', (error: NodeJS.ErrnoException) => fail(error.code ?? 'ERROR', error.message));
    req.end(body);
  });
}

/** JSON of an answer, or undefined when it is not JSON. */
export function jsonOf(answer: HttpAnswer): Record<string, any> | undefined {
  try {
    const value: unknown = JSON.parse(answer.text);
    return typeof value === 'object' && value !== null ? (value as Record<string, any>) : undefined;
  } catch {
    return undefined;
  }
}

/** The Retry-After header in ms, if any. */
export function retryAfterMs(answer: HttpAnswer): number | undefined {
  const value = answer.headers['retry-after'];
  const seconds = Number(Array.isArray(value) ? value[0] : value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

/** The shoppers' loopback addresses: 127.0.0.2 … 127.0.0.50. */
export const SHOPPER_ADDRESSES: readonly string[] = Array.from({ length: 49 }, (_, i) => `127.0.0.${i + 2}`);
