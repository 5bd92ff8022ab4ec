// Owns reading the gateway's JSON bodies into typed results. The interface
// lets new fields appear at any time: every body is kept whole in `raw`, the
// typed view takes only the known fields whose type is right, and nothing
// unknown is an error. Only a missing `result.code` makes a body unusable.
import { WpwlServerError } from './errors.js';
import { classifyResultCode, type ResultClassification } from './result-codes.js';

/** The `result` object of every response. */
export interface GatewayResult {
  /** 2-11 digits and dots, e.g. `000.100.110`. Read failures from here, not from the HTTP status. */
  code: string;
  description?: string;
  /** Address check result from the acquirer (A, Z, N, U, F). */
  avsResponse?: string;
  /** Security code check result (M, N, P, S, U). */
  cvvResponse?: string;
}

/** Card data a payment response may carry (never the full number). */
export interface PaymentCard {
  bin?: string;
  last4Digits?: string;
  holder?: string;
  expiryMonth?: string;
  expiryYear?: string;
  type?: string;
  level?: string;
}

/**
 * A payment (or registration) as the gateway reports it: from a status read,
 * a capture, refund or reversal, or a webhook notification.
 */
export interface PaymentResult {
  /** The payment id (or registration id for a registration read). */
  id?: string;
  /** The checkout this status was read for, taken from the requested path. */
  checkoutId?: string;
  paymentType?: string;
  paymentBrand?: string;
  /** Two-decimal string, e.g. `"92.00"`. */
  amount?: string;
  currency?: string;
  descriptor?: string;
  merchantTransactionId?: string;
  registrationId?: string;
  /** Id of the payment a capture or refund refers to. */
  referencedId?: string;
  result: GatewayResult;
  /** The published group of `result.code`. */
  classification: ResultClassification;
  resultDetails?: Record<string, string>;
  card?: PaymentCard;
  customParameters?: Record<string, string>;
  /** Where to send the shopper for an asynchronous payment. */
  redirect?: { url?: string; parameters?: Array<{ name: string; value: string }> };
  risk?: { score?: string };
  buildNumber?: string;
  timestamp?: string;
  ndc?: string;
  /** HTTP status of the answer (400 for a declined payment); 200 in a webhook notification, which has no status of its own. */
  httpStatus: number;
  /** The whole parsed body, unknown fields included. */
  raw: Record<string, unknown>;
}

/** The answer to prepare checkout. */
export interface CheckoutResult {
  /** The checkout id, valid for 30 minutes. */
  id: string;
  /** `sha384-…` hash of the widget script, when prepared with `integrity: true`. */
  integrity?: string;
  result: GatewayResult;
  /** The whole parsed body, unknown fields included. */
  raw: Record<string, unknown>;
}

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(source: Json, key: string): string | undefined {
  const value = source[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function stringMap(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  // fromEntries defines each key as data: a `__proto__` key from the answer stays a plain entry.
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

function pick<T extends object>(entries: Array<[keyof T, string | undefined]>): T {
  const out: Partial<T> = {};
  for (const [k, v] of entries) if (v !== undefined) (out as Record<keyof T, string>)[k] = v;
  return out as T;
}

/** Reads `result` out of a parsed body, or undefined when it is missing or malformed. */
export function readGatewayResult(body: unknown): GatewayResult | undefined {
  if (!isRecord(body) || !isRecord(body.result)) return undefined;
  const code = text(body.result, 'code');
  if (code === undefined) return undefined;
  return pick<GatewayResult>([
    ['code', code],
    ['description', text(body.result, 'description')],
    ['avsResponse', text(body.result, 'avsResponse')],
    ['cvvResponse', text(body.result, 'cvvResponse')],
  ]);
}

function invalidResponse(what: string, status: number, raw: unknown): WpwlServerError {
  return new WpwlServerError('INVALID_RESPONSE', `The gateway's answer (HTTP ${status}) ${what}.`, {
    details: { status, raw },
  });
}

/** Types a payment response body. Throws INVALID_RESPONSE only when `result.code` is missing. */
export function readPaymentResult(body: unknown, httpStatus: number, checkoutId?: string): PaymentResult {
  const result = readGatewayResult(body);
  if (!result || !isRecord(body)) throw invalidResponse('has no result.code', httpStatus, body);

  const card = isRecord(body.card)
    ? pick<PaymentCard>(
        (['bin', 'last4Digits', 'holder', 'expiryMonth', 'expiryYear', 'type', 'level'] as const).map((k) => [
          k,
          text(body.card as Json, k),
        ]),
      )
    : undefined;
  const redirect = isRecord(body.redirect)
    ? {
        ...(typeof body.redirect.url === 'string' ? { url: body.redirect.url } : {}),
        ...(Array.isArray(body.redirect.parameters)
          ? {
              parameters: body.redirect.parameters.filter(
                (p): p is { name: string; value: string } => isRecord(p) && typeof p.name === 'string' && typeof p.value === 'string',
              ),
            }
          : {}),
      }
    : undefined;
  const riskScore = isRecord(body.risk) ? text(body.risk, 'score') : undefined;

  const typed: PaymentResult = {
    ...pick<Partial<PaymentResult>>([
      ['id', text(body, 'id')],
      ['paymentType', text(body, 'paymentType')],
      ['paymentBrand', text(body, 'paymentBrand')],
      ['amount', text(body, 'amount')],
      ['currency', text(body, 'currency')],
      ['descriptor', text(body, 'descriptor')],
      ['merchantTransactionId', text(body, 'merchantTransactionId')],
      ['registrationId', text(body, 'registrationId')],
      ['referencedId', text(body, 'referencedId')],
      ['buildNumber', text(body, 'buildNumber')],
      ['timestamp', text(body, 'timestamp')],
      ['ndc', text(body, 'ndc')],
    ]),
    result,
    classification: classifyResultCode(result.code),
    httpStatus,
    raw: body,
  };
  if (checkoutId !== undefined) typed.checkoutId = checkoutId;
  const resultDetails = stringMap(body.resultDetails);
  if (resultDetails) typed.resultDetails = resultDetails;
  const customParameters = stringMap(body.customParameters);
  if (customParameters) typed.customParameters = customParameters;
  if (card) typed.card = card;
  if (redirect) typed.redirect = redirect;
  if (riskScore !== undefined) typed.risk = { score: riskScore };
  return typed;
}

/** Types a prepare-checkout body; throws INVALID_RESPONSE without a usable checkout id. */
export function readCheckoutResult(body: unknown, httpStatus: number, isCheckoutId: (id: unknown) => boolean): CheckoutResult {
  const result = readGatewayResult(body);
  if (!result || !isRecord(body)) throw invalidResponse('has no result.code', httpStatus, body);
  if (!isCheckoutId(body.id)) throw invalidResponse('has no checkout id of the interface format', httpStatus, body);
  const out: CheckoutResult = { id: body.id as string, result, raw: body };
  if (typeof body.integrity === 'string') out.integrity = body.integrity;
  return out;
}

/** A Subresource Integrity value of the widget script: `sha384-` and the 48-byte digest in base64. */
const WIDGET_INTEGRITY = /^sha384-[A-Za-z0-9+/]{64}$/;

/**
 * Reads `GET /v1/fastcheckout/integrity`: the widget script's hash.
 * Throws INVALID_RESPONSE when `result.code` is missing or `integrity` is no sha384 hash.
 */
export function readIntegrityResult(body: unknown, httpStatus: number): string {
  const result = readGatewayResult(body);
  if (!result || !isRecord(body)) throw invalidResponse('has no result.code', httpStatus, body);
  if (typeof body.integrity !== 'string' || !WIDGET_INTEGRITY.test(body.integrity)) {
    throw invalidResponse('has no integrity of the form sha384-<64 base64 characters>', httpStatus, body);
  }
  return body.integrity;
}
