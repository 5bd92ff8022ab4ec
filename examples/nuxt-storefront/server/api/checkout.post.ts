// POST /api/checkout: prepares a checkout for the basket with the gateway
// client @wpwl/nuxt makes from private runtime config, and records the order.
import { prepareBasketCheckout } from '../../../shared/basket-orders';

export default defineEventHandler(() => prepareBasketCheckout(useWpwlGateway(), 'nuxt'));
