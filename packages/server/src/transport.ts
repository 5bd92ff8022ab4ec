// Owns one HTTP exchange with the gateway: the Bearer header, form encoding,
// the per-attempt timeout and the caller's overall deadline, retries with
// exponential backoff, redirects (GET only), the answer size limit, and the
// mapping of HTTP statuses and the throttling code to typed errors. A 200 or
// 400 is returned to the caller, since a 400 may be a readable payment failure.
import { WpwlServerError, type WpwlServerErrorCode } from './errors.js';
import { readGatewayResult } from './response.js';
import { THROTTLED_RESULT_CODE } from './result-codes.js';
import { readBodyWithin } from './limited-body.js';

/** What the transport needs from the client configuration. */
export interface TransportConfig {
  /** Base URL without a trailing slash, e.g. `https://gateway.example/` → `https://gateway.example`. */
  base: string;
  accessToken: string;
  fetch: typeof globalThis.fetch;
  timeoutMs: number;
  retries: number;
  retryDelayMs: number;
  /** Longest total wait of one call, retries and Retry-After waits included; undefined: no overall bound. */
  deadlineMs?: number;
  /** Largest answer body read, in bytes. */
  maxResponseBytes: number;
}

/** Per-call limits. */
export interface CallLimits {
  /** Longest total wait of this call, retries included; overrides the client's `deadlineMs`. */
  deadlineMs?: number;
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
 * timeouts and 5xx) up to `retries` times with exponential backoff, never
 * past the call's deadline.
 * POSTs are never sent again after a fault that may have reached the gateway
 * (a capture or refund sent twice would move money twice): only the
 * interface's throttling answer, `800.120.100`, says a POST was refused
 * before it was processed, and only that one is retried.
 */
export async function sendToGateway(config: TransportConfig, request: GatewayRequest, limits: CallLimits = {}): Promise<GatewayResponse> {
  const idempotent = request.method === 'GET';
  const deadlineMs = limits.deadlineMs ?? config.deadlineMs;
  const deadlineAt = deadlineMs === undefined ? Infinity : Date.now() + deadlineMs;
  let attempt = 0;
  for (;;) {
    try {
      return await attemptOnce(config, request, idempotent, attempt + 1, deadlineAt);
    } catch (caught) {
      if (!(caught instanceof Retryable)) throw caught;
      caught.error.details.attempts = attempt + 1;
      if (attempt >= config.retries) throw caught.error;
      const backoff = Math.min(config.retryDelayMs * 2 ** attempt, MAX_BACKOFF_MS);
      const wait = Math.min(Math.max(backoff, caught.waitHintMs ?? 0), MAX_BACKOFF_MS);
      // Waiting would outlast the caller's deadline: give the caller the answer now.
      if (Date.now() + wait >= deadlineAt) throw caught.error;
      await sleep(wait);
      attempt += 1;
    }
  }
}

async function attemptOnce(
  config: TransportConfig,
  request: GatewayRequest,
  idempotent: boolean,
  attemptNumber: number,
  deadlineAt: number,
): Promise<GatewayResponse> {
  const encoded = new URLSearchParams(request.params).toString();
  let url = `${config.base}${request.path}`;
  if (request.method === 'GET' && encoded) url += `?${encoded}`;
  const what = `${request.operation} (${request.method} ${request.path})`;

  const controller = new AbortController();
  let timedOut = false;
  const limitMs = Math.max(0, Math.min(config.timeoutMs, deadlineAt - Date.now()));
  const byDeadline = limitMs < config.timeoutMs;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, limitMs);

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
      const redirected = response.status >= 300 && response.status < 400;
      if (redirected && !idempotent) {
        // Following would send the payment request again (fetch repeats a
        // POST on 307/308), and the gateway may already have processed it.
        await response.body?.cancel();
        throw new WpwlServerError(
          'OUTCOME_UNKNOWN',
          `${what}: the gateway answered with a redirect (HTTP ${response.status}); the request was not sent again, but it may have been processed. Read the payment (getPaymentStatus, or the payment id) before trying again.`,
          { details: { status: response.status } },
        );
      }
      const location = redirected ? response.headers.get('location') : null;
      if (!location) break;
      const target = new URL(location, url);
      if (target.origin !== new URL(config.base).origin || redirects >= MAX_REDIRECTS) {
        await response.body?.cancel();
        throw new WpwlServerError(
          'SERVER_ERROR',
          `${what}: the gateway redirected (HTTP ${response.status}) to another origin or more than ${MAX_REDIRECTS} times; not followed, so the access token stays with the gateway.`,
          { details: { status: response.status } },
        );
      }
      await response.body?.cancel();
      url = target.href;
    }
    bodyText = await readLimited(response, config.maxResponseBytes, what);
  } catch (cause) {
    if (cause instanceof WpwlServerError) throw cause;
    const code: WpwlServerErrorCode = timedOut ? 'TIMEOUT' : 'NETWORK';
    const error = new WpwlServerError(
      code,
      timedOut
        ? byDeadline
          ? `${what}: no answer from the gateway before the call's deadline (attempt ${attemptNumber}).`
          : `${what}: no answer from the gateway within ${config.timeoutMs} ms (attempt ${attemptNumber}).`
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
    const retryAfter = retryAfterMs(response.headers.get('retry-after'));
    const error = new WpwlServerError(
      'THROTTLED',
      `${what}: the gateway throttled the request (HTTP ${status}${described}); try again later.`,
      {
        details: { ...details, ...(retryAfter !== undefined ? { retryAfterMs: retryAfter } : {}) },
      },
    );
    // Only the interface's throttling answer says a POST was refused unprocessed;
    // a bare 429 (a proxy's, say) promises nothing, so a POST is not sent again.
    if (idempotent || result?.code === THROTTLED_RESULT_CODE) throw new Retryable(error, retryAfter);
    throw error;
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

/** Reads the body as text, refusing (and cancelling) it once it is larger than `maxBytes`. */
async function readLimited(response: Response, maxBytes: number, what: string): Promise<string> {
  const tooLarge = () =>
    new WpwlServerError(
      'RESPONSE_TOO_LARGE',
      `${what}: the gateway's answer is larger than maxResponseBytes (${maxBytes} bytes); not read.`,
      {
        details: { status: response.status, maxResponseBytes: maxBytes },
      },
    );
  return (await readBodyWithin(response, maxBytes, tooLarge)).toString('utf8');
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const inner = (cause as { cause?: unknown }).cause;
  const innerCode = inner instanceof Error ? ((inner as { code?: unknown }).code ?? inner.message) : undefined;
  return innerCode ? `${cause.message}: ${String(innerCode)}` : cause.message;
}
