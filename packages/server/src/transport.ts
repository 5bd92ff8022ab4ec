// Owns one HTTP exchange with the gateway: the Bearer header, form encoding,
// the timeout, retries with exponential backoff, and the mapping of HTTP
// statuses and the throttling code to typed errors. A 200 or 400 is returned
// to the caller, since a 400 may be a readable payment failure.
import { WpwlServerError, type WpwlServerErrorCode } from './errors.js';
import { readGatewayResult } from './response.js';
import { THROTTLED_RESULT_CODE } from './result-codes.js';

/** What the transport needs from the client configuration. */
export interface TransportConfig {
  /** Base URL without a trailing slash, e.g. `https://gateway.example/` → `https://gateway.example`. */
  base: string;
  accessToken: string;
  fetch: typeof globalThis.fetch;
  timeoutMs: number;
  retries: number;
  retryDelayMs: number;
}

/** One request, already validated. `path` is one of the client's own path shapes. */
export interface GatewayRequest {
  method: 'GET' | 'POST';
  path: string;
  /** GET: sent as the query string. POST: sent as the form-encoded body. */
  params: Record<string, string>;
  /** Human name of the operation for error messages, e.g. `prepareCheckout`. */
  operation: string;
}

/** A 2xx or 400 answer: the caller decides what it means. */
export interface GatewayResponse {
  status: number;
  body: unknown;
}

const MAX_BACKOFF_MS = 30_000;
const MAX_REDIRECTS = 3;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

class Retryable extends Error {
  constructor(
    readonly error: WpwlServerError,
    readonly waitHintMs?: number,
  ) {
    super(error.message);
  }
}

/**
 * Sends a request, retrying throttled answers (and, for GET, network faults,
 * timeouts and 5xx) up to `retries` times with exponential backoff.
 * POSTs are never retried after a fault that may have reached the gateway:
 * a capture or refund sent twice would move money twice.
 */
export async function sendToGateway(config: TransportConfig, request: GatewayRequest): Promise<GatewayResponse> {
  const idempotent = request.method === 'GET';
  let attempt = 0;
  for (;;) {
    try {
      return await attemptOnce(config, request, idempotent, attempt + 1);
    } catch (caught) {
      if (!(caught instanceof Retryable)) throw caught;
      if (attempt >= config.retries) {
        caught.error.details.attempts = attempt + 1;
        throw caught.error;
      }
      const backoff = Math.min(config.retryDelayMs * 2 ** attempt, MAX_BACKOFF_MS);
      await sleep(Math.min(Math.max(backoff, caught.waitHintMs ?? 0), MAX_BACKOFF_MS));
      attempt += 1;
    }
  }
}

async function attemptOnce(
  config: TransportConfig,
  request: GatewayRequest,
  idempotent: boolean,
  attemptNumber: number,
): Promise<GatewayResponse> {
  const encoded = new URLSearchParams(request.params).toString();
  let url = `${config.base}${request.path}`;
  if (request.method === 'GET' && encoded) url += `?${encoded}`;
  const what = `${request.operation} (${request.method} ${request.path})`;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, config.timeoutMs);

  let response: Response;
  let bodyText: string;
  try {
    for (let redirects = 0; ; redirects += 1) {
      response = await config.fetch(url, {
        method: request.method,
        headers: {
          Authorization: `Bearer ${config.accessToken}`,
          Accept: 'application/json',
          ...(request.method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' } : {}),
        },
        ...(request.method === 'POST' ? { body: encoded } : {}),
        // Redirects are followed by hand, and only on the gateway's own origin: the access token must not follow a redirect elsewhere.
        redirect: 'manual',
        signal: controller.signal,
      });
      const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
      if (!location) break;
      const target = new URL(location, url);
      if (target.origin !== new URL(config.base).origin || redirects >= MAX_REDIRECTS) {
        await response.body?.cancel();
        throw new WpwlServerError(
          'SERVER_ERROR',
          `${what}: the gateway redirected (HTTP ${response.status}) to another origin or too often; not followed, so the access token stays with the gateway.`,
          { details: { status: response.status } },
        );
      }
      await response.body?.cancel();
      url = target.href;
    }
    bodyText = await response.text();
  } catch (cause) {
    if (cause instanceof WpwlServerError) throw cause;
    const code: WpwlServerErrorCode = timedOut ? 'TIMEOUT' : 'NETWORK';
    const error = new WpwlServerError(
      code,
      timedOut
        ? `${what}: no answer from the gateway within ${config.timeoutMs} ms (attempt ${attemptNumber}).`
        : `${what}: the request did not reach the gateway or got no answer (${describeCause(cause)}).`,
      { cause, details: {} },
    );
    // A POST may have been processed even though the answer was lost; only GETs are retried.
    if (idempotent) throw new Retryable(error);
    throw error;
  } finally {
    clearTimeout(timer);
  }

  const status = response.status;
  let body: unknown;
  try {
    body = bodyText === '' ? undefined : JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  const result = readGatewayResult(body);
  const described = result ? ` ${result.code}${result.description ? ` "${result.description}"` : ''}` : '';
  const details = { status, ...(result ? { result } : {}), ...(body !== undefined ? { raw: body } : {}) };

  if (result?.code === THROTTLED_RESULT_CODE || status === 429) {
    throw new Retryable(
      new WpwlServerError('THROTTLED', `${what}: the gateway throttled the request (HTTP ${status}${described}); try again later.`, {
        details,
      }),
      retryAfterMs(response.headers.get('retry-after')),
    );
  }
  if (status === 401) {
    throw new WpwlServerError(
      'UNAUTHORIZED',
      `${what}: the gateway refused the Authorization header (HTTP 401${described}); it must be "Bearer <access token>".`,
      { details },
    );
  }
  if (status === 403) {
    throw new WpwlServerError(
      'FORBIDDEN',
      `${what}: the gateway refused the access token (HTTP 403${described}); check the token and entity id of this environment.`,
      { details },
    );
  }
  if (status === 404) {
    throw new WpwlServerError('NOT_FOUND', `${what}: not found (HTTP 404${described}).`, { details });
  }
  if ((status >= 200 && status < 300) || status === 400) {
    if (body === undefined) {
      throw new WpwlServerError('INVALID_RESPONSE', `${what}: the gateway answered HTTP ${status} without a JSON body.`, {
        details,
      });
    }
    return { status, body };
  }
  const error = new WpwlServerError('SERVER_ERROR', `${what}: unexpected HTTP ${status} from the gateway${described}.`, {
    details,
  });
  if (idempotent && status >= 500) throw new Retryable(error);
  throw error;
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const inner = (cause as { cause?: unknown }).cause;
  const innerCode = inner instanceof Error ? ((inner as { code?: unknown }).code ?? inner.message) : undefined;
  return innerCode ? `${cause.message}: ${String(innerCode)}` : cause.message;
}
