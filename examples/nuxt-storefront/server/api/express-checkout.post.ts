// POST /api/express-checkout `{ brand }`: a wallet button was pressed on the
// basket (a wallet the basket offers, else 400). Prepares the basket's
// checkout at that moment (priced here, recorded for the result page as a
// card checkout is) and answers what core's createCheckout compares with the
// total the wallet sheet showed.
import { prepareBasketCheckout } from '../../../shared/basket-orders';
import { isExpressBrand } from '../utils/express-brands';

export default defineEventHandler(async (event) => {
  const { brand } = ((await readBody(event).catch(() => undefined)) ?? {}) as { brand?: unknown };
  // Only a wallet the basket offers: anything else prepares no checkout.
  if (!isExpressBrand(brand)) throw createError({ statusCode: 400, statusMessage: 'brand must be one of the wallets offered' });
  const checkout = await prepareBasketCheckout(useWpwlGateway(), 'nuxt');
  return { id: checkout.checkoutId, amount: checkout.amount, currency: checkout.currency };
});
