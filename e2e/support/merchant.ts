// Owns the example merchant server as the server-side tests meet it: started
// on a sandbox of its own (so a test may move that sandbox's clock or switch
// on its faults), every storefront served, and the calls those tests make
// without a browser: the merchant's status API and the shopper's card
// submission straight to the sandbox.
import { fileURLToPath } from 'node:url';
import { startMerchantServer, type MerchantServer, type Storefront } from '../../examples/merchant-server/src/server.js';
import { findSharedFiles, findStorefronts, findVendorLibraries } from '../../examples/merchant-server/src/storefronts.js';
import { freshDataDir } from './data-dir.js';
import type { GatewayAccess } from './gateway.js';
import { startSandboxServer, type SandboxServer } from './servers.js';
import { SUCCESS_CARD } from './shopper.js';

const repo = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');

/** A sandbox and the example merchant server in front of it. */
export interface ShopOnSandbox {
  sandbox: SandboxServer;
  merchant: MerchantServer;
  /** The sandbox's address and credentials, for reading statuses as the merchant does. */
  gateway: GatewayAccess;
  close(): Promise<void>;
}

/**
 * Starts a sandbox and the merchant server (every storefront, the vendor libraries) on 127.0.0.1 and ephemeral ports.
 * `extra` adds mounts of a test's own: pages served like a storefront's, files served like a vendor library.
 */
export async function startShopOnSandbox(
  extra: { storefronts?: Storefront[]; vendor?: Array<{ path: string; dir: string }> } = {},
): Promise<ShopOnSandbox> {
  const sandbox = await startSandboxServer();
  const gateway = { url: sandbox.url, accessToken: sandbox.accessToken, entityId: sandbox.entityId };
  const data = await freshDataDir();
  const merchant = await startMerchantServer({
    database: { dataDir: data.dir },
    gateway: { baseUrl: sandbox.url, accessToken: sandbox.accessToken, entityId: sandbox.entityId },
    port: 0,
    storefronts: [...findStorefronts(`${repo}/examples`), ...(extra.storefronts ?? [])],
    vendor: [...findVendorLibraries(`${repo}/packages`), ...findSharedFiles(`${repo}/examples`), ...(extra.vendor ?? [])],
  });
  return {
    sandbox,
    merchant,
    gateway,
    close: async () => {
      await merchant.close();
      await sandbox.close();
      data.remove();
    },
  };
}

/** `GET /api/payment-status` of the merchant server at `shopUrl`: HTTP status and JSON body. */
export async function readMerchantVerdict(shopUrl: string, resourcePath: string) {
  const response = await fetch(`${shopUrl}/api/payment-status?resourcePath=${encodeURIComponent(resourcePath)}`);
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** The form the widget posts for a card payment (VISA, a valid holder, expiry and CVV), as URL-encoded text. */
export function cardPaymentForm(card = SUCCESS_CARD, extra: Record<string, string> = {}): string {
  return new URLSearchParams({
    paymentBrand: 'VISA',
    'card.number': card,
    'card.holder': 'Jane Jones',
    'card.expiryMonth': '12',
    'card.expiryYear': String(new Date().getFullYear() + 2),
    'card.cvv': '123',
    ...extra,
  }).toString();
}

/**
 * Submits a card payment for `checkoutId` the way the widget does (no
 * Authorization: the checkout id is the capability), without following the
 * redirect to the result page: as if the shopper closed the tab.
 */
export function submitCardAsShopper(
  sandboxUrl: string,
  checkoutId: string,
  card = SUCCESS_CARD,
  extra: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${sandboxUrl}/v1/checkouts/${checkoutId}/payment`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: cardPaymentForm(card, extra),
  });
}
