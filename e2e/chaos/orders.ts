// Owns reading the merchant's orders after a chaos run: the store the merchant
// servers wrote (embedded folder or PostgreSQL), opened once they are stopped.
import { openOrderStore } from '../../examples/merchant-server/src/store.js';
import type { OrderRecord } from './reconcile.js';

/** Every order in the store. */
export async function readOrders(where: { dataDir: string } | { url: string }): Promise<OrderRecord[]> {
  const store = await openOrderStore(where);
  try {
    return await store.all();
  } finally {
    await store.close();
  }
}
