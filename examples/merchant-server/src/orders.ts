// Owns the order book: orders kept in memory, keyed by checkout id and by the
// storefront's cart key (the latest order of each cart), for as long as a
// checkout can be paid and read. A real shop keeps them in its database.
import type { PaymentStatusAnswer } from './server.js';

export interface OrderLine {
  productId: string;
  name: string;
  quantity: number;
  price: string;
}

export interface Order {
  orderId: string;
  checkoutId: string;
  /** Two-decimal string. */
  amount: string;
  currency: string;
  paymentType: 'DB';
  /** Where the shopper returns; the gateway also calls it for a payment not read within 29 minutes. */
  shopperResultUrl: string;
  lines: OrderLine[];
  createdAt: Date;
  /** The checkout's expiry (30 minutes after creation). */
  expiresAt: Date;
  /** The checkout's script integrity hash, when the gateway gave one. */
  integrity?: string;
  /** The storefront's key for the cart this order was prepared for, if it sent one. */
  cartKey?: string;
  /** Who ordered (the demo's shopper cookie): a card they ask to save is kept for them. */
  shopperId?: string;
  /** The final verdict, once known. */
  verdict?: PaymentStatusAnswer;
}

/** How long an order stays after its checkout expired, so a late status read still finds it. */
const KEEP_AFTER_EXPIRY_MS = 60 * 60_000;

export class OrderBook {
  readonly #byCheckout = new Map<string, Order>();
  readonly #latestByCart = new Map<string, Order>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  add(order: Order): void {
    this.#sweep();
    this.#byCheckout.set(order.checkoutId, order);
    if (order.cartKey) this.#latestByCart.set(order.cartKey, order);
  }

  /** The latest order prepared for a cart key, while it is kept. */
  latestForCart(cartKey: string): Order | undefined {
    return this.#latestByCart.get(cartKey);
  }

  get(checkoutId: string): Order | undefined {
    return this.#byCheckout.get(checkoutId);
  }

  get size(): number {
    return this.#byCheckout.size;
  }

  #sweep(): void {
    const cutoff = this.#now() - KEEP_AFTER_EXPIRY_MS;
    for (const [id, order] of this.#byCheckout) {
      if (order.expiresAt.getTime() < cutoff) this.#byCheckout.delete(id);
    }
    // A cart key is forgotten with its order: the index cannot outgrow the book.
    for (const [key, order] of this.#latestByCart) {
      if (!this.#byCheckout.has(order.checkoutId)) this.#latestByCart.delete(key);
    }
  }
}
