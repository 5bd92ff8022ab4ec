// Owns what the merchant server's routes share: the settlement of its orders,
// the shop's own records, the gateway client, the storefronts it serves and
// the per-process rate limits.
import type { IncomingMessage } from 'node:http';
import type { GatewayClient } from '@wpwl/server';
import type { Settlement } from '@wpwl/server/settlement';
import type { RateLimiter } from './rate-limit.js';
import type { OrderStore } from './store.js';

/** A storefront served by this server. */
export interface Storefront {
  /** Mount point, starting and ending with "/", e.g. "/core-storefront/". */
  path: string;
  /** Absolute directory of its files. */
  dir: string;
  /** Page (below `path`) the shopper returns to after paying; default "result.html". */
  resultPage?: string;
  /** Serve index.html for unknown extension-less paths (client-side routing). */
  spa?: boolean;
}

export interface ShopContext {
  settlement: Settlement;
  orders: OrderStore;
  gateway: GatewayClient;
  /** Brands the widget offers. */
  brands: string;
  /** Wallet brands the cart's express checkout offers, e.g. `APPLEPAY GOOGLEPAY PAYPAL`. */
  expressBrands: string;
  /** Apple Pay's domain-verification file, served under /.well-known/ when set. */
  applePayDomainAssociation: string | undefined;
  storefronts: Storefront[];
  /** The origin shoppers reach this server at. */
  publicUrl(): string;
  /** Who `req` comes from, for the per-client limits (client-address.ts). */
  clientAddress(req: IncomingMessage): string;
  limits: {
    /** Status requests per client address. */
    readsPerClient: RateLimiter;
    /** Status requests per order, from anyone. */
    readsPerOrder: RateLimiter;
    /** New gateway checkouts per client address. */
    checkoutsPerClient: RateLimiter;
  };
}
