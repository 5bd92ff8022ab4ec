// Owns reading the gateway's webhook notifications: the raw body (hex
// ciphertext) and the two hex headers are decrypted and authenticated with
// AES-256-GCM under the webhook's secret key, which is the whole verification,
// and the JSON inside is typed with the same code as a status read. Nothing is
// parsed before the tag has been checked, and no error carries any plaintext.
import { createDecipheriv } from 'node:crypto';
import { WpwlServerError, type WebhookInvalidReason } from './errors.js';
import { readGatewayResult, readPaymentResult, type GatewayResult, type PaymentCard, type PaymentResult } from './response.js';
import { readBodyWithin } from './limited-body.js';
import { classifyResultCode, type ResultClassification } from './result-codes.js';

/** The notification types the gateway sends today. */
export type WebhookType = 'PAYMENT' | 'REGISTRATION' | 'SCHEDULE' | 'RISK';

/** What happened to a stored card (registration). */
export type RegistrationAction = 'CREATED' | 'UPDATED' | 'DELETED';

/** A payment changed: a debit, preauthorization, capture, refund, reversal … */
export interface PaymentNotification {
  type: 'PAYMENT';
  /**
   * The payment, typed exactly as `getPaymentStatus` types it. Read the outcome
   * from `result.code` / `classification` and check it against your order with
   * `verifyPayment`. `httpStatus` is always 200 (a notification has no status
   * of its own); `checkoutId` is never set: for widget payments `ndc` is the
   * checkout id, and `referencedId` names the payment a capture or refund is for.
   */
  payload: PaymentResult;
}

/** A stored card as a registration notification reports it. */
export interface RegistrationResult {
  /** The registration id: what `registrations: [{ id }]` takes at prepare checkout. */
  id?: string;
  paymentBrand?: string;
  card?: PaymentCard;
  merchantTransactionId?: string;
  customParameters?: Record<string, string>;
  timestamp?: string;
  result: GatewayResult;
  /** The published group of `result.code`. */
  classification: ResultClassification;
  /** The whole payload, unknown fields included. */
  raw: Record<string, unknown>;
}

/** A stored card was created, updated or deleted. */
export interface RegistrationNotification {
  type: 'REGISTRATION';
  action: RegistrationAction;
  payload: RegistrationResult;
}

/** A schedule's or risk check's payload: typed loosely, kept whole in `raw`. */
export interface WebhookResource {
  id?: string;
  /** The `result` object, when the payload has one with a code. */
  result?: GatewayResult;
  /** The published group of `result.code`, when there is one. */
  classification?: ResultClassification;
  /** The whole payload, unknown fields included. */
  raw: Record<string, unknown>;
}

/** A scheduled (recurring) payment's schedule changed. */
export interface ScheduleNotification {
  type: 'SCHEDULE';
  payload: WebhookResource;
}

/** A risk check's outcome. */
export interface RiskNotification {
  type: 'RISK';
  payload: WebhookResource;
}

/**
 * An authenticated notification this version cannot type: a `type` that is
 * new (the interface lets new things appear), or a registration whose `action`
 * is missing or new. Record it and answer 2xx, or the gateway keeps sending it.
 */
export interface UnknownNotification {
  type: 'UNKNOWN';
  /** The `type` the notification carried, e.g. `"PAYOUT"`. */
  receivedType: string;
  /** The `action` it carried, when it had a string one. */
  action?: string;
  payload: { raw: Record<string, unknown> };
}

/** Every notification `decryptWebhook` and `readWebhook` return; switch on `type`. */
export type WebhookNotification =
  PaymentNotification | RegistrationNotification | ScheduleNotification | RiskNotification | UnknownNotification;

/**
 * The raw request body: the hex text, or the bytes holding it. Some senders
 * wrap the hex in JSON, `{"encryptedBody":"…"}`: that text is taken too, and
 * so is the object a framework's JSON parser made of it.
 */
export type WebhookBody = string | Uint8Array | ArrayBuffer | { encryptedBody: string };

/** Request headers: node:http's `req.headers` (or any plain object), or a Web `Headers`. */
export type WebhookHeaders = Record<string, string | string[] | undefined> | Headers;

/** Options of `decryptWebhook`. */
export interface DecryptWebhookOptions {
  /** Largest body accepted, in bytes (hex characters, surrounding whitespace included). Default 1 MiB. */
  maxBytes?: number;
}

/** Options of `readWebhook`. */
export interface ReadWebhookOptions extends DecryptWebhookOptions {
  /** The webhook's secret key from the gateway's back office: 64 hexadecimal characters; `[current, previous]` while rotating. */
  key: string | readonly string[];
}

/** The default `maxBytes`: 1 MiB of hex, half a MiB of notification. */
export const DEFAULT_WEBHOOK_MAX_BYTES = 1024 * 1024;

const IV_HEADER = 'x-initialization-vector';
const TAG_HEADER = 'x-authentication-tag';
const HEX = /^[0-9a-fA-F]*$/;
/** GCM takes an IV of any length; real senders use 12 or 16 bytes. The cap bounds the work for a hostile header. */
const IV_BYTES = { min: 1, max: 128 } as const;
const TAG_BYTES = 16;
const ACTIONS: readonly string[] = ['CREATED', 'UPDATED', 'DELETED'] satisfies RegistrationAction[];

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(reason: WebhookInvalidReason, field: string, rule: string, message: string, extra: Json = {}): WpwlServerError {
  return new WpwlServerError('WEBHOOK_INVALID', `Webhook notification refused: ${message}`, {
    details: { reason, field, rule, ...extra },
  });
}

/**
 * Decrypts, authenticates and types one webhook notification.
 *
 * The gateway encrypts each notification with AES-256-GCM under the webhook's
 * secret key and sends the ciphertext as hex in the body, with the IV and the
 * authentication tag as hex in `X-Initialization-Vector` and
 * `X-Authentication-Tag`. Authenticating is the verification: a wrong key or
 * a changed body, IV or tag throws before anything is parsed.
 *
 * @param body The raw request body, unparsed: the hex text, or the bytes holding it.
 * @param headers The request headers (any case): node:http's `req.headers` or a `Headers`.
 * @param key The webhook's secret key: 64 hexadecimal characters (32 bytes).
 *   While a key is rotated, pass both, `[current, previous]`: each is tried in turn.
 * @param options `maxBytes` (default 1 MiB).
 * @returns The notification, `payload` typed by `type`; an `UNKNOWN` one for a type this version does not know.
 * @throws {WpwlServerError} `WEBHOOK_INVALID` with `details.reason` naming the part that failed;
 *   `details.authenticated` is true when the notification was authentic but could not be read
 *   (`json`, `shape`): keep it and answer 2xx, or the gateway sends it again for days.
 *
 * @example
 * const notification = decryptWebhook(rawBody, req.headers, process.env.WEBHOOK_KEY!);
 * if (notification.type === 'PAYMENT') settle(notification.payload);
 */
export function decryptWebhook(
  body: WebhookBody,
  headers: WebhookHeaders,
  key: string | readonly string[],
  options: DecryptWebhookOptions = {},
): WebhookNotification {
  const maxBytes = readMaxBytes(options.maxBytes);
  const keys = readKeys(key);
  try {
    const ciphertext = readBody(body, maxBytes);
    const iv = readHexHeader(headers, IV_HEADER, 'iv', IV_BYTES.min, IV_BYTES.max);
    const tag = readHexHeader(headers, TAG_HEADER, 'tag', TAG_BYTES, TAG_BYTES);
    const plaintext = decryptWithAny(ciphertext, keys, iv, tag);
    try {
      return readNotification(parseJson(plaintext));
    } catch (error) {
      // Authentic, but unreadable: the caller keeps it rather than refuse it.
      if (error instanceof WpwlServerError) error.details.authenticated = true;
      throw error;
    } finally {
      plaintext.fill(0);
    }
  } finally {
    for (const each of keys) each.fill(0);
  }
}

/**
 * Reads a webhook notification from a Web `Request` (Next.js route handlers,
 * h3's `toWebRequest`, Node's global `Request`): the body is read up to
 * `maxBytes` (a larger declared `Content-Length` is refused before reading, a
 * larger stream is cancelled once it passes the limit), then handed to
 * {@link decryptWebhook} with the request's headers.
 *
 * @throws {WpwlServerError} `WEBHOOK_INVALID` with `details.reason`, as `decryptWebhook`.
 * @throws {TypeError} When the request's body was already read.
 *
 * @example
 * export async function POST(request: Request) {
 *   const notification = await readWebhook(request, { key: process.env.WEBHOOK_KEY! });
 *   await record(notification);
 *   return new Response(null, { status: 204 });
 * }
 */
export async function readWebhook(request: Request, options: ReadWebhookOptions): Promise<WebhookNotification> {
  const maxBytes = readMaxBytes(options.maxBytes);
  for (const each of readKeys(options.key)) each.fill(0); // a bad key is refused before the body is read
  if (request.bodyUsed) throw new TypeError('readWebhook: the request body was already read; pass the raw body to decryptWebhook instead.');
  const body = await readBodyWithin(request, maxBytes, () => tooLarge(maxBytes));
  return decryptWebhook(body, request.headers, options.key, { maxBytes });
}

/** Every key given, each checked; one or two while a key is rotated. */
function readKeys(key: unknown): Buffer[] {
  if (typeof key === 'string') return [readKey(key)];
  if (!Array.isArray(key) || key.length === 0 || key.length > 4) {
    throw invalid(
      'key',
      'key',
      '1-4 keys',
      `the webhook key must be a string or a list of 1 to 4 keys (current first, then the one being rotated out), got ${Array.isArray(key) ? `${key.length} keys` : typeof key}.`,
    );
  }
  const keys: Buffer[] = [];
  try {
    for (const each of key as unknown[]) keys.push(readKey(each));
  } catch (error) {
    for (const each of keys) each.fill(0);
    throw error;
  }
  return keys;
}

/** The plaintext under the first key that authenticates it. */
function decryptWithAny(ciphertext: Buffer, keys: Buffer[], iv: Buffer, tag: Buffer): Buffer {
  let failure: unknown;
  for (const key of keys) {
    try {
      return decrypt(ciphertext, key, iv, tag);
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

function readMaxBytes(value: number | undefined): number {
  if (value === undefined) return DEFAULT_WEBHOOK_MAX_BYTES;
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new WpwlServerError('INVALID_CONFIG', `maxBytes must be a positive whole number of bytes, got ${String(value)}.`, {
      details: { field: 'maxBytes', rule: 'positive integer' },
    });
  }
  return value;
}

function readKey(key: unknown): Buffer {
  const text = typeof key === 'string' ? key.trim() : undefined;
  if (text === undefined || text.length !== 64 || !HEX.test(text)) {
    // Only the length is told: the key itself never goes into an error.
    const got = typeof key === 'string' ? `${key.trim().length} characters` : typeof key;
    throw invalid(
      'key',
      'key',
      '64 hex characters',
      `the webhook key must be 64 hexadecimal characters (32 bytes, as the back office shows it), got ${got}. This is the server's configuration, not the sender's fault.`,
    );
  }
  return Buffer.from(text, 'hex');
}

function readBody(body: WebhookBody, maxBytes: number): Buffer {
  if (isEnvelope(body)) return readBody(body.encryptedBody, maxBytes);
  const bytes = typeof body === 'string' ? undefined : bytesOf(body);
  if (typeof body !== 'string' && bytes === undefined) {
    throw invalid('body', 'body', 'hex text', `the body must be the raw request body (a string or bytes), got ${describeType(body)}.`);
  }
  if ((bytes?.byteLength ?? (body as string).length) > maxBytes) throw tooLarge(maxBytes);

  const text = (bytes?.toString('latin1') ?? (body as string)).trim();
  if (text.startsWith('{')) {
    // The JSON envelope some senders use: only its one string is read, and it is then authenticated like a bare body.
    const envelope = parseEnvelope(text);
    if (envelope !== undefined) return readBody(envelope, maxBytes);
  }
  if (text.length === 0) throw invalid('body', 'body', 'not empty', 'the body is empty; it must be the ciphertext as hexadecimal text.');
  if (!HEX.test(text)) {
    throw invalid(
      'body',
      'body',
      'hex',
      'the body is not hexadecimal text. Pass the raw request body, unparsed (e.g. express.text({ type: "*/*" }), not express.json()).',
    );
  }
  if (text.length % 2 !== 0) throw invalid('body', 'body', 'even length', `the body's hex has an odd number of digits (${text.length}).`);
  return Buffer.from(text, 'hex');
}

function isEnvelope(body: unknown): body is { encryptedBody: string } {
  return (
    typeof body === 'object' &&
    body !== null &&
    !ArrayBuffer.isView(body) &&
    !(body instanceof ArrayBuffer) &&
    typeof (body as { encryptedBody?: unknown }).encryptedBody === 'string'
  );
}

/** The ciphertext of a `{"encryptedBody":"…"}` text, or undefined for any other text. */
function parseEnvelope(text: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return isEnvelope(parsed) ? parsed.encryptedBody : undefined;
  } catch {
    return undefined;
  }
}

/** A Buffer over the same memory as a byte view or ArrayBuffer, or undefined for anything else. */
function bytesOf(body: unknown): Buffer | undefined {
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof ArrayBuffer || Object.prototype.toString.call(body) === '[object ArrayBuffer]')
    return Buffer.from(body as ArrayBuffer);
  return undefined;
}

function tooLarge(maxBytes: number): WpwlServerError {
  return invalid(
    'too-large',
    'body',
    `at most ${maxBytes} bytes`,
    `the body is larger than maxBytes (${maxBytes} bytes); it was not read.`,
    {
      maxBytes,
    },
  );
}

function headerValues(headers: WebhookHeaders, name: string): string[] {
  if (typeof Headers !== 'undefined' && headers instanceof Headers) {
    const value = headers.get(name);
    return value === null ? [] : [value];
  }
  const values: string[] = [];
  if (!isRecord(headers)) return values;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    if (typeof value === 'string') values.push(value);
    else if (Array.isArray(value)) values.push(...value.filter((v): v is string => typeof v === 'string'));
  }
  return values;
}

function readHexHeader(headers: WebhookHeaders, name: string, reason: 'iv' | 'tag', minBytes: number, maxBytes: number): Buffer {
  const display = name === IV_HEADER ? 'X-Initialization-Vector' : 'X-Authentication-Tag';
  const length = minBytes === maxBytes ? `${minBytes} bytes` : `${minBytes}-${maxBytes} bytes`;
  const values = [...new Set(headerValues(headers, name).map((v) => v.trim()))];
  if (values.length === 0 || values[0] === '') {
    throw invalid(reason, name, 'present', `the ${display} header is missing; the gateway sends it as hex (${length}).`);
  }
  if (values.length > 1)
    throw invalid(reason, name, 'one value', `the ${display} header came with several values; it must be one hex value.`);
  const value = values[0]!;
  if (!HEX.test(value) || value.length % 2 !== 0) {
    throw invalid(reason, name, 'hex', `the ${display} header must be hexadecimal digits, an even number of them.`);
  }
  const bytes = value.length / 2;
  if (bytes < minBytes || bytes > maxBytes) {
    throw invalid(reason, name, length, `the ${display} header must be ${length} of hex, got ${bytes} bytes.`);
  }
  return Buffer.from(value, 'hex');
}

function decrypt(ciphertext: Buffer, key: Buffer, iv: Buffer, tag: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  decipher.setAuthTag(tag);
  const head = decipher.update(ciphertext);
  try {
    // final() checks the tag: until it has succeeded, `head` is unauthenticated and is never looked at.
    const tail = decipher.final();
    return Buffer.concat([head, tail]);
  } catch {
    throw invalid(
      'authentication',
      'body',
      'AES-256-GCM authentication',
      "it did not authenticate with the webhook key: the key is not this webhook's, or the body, X-Initialization-Vector or X-Authentication-Tag was changed.",
    );
  } finally {
    head.fill(0);
  }
}

function parseJson(plaintext: Buffer): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plaintext)) as unknown;
  } catch {
    // The parser's message quotes the text, so it is not passed on as a cause.
    throw invalid('json', 'body', 'JSON', 'it authenticated, but the decrypted text is not UTF-8 JSON.');
  }
}

function readNotification(json: unknown): WebhookNotification {
  if (!isRecord(json)) throw invalid('shape', 'notification', 'object', 'the decrypted JSON is not an object with type and payload.');
  const { type, action, payload } = json;
  if (typeof type !== 'string' || type === '') throw invalid('shape', 'type', 'string', 'the decrypted JSON has no type string.');
  if (!isRecord(payload)) throw invalid('shape', 'payload', 'object', 'the decrypted JSON has no payload object.');

  switch (type) {
    case 'PAYMENT':
      requireResultCode(payload, type);
      return { type, payload: readPaymentResult(payload, 200) };
    case 'REGISTRATION':
      if (typeof action === 'string' && ACTIONS.includes(action)) {
        return { type, action: action as RegistrationAction, payload: readRegistration(requireResultCode(payload, type), payload) };
      }
      break;
    case 'SCHEDULE':
    case 'RISK':
      return { type, payload: readResource(payload) };
  }
  const unknown: UnknownNotification = { type: 'UNKNOWN', receivedType: type, payload: { raw: payload } };
  if (typeof action === 'string') unknown.action = action;
  return unknown;
}

function requireResultCode(payload: Json, type: string): GatewayResult {
  const result = readGatewayResult(payload);
  if (!result) throw invalid('shape', 'payload.result.code', 'string', `the ${type} notification's payload has no result.code.`);
  return result;
}

function readRegistration(result: GatewayResult, payload: Json): RegistrationResult {
  // The same reading as a registration status: one place decides how card, ids and parameters are typed.
  const read = readPaymentResult(payload, 200);
  const out: RegistrationResult = { result, classification: read.classification, raw: payload };
  if (read.id !== undefined) out.id = read.id;
  if (read.paymentBrand !== undefined) out.paymentBrand = read.paymentBrand;
  if (read.card !== undefined) out.card = read.card;
  if (read.merchantTransactionId !== undefined) out.merchantTransactionId = read.merchantTransactionId;
  if (read.customParameters !== undefined) out.customParameters = read.customParameters;
  if (read.timestamp !== undefined) out.timestamp = read.timestamp;
  return out;
}

function readResource(payload: Json): WebhookResource {
  const out: WebhookResource = { raw: payload };
  if (typeof payload.id === 'string') out.id = payload.id;
  const result = readGatewayResult(payload);
  if (result) {
    out.result = result;
    out.classification = classifyResultCode(result.code);
  }
  return out;
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return value.constructor?.name ?? 'object';
  return typeof value;
}
