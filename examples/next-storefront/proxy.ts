// Runs before every page: a fresh CSP nonce per request, the policy on the
// response (and on the request, where Next.js finds the nonce for its own
// scripts), and the nonce passed to the pages in a request header.
import { NextResponse, type NextRequest } from 'next/server';
import { NONCE_HEADER, createNonce, storefrontCsp } from './lib/csp';

/** Where the shopper's browser loads the widget from (lib/gateway.ts's widgetBaseUrl, without the gateway client). */
function widgetBaseUrl(): string {
  const url = process.env.WPWL_WIDGET_BASE_URL || process.env.WPWL_BASE_URL;
  if (!url) throw new Error('next-storefront: set WPWL_BASE_URL (pnpm demo sets it; see the README)');
  return url;
}

export function proxy(request: NextRequest): NextResponse {
  const nonce = createNonce();
  const policy = storefrontCsp(widgetBaseUrl(), nonce);
  const headers = new Headers(request.headers);
  headers.set(NONCE_HEADER, nonce);
  headers.set('Content-Security-Policy', policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

export const config = {
  // Pages only: the build's static files and the icon need no policy.
  matcher: [{ source: '/((?!_next/static|_next/image|icon.svg|favicon.ico).*)' }],
};
