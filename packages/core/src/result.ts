// Owns reading the shopper result URL: the `id` and `resourcePath` the gateway
// appends when it sends the shopper back. The merchant backend will GET
// `baseUrl + resourcePath` with its access token, so the path is held to the one
// shape the interface gives it before it leaves the browser (no SSRF, no traversal).

import { chars, invalid, kind } from './invalid.js';

const RESOURCE_PATH = /^\/v1\/checkouts\/([A-Za-z\d.-]{32,48})\/(payment|registration)$/;

/** What the shopper result URL carries, checked. */
export interface ShopperResult {
  /** The checkout id. */
  id: string;
  /** `/v1/checkouts/{id}/payment` or `/v1/checkouts/{id}/registration`, for the backend's status read. */
  resourcePath: string;
}

/**
 * True when `path` is exactly `/v1/checkouts/{id}/payment` or
 * `/v1/checkouts/{id}/registration` with a valid checkout id: no host, query,
 * fragment, percent-encoding or dot segments.
 */
export function isCheckoutResourcePath(path: unknown): path is string {
  return typeof path === 'string' && RESOURCE_PATH.test(path);
}

/**
 * Reads `id` and `resourcePath` from the URL the shopper comes back to
 * (`shopperResultUrl?id=…&resourcePath=…`). Accepts an absolute URL, a `URL`,
 * or a path with query such as a server's request URL (`/result?id=…`).
 *
 * `id` is optional; when present it must be a valid checkout id equal to the
 * one in `resourcePath`.
 *
 * @throws WpwlError `INVALID_RESULT_URL` when the URL cannot be read, a
 *   parameter is missing or repeated, or `id` is malformed;
 *   `INVALID_RESOURCE_PATH` when `resourcePath` has any other shape than
 *   `/v1/checkouts/{id}/payment` or `/v1/checkouts/{id}/registration`, or names
 *   another checkout than `id`
 */
export function readShopperResult(url: string | URL): ShopperResult {
  const fail = (field: string, rule: string, got: unknown, code: 'INVALID_RESOURCE_PATH' | 'INVALID_RESULT_URL' = 'INVALID_RESULT_URL') => {
    throw invalid(code, field, rule, got);
  };
  if (typeof url !== 'string' && !(url instanceof URL)) fail('url', 'a string or URL', kind(url));
  let params!: URLSearchParams;
  try {
    // The base only lets a path-and-query string parse; its host is never used.
    params = new URL(url, 'https://result.invalid').searchParams;
  } catch {
    fail('url', 'a URL or a path with query', 'a malformed URL');
  }
  /** The one value of a parameter (absent: undefined), refusing a repeated one. */
  const once = (name: string) => {
    const values = params.getAll(name);
    if (values.length > 1) fail(name, 'given once', values.length + ' times');
    return values[0];
  };
  const id = once('id');
  const path = once('resourcePath') || fail('resourcePath', 'given', 'none');
  // The checkout id rule, as validateCheckoutId states it.
  if (id !== undefined && !/^[A-Za-z\d.-]{32,48}$/.test(id)) fail('id', '32-48 of [A-Za-z0-9.-]', chars(id, /[^A-Za-z\d.-]/));
  const pathId = RESOURCE_PATH.exec(path)?.[1];
  if (!pathId) {
    // Says what is wrong with the path without echoing it.
    fail(
      'resourcePath',
      '/v1/checkouts/{id}/payment or /v1/checkouts/{id}/registration',
      /^[a-z][a-z\d+.-]*:|^\/\//i.test(path)
        ? 'an absolute URL'
        : path.includes('%')
          ? 'percent-encoded characters'
          : /[?#]/.test(path)
            ? 'a query or fragment'
            : /(^|\/)\.\.?(\/|$)/.test(path)
              ? 'a dot segment'
              : /^\/v1\/checkouts\/[^/]+\/(payment|registration)$/.test(path)
                ? 'an invalid checkout id'
                : `another path of ${path.length} characters`,
      'INVALID_RESOURCE_PATH',
    );
  }
  if (id !== undefined && id !== pathId) fail('resourcePath', 'for the checkout in id', 'another checkout id', 'INVALID_RESOURCE_PATH');
  return { id: pathId!, resourcePath: path };
}
