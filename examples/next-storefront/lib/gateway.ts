// Owns this storefront's side of the gateway, on the server only: one
// @wpwl/server client made from the environment (the access token never
// leaves the server), and the basket's checkout and result on top of it,
// the express checkout's (wallet buttons on the basket) included.
import { createGatewayClient, type GatewayClient } from '@wpwl/server';
import { BASKET, CURRENCY, basketTotal } from '../../shared/basket';
import { prepareBasketCheckout, readBasketResult, type PreparedCheckout } from '../../shared/basket-orders';
import type { ResultView } from '../../shared/result-view';
import type { ShopLanguage } from '../../shared/shop-language';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`next-storefront: set ${name} (pnpm demo sets it; see the README)`);
  return value;
}

// Kept on globalThis: every route's server bundle then shares one client.
const shared = globalThis as typeof globalThis & {
  wpwlNextClient?: GatewayClient;
  wpwlNextExpressIntegrity?: { integrity: Promise<string | undefined>; at: number };
};

function gateway(): GatewayClient {
  return (shared.wpwlNextClient ??= createGatewayClient({
    baseUrl: required('WPWL_BASE_URL'),
    accessToken: required('WPWL_ACCESS_TOKEN'),
    entityId: required('WPWL_ENTITY_ID'),
  }));
}

/** The gateway's address as the shopper's browser reaches it (the widget script comes from there). */
export function widgetBaseUrl(): string {
  return process.env.WPWL_WIDGET_BASE_URL || required('WPWL_BASE_URL');
}

/** Prepares a checkout for the basket and records the order it pays for. */
export function checkoutForBasket(): Promise<PreparedCheckout> {
  return prepareBasketCheckout(gateway(), 'next');
}

/** The verified result of the checkout the shopper came back with, in words in `language`; undefined for one this shop does not know. */
export function resultOf(
  checkoutId: string | undefined,
  resourcePath: string | undefined,
  language: ShopLanguage,
): Promise<ResultView | undefined> {
  return readBasketResult(gateway(), checkoutId, resourcePath, language);
}

/** What the basket's wallet buttons need before any checkout exists: plain data for the client. */
export interface ExpressSettings {
  baseUrl: string;
  /** The wallet brands offered (WPWL_EXPRESS_BRANDS; default APPLEPAY GOOGLEPAY PAYPAL). */
  brands: string;
  /** The hash of the widget script loaded without a checkout id, when the gateway gave one. */
  integrity: string | undefined;
  /** The basket's total, two decimals, and its currency: what every wallet sheet shows. */
  amount: string;
  currency: string;
}

/** How long the gateway's script hash is reused: it changes only when the gateway ships a new script. */
const INTEGRITY_REUSE_MS = 5 * 60_000;

/** The wallet brands of the basket's express checkout. */
export function expressBrands(): string {
  return process.env.WPWL_EXPRESS_BRANDS || 'APPLEPAY GOOGLEPAY PAYPAL';
}

/** The express checkout's settings; the script's hash read from the gateway at most every few minutes. */
export async function expressSettings(): Promise<ExpressSettings> {
  const now = Date.now();
  let cached = shared.wpwlNextExpressIntegrity;
  if (!cached || now - cached.at >= INTEGRITY_REUSE_MS) {
    const integrity = gateway()
      .getFastCheckoutIntegrity()
      .catch((error: unknown) => {
        // The buttons still work without it; the next page asks again.
        console.error(`next-storefront: no fast-checkout integrity from the gateway: ${String(error)}`);
        shared.wpwlNextExpressIntegrity = undefined;
        return undefined;
      });
    cached = shared.wpwlNextExpressIntegrity = { integrity, at: now };
  }
  return {
    baseUrl: widgetBaseUrl(),
    brands: expressBrands(),
    integrity: await cached.integrity,
    amount: basketTotal(BASKET),
    currency: CURRENCY,
  };
}
