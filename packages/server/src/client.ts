// Owns the gateway client: configuration checks, and the operations a
// merchant backend performs (prepare checkout, read a status, capture,
// refund, reverse, read the widget's hash for a fast-checkout page), each
// validated completely before anything is sent.
import { ENTITY_ID_PATTERN, PAYMENT_ID_PATTERN } from '@wpwl/gateway-spec';
import { assertServerEnvironment } from './environment.js';
import { GatewayValidationError, WpwlServerError, type ParameterViolation } from './errors.js';
import type { AmountReferenceParams, CheckoutParams, ReferenceParams } from './params.js';
import { isCheckoutId, parseStatusResource } from './resource-path.js';
import { readCheckoutResult, readIntegrityResult, readPaymentResult, type CheckoutResult, type PaymentResult } from './response.js';
import { checkFieldRules, type RuleSet } from './rules.js';
import { serializeParams } from './serialize.js';
import { sendToGateway, type CallLimits, type TransportConfig } from './transport.js';

/** Options of {@link createGatewayClient}. */
export interface GatewayClientOptions {
  /**
   * The gateway's base URL (test and live differ), e.g. `https://test.gateway.example/`.
   * Must be https; plain http only on a loopback host (a local sandbox).
   */
  baseUrl: string;
  /** The Bearer access token from the merchant backoffice. Keep it on the server. */
  accessToken: string;
  /** The entity id (32 lowercase hex characters) that authorizes the requests. */
  entityId: string;
  /** A fetch implementation; defaults to the global one (Node 20+). */
  fetch?: typeof globalThis.fetch;
  /** Per-attempt time limit in milliseconds. Default 30000. */
  timeoutMs?: number;
  /**
   * How often a throttled request (`800.120.100`) is retried, with exponential
   * backoff; GETs are also retried after a network fault, timeout or 5xx. Default 2.
   */
  retries?: number;
  /** First backoff delay in milliseconds, doubled per retry (capped at 30 s). Default 500. */
  retryDelayMs?: number;
  /**
   * Longest total time one call may take, every retry and Retry-After wait
   * included, in milliseconds. A wait that would pass it ends the call at once
   * with the last error (`THROTTLED` carries `retryAfterMs`). Default: no
   * overall bound (each attempt still has `timeoutMs`). Each call can pass its own.
   */
  deadlineMs?: number;
  /** Largest gateway answer read, in bytes; a larger one fails with `RESPONSE_TOO_LARGE`. Default 2 MiB. */
  maxResponseBytes?: number;
  /**
   * Told of each parameter that breaks a rule the interface states but the
   * real gateway is known to accept (an order number "17" as
   * `merchantTransactionId`, a postcode "N1 9GU"): the request is sent anyway.
   * Default: one `console.warn` line per parameter. Pass `() => {}` to silence.
   */
  onWarning?: (warning: ParameterViolation, operation: string) => void;
}

/** Limits of one call. */
export interface CallOptions {
  /** Longest total time of this call in milliseconds, retries included; overrides the client's `deadlineMs`. */
  deadlineMs?: number;
}

/** The operations of a merchant backend against the gateway. */
export interface GatewayClient {
  /** The base URL the client talks to (as given, normalised without a trailing slash). */
  readonly baseUrl: string;
  /** The entity id the client sends. */
  readonly entityId: string;
  /**
   * Prepares a checkout (`POST /v1/checkouts`). The parameters are serialized to
   * the interface's flat names and validated against its field tables first.
   *
   * @throws GatewayValidationError (`VALIDATION_FAILED`) listing every broken rule; nothing is sent
   * @throws WpwlServerError `GATEWAY_REJECTED` when the gateway answers 400, and the transport codes
   */
  prepareCheckout(params: CheckoutParams, options?: CallOptions): Promise<CheckoutResult>;
  /**
   * Updates an open checkout (`POST /v1/checkouts/{id}`), e.g. a new amount
   * after the shopper changed the cart: the parameters given replace the
   * checkout's, the others stay. The gateway answers `000.200.101`. Validated
   * like `prepareCheckout`, except that amount, currency and payment type may
   * be left out.
   *
   * @throws GatewayValidationError (`VALIDATION_FAILED`) for a malformed checkout id or a broken rule; nothing is sent
   * @throws WpwlServerError `GATEWAY_REJECTED` when the gateway answers 400 (the checkout has a payment already, say)
   */
  updateCheckout(checkoutId: string, params: Partial<CheckoutParams>, options?: CallOptions): Promise<CheckoutResult>;
  /**
   * Reads the payment (or registration) of a checkout. Accepts only
   * `/v1/checkouts/{id}/payment`, `/v1/checkouts/{id}/registration` or a bare
   * checkout id. A declined payment is a result (HTTP 400), not an error: check
   * `classification` or use {@link verifyPayment}.
   *
   * @throws WpwlServerError `INVALID_RESOURCE_PATH` before any request for any other input
   */
  getPaymentStatus(resourcePathOrCheckoutId: string, options?: CallOptions): Promise<PaymentResult>;
  /** Captures a preauthorization (PA) in full or in part: `POST /v1/payments/{id}` with `paymentType=CP`. */
  capture(paymentId: string, params: AmountReferenceParams, options?: CallOptions): Promise<PaymentResult>;
  /** Refunds a debit or capture: `POST /v1/payments/{id}` with `paymentType=RF`. */
  refund(paymentId: string, params: AmountReferenceParams, options?: CallOptions): Promise<PaymentResult>;
  /** Reverses a PA, DB or CD (before the connector's cut-off): `POST /v1/payments/{id}` with `paymentType=RV`. */
  reverse(paymentId: string, params?: ReferenceParams, options?: CallOptions): Promise<PaymentResult>;
  /**
   * The widget script's Subresource Integrity hash (`GET /v1/fastcheckout/integrity`),
   * for the `integrity` attribute (with `crossorigin="anonymous"`) of a page that
   * loads `paymentWidgets.js` without a checkout id (express checkout). The
   * script is the same with a checkout id: the hash is that of `prepareCheckout`
   * with `integrity: true`. It changes when the gateway ships a new script, so
   * read it per page (or cache it briefly), never hard-code it.
   *
   * @returns `sha384-` and 64 base64 characters
   * @throws WpwlServerError `INVALID_RESPONSE` when the answer carries no hash of that form,
   *   `UNAUTHORIZED` / `FORBIDDEN` for a refused token, `GATEWAY_REJECTED` for a 400, and the transport codes
   */
  getFastCheckoutIntegrity(options?: CallOptions): Promise<string>;
}

const TOKEN = /^[\x21-\x7e]+$/;
const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

function configError(field: string, rule: string, message: string): WpwlServerError {
  return new WpwlServerError('INVALID_CONFIG', `createGatewayClient: ${field} ${message}`, { details: { field, rule } });
}

function normaliseBaseUrl(baseUrl: unknown): string {
  let url: URL;
  try {
    url = new URL(String(baseUrl));
  } catch {
    throw configError('baseUrl', 'absolute URL', `must be an absolute URL, got ${JSON.stringify(baseUrl)}.`);
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOST.test(url.hostname));
  if (!secure) {
    throw configError('baseUrl', 'https', `must use https (plain http only on a loopback host), got ${url.protocol}//${url.host}.`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw configError('baseUrl', 'no credentials, query or fragment', 'must not carry credentials, a query or a fragment.');
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function positiveInteger(value: unknown, field: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
    throw configError(field, 'positive integer', `must be a positive integer of milliseconds, got ${String(value)}.`);
  }
  return value;
}

/** The limits of one call, checked like the client options. */
function callLimits(options: CallOptions | undefined): CallLimits {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null) throw configError('options', 'object', 'must be an object such as { deadlineMs }.');
  return { deadlineMs: positiveInteger(options.deadlineMs, 'deadlineMs') };
}

function nonNegativeInteger(value: unknown, field: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw configError(field, 'non-negative integer', `must be a non-negative integer, got ${String(value)}.`);
  }
  return value;
}

/**
 * Creates a client for the gateway. Refuses to run in a browser: the access
 * token must stay on the server.
 *
 * @example
 * const gateway = createGatewayClient({
 *   baseUrl: process.env.WPWL_BASE_URL!, accessToken: process.env.WPWL_ACCESS_TOKEN!, entityId: process.env.WPWL_ENTITY_ID!,
 * });
 * const { id } = await gateway.prepareCheckout({ amount: '92.00', currency: 'EUR', paymentType: 'DB' });
 */
export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  assertServerEnvironment();
  if (typeof options !== 'object' || options === null) {
    throw configError('options', 'object', 'must be an object with baseUrl, accessToken and entityId.');
  }
  const base = normaliseBaseUrl(options.baseUrl);
  if (typeof options.accessToken !== 'string' || !TOKEN.test(options.accessToken)) {
    throw configError('accessToken', 'visible ASCII', 'must be a non-empty string of visible ASCII characters (no spaces or line breaks).');
  }
  if (typeof options.entityId !== 'string' || !ENTITY_ID_PATTERN.test(options.entityId)) {
    throw configError(
      'entityId',
      '32 lowercase hex',
      `must be 32 lowercase hexadecimal characters, got ${JSON.stringify(options.entityId)}.`,
    );
  }
  if (options.onWarning !== undefined && typeof options.onWarning !== 'function') {
    throw configError('onWarning', 'function', 'must be a function (warning, operation) => void when given.');
  }
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') {
    throw configError('fetch', 'function', 'is missing: no global fetch (Node 20+ has one); pass options.fetch.');
  }
  const timeoutMs = nonNegativeInteger(options.timeoutMs, 'timeoutMs', 30_000);
  if (timeoutMs === 0) throw configError('timeoutMs', 'positive', 'must be positive.');
  const transport: TransportConfig = {
    base,
    accessToken: options.accessToken,
    fetch: fetchImpl,
    timeoutMs,
    retries: nonNegativeInteger(options.retries, 'retries', 2),
    retryDelayMs: nonNegativeInteger(options.retryDelayMs, 'retryDelayMs', 500),
    deadlineMs: positiveInteger(options.deadlineMs, 'deadlineMs'),
    maxResponseBytes: positiveInteger(options.maxResponseBytes, 'maxResponseBytes') ?? 2 * 1024 * 1024,
  };
  const entityId = options.entityId;

  /** Serializes and validates; returns the flat body and every broken rule. */
  const buildBody = (nested: object, flatExtra: Record<string, unknown> | undefined, ruleSet: RuleSet) => {
    const { flat, violations } = serializeParams(nested, flatExtra);
    if ('entityId' in flat) {
      violations.push({
        field: 'entityId',
        rule: 'set by the client',
        message: 'comes from createGatewayClient options, not from the parameters',
      });
    }
    flat.entityId = entityId;
    // The serializer already reported these fields precisely; the tables would only repeat them.
    const reported = new Set(violations.map((v) => v.field));
    const tables = checkFieldRules(flat, ruleSet);
    violations.push(...tables.violations.filter((v) => !reported.has(v.field)));
    return { flat, violations, warnings: tables.warnings };
  };
  const onWarning =
    options.onWarning ??
    ((warning: ParameterViolation, operation: string) => console.warn(`@wpwl/server ${operation}: ${warning.message} (${warning.field})`));
  /** Reports the tolerated rule breaks of a request about to be sent; a throwing handler never stops it. */
  const warn = (warnings: readonly ParameterViolation[], operation: string) => {
    for (const warning of warnings) {
      try {
        onWarning(warning, operation);
      } catch {
        // The merchant's logger failing must not cost the shopper the payment.
      }
    }
  };

  const reference = async (
    paymentType: 'CP' | 'RF' | 'RV',
    operation: string,
    paymentId: unknown,
    params: ReferenceParams | undefined,
    options: CallOptions | undefined,
  ): Promise<PaymentResult> => {
    const limits = callLimits(options);
    const own: ParameterViolation[] = [];
    if (typeof paymentId !== 'string' || !PAYMENT_ID_PATTERN.test(paymentId)) {
      own.push({
        field: 'paymentId',
        rule: 'AN32 letters and digits',
        message: `must be a payment id of 32 letters and digits, got ${JSON.stringify(paymentId)}`,
      });
    }
    const { amount, currency } = params ?? {};
    if (paymentType !== 'RV') {
      if (amount === undefined) own.push({ field: 'amount', rule: 'required', message: `is required for ${operation}` });
      if (currency === undefined) own.push({ field: 'currency', rule: 'required', message: `is required for ${operation}` });
    } else if ((amount === undefined) !== (currency === undefined)) {
      own.push({
        field: amount === undefined ? 'amount' : 'currency',
        rule: 'amount with currency',
        message: 'amount and currency go together',
      });
    }
    const { flat, violations, warnings } = buildBody({ ...params, paymentType }, undefined, 'reference');
    const reported = new Set(own.map((v) => v.field));
    const all = [...own, ...violations.filter((v) => !reported.has(v.field))];
    if (all.length > 0) throw new GatewayValidationError(all, operation);
    warn(warnings, operation);
    const response = await sendToGateway(
      transport,
      { method: 'POST', path: `/v1/payments/${paymentId as string}`, params: flat, operation },
      limits,
    );
    const result = readPaymentResult(response.body, response.status);
    if (response.status === 400) throw rejected(operation, result);
    return result;
  };

  /** Prepare or update checkout: validated, then sent; a 400 is GATEWAY_REJECTED. */
  const sendCheckout = async (
    path: string,
    params: Partial<CheckoutParams>,
    ruleSet: 'checkout' | 'checkoutUpdate',
    operation: 'prepareCheckout' | 'updateCheckout',
    options: CallOptions | undefined,
  ): Promise<CheckoutResult> => {
    const limits = callLimits(options);
    if (typeof params !== 'object' || params === null) {
      throw new GatewayValidationError([{ field: 'params', rule: 'object', message: 'must be an object' }], operation);
    }
    const { flatParameters, ...nested } = params;
    const { flat, violations, warnings } = buildBody(nested, flatParameters, ruleSet);
    if (violations.length > 0) throw new GatewayValidationError(violations, operation);
    warn(warnings, operation);
    const response = await sendToGateway(transport, { method: 'POST', path, params: flat, operation }, limits);
    if (response.status === 400) throw rejected(operation, readPaymentResult(response.body, response.status));
    return readCheckoutResult(response.body, response.status, isCheckoutId);
  };

  return {
    baseUrl: base,
    entityId,

    prepareCheckout: (params, options) => sendCheckout('/v1/checkouts', params, 'checkout', 'prepareCheckout', options),

    async updateCheckout(checkoutId, params, options) {
      if (typeof checkoutId !== 'string' || !isCheckoutId(checkoutId)) {
        throw new GatewayValidationError(
          [
            {
              field: 'checkoutId',
              rule: 'a checkout id',
              message: 'must be the id prepareCheckout answered (32-48 letters, digits, dot, hyphen)',
            },
          ],
          'updateCheckout',
        );
      }
      return sendCheckout(`/v1/checkouts/${checkoutId}`, params, 'checkoutUpdate', 'updateCheckout', options);
    },

    async getPaymentStatus(resourcePathOrCheckoutId, options) {
      const resource = parseStatusResource(resourcePathOrCheckoutId);
      const limits = callLimits(options);
      const response = await sendToGateway(
        transport,
        { method: 'GET', path: resource.path, params: { entityId }, operation: 'getPaymentStatus' },
        limits,
      );
      return readPaymentResult(response.body, response.status, resource.checkoutId);
    },

    capture: (paymentId, params, options) => reference('CP', 'capture', paymentId, params, options),
    refund: (paymentId, params, options) => reference('RF', 'refund', paymentId, params, options),
    reverse: (paymentId, params, options) => reference('RV', 'reverse', paymentId, params, options),

    async getFastCheckoutIntegrity(options) {
      const limits = callLimits(options);
      const operation = 'getFastCheckoutIntegrity';
      const response = await sendToGateway(
        transport,
        { method: 'GET', path: '/v1/fastcheckout/integrity', params: { entityId }, operation },
        limits,
      );
      if (response.status === 400) throw rejected(operation, readPaymentResult(response.body, response.status));
      return readIntegrityResult(response.body, response.status);
    },
  };
}

function rejected(operation: string, result: PaymentResult): WpwlServerError {
  return new WpwlServerError(
    'GATEWAY_REJECTED',
    `${operation}: the gateway rejected the request with ${result.result.code}${result.result.description ? ` "${result.result.description}"` : ''} (${result.classification}).`,
    { details: { status: result.httpStatus, result: result.result, raw: result.raw, classification: result.classification } },
  );
}
