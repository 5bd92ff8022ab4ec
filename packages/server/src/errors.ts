// Owns the error types of @wpwl/server: one class with a stable machine-readable
// `code`, a subclass for parameter violations, and the type guard. Messages name
// the field and the rule; codes are the API.

/** Every code a server error can carry. Codes are stable API; messages are not. */
export type WpwlServerErrorCode =
  /** Missing or malformed Authorization header (HTTP 401). */
  | 'UNAUTHORIZED'
  /** The access token was refused (HTTP 403). */
  | 'FORBIDDEN'
  /** No such checkout or payment, or a mistyped path (HTTP 404). */
  | 'NOT_FOUND'
  /** The gateway answered `800.120.100` or HTTP 429 (too many requests) and no retry was left, or the next wait would pass the deadline. */
  | 'THROTTLED'
  /** No answer within `timeoutMs`, or before the call's `deadlineMs`. */
  | 'TIMEOUT'
  /** A payment request (POST) was answered with a redirect: it was not sent again, but it may have been processed. Read the payment before trying again. */
  | 'OUTCOME_UNKNOWN'
  /** The gateway's answer was larger than `maxResponseBytes`; it was not read. */
  | 'RESPONSE_TOO_LARGE'
  /** The request never got an HTTP answer (refused connection, DNS, reset …). */
  | 'NETWORK'
  /** Parameters broke the interface's field rules; nothing was sent. */
  | 'VALIDATION_FAILED'
  /** A resourcePath or checkout id of any other shape than the interface's; nothing was sent. */
  | 'INVALID_RESOURCE_PATH'
  /** The package was loaded where `window` or `document` exists. */
  | 'BROWSER_NOT_SUPPORTED'
  /** `createGatewayClient` options are unusable (base URL, token, entity id …). */
  | 'INVALID_CONFIG'
  /** The gateway refused a request that creates something (HTTP 400): checkout, capture, refund, reversal. */
  | 'GATEWAY_REJECTED'
  /** The gateway answered with a status this client does not expect (5xx, 3xx …). */
  | 'SERVER_ERROR'
  /** The body was not JSON, or lacked `result.code` / a required id. */
  | 'INVALID_RESPONSE'
  /** A webhook notification could not be read: `details.reason` says which part failed (see {@link WebhookInvalidReason}). Nothing of its plaintext is attached. */
  | 'WEBHOOK_INVALID';

/**
 * Which part of a webhook notification was refused (`details.reason` of a
 * `WEBHOOK_INVALID` error). Stable values, safe to switch on.
 */
export type WebhookInvalidReason =
  /** The secret key is not 64 hexadecimal characters: your configuration, not the sender's. */
  | 'key'
  /** The body is empty, not hexadecimal, of odd length, or not a string or bytes (already parsed). */
  | 'body'
  /** The body is larger than `maxBytes`; it was not read further. */
  | 'too-large'
  /** `X-Initialization-Vector` is missing, repeated, not hexadecimal, or not 1-128 bytes. */
  | 'iv'
  /** `X-Authentication-Tag` is missing, repeated, not hexadecimal, or not 16 bytes. */
  | 'tag'
  /** AES-256-GCM authentication failed: another key, or a changed body, IV or tag. */
  | 'authentication'
  /** The authenticated plaintext is not UTF-8 JSON. */
  | 'json'
  /** The JSON has no `type` string or no `payload` object, or a payment or registration payload has no `result.code`. */
  | 'shape';

/** One broken rule of one flat parameter, e.g. `{ field: 'customer.email', rule: 'length 6-128' }`. */
export interface ParameterViolation {
  /** The flat parameter name as the gateway knows it, e.g. `cart.items[0].price`. */
  field: string;
  /** The rule that was broken, short and stable enough to switch on. */
  rule: string;
  /** A sentence for people. */
  message: string;
}

/** The gateway's `result` object of a failed call, when there was one. */
export interface GatewayErrorResult {
  code: string;
  description?: string;
}

/** Code-specific facts attached to a server error. */
export interface WpwlServerErrorDetails {
  /** The input field or option the error is about. */
  field?: string;
  /** The rule that was broken, in words. */
  rule?: string;
  /** HTTP status, when the gateway answered. */
  status?: number;
  /** The gateway's result object, when the body had one. */
  result?: GatewayErrorResult;
  /** The parsed response body, when there was one (unknown fields included). */
  raw?: unknown;
  /** How many attempts were made before giving up. */
  attempts?: number;
  /** `THROTTLED`: the gateway's Retry-After, in milliseconds, when it sent one. */
  retryAfterMs?: number;
  /** `WEBHOOK_INVALID`: which part of the notification was refused. */
  reason?: WebhookInvalidReason;
  [key: string]: unknown;
}

/**
 * The error type of @wpwl/server. Switch on `code`, never on `message`.
 *
 * @example
 * try { await client.prepareCheckout(params) }
 * catch (e) { if (isWpwlServerError(e) && e.code === 'THROTTLED') retryLater() }
 */
export class WpwlServerError extends Error {
  override readonly name: string = 'WpwlServerError';
  readonly code: WpwlServerErrorCode;
  readonly details: WpwlServerErrorDetails;

  constructor(code: WpwlServerErrorCode, message: string, options?: { cause?: unknown; details?: WpwlServerErrorDetails }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options?.details ?? {};
  }
}

/**
 * Thrown before any request when parameters break the interface's field rules.
 * `violations` lists every broken rule, not only the first.
 */
export class GatewayValidationError extends WpwlServerError {
  override readonly name: string = 'GatewayValidationError';
  readonly violations: readonly ParameterViolation[];

  constructor(violations: readonly ParameterViolation[], context: string) {
    const listed = violations.map((v) => `  - ${v.field}: ${v.message} (${v.rule})`).join('\n');
    const first = violations[0];
    super(
      'VALIDATION_FAILED',
      `${context}: ${violations.length === 1 ? '1 parameter breaks' : `${violations.length} parameters break`} the gateway's field rules; nothing was sent.\n${listed}`,
      { details: first ? { field: first.field, rule: first.rule } : {} },
    );
    this.violations = violations;
  }
}

/** True for any WpwlServerError (GatewayValidationError included), also one from another copy of the package. */
export function isWpwlServerError(value: unknown): value is WpwlServerError {
  return (
    value instanceof WpwlServerError ||
    (value instanceof Error && (value.name === 'WpwlServerError' || value.name === 'GatewayValidationError') && 'code' in value)
  );
}
