// Owns the storefront examples' calls to the merchant server and the shapes of its answers (shared by the React and Vue storefronts).

/** A product as GET /api/products lists it (price as "12.90"). */
export interface Product {
  id: string;
  name: string;
  description: string;
  price: string;
}

/** What POST /api/checkout answers: everything the widget needs, priced by the server. */
export interface Checkout {
  orderId: string;
  checkoutId: string;
  integrity?: string;
  baseUrl: string;
  brands: string;
  shopperResultUrl: string;
  amount: string;
  currency: string;
  createdAt: string;
  expiresAt: string;
  /** Time left on the checkout when the server answered: pass it as the widget's `expiresInMs` (device clocks may be off). */
  expiresInMs: number;
}

/** What GET /api/payment-status answers once the server has read and verified the payment. */
export interface PaymentStatus {
  ok: boolean;
  classification: string;
  /** The card authentication (3-D Secure) failed. */
  threeDSecureFailed: boolean;
  code: string;
  description?: string;
  mismatches: Array<{ field: string; expected: string; actual?: string }>;
  needsReview: boolean;
  orderId: string;
  amount: string;
  currency: string;
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, init);
  const body = (await response.json().catch(() => ({}))) as T & { error?: { message?: string } };
  if (!response.ok) throw new Error(body.error?.message ?? `HTTP ${response.status}`);
  return body;
}

export const getProducts = () => call<{ products: Product[]; currency: string }>('/api/products');

/** Asks for a checkout of the cart; the server prices it, the browser sends ids and quantities only. */
export const createCheckout = (cart: ReadonlyMap<string, number>, resultPath: string) =>
  call<Checkout>('/api/checkout', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ items: [...cart].map(([productId, quantity]) => ({ productId, quantity })), resultPath }),
  });

export const getPaymentStatus = (resourcePath: string) =>
  call<PaymentStatus>(`/api/payment-status?resourcePath=${encodeURIComponent(resourcePath)}`);
