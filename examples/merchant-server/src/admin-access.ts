// Owns who may use the shop's back-office pages (/reconciliation,
// /csp-reports): with an admin token configured (WPWL_ADMIN_TOKEN), a request
// that carries it as `Authorization: Bearer`, or the HttpOnly
// SameSite=Strict cookie a visit with `?token=` sets; without one, nobody
// once the shop is published at a public address (PUBLIC_URL not on this
// machine: a proxy in front may forward strangers from loopback with no
// header to tell), else only a request made on this machine (a loopback peer
// that names a loopback host, so a remote page cannot reach it through DNS
// rebinding, and that no proxy forwarded). A form's POST must also come from the page's
// own origin (the Origin header), unless it carries the Bearer header a
// cross-site form cannot set. Tokens are compared in constant time.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The cookie a visit with the right `?token=` sets. */
export const ADMIN_COOKIE = 'wpwl_admin';

/** What a request may do. */
export type AdminAccess =
  /** Admitted; `bearer` when by the Authorization header (not a browser's ambient credential). */
  | { ok: true; bearer: boolean }
  /** Refused: 401 (a token is configured and the request lacks it) or 403 (not on this machine). */
  | { ok: false; status: 401 | 403; message: string };

const digest = (text: string) => createHash('sha256').update(text).digest();
const same = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/** The cookie's value: derived from the token, so the cookie never holds the token itself. */
export function adminCookieValue(token: string): string {
  return createHmac('sha256', token).update('wpwl-admin-cookie').digest('base64url');
}

function cookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

const LOOPBACK_ADDRESS = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
const LOOPBACK_HOST = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(:\d+)?$/i;

/** Headers a reverse proxy adds to the request it forwards: whoever sent it, it was not sent on this machine. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'via'] as const;

/**
 * True for a request made on this machine, to this machine's name. A proxy
 * on this machine connects from loopback and may name a loopback host (Apache's
 * ProxyPass, nginx's default Host): a forwarding header it adds refuses it. Not
 * every proxy adds one (nginx adds none by default): a shop published at a
 * public address needs the token whatever this says (`adminAccess`).
 */
export function isLoopbackRequest(req: IncomingMessage): boolean {
  return (
    LOOPBACK_ADDRESS.test(req.socket.remoteAddress ?? '') &&
    LOOPBACK_HOST.test(req.headers.host ?? '') &&
    FORWARDING_HEADERS.every((name) => req.headers[name] === undefined)
  );
}

/** Whether the shop's public address is this machine (a local run), not a name the world reaches. */
export function isLocalShop(publicUrl: string): boolean {
  try {
    return LOOPBACK_HOST.test(new URL(publicUrl).host);
  } catch {
    return false;
  }
}

/** Decides whether `req` may see or use the back office of the shop published at `publicUrl`. */
export function adminAccess(req: IncomingMessage, token: string | undefined, publicUrl: string): AdminAccess {
  if (token === undefined) {
    if (!isLocalShop(publicUrl)) {
      return {
        ok: false,
        status: 403,
        message: `The shop is published at ${new URL(publicUrl).origin}: its back office opens only with a token. Set WPWL_ADMIN_TOKEN.`,
      };
    }
    if (isLoopbackRequest(req)) return { ok: true, bearer: false };
    return {
      ok: false,
      status: 403,
      message:
        'The back office is served on this machine only (a loopback address, not through a proxy): set WPWL_ADMIN_TOKEN to open it from elsewhere.',
    };
  }
  const authorization = req.headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
  if (bearer !== undefined && same(bearer, token)) return { ok: true, bearer: true };
  const fromCookie = cookie(req, ADMIN_COOKIE);
  if (fromCookie !== undefined && same(fromCookie, adminCookieValue(token))) return { ok: true, bearer: false };
  return {
    ok: false,
    status: 401,
    message: 'This page needs the admin token (WPWL_ADMIN_TOKEN): open it once with ?token=<token>, or send Authorization: Bearer <token>.',
  };
}

/**
 * Sets the admin cookie when `?token=` is the admin token, and answers with a
 * redirect to the same page without it (the token does not stay in the
 * address bar or the history). Returns false when there was no `?token=`.
 */
export function acceptTokenVisit(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  token: string | undefined,
  options: { secure: boolean },
): boolean {
  const given = url.searchParams.get('token');
  if (given === null || token === undefined || !same(given, token)) return false;
  url.searchParams.delete('token');
  res.writeHead(303, {
    'Set-Cookie': `${ADMIN_COOKIE}=${adminCookieValue(token)}; HttpOnly; SameSite=Strict; Path=${url.pathname}${options.secure ? '; Secure' : ''}`,
    Location: `${url.pathname}${url.search}`,
    'Cache-Control': 'no-store',
  });
  res.end();
  return true;
}

/**
 * True when a state-changing request comes from one of `origins` (the
 * server's own): its Origin header names one. Browsers send Origin with
 * every form POST; another site's form names that site.
 */
export function isSameOrigin(req: IncomingMessage, origins: readonly string[]): boolean {
  const origin = req.headers.origin;
  return origin !== undefined && origin !== 'null' && origins.includes(origin.toLowerCase());
}
