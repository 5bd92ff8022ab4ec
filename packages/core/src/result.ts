// Owns reading the shopper result URL: the `id` and `resourcePath` the gateway
// appends when it sends the shopper back. The merchant backend will GET
// `baseUrl + resourcePath` with its access token, so the path is held to the one
// shape the interface gives it before it leaves the browser (no SSRF, no traversal).

import { WpwlError } from './errors.js';
import { checkCheckoutId } from './validate.js';

const RESOURCE_PATH = /^\/v1\/checkouts\/([A-Za-z\d.-]{32,48})\/(?:payment|registration)$/;
const RESOURCE_PATH_RULE = '/v1/checkouts/{id}/payment or /v1/checkouts/{id}/registration';

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

function resultUrlError(field: string, message: string, cause?: unknown): WpwlError {
  return new WpwlError('INVALID_RESULT_URL', message, { cause, details: { field } });
}

/** Says what is wrong with a resource path without echoing it. */
function describePath(path: string): string {
  if (/^[a-z][a-z\d+.-]*:|^\/\//i.test(path)) return 'an absolute URL';
  if (path.includes('%')) return 'percent-encoded characters';
  if (/[?#]/.test(path)) return 'a query or fragment';
  if (/(^|\/)\.\.?(\/|$)/.test(path)) return 'a dot segment';
  return /^\/v1\/checkouts\/[^/]+\/(payment|registration)$/.test(path)
    ? 'an invalid checkout id'
    : `another path (${path.length} characters)`;
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
  let params: URLSearchParams;
  if (url instanceof URL) {
    params = url.searchParams;
  } else if (typeof url === 'string') {
    try {
      // The base only lets a path-and-query string parse; its host is never used.
      params = new URL(url, 'https://result.invalid').searchParams;
    } catch (error) {
      throw resultUrlError('url', 'url must be an absolute URL or a path with query (got a malformed URL)', error);
    }
  } else {
    throw resultUrlError('url', `url must be a string or a URL (got ${url === null ? 'null' : typeof url})`);
  }

  for (const name of ['id', 'resourcePath']) {
    if (params.getAll(name).length > 1) {
      throw resultUrlError(name, `${name} must appear once in the shopper result URL (got it ${params.getAll(name).length} times)`);
    }
  }
  const resourcePath = params.get('resourcePath');
  if (resourcePath === null || resourcePath === '') {
    throw resultUrlError('resourcePath', 'resourcePath is missing from the shopper result URL');
  }
  const id = params.get('id');
  if (id !== null) {
    const idError = checkCheckoutId(id);
    if (idError) {
      throw resultUrlError('id', idError.message.replace(/^checkoutId/, 'id'), idError);
    }
  }

  const match = RESOURCE_PATH.exec(resourcePath);
  if (!match) {
    throw new WpwlError(
      'INVALID_RESOURCE_PATH',
      `resourcePath must be ${RESOURCE_PATH_RULE} (got ${describePath(resourcePath)})`,
      { details: { field: 'resourcePath', rule: RESOURCE_PATH_RULE } },
    );
  }
  const pathId = match[1]!;
  if (id !== null && id !== pathId) {
    throw new WpwlError(
      'INVALID_RESOURCE_PATH',
      'resourcePath must name the checkout given in id (got another checkout id)',
      { details: { field: 'resourcePath', rule: 'the checkout id in resourcePath equals id' } },
    );
  }
  return { id: pathId, resourcePath };
}
