// Owns the example merchant server as the server-side tests meet it: started
// on a sandbox of its own (so a test may move that sandbox's clock or switch
// on its faults), every storefront served, and the calls those tests make
// without a browser: the merchant's status API, the shopper's card
// submission straight to the sandbox, and a shopper who saved a card on an
// earlier purchase.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  startMerchantServer,
  type MerchantServer,
  type MerchantServerOptions,
  type Storefront,
} from '../../examples/merchant-server/src/server.js';
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
  extra: {
    storefronts?: Storefront[];
    vendor?: Array<{ path: string; dir: string }>;
    /** More of the merchant server's settings (express brands, the Apple Pay file …). */
    settings?: Pick<MerchantServerOptions, 'expressBrands' | 'applePayDomainAssociation'>;
  } = {},
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
    ...extra.settings,
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

/** A cookie for the browser: the shopper's identity at the merchant server. */
export interface ShopperCookie {
  name: string;
  value: string;
  url: string;
}

/**
 * A new shopper of the merchant server at `shopUrl` who paid there before
 * with `card` and ticked "save my card": a checkout through the shop's API
 * under the shopper's cookie, the payment straight to the gateway with
 * createRegistration=true (a 3-D Secure card passes its challenge), and the
 * result read through the shop, which keeps the card the gateway stored.
 * Returns the shopper's cookie: a browser that has it is offered that card.
 *
 * @throws Error when the shop does not answer the checkout or does not verify the payment.
 */
export async function shopperWithStoredCard(shopUrl: string, gatewayUrl: string, card: string): Promise<ShopperCookie> {
  const cookie = { name: 'wpwl_demo_shopper', value: randomUUID(), url: shopUrl };
  const response = await fetch(`${shopUrl}/api/checkout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: `${cookie.name}=${cookie.value}` },
    body: JSON.stringify({ items: [{ productId: 'tea-sencha', quantity: 1 }], cartKey: randomUUID() }),
  });
  const checkout = (await response.json()) as { checkoutId?: string };
  if (response.status !== 201 || !checkout.checkoutId) throw new Error(`checkout for the earlier purchase: HTTP ${response.status}`);

  const payment = (await (await submitCardAsShopper(gatewayUrl, checkout.checkoutId, card, { createRegistration: 'true' })).json()) as {
    redirect?: unknown;
  };
  if (payment.redirect) {
    // The issuer's page, answered as the shopper would: authentication complete.
    await fetch(`${gatewayUrl}/v1/threeds/${checkout.checkoutId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'outcome=complete',
      redirect: 'manual',
    });
  }
  const verdict = await readMerchantVerdict(shopUrl, `/v1/checkouts/${checkout.checkoutId}/payment`);
  if (verdict.body.ok !== true) throw new Error(`the earlier purchase was not verified as paid: ${JSON.stringify(verdict.body)}`);
  return cookie;
}
