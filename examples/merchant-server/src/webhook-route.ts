// Owns POST /api/webhooks: the gateway's notifications, encrypted with the
// webhook key (two while a key is rotated). An authentic notification is
// answered 2xx once the settlement has recorded what it says (or kept it,
// when it cannot be placed or read); a forged or damaged one is refused; and
// while the database is away the answer is 503, so the gateway sends it again.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decryptWebhook, isWpwlServerError } from '@wpwl/server';
import { isRetryableStoreError } from '@wpwl/server/settlement';
import { readBody, sendJson, sendStoreUnavailable } from './http.js';
import type { ShopContext } from './shop-context.js';

/** A webhook notification is one payment as hex: far below this. */
const MAX_WEBHOOK_BYTES = 256 * 1024;

/** POST /api/webhooks */
export async function receiveWebhook(shop: ShopContext, keys: readonly string[], req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (keys.length === 0) {
    return sendJson(res, 404, { error: { code: 'NOT_FOUND', message: 'webhooks are not configured here (no webhook key)' } });
  }
  const body = await readBody(req, MAX_WEBHOOK_BYTES);
  if (!body) return sendJson(res, 413, { error: { code: 'WEBHOOK_INVALID', reason: 'too-large', message: 'notification too large' } });
  try {
    let notification;
    try {
      notification = decryptWebhook(body, req.headers, keys);
    } catch (error) {
      if (!isWpwlServerError(error) || error.code !== 'WEBHOOK_INVALID') throw error;
      if (error.details.authenticated === true) {
        // Authentic but unreadable: kept as it came (still encrypted) for a person, and answered 2xx,
        // or the gateway would send it again for days and then drop it.
        await shop.settlement.keepUnreadable(String(error.details.reason), {
          body: body.toString('latin1'),
          iv: String(req.headers['x-initialization-vector'] ?? ''),
          tag: String(req.headers['x-authentication-tag'] ?? ''),
        });
        return sendJson(res, 200, { received: true, kept: true });
      }
      console.error(`merchant-server: webhook refused: ${error.message}`);
      // A key of the wrong shape is this server's fault, not the sender's.
      const status = error.details.reason === 'key' ? 500 : 400;
      return sendJson(res, status, { error: { code: error.code, reason: error.details.reason, message: 'notification refused' } });
    }
    const outcome = await shop.settlement.settleFromWebhook(notification);
    return sendJson(res, 200, { received: true, ...(outcome.kind === 'kept' ? { kept: true } : {}) });
  } catch (error) {
    if (isRetryableStoreError(error)) return sendStoreUnavailable(res, error);
    throw error;
  }
}
