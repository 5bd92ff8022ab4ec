'use server';
// The Server Action a wallet press calls (the basket's express checkout):
// it prepares the basket's checkout at that moment, on the server, and
// answers what @wpwl/react's createCheckout compares with the total the
// wallet sheet shows: the id, the amount and the currency.
import type { ExpressCheckout } from '@wpwl/react';
import { checkoutForBasket, expressBrands } from '../lib/gateway';

/** Prepares the basket's checkout for a press of the wallet `brand` (one of the express brands). */
export async function prepareExpressCheckout(brand: string): Promise<ExpressCheckout> {
  if (typeof brand !== 'string' || !expressBrands().split(' ').includes(brand)) {
    throw new Error(`brand must be one of the express wallets: ${expressBrands()}`);
  }
  const checkout = await checkoutForBasket();
  return { id: checkout.checkoutId, amount: checkout.amount, currency: checkout.currency };
}
