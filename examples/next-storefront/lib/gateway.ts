// Owns this storefront's side of the gateway, on the server only: one
// @wpwl/server client made from the environment (the access token never
// leaves the server), and the basket's checkout and result on top of it.
import { createGatewayClient, type GatewayClient } from '@wpwl/server';
import { prepareBasketCheckout, readBasketResult, type PreparedCheckout } from '../../shared/basket-orders';
import type { ResultView } from '../../shared/result-view';
import type { ShopLanguage } from '../../shared/shop-language';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`next-storefront: set ${name} (pnpm demo sets it; see the README)`);
  return value;
}

// Kept on globalThis: every route's server bundle then shares one client.
const shared = globalThis as typeof globalThis & { wpwlNextClient?: GatewayClient };

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
