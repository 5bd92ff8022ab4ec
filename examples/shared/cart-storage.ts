// Owns the browser storefronts' cart in localStorage: kept, shared by the
// shopper's tabs, across the trip to the gateway and back, so a declined
// shopper can pay for the same cart again, and its key, so that every tab gets
// the same checkout for it.

const CART_KEY = 'wpwl-example-cart';
const CART_KEY_KEY = 'wpwl-example-cart-key';

/** The shopper's cart (product id → quantity), shared by their tabs, or an empty one. */
export function loadCart(): Map<string, number> {
  try {
    const entries: unknown = JSON.parse(localStorage.getItem(CART_KEY) ?? '[]');
    if (!Array.isArray(entries)) return new Map();
    return new Map(
      entries.filter((entry): entry is [string, number] => typeof entry?.[0] === 'string' && Number.isInteger(entry?.[1]) && entry[1] > 0),
    );
  } catch {
    return new Map();
  }
}

/** Keeps the cart for the way back from the gateway and for the shopper's other tabs. */
export function saveCart(cart: ReadonlyMap<string, number>): void {
  localStorage.setItem(CART_KEY, JSON.stringify([...cart]));
}

/** The key the merchant server knows this cart by: one checkout per cart, whichever tab asks. */
export function cartKey(): string {
  let key = localStorage.getItem(CART_KEY_KEY);
  if (!key) localStorage.setItem(CART_KEY_KEY, (key = crypto.randomUUID()));
  return key;
}

/** Forgets the cart (and its key) once it is paid: the next cart is a new one. */
export function clearCart(): void {
  localStorage.removeItem(CART_KEY);
  localStorage.removeItem(CART_KEY_KEY);
}
