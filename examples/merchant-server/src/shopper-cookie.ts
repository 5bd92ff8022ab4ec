// Owns the demo's shopper identity: a random id in an HttpOnly cookie, set on
// the first checkout. The cards a shopper saves are kept under it (store.ts);
// a real shop keys them on its customer account instead.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const COOKIE = 'wpwl_demo_shopper';
const SHOPPER_ID = /^[0-9a-f-]{36}$/;

/** The shopper of a request: the cookie's id, or a new one set on the response. */
export function shopperOf(req: IncomingMessage, res: ServerResponse): string {
  const sent = /(?:^|;\s*)wpwl_demo_shopper=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  if (sent && SHOPPER_ID.test(sent)) return sent;
  const id = randomUUID();
  // Lax: the shopper comes back to the result page from the gateway's 3-D Secure page.
  res.setHeader('Set-Cookie', `${COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax`);
  return id;
}
