// Owns the interface's authentication rule: `Authorization: Bearer <token>`
// on every merchant request; missing or malformed → 401, wrong token → 403.

import { createHash, timingSafeEqual } from 'node:crypto';

/** The outcome of checking one request's Authorization header. */
export type AuthCheck = 'ok' | 'unauthenticated' | 'forbidden';

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;

/** Checks `header` against the sandbox's access token. */
export function checkAuthorization(header: string | undefined, accessToken: string): AuthCheck {
  const match = header === undefined ? null : BEARER.exec(header);
  if (!match?.[1]) return 'unauthenticated';
  // Compare digests so the comparison takes the same time whatever the token's length.
  const sent = createHash('sha256').update(match[1]).digest();
  const expected = createHash('sha256').update(accessToken).digest();
  return timingSafeEqual(sent, expected) ? 'ok' : 'forbidden';
}
