// Owns the two ways an order's status is asked for by URL: the storefront's
// GET /api/payment-status (the result page, polling), and the gateway's own
// GET to a shopper result URL with resourcePath, which it makes once for a
// payment nobody read within 29 minutes. Both settle through the settlement;
// the gateway's call is never dropped: the order is marked due before
// anything else, and a re-check reads it if this request cannot.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseStatusResource } from '@wpwl/server';
import { FINAL_STATES, isRetryableStoreError } from '@wpwl/server/settlement';
import { sendGatewayError, sendJson, sendStoreUnavailable, tooManyReads } from './http.js';
import type { ShopContext } from './shop-context.js';
import { answerOf } from './status-answer.js';
import type { OrderDetails } from './store.js';

/** GET /api/payment-status?resourcePath=/v1/checkouts/{id}/payment */
export async function paymentStatus(shop: ShopContext, url: URL, req: IncomingMessage, res: ServerResponse): Promise<void> {
  // Behind a proxy every shopper shares its address: key on the client address the proxy reports instead.
  const clientWait = shop.limits.readsPerClient.take(shop.clientAddress(req));
  if (clientWait > 0) return tooManyReads(res, clientWait);
  let checkoutId: string;
  try {
    checkoutId = parseStatusResource(url.searchParams.get('resourcePath') ?? '').checkoutId;
  } catch (error) {
    return sendGatewayError(res, error);
  }
  try {
    const known = await shop.settlement.find({ checkoutId });
    if (!known) return sendJson(res, 404, { error: { code: 'UNKNOWN_ORDER', message: 'no order was created for this checkout' } });
    const orderWait = shop.limits.readsPerOrder.take(checkoutId);
    if (orderWait > 0) return tooManyReads(res, orderWait);
    const order = await shop.settlement.readStatus(checkoutId);
    return sendJson(res, 200, answerOf(order ?? known));
  } catch (error) {
    if (isRetryableStoreError(error)) return sendStoreUnavailable(res, error);
    return sendGatewayError(res, error);
  }
}

/**
 * A page request carrying resourcePath: the gateway's call (or the shopper
 * coming back from paying). A storefront page cannot read the status for the
 * gateway, so the server does: the order is marked due (awaited: if the
 * database is away the caller is answered 503 and asked to come back), then
 * read now when the rate limits allow, else by the next re-check.
 * Returns false when the page may be served.
 */
export async function settleOnShopperResult(shop: ShopContext, url: URL, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const resourcePath = url.searchParams.get('resourcePath');
  if (!resourcePath) return false;
  let checkoutId: string;
  try {
    checkoutId = parseStatusResource(resourcePath).checkoutId;
  } catch {
    return false;
  }
  try {
    const order = await shop.settlement.find({ checkoutId });
    const details = order?.details as OrderDetails | undefined;
    if (!order || FINAL_STATES.has(order.state) || !details || new URL(details.shopperResultUrl).pathname !== url.pathname) return false;
    await shop.settlement.scheduleCheck(checkoutId);
  } catch (error) {
    sendStoreUnavailable(res, error);
    return true;
  }
  // Any page request can carry a resourcePath: the same limits as the status API, or a loop would read the gateway for ever.
  if (shop.limits.readsPerClient.take(shop.clientAddress(req)) > 0 || shop.limits.readsPerOrder.take(checkoutId) > 0) return false;
  // The shopper (or the gateway) comes back from paying: a read kept from before is out of date.
  shop.settlement.readStatus(checkoutId, { channel: 'shopper-result-call', fresh: true }).catch((error: unknown) => {
    console.error(
      `merchant-server: status read for checkout ${checkoutId} failed (a re-check reads it): ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  return false;
}
