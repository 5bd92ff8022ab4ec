// POST /api/express-checkout `{ brand }`: a wallet button was pressed on the
// basket. Prepares the basket's checkout at that moment (priced here, recorded
// for the result page as a card checkout is) and answers what core's
// createCheckout compares with the total the wallet sheet showed.
import { prepareBasketCheckout } from '../../../shared/basket-orders';

export default defineEventHandler(async () => {
  const checkout = await prepareBasketCheckout(useWpwlGateway(), 'nuxt');
  return { id: checkout.checkoutId, amount: checkout.amount, currency: checkout.currency };
});
