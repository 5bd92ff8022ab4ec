// Owns the wallets the Nuxt storefront offers for express checkout: what the
// basket's buttons show (GET /api/express) and the only brands a wallet press
// may prepare a checkout for (POST /api/express-checkout).
export const EXPRESS_BRANDS = ['APPLEPAY', 'GOOGLEPAY', 'PAYPAL'] as const;

/** Whether `brand` is one of the wallets offered. */
export const isExpressBrand = (brand: unknown): brand is (typeof EXPRESS_BRANDS)[number] =>
  (EXPRESS_BRANDS as readonly unknown[]).includes(brand);
