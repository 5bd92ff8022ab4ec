// Owns the shop's records in its database: orders (with their cart key and,
// once known, their one final verdict) and the stored cards of each shopper.
// Every write is committed before the server answers with what it wrote, so a
// crash right after an answer loses nothing the shopper or the gateway saw.
import { openDatabase, type Database, type DatabaseOptions, type Queryable } from './database.js';

export { LockBusyError } from './database.js';
import type { PaymentStatusAnswer } from './server.js';

export interface OrderLine {
  productId: string;
  name: string;
  quantity: number;
  price: string;
}

/** Who settled an order first: the result page's status read, a webhook, or the gateway's 29-minute call. */
export type SettledBy = 'status-read' | 'webhook' | 'shopper-result-call';

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
  /** The final verdict, once known; never changed after. */
  verdict?: PaymentStatusAnswer;
  /** True when the final verdict is paid (and this order is its cart's only paid one). */
  paid: boolean;
  /** The gateway's id of the payment the verdict is about. */
  paymentId?: string;
  settledBy?: SettledBy;
  settledAt?: Date;
}

/** The cards a shopper saved, most recent first; older ones are forgotten. */
const MAX_CARDS_PER_SHOPPER = 3;
const UNIQUE_VIOLATION = '23505';

interface OrderRow {
  order_id: string;
  checkout_id: string;
  amount: string;
  currency: string;
  payment_type: 'DB';
  shopper_result_url: string;
  lines: OrderLine[];
  created_at: Date;
  expires_at: Date;
  integrity: string | null;
  cart_key: string | null;
  shopper_id: string | null;
  verdict: PaymentStatusAnswer | null;
  paid: boolean;
  payment_id: string | null;
  settled_by: SettledBy | null;
  settled_at: Date | null;
}

function toOrder(row: OrderRow): Order {
  return {
    orderId: row.order_id,
    checkoutId: row.checkout_id,
    amount: row.amount,
    currency: row.currency,
    paymentType: row.payment_type,
    shopperResultUrl: row.shopper_result_url,
    lines: row.lines,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    ...(row.integrity ? { integrity: row.integrity } : {}),
    ...(row.cart_key ? { cartKey: row.cart_key } : {}),
    ...(row.shopper_id ? { shopperId: row.shopper_id } : {}),
    ...(row.verdict ? { verdict: row.verdict } : {}),
    paid: row.paid,
    ...(row.payment_id ? { paymentId: row.payment_id } : {}),
    ...(row.settled_by ? { settledBy: row.settled_by } : {}),
    ...(row.settled_at ? { settledAt: new Date(row.settled_at) } : {}),
  };
}

/** What {@link OrderStore.settle} is told: the verdict and where it came from. */
export interface Settlement {
  verdict: PaymentStatusAnswer;
  paymentId?: string;
  settledBy: SettledBy;
}

/** How long a second request for a cart waits for the first to decide (a gateway call at most). */
const CART_WAIT_MS = 15_000;

export class OrderStore {
  readonly #db: Database;
  /** This process's requests per cart, one after another (the claim row covers other instances). */
  readonly #cartQueues = new Map<string, Promise<void>>();

  private constructor(db: Database) {
    this.#db = db;
  }

  /** Opens the database (PostgreSQL by URL, or the embedded one in a folder) and migrates it. */
  static async open(options: DatabaseOptions): Promise<OrderStore> {
    return new OrderStore(await openDatabase(options));
  }

  get kind(): Database['kind'] {
    return this.#db.kind;
  }

  /** Records a new order; resolves once it is committed. */
  async add(order: Omit<Order, 'paid'>): Promise<void> {
    await this.#db.query(
      `INSERT INTO orders (order_id, checkout_id, amount, currency, payment_type, shopper_result_url, lines,
         created_at, expires_at, integrity, cart_key, shopper_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        order.orderId,
        order.checkoutId,
        order.amount,
        order.currency,
        order.paymentType,
        order.shopperResultUrl,
        JSON.stringify(order.lines),
        order.createdAt,
        order.expiresAt,
        order.integrity ?? null,
        order.cartKey ?? null,
        order.shopperId ?? null,
      ],
    );
  }

  /** The order of a checkout. */
  async get(checkoutId: string): Promise<Order | undefined> {
    return this.#one('SELECT * FROM orders WHERE checkout_id = $1', [checkoutId]);
  }

  /** The order with this id (the payment's merchantTransactionId). */
  async byOrderId(orderId: string): Promise<Order | undefined> {
    return this.#one('SELECT * FROM orders WHERE order_id = $1', [orderId]);
  }

  /** The latest order prepared for a cart key. */
  async latestForCart(cartKey: string): Promise<Order | undefined> {
    return this.#one('SELECT * FROM orders WHERE cart_key = $1 ORDER BY created_at DESC, order_id LIMIT 1', [cartKey]);
  }

  /** The order that paid a cart, if one did. */
  async paidForCart(cartKey: string): Promise<Order | undefined> {
    return this.#one('SELECT * FROM orders WHERE cart_key = $1 AND paid', [cartKey]);
  }

  /** Every order, oldest first (reconciliation, tests). */
  async all(): Promise<Order[]> {
    return (await this.#db.query<OrderRow>('SELECT * FROM orders ORDER BY created_at, order_id')).map(toOrder);
  }

  async count(): Promise<number> {
    const [row] = await this.#db.query<{ count: number }>('SELECT count(*)::int AS count FROM orders');
    return row?.count ?? 0;
  }

  /**
   * Keeps a final verdict for the order of `checkoutId`, unless it has one:
   * whoever reads first (the result page, a webhook, the gateway's call, on
   * any instance) decides, and a later answer changes nothing. A paid verdict
   * for a cart another order paid already is kept as a duplicate payment to
   * refund, not as a second paid order. Resolves to the order as stored.
   */
  async settle(checkoutId: string, settlement: Settlement): Promise<Order> {
    try {
      return await this.#db.transaction((tx) => this.#settleIn(tx, checkoutId, settlement));
    } catch (error) {
      // Two orders of one cart paid at the same moment on two instances: the
      // unique index stopped the second; once more, it now sees the first.
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
      return this.#db.transaction((tx) => this.#settleIn(tx, checkoutId, settlement));
    }
  }

  async #settleIn(tx: Queryable, checkoutId: string, settlement: Settlement): Promise<Order> {
    const [row] = await tx.query<OrderRow>('SELECT * FROM orders WHERE checkout_id = $1 FOR UPDATE', [checkoutId]);
    if (!row) throw new Error(`no order for checkout ${checkoutId}`);
    if (row.verdict) return toOrder(row);
    let verdict = settlement.verdict;
    if (verdict.ok && row.cart_key) {
      const [other] = await tx.query<{ order_id: string }>('SELECT order_id FROM orders WHERE cart_key = $1 AND paid AND order_id <> $2', [
        row.cart_key,
        row.order_id,
      ]);
      if (other) verdict = { ...verdict, ok: false, needsReview: true, duplicateOf: other.order_id };
    }
    const [updated] = await tx.query<OrderRow>(
      `UPDATE orders SET verdict = $2, paid = $3, payment_id = $4, settled_by = $5, settled_at = now()
       WHERE checkout_id = $1 RETURNING *`,
      [checkoutId, JSON.stringify(verdict), verdict.ok, settlement.paymentId ?? null, settlement.settledBy],
    );
    return toOrder(updated!);
  }

  /**
   * Runs `work` for one cart at a time, across every instance on this
   * database: whether to hand out the cart's open checkout or prepare a new
   * one is decided by one request, and the next sees its order. Requests of
   * this process queue up here; other instances wait on the database's lock,
   * which a crashed holder frees at once. Throws {@link LockBusyError} when the
   * cart stays taken for longer than a request waits.
   */
  async withCart<T>(cartKey: string, work: () => Promise<T>): Promise<T> {
    const before = this.#cartQueues.get(cartKey) ?? Promise.resolve();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const mine = before.then(() => released);
    this.#cartQueues.set(cartKey, mine);
    await before;
    try {
      return await this.#db.exclusive(`cart:${cartKey}`, CART_WAIT_MS, work);
    } finally {
      release();
      if (this.#cartQueues.get(cartKey) === mine) this.#cartQueues.delete(cartKey);
    }
  }

  /** The registration ids to offer a shopper, most recent first. */
  async storedCards(shopperId: string): Promise<string[]> {
    const rows = await this.#db.query<{ registration_id: string }>(
      'SELECT registration_id FROM stored_cards WHERE shopper_id = $1 ORDER BY added_at DESC, registration_id LIMIT $2',
      [shopperId, MAX_CARDS_PER_SHOPPER],
    );
    return rows.map((row) => row.registration_id);
  }

  /** Keeps a registration the gateway answered for this shopper's verified payment. */
  async addStoredCard(shopperId: string, registrationId: string): Promise<void> {
    await this.#db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO stored_cards (shopper_id, registration_id, added_at) VALUES ($1, $2, now())
         ON CONFLICT (shopper_id, registration_id) DO UPDATE SET added_at = excluded.added_at`,
        [shopperId, registrationId],
      );
      await tx.query(
        `DELETE FROM stored_cards WHERE shopper_id = $1 AND registration_id NOT IN (
           SELECT registration_id FROM stored_cards WHERE shopper_id = $1 ORDER BY added_at DESC, registration_id LIMIT $2)`,
        [shopperId, MAX_CARDS_PER_SHOPPER],
      );
    });
  }

  close(): Promise<void> {
    return this.#db.close();
  }

  async #one(sql: string, params: unknown[]): Promise<Order | undefined> {
    const [row] = await this.#db.query<OrderRow>(sql, params);
    return row ? toOrder(row) : undefined;
  }
}

/** Opens the order store: see {@link OrderStore.open}. */
export function openOrderStore(options: DatabaseOptions): Promise<OrderStore> {
  return OrderStore.open(options);
}
