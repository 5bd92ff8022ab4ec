// GET /api/express: what the basket's wallet buttons need before any checkout
// exists. The gateway's base URL is the app-wide widget default already; the
// wallets offered are the shop's choice.
export default defineEventHandler(() => ({ brands: 'APPLEPAY GOOGLEPAY PAYPAL' }));
