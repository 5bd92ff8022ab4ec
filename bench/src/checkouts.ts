// Owns preparing checkouts in bulk, server-side with the token, before a
// measurement starts, so that no measured page load shares the machine with
// checkout creation.
import { createCheckout, type GatewayAccess } from '../../e2e/support/gateway.js';

/** Prepares `count` checkouts, a few at a time; resolves with their ids in creation order. */
export async function prepareCheckouts(gateway: GatewayAccess, count: number, concurrency = 8): Promise<string[]> {
  const ids: string[] = new Array<string>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      ids[index] = (await createCheckout(gateway)).id;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return ids;
}
