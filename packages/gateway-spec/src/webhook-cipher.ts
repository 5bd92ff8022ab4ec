// The one encryption of webhook notifications, as the gateway does it:
// AES-256-GCM under the webhook's secret key (64 hex characters), the
// ciphertext, IV and 16-byte authentication tag written as hex. The sandbox
// sends with it; @wpwl/server makes it public as `encryptWebhook` for
// merchants' own webhook tests. Decryption is @wpwl/server's decryptWebhook.

import { createCipheriv, randomBytes } from 'node:crypto';

/** An encrypted notification: the hex body and the two hex header values. */
export interface SealedWebhook {
  body: string;
  iv: string;
  tag: string;
}

/** The IV length the gateway uses when none is given, in bytes. */
export const WEBHOOK_IV_BYTES = 12;
/** The authentication tag length, in bytes. */
export const WEBHOOK_TAG_BYTES = 16;

/**
 * Encrypts `plaintext` (a string as UTF-8, or bytes) under `keyHex` with AES-256-GCM.
 *
 * @param iv The IV bytes; 12 random bytes when not given.
 * @throws TypeError when `keyHex` is not 64 hexadecimal characters, or `iv` is empty
 */
export function sealWebhook(plaintext: string | Uint8Array, keyHex: string, iv: Uint8Array = randomBytes(WEBHOOK_IV_BYTES)): SealedWebhook {
  if (typeof keyHex !== 'string' || !/^[0-9a-fA-F]{64}$/.test(keyHex)) {
    throw new TypeError('key must be the webhook secret key: 64 hexadecimal characters (32 bytes)');
  }
  if (iv.length === 0) throw new TypeError('iv must be at least one byte');
  const key = Buffer.from(keyHex, 'hex');
  try {
    const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: WEBHOOK_TAG_BYTES });
    const body = Buffer.concat([
      cipher.update(typeof plaintext === 'string' ? Buffer.from(plaintext, 'utf8') : plaintext),
      cipher.final(),
    ]).toString('hex');
    return { body, iv: Buffer.from(iv).toString('hex'), tag: cipher.getAuthTag().toString('hex') };
  } finally {
    key.fill(0);
  }
}
