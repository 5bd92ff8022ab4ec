// Webhook notifications as the gateway sends them, encrypted here with the
// public encryptWebhook in the real format (JSON → AES-256-GCM → hex body, hex
// IV and tag headers): read field by field with the same typing as a status read, and
// every change to the key, body, IV or tag refused with the part named and no
// plaintext in the error.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decryptWebhook,
  encryptWebhook,
  isWpwlServerError,
  readWebhook,
  type WebhookHeaders,
  type WebhookInvalidReason,
  type WpwlServerError,
} from '../src/index.js';
import { CHECKOUT_ID, PAYMENT_ID, caught } from './support.js';

const KEY = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const OTHER_KEY = 'f'.repeat(64);
const SECRET = 'SHOPPER-SECRET-7731';

interface Sealed {
  body: string;
  iv: string;
  tag: string;
}

/** Encrypts `plaintext` the way the gateway does (AES-256-GCM, everything hex), with an IV of `ivBytes`. */
function seal(plaintext: string | Buffer, { key = KEY, ivBytes = 12 }: { key?: string; ivBytes?: number } = {}): Sealed {
  const { body, headers } = encryptWebhook({ key, notification: plaintext, iv: randomBytes(ivBytes).toString('hex') });
  return { body, iv: headers['X-Initialization-Vector'], tag: headers['X-Authentication-Tag'] };
}

function sealJson(notification: unknown, options?: { key?: string; ivBytes?: number }): Sealed {
  return seal(JSON.stringify(notification), options);
}

/** Headers as node:http hands them over (lower case) or as a sender wrote them. */
function plainHeaders({ iv, tag }: Sealed): Record<string, string> {
  return { 'X-Initialization-Vector': iv, 'x-AUTHENTICATION-tag': tag, 'content-type': 'text/plain' };
}

function flipBit(hex: string, index = 0): string {
  const bytes = Buffer.from(hex, 'hex');
  bytes[index] = bytes[index]! ^ 0x01;
  return bytes.toString('hex');
}

const PAYMENT_PAYLOAD = {
  id: PAYMENT_ID,
  paymentType: 'DB',
  paymentBrand: 'VISA',
  amount: '92.00',
  currency: 'EUR',
  descriptor: '4567.3712.4426 OPP_Channel',
  result: { code: '000.100.110', description: "Request successfully processed in 'Merchant in Integrator Test Mode'" },
  card: { bin: '420000', last4Digits: '0000', holder: 'Ada Lovelace', expiryMonth: '05', expiryYear: '2034' },
  merchantTransactionId: 'order-17',
  ndc: CHECKOUT_ID,
  timestamp: '2025-11-25 21:14:53+0000',
  customParameters: { SHOPPER_note: SECRET },
  shinyNewField: { nested: true },
};

function expectRefused(error: unknown, reason: WebhookInvalidReason): WpwlServerError {
  expect(isWpwlServerError(error)).toBe(true);
  const e = error as WpwlServerError;
  expect(e.code).toBe('WEBHOOK_INVALID');
  expect(e.details.reason).toBe(reason);
  // Nothing of the plaintext or the key goes into the error.
  const told = `${e.message} ${JSON.stringify(e.details)} ${String(e.cause)}`;
  for (const secret of [SECRET, KEY, OTHER_KEY, 'Ada Lovelace', 'order-17']) expect(told).not.toContain(secret);
  expect(e.cause).toBeUndefined();
  return e;
}

describe('encryptWebhook', () => {
  const notification = { type: 'PAYMENT', payload: { id: PAYMENT_ID, ndc: CHECKOUT_ID, result: { code: '000.100.110' } } };

  it('makes a notification decryptWebhook reads back, its headers passed as they are', () => {
    const { body, headers } = encryptWebhook({ key: KEY, notification });
    expect(headers['Content-Type']).toBe('text/plain');
    expect(headers['X-Initialization-Vector']).toMatch(/^[0-9a-f]{24}$/);
    expect(headers['X-Authentication-Tag']).toMatch(/^[0-9a-f]{32}$/);
    expect(body).toMatch(/^[0-9a-f]+$/);
    expect(body).not.toContain(Buffer.from(PAYMENT_ID).toString('hex'));
    const read = decryptWebhook(body, headers, KEY);
    expect(read.type).toBe('PAYMENT');
    expect(read.type === 'PAYMENT' && read.payload.id).toBe(PAYMENT_ID);
    expect(read.type === 'PAYMENT' && read.payload.result.code).toBe('000.100.110');
  });

  it('draws a fresh IV each time unless one is given, and the notification authenticates only under its key', () => {
    const first = encryptWebhook({ key: KEY, notification });
    const second = encryptWebhook({ key: KEY, notification });
    expect(first.headers['X-Initialization-Vector']).not.toBe(second.headers['X-Initialization-Vector']);
    const iv = 'ab'.repeat(16);
    const fixed = encryptWebhook({ key: KEY, notification, iv });
    expect(fixed.headers['X-Initialization-Vector']).toBe(iv);
    expect(encryptWebhook({ key: KEY, notification, iv }).body).toBe(fixed.body);
    expect(() => decryptWebhook(fixed.body, fixed.headers, KEY)).not.toThrow();
    expect(() => decryptWebhook(fixed.body, fixed.headers, OTHER_KEY)).toThrow(/did not authenticate with the webhook key/);
  });

  it('encrypts a string as it is, to test a notification that is not JSON', () => {
    const { body, headers } = encryptWebhook({ key: KEY, notification: 'not json' });
    expect(() => decryptWebhook(body, headers, KEY)).toThrow(
      expect.objectContaining({ code: 'WEBHOOK_INVALID', details: expect.objectContaining({ reason: 'json', authenticated: true }) }),
    );
  });

  it('refuses a key that is not 64 hex characters and an IV that is not hex', () => {
    const refused = (field: string, message: RegExp) =>
      expect.objectContaining({
        name: 'WpwlServerError',
        code: 'INVALID_CONFIG',
        details: expect.objectContaining({ field }),
        message: expect.stringMatching(message),
      });
    expect(() => encryptWebhook({ key: 'abc', notification })).toThrow(refused('key', /64 hexadecimal characters/));
    expect(() => encryptWebhook({ key: KEY, notification, iv: 'xyz' })).toThrow(refused('iv', /iv must be hexadecimal/));
    expect(() => encryptWebhook({ key: KEY, notification, iv: '' })).toThrow(refused('iv', /iv must be hexadecimal/));
    expect(() => encryptWebhook({ key: KEY, notification: undefined as unknown as object })).toThrow(
      refused('notification', /notification must be/),
    );
  });
});

describe('decryptWebhook: reading', () => {
  it('reads a PAYMENT notification field by field, typed as a status read (12-byte IV, plain-object headers)', () => {
    const sealed = sealJson({ type: 'PAYMENT', payload: PAYMENT_PAYLOAD });
    const notification = decryptWebhook(sealed.body, plainHeaders(sealed), KEY);
    expect(notification.type).toBe('PAYMENT');
    if (notification.type !== 'PAYMENT') return;
    const payment = notification.payload;
    expect(payment.id).toBe(PAYMENT_ID);
    expect(payment.paymentType).toBe('DB');
    expect(payment.paymentBrand).toBe('VISA');
    expect(payment.amount).toBe('92.00');
    expect(payment.currency).toBe('EUR');
    expect(payment.result).toEqual({ code: '000.100.110', description: PAYMENT_PAYLOAD.result.description });
    expect(payment.classification).toBe('success');
    expect(payment.card).toEqual(PAYMENT_PAYLOAD.card);
    expect(payment.merchantTransactionId).toBe('order-17');
    expect(payment.ndc).toBe(CHECKOUT_ID);
    expect(payment.customParameters).toEqual({ SHOPPER_note: SECRET });
    expect(payment.httpStatus).toBe(200);
    expect(payment.checkoutId).toBeUndefined();
    expect(payment.raw).toEqual(PAYMENT_PAYLOAD);
    expect(payment.raw.shinyNewField).toEqual({ nested: true });
    expect(notification).not.toHaveProperty('action');
  });

  it('reads a 16-byte IV, a Headers object, and the body as bytes with surrounding whitespace', () => {
    const sealed = sealJson({ type: 'PAYMENT', payload: { ...PAYMENT_PAYLOAD, result: { code: '800.100.151' } } }, { ivBytes: 16 });
    const headers = new Headers({ 'X-Initialization-Vector': sealed.iv, 'X-Authentication-Tag': sealed.tag });
    const padded = `\n ${sealed.body}\r\n`;
    for (const body of [padded, Buffer.from(padded), new TextEncoder().encode(padded), new TextEncoder().encode(padded).buffer]) {
      const notification = decryptWebhook(body, headers, KEY);
      expect(notification).toMatchObject({ type: 'PAYMENT', payload: { classification: 'rejectedBank', result: { code: '800.100.151' } } });
    }
  });

  it.each([1, 8, 11, 64, 128])('reads an IV of %i bytes: any length GCM takes', (ivBytes) => {
    const sealed = sealJson({ type: 'PAYMENT', payload: PAYMENT_PAYLOAD }, { ivBytes });
    expect(decryptWebhook(sealed.body, plainHeaders(sealed), KEY)).toMatchObject({ type: 'PAYMENT', payload: { id: PAYMENT_PAYLOAD.id } });
  });

  it('reads a capture with the payment it refers to, and node:http style array and upper-case hex headers', () => {
    const sealed = sealJson({
      type: 'PAYMENT',
      payload: { id: '8ac7a4a17d1e4f0f017d1e6b3f0a4b5d', paymentType: 'CP', referencedId: PAYMENT_ID, result: { code: '000.000.000' } },
    });
    const notification = decryptWebhook(
      sealed.body.toUpperCase(),
      { 'x-initialization-vector': [sealed.iv.toUpperCase()], 'x-authentication-tag': sealed.tag },
      KEY,
    );
    expect(notification).toMatchObject({
      type: 'PAYMENT',
      payload: { paymentType: 'CP', referencedId: PAYMENT_ID, classification: 'success' },
    });
  });

  it.each(['CREATED', 'UPDATED', 'DELETED'] as const)('reads a REGISTRATION %s notification into a registration', (action) => {
    const payload = {
      id: '8ac7a49f7d1e4f0f017d1e6c0b5a1d2e',
      paymentBrand: 'MASTER',
      result: { code: '000.100.112', description: 'Request successfully processed' },
      card: { bin: '545454', last4Digits: '5454', holder: 'Ada Lovelace', expiryMonth: '12', expiryYear: '2031' },
      merchantTransactionId: 'customer-9',
      somethingNew: 1,
    };
    const sealed = sealJson({ type: 'REGISTRATION', action, payload });
    const notification = decryptWebhook(sealed.body, plainHeaders(sealed), KEY);
    expect(notification).toEqual({
      type: 'REGISTRATION',
      action,
      payload: {
        id: payload.id,
        paymentBrand: 'MASTER',
        card: payload.card,
        merchantTransactionId: 'customer-9',
        result: payload.result,
        classification: 'success',
        raw: payload,
      },
    });
  });

  it('reads SCHEDULE and RISK notifications loosely, payload kept whole', () => {
    const schedule = { id: '8ac7a4a17d1e4f0f017d1e6b3f0a4b5e', result: { code: '000.300.000' }, job: { expression: '0 0 1 * *' } };
    const sealed = sealJson({ type: 'SCHEDULE', payload: schedule });
    expect(decryptWebhook(sealed.body, plainHeaders(sealed), KEY)).toEqual({
      type: 'SCHEDULE',
      payload: { id: schedule.id, result: { code: '000.300.000' }, classification: 'success', raw: schedule },
    });
    const risk = { score: 42 };
    const sealedRisk = sealJson({ type: 'RISK', payload: risk });
    expect(decryptWebhook(sealedRisk.body, plainHeaders(sealedRisk), KEY)).toEqual({ type: 'RISK', payload: { raw: risk } });
  });

  it('returns a type it does not know, or a registration action it does not know, as UNKNOWN with the payload kept', () => {
    const sealed = sealJson({ type: 'PAYOUT', payload: { id: 'p-1', result: { code: '000.000.000' } } });
    expect(decryptWebhook(sealed.body, plainHeaders(sealed), KEY)).toEqual({
      type: 'UNKNOWN',
      receivedType: 'PAYOUT',
      payload: { raw: { id: 'p-1', result: { code: '000.000.000' } } },
    });
    const expired = sealJson({ type: 'REGISTRATION', action: 'EXPIRED', payload: { id: 'r-1' } });
    expect(decryptWebhook(expired.body, plainHeaders(expired), KEY)).toEqual({
      type: 'UNKNOWN',
      receivedType: 'REGISTRATION',
      action: 'EXPIRED',
      payload: { raw: { id: 'r-1' } },
    });
  });

  it('accepts a key with surrounding whitespace (a pasted environment value)', () => {
    const sealed = sealJson({ type: 'RISK', payload: {} });
    expect(decryptWebhook(sealed.body, plainHeaders(sealed), `${KEY.toUpperCase()}\n`).type).toBe('RISK');
  });
});

describe('decryptWebhook: refusals', () => {
  const notification = { type: 'PAYMENT', payload: PAYMENT_PAYLOAD };
  const sealed = sealJson(notification);
  const refuse = (
    reason: WebhookInvalidReason,
    body: unknown,
    headers: WebhookHeaders,
    options: { key?: unknown; maxBytes?: number } = {},
  ) =>
    expectRefused(
      catchSync(() =>
        decryptWebhook(body as string, headers, ('key' in options ? options.key : KEY) as string, { maxBytes: options.maxBytes }),
      ),
      reason,
    );

  it('reads the JSON envelope some senders wrap the hex in, as text, bytes or the object a JSON parser made', () => {
    const sealed = sealJson({ type: 'PAYMENT', payload: PAYMENT_PAYLOAD });
    const envelope = JSON.stringify({ encryptedBody: sealed.body });
    for (const body of [envelope, Buffer.from(envelope), { encryptedBody: sealed.body }]) {
      expect(decryptWebhook(body, plainHeaders(sealed), KEY)).toMatchObject({ type: 'PAYMENT', payload: { id: PAYMENT_PAYLOAD.id } });
    }
    // The envelope's ciphertext is authenticated like a bare body: a changed digit is refused.
    const changed = { encryptedBody: `${sealed.body.slice(0, -1)}${sealed.body.endsWith('0') ? '1' : '0'}` };
    refuse('authentication', changed, plainHeaders(sealed));
    // An envelope without a string encryptedBody is no envelope.
    refuse('body', JSON.stringify({ encryptedBody: 42 }), plainHeaders(sealed));
  });

  it('refuses another key as an authentication failure', () => {
    const e = refuse('authentication', sealed.body, plainHeaders(sealed), { key: OTHER_KEY });
    expect(e.message).toMatch(/X-Initialization-Vector/);
  });

  it.each([
    ['the first byte of the body', () => ({ ...sealed, body: flipBit(sealed.body) })],
    ['the last byte of the body', () => ({ ...sealed, body: flipBit(sealed.body, sealed.body.length / 2 - 1) })],
    ['the IV', () => ({ ...sealed, iv: flipBit(sealed.iv, 5) })],
    ['the tag', () => ({ ...sealed, tag: flipBit(sealed.tag, 15) })],
  ])('refuses one flipped bit in %s', (_, change) => {
    const changed = change();
    refuse('authentication', changed.body, plainHeaders(changed));
  });

  it('refuses a body cut short or lengthened', () => {
    refuse('authentication', sealed.body.slice(0, -2), plainHeaders(sealed));
    refuse('authentication', `${sealed.body}00`, plainHeaders(sealed));
  });

  it('refuses a truncated, long, missing or non-hex tag', () => {
    expect(refuse('tag', sealed.body, { ...plainHeaders(sealed), 'x-AUTHENTICATION-tag': sealed.tag.slice(0, 30) }).details.field).toBe(
      'x-authentication-tag',
    );
    refuse('tag', sealed.body, { ...plainHeaders(sealed), 'x-AUTHENTICATION-tag': `${sealed.tag}00` });
    refuse('tag', sealed.body, { 'x-initialization-vector': sealed.iv });
    refuse('tag', sealed.body, { ...plainHeaders(sealed), 'x-AUTHENTICATION-tag': `zz${sealed.tag.slice(2)}` });
    refuse('tag', sealed.body, { ...plainHeaders(sealed), 'x-AUTHENTICATION-tag': '' });
  });

  it('refuses a missing, empty, non-hex, odd, too long or repeated IV', () => {
    const e = refuse('iv', sealed.body, { 'x-authentication-tag': sealed.tag });
    expect(e.details.field).toBe('x-initialization-vector');
    expect(e.message).toMatch(/X-Initialization-Vector header is missing/);
    refuse('iv', sealed.body, new Headers({ 'x-authentication-tag': sealed.tag }));
    for (const iv of ['', 'xyz', `${sealed.iv}0`, 'ab'.repeat(129)]) {
      refuse('iv', sealed.body, { ...plainHeaders(sealed), 'X-Initialization-Vector': iv });
    }
    refuse('iv', sealed.body, { ...plainHeaders(sealed), 'x-initialization-vector': [sealed.iv, 'ab'.repeat(12)] });
    refuse('iv', sealed.body, { ...plainHeaders(sealed), 'x-initialization-vector': 'ab'.repeat(12) });
  });

  it('refuses a body that is not hex, of odd length, empty, or already parsed', () => {
    expect(refuse('body', JSON.stringify(notification), plainHeaders(sealed)).message).toMatch(/raw request body/);
    refuse('body', `${sealed.body}0`, plainHeaders(sealed));
    refuse('body', '  \n', plainHeaders(sealed));
    refuse('body', new Uint8Array(0), plainHeaders(sealed));
    refuse('body', notification, plainHeaders(sealed));
  });

  it('refuses a body over maxBytes before looking at it, 1 MiB by default', () => {
    const e = refuse('too-large', sealed.body, plainHeaders(sealed), { maxBytes: 64 });
    expect(e.details.maxBytes).toBe(64);
    refuse('too-large', '00'.repeat(512 * 1024 + 1), plainHeaders(sealed));
    refuse('too-large', Buffer.from(sealed.body), plainHeaders(sealed), { maxBytes: 64 });
  });

  it('refuses a key that is not 64 hex characters without repeating it', () => {
    for (const key of [KEY.slice(2), `${KEY}00`, `${KEY.slice(0, 62)}zz`, '', undefined]) {
      const e = refuse('key', sealed.body, plainHeaders(sealed), { key });
      if (key) expect(e.message).not.toContain(key);
    }
  });

  it('refuses authenticated plaintext that is not JSON, without quoting it', () => {
    const text = seal(`not json ${SECRET}`);
    refuse('json', text.body, plainHeaders(text));
    const notUtf8 = seal(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]));
    refuse('json', notUtf8.body, plainHeaders(notUtf8));
  });

  it.each([
    ['an array', [SECRET]],
    ['a string', SECRET],
    ['no type', { payload: PAYMENT_PAYLOAD }],
    ['a numeric type', { type: 7, payload: PAYMENT_PAYLOAD }],
    ['no payload', { type: 'PAYMENT', note: SECRET }],
    ['an array payload', { type: 'PAYMENT', payload: [SECRET] }],
    ['a payment without result.code', { type: 'PAYMENT', payload: { ...PAYMENT_PAYLOAD, result: { description: SECRET } } }],
    ['a registration without result.code', { type: 'REGISTRATION', action: 'CREATED', payload: { id: SECRET } }],
  ])('refuses JSON with %s as its shape', (_, json) => {
    const text = sealJson(json);
    refuse('shape', text.body, plainHeaders(text));
  });

  it('checks maxBytes itself', () => {
    const error = catchSync(() => decryptWebhook(sealed.body, plainHeaders(sealed), KEY, { maxBytes: 0 }));
    expect(error).toMatchObject({ code: 'INVALID_CONFIG', details: { field: 'maxBytes' } });
  });
});

describe('decryptWebhook: key rotation and authentic notifications it cannot read', () => {
  const notification = { type: 'PAYMENT', payload: PAYMENT_PAYLOAD };

  it('accepts a notification under the current or the previous key while a key is rotated', () => {
    for (const key of [KEY, OTHER_KEY]) {
      const text = sealJson(notification, { key });
      const read = decryptWebhook(text.body, plainHeaders(text), [OTHER_KEY, KEY]);
      expect(read).toMatchObject({ type: 'PAYMENT', payload: { id: PAYMENT_ID } });
    }
  });

  it('refuses a notification under neither key as an authentication failure', () => {
    const text = sealJson(notification, { key: 'e'.repeat(64) });
    const error = catchSync(() => decryptWebhook(text.body, plainHeaders(text), [KEY, OTHER_KEY]));
    expect(expectRefused(error, 'authentication').details.authenticated).toBeUndefined();
  });

  it('refuses an empty key list, too many keys, or one bad key among good ones, naming no key', () => {
    const text = sealJson(notification);
    for (const keys of [[], [KEY, KEY, KEY, KEY, KEY], [KEY, 'not-a-key']]) {
      expectRefused(
        catchSync(() => decryptWebhook(text.body, plainHeaders(text), keys)),
        'key',
      );
    }
  });

  it('marks an authentic notification it cannot read as authenticated, so it is kept rather than refused', () => {
    const notJson = seal(`not json ${SECRET}`);
    expect(
      expectRefused(
        catchSync(() => decryptWebhook(notJson.body, plainHeaders(notJson), KEY)),
        'json',
      ).details.authenticated,
    ).toBe(true);
    const noType = sealJson({ payload: PAYMENT_PAYLOAD });
    expect(
      expectRefused(
        catchSync(() => decryptWebhook(noType.body, plainHeaders(noType), [OTHER_KEY, KEY])),
        'shape',
      ).details.authenticated,
    ).toBe(true);
  });
});

describe('readWebhook', () => {
  const sealed = sealJson({ type: 'PAYMENT', payload: PAYMENT_PAYLOAD }, { ivBytes: 16 });

  it('reads a Web Request', async () => {
    const request = new Request('https://shop.example/webhooks/gateway', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'X-Initialization-Vector': sealed.iv, 'X-Authentication-Tag': sealed.tag },
      body: sealed.body,
    });
    const notification = await readWebhook(request, { key: KEY });
    expect(notification).toMatchObject({ type: 'PAYMENT', payload: { id: PAYMENT_ID, classification: 'success', httpStatus: 200 } });
  });

  it('refuses a tampered Request like decryptWebhook', async () => {
    const request = new Request('https://shop.example/webhooks/gateway', {
      method: 'POST',
      headers: { 'X-Initialization-Vector': sealed.iv, 'X-Authentication-Tag': flipBit(sealed.tag) },
      body: sealed.body,
    });
    expectRefused(await caught(() => readWebhook(request, { key: KEY })), 'authentication');
  });

  it('refuses a declared Content-Length over maxBytes before reading the body', async () => {
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        controller.enqueue(new TextEncoder().encode('00'));
      },
    });
    const request = new Request('https://shop.example/webhooks/gateway', {
      method: 'POST',
      headers: { 'content-length': String(10 * 1024 * 1024), 'X-Initialization-Vector': sealed.iv, 'X-Authentication-Tag': sealed.tag },
      body,
      duplex: 'half',
    } as RequestInit);
    const error = expectRefused(await caught(() => readWebhook(request, { key: KEY, maxBytes: 1024 })), 'too-large');
    expect(error.details.maxBytes).toBe(1024);
    expect(pulls).toBeLessThanOrEqual(1);
  });

  it('stops reading an endless streamed body once it passes maxBytes, and cancels it', async () => {
    let sent = 0;
    let cancelled = false;
    const chunk = new TextEncoder().encode('ab'.repeat(512));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    });
    const request = new Request('https://shop.example/webhooks/gateway', {
      method: 'POST',
      headers: { 'X-Initialization-Vector': sealed.iv, 'X-Authentication-Tag': sealed.tag },
      body,
      duplex: 'half',
    } as RequestInit);
    expectRefused(await caught(() => readWebhook(request, { key: KEY, maxBytes: 64 * 1024 })), 'too-large');
    expect(cancelled).toBe(true);
    expect(sent).toBeLessThan(256 * 1024);
  });

  it('refuses a bad key before reading the body', async () => {
    const request = new Request('https://shop.example/webhooks/gateway', { method: 'POST', body: sealed.body });
    expectRefused(await caught(() => readWebhook(request, { key: 'not-a-key' })), 'key');
    expect(request.bodyUsed).toBe(false);
  });
});

function catchSync(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}
