// Owns the shapes of what the sandbox generates: ids in the interface's
// formats, the response timestamp, the build number, and the conversion of
// flat request parameters into the nested JSON a response echoes.

import { randomBytes, randomUUID } from 'node:crypto';

/** Build number every response carries (a support aid in the interface). */
export const BUILD_NUMBER = 'wpwl-sandbox 0.1.0';

/** A checkout id: 32 uppercase hex characters and a host suffix, 46 characters in all. */
export function newCheckoutId(): string {
  return `${randomBytes(16).toString('hex').toUpperCase()}.sbx01-vm-tx01`;
}

/** A payment or registration id: 32 letters and digits. */
export function newPaymentId(): string {
  return randomBytes(16).toString('hex');
}

/** A request identifier (ndc): letters, digits and hyphens. */
export function newNdc(): string {
  return randomUUID();
}

/** An entity id: 32 lowercase hex characters. */
export function newEntityId(): string {
  return randomBytes(16).toString('hex');
}

/** A test access token, Base64 like the gateway's. */
export function newAccessToken(): string {
  return randomBytes(36).toString('base64');
}

/** `yyyy-MM-dd HH:mm:ss+0000` in UTC. */
export function formatTimestamp(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}+0000`;
}

/**
 * Turns flat parameters into nested JSON: `customer.givenName` → `{ customer: { givenName } }`,
 * `cart.items[0].name` → `{ cart: { items: [{ name }] } }`, `customParameters[X]` → `{ customParameters: { X } }`.
 * Every object it makes has no prototype, so no name (request data) can reach
 * `Object.prototype`; the HTTP layer refuses `__proto__`-style names before this.
 */
export function unflatten(params: Record<string, string>): Record<string, unknown> {
  const root = Object.create(null) as Record<string, unknown>;
  for (const [name, value] of Object.entries(params)) {
    const tokens: Array<string | number> = [];
    for (const match of name.matchAll(/([^.[\]]+)|\[([^\]]*)\]/g)) {
      if (match[1] !== undefined) tokens.push(match[1]);
      else tokens.push(/^[0-9]+$/.test(match[2] ?? '') && !name.startsWith('customParameters[') ? Number(match[2]) : (match[2] ?? ''));
    }
    // Arrays have a prototype too: a name reaching one is dropped here as well.
    if (tokens.some((token) => token === '__proto__' || token === 'prototype' || token === 'constructor')) continue;
    let node: Record<string | number, unknown> = root;
    tokens.forEach((token, i) => {
      if (i === tokens.length - 1) {
        node[token] = value;
        return;
      }
      const next = tokens[i + 1];
      if (node[token] === undefined || typeof node[token] !== 'object') node[token] = typeof next === 'number' ? [] : Object.create(null);
      node = node[token] as Record<string | number, unknown>;
    });
  }
  return root;
}
