// Owns one HTTP request as a browser (or an attacker) would send it: any
// header (Host and the forwarding headers fetch will not set), a chosen local
// address, no redirect followed, no connection kept; the answer read whole.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/** What came back. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Options of {@link rawRequest}. */
export interface RawRequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The address the request leaves from (another loopback address is another client). */
  localAddress?: string;
}

/** Sends one request to `url` and reads its answer. */
export function rawRequest(url: string | URL, options: RawRequestOptions = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers ?? {}, agent: false, localAddress: options.localAddress },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}
