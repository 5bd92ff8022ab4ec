// GET /api/express: what the basket's wallet buttons need before any checkout
// exists: the wallets the shop offers, and the integrity hash of the widget
// script loaded without a checkout id (the gateway's GET
// /v1/fastcheckout/integrity). The gateway's base URL is the app-wide widget
// default already.
import { EXPRESS_BRANDS } from '../utils/express-brands';

export default defineEventHandler(async () => {
  // Without the hash the buttons still work (the script is then loaded without integrity).
  const integrity = await useWpwlGateway()
    .getFastCheckoutIntegrity()
    .catch((error: unknown) => {
      console.error(`nuxt-storefront: no fast-checkout integrity from the gateway: ${String(error)}`);
      return undefined;
    });
  return { brands: EXPRESS_BRANDS.join(' '), ...(integrity ? { integrity } : {}) };
});
