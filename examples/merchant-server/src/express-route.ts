// Owns express checkout's server side: GET /api/express (what the cart's
// wallet buttons need before any checkout exists: the gateway, the wallet
// brands, the integrity hash of the script loaded without a checkout id) and
// Apple Pay's domain-verification file under /.well-known/. The checkout a
// wallet press asks for is prepared by checkout-route.ts, under the cart's
// settlement rules.
import type { ServerResponse } from 'node:http';
import { sendJson } from './http.js';
import type { ShopContext } from './shop-context.js';

/** Where Apple looks for the shop's domain-verification file. */
export const APPLE_PAY_DOMAIN_ASSOCIATION_PATH = '/.well-known/apple-developer-merchantid-domain-association';

/** How long the gateway's script hash is reused: it changes only when the gateway ships a new script. */
const INTEGRITY_REUSE_MS = 5 * 60_000;

let cached: { baseUrl: string; integrity: Promise<string | undefined>; at: number } | undefined;

/** How long a failed read is reused: the page then loads without the hash, and the gateway is not asked on every page view. */
const FAILURE_REUSE_MS = 30_000;

/** The hash of the script loaded without a checkout id, read from the gateway at most every few minutes. */
function fastCheckoutIntegrity(shop: ShopContext): Promise<string | undefined> {
  const now = Date.now();
  if (cached && cached.baseUrl === shop.gateway.baseUrl && now - cached.at < INTEGRITY_REUSE_MS) return cached.integrity;
  const entry = { baseUrl: shop.gateway.baseUrl, at: now, integrity: Promise.resolve<string | undefined>(undefined) };
  entry.integrity = shop.gateway.getFastCheckoutIntegrity().catch((error: unknown) => {
    // The buttons still work without it (the card checkout keeps its own hash); asked again in a while.
    console.error(`merchant-server: no fast-checkout integrity from the gateway: ${String(error)}`);
    entry.at = Date.now() - INTEGRITY_REUSE_MS + FAILURE_REUSE_MS;
    return undefined;
  });
  cached = entry;
  return entry.integrity;
}

/** GET /api/express */
export async function expressSettings(shop: ShopContext, res: ServerResponse): Promise<void> {
  const integrity = await fastCheckoutIntegrity(shop);
  sendJson(res, 200, { baseUrl: shop.gateway.baseUrl, brands: shop.expressBrands, ...(integrity ? { integrity } : {}) });
}

/** GET /.well-known/apple-developer-merchantid-domain-association: the file from the back office, when configured. */
export function sendApplePayDomainAssociation(shop: ShopContext, res: ServerResponse, head: boolean): void {
  const file = shop.applePayDomainAssociation;
  if (file === undefined) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    return void res.end(head ? undefined : 'no Apple Pay domain association configured');
  }
  res.writeHead(200, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(file),
    'Cache-Control': 'max-age=3600',
  });
  res.end(head ? undefined : file);
}
