// @ts-check
// Owns the cart's express checkout request for the pages served without a
// bundler (the core storefront's and the static page's, which load this
// module from /shared/express-checkout.js): the checkout of the cart at the
// moment a wallet button is pressed, prepared by the merchant server, answered
// as core compares it with the total the wallet sheet shows. The bundled
// storefronts have the same in shop-api.ts.

/**
 * POST /api/express-checkout for `cart` (product id → quantity). A refusal is
 * a rejection carrying the server's message, which core reports as a coded
 * error (CREATE_CHECKOUT_FAILED).
 * @param {ReadonlyMap<string, number>} cart
 * @param {string} cartKey the shopper's cart key (one open checkout per cart)
 * @param {string} brand the wallet pressed
 * @returns {Promise<{ id: string, amount: string, currency: string }>}
 */
export async function requestExpressCheckout(cart, cartKey, brand) {
  const response = await fetch('/api/express-checkout', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      items: [...cart].map(([productId, quantity]) => ({ productId, quantity })),
      resultPath: new URL('result.html', location.href).pathname,
      cartKey,
      brand,
    }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(body.error?.message ?? `HTTP ${response.status}`);
  return { id: body.checkoutId, amount: body.amount, currency: body.currency };
}
