// Owns the public helper that encrypts a webhook notification as the gateway
// does, for merchants' own webhook tests (the counterpart of decryptWebhook).
// The encryption itself is the one the sandbox sends with (inlined from the
// private gateway tables at build time).

import { sealWebhook } from '@wpwl/gateway-spec/webhook-cipher';
import { WpwlServerError } from './errors.js';

/** An `INVALID_CONFIG` error naming the option and its rule. */
const invalidOption = (field: string, rule: string): WpwlServerError =>
  new WpwlServerError('INVALID_CONFIG', `encryptWebhook: ${field} must be ${rule}.`, { details: { field, rule } });

/** Options of {@link encryptWebhook}. */
export interface EncryptWebhookOptions {
  /** The webhook's secret key, as your handler reads it: 64 hexadecimal characters (32 bytes). */
  key: string;
  /**
   * The notification before encryption: an object is sent as its JSON, e.g.
   * `{ type: 'PAYMENT', payload: { id, result: { code }, … } }`. A string or
   * bytes are encrypted as they are, to test a notification that is not JSON.
   */
  notification: object | string | Uint8Array;
  /** The initialization vector as hex (any length GCM takes; the gateway uses 12 or 16 bytes). Default: 12 random bytes. */
  iv?: string;
}

/** An encrypted notification as the gateway POSTs it. */
export interface EncryptedWebhook {
  /** The request body: the ciphertext as hex. */
  body: string;
  /** The request headers: `Content-Type` and the hex IV and authentication tag. */
  headers: {
    'Content-Type': 'text/plain';
    'X-Initialization-Vector': string;
    'X-Authentication-Tag': string;
  };
}

/**
 * Encrypts a webhook notification exactly as the gateway sends it
 * (AES-256-GCM under the webhook key; hex body, hex `X-Initialization-Vector`
 * and `X-Authentication-Tag` headers), so a test can POST it to your own
 * webhook handler, which reads it with `decryptWebhook` or
 * `readWebhook`. For tests: the gateway encrypts the real ones.
 *
 * @throws {WpwlServerError} `INVALID_CONFIG` naming the option (`key`, `iv`, `notification`) when `key` is
 * not 64 hexadecimal characters, `iv` is not 1 to 128 bytes of hex, or there is no notification.
 *
 * @example
 * const { body, headers } = encryptWebhook({
 *   key: process.env.WEBHOOK_KEY!,
 *   notification: { type: 'PAYMENT', payload: { id: '8ac7a4a1…', result: { code: '000.100.110' } } },
 * });
 * const response = await fetch('http://localhost:3000/webhooks', { method: 'POST', headers, body });
 */
export function encryptWebhook(options: EncryptWebhookOptions): EncryptedWebhook {
  const { key, notification, iv } = options;
  if (typeof key !== 'string' || !/^[0-9a-fA-F]{64}$/.test(key)) {
    throw invalidOption('key', 'the webhook secret key: 64 hexadecimal characters (32 bytes)');
  }
  if (iv !== undefined && (typeof iv !== 'string' || !/^(?:[0-9a-fA-F]{2})+$/.test(iv) || iv.length > 256)) {
    throw invalidOption('iv', 'hexadecimal digits, an even number of them, 1 to 128 bytes');
  }
  if (notification === undefined || notification === null) {
    throw invalidOption('notification', 'the notification: an object, a string or bytes');
  }
  const plaintext = typeof notification === 'string' || notification instanceof Uint8Array ? notification : JSON.stringify(notification);
  const sealed = sealWebhook(plaintext, key, iv === undefined ? undefined : Buffer.from(iv, 'hex'));
  return {
    body: sealed.body,
    headers: { 'Content-Type': 'text/plain', 'X-Initialization-Vector': sealed.iv, 'X-Authentication-Tag': sealed.tag },
  };
}
