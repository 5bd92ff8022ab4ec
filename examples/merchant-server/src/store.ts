// Owns the shop's records as the shop reads them: orders (kept by
// @wpwl/server/settlement, which decides every change to them) in the shop's
// terms, with the verdict a storefront is shown, the stored cards of each
// shopper, and the CSP violations their browsers reported. Every write is
// committed before the server answers with what it wrote, so a crash right
// after an answer loses nothing the shopper or the gateway saw.
import { sqlReconciliationStore, withReconciliationRunLock, type ReconciliationStore } from '@wpwl/server/reconciliation';
import {
  CHARGED_STATES,
  FINAL_STATES,
  sqlSettlementStore,
  type OrderState,
  type SettlementOrder,
  type SettlementStore,
} from '@wpwl/server/settlement';
import { CspReportStore } from './csp-report-store.js';
import { openDatabase, type DatabaseOptions, type ShopDatabase } from './database.js';
import { answerOf, type PaymentStatusAnswer } from './status-answer.js';

export interface OrderLine {
  productId: string;
  name: string;
  quantity: number;
  price: string;
}

/** What the shop keeps beside the settlement's fields (the order's `details`). */
export interface OrderDetails {
  /** Where the shopper returns; the gateway also calls it for a payment not read within 29 minutes. */
  shopperResultUrl: string;
  lines: OrderLine[];
  /** Who ordered (the demo's shopper cookie): a card they ask to save is kept for them. */
  shopperId?: string;
  /** The checkout's script integrity hash, when the gateway gave one. */
  integrity?: string;
}

/** An order as the shop reads it: the settlement's record, its details, and the verdict shown. */
export interface Order extends Omit<SettlementOrder, 'details'>, OrderDetails {
  /** The verdict a storefront is shown, once the payment's outcome is final; never changed after. */
  verdict?: PaymentStatusAnswer;
  /** True when the verdict is paid (and this order is its cart's only paid one). */
  paid: boolean;
}

/** The shop's view of a settlement order. */
export function shopOrder(order: SettlementOrder): Order {
  const { details, ...rest } = order;
  const own = details as unknown as OrderDetails;
  const final = FINAL_STATES.has(order.state);
  const verdict = final ? answerOf(order) : undefined;
  return {
    ...rest,
    shopperResultUrl: own.shopperResultUrl,
    lines: own.lines,
    ...(own.shopperId ? { shopperId: own.shopperId } : {}),
    ...(own.integrity ? { integrity: own.integrity } : {}),
    ...(verdict ? { verdict } : {}),
    paid: Boolean(verdict?.ok) && CHARGED_STATES.has(order.state),
  };
}

/** One line of the back office's order list. */
export interface OrderListing {
  orderId: string;
  state: OrderState;
  /** Two-decimal string. */
  amount: string;
  currency: string;
  createdAt: Date;
}

/** The cards a shopper saved, most recent first; older ones are forgotten. */
const MAX_CARDS_PER_SHOPPER = 3;

export class OrderStore {
  readonly #db: ShopDatabase;
  /** Where the settlement keeps orders: hand it to createSettlement. */
  readonly settlementStore: SettlementStore;
  /** Where the reconciliation of the gateway's settlement files reads orders and keeps its runs. */
  readonly reconciliationStore: ReconciliationStore;
  /** The CSP violations shoppers' browsers reported. */
  readonly cspReports: CspReportStore;

  private constructor(db: ShopDatabase) {
    this.#db = db;
    this.cspReports = new CspReportStore(db.sql);
    this.settlementStore = sqlSettlementStore(db.sql);
    this.reconciliationStore = sqlReconciliationStore(db.sql);
  }

  /** Opens the database (PostgreSQL by URL, or the embedded one in a folder) and migrates it. */
  static async open(options: DatabaseOptions): Promise<OrderStore> {
    return new OrderStore(await openDatabase(options));
  }

  /**
   * Runs a reconciliation under the database's run lock: one at a time across
   * the shop's instances and the wpwl-reconcile command; another run throws
   * `RECONCILIATION_RUNNING` at once.
   */
  withReconciliationRun<T>(work: () => Promise<T>): Promise<T> {
    return withReconciliationRunLock(this.#db.sql, work);
  }

  get kind(): ShopDatabase['kind'] {
    return this.#db.kind;
  }

  /** The order of a checkout. */
  async get(checkoutId: string): Promise<Order | undefined> {
    const order = await this.settlementStore.find({ checkoutId });
    return order ? shopOrder(order) : undefined;
  }

  /** Every order, oldest first (reconciliation, tests). */
  async all(): Promise<Order[]> {
    return (await this.settlementStore.all()).map(shopOrder);
  }

  /** Orders newest first, `limit` from `offset` (the back office's pages). */
  async newestFirst(offset: number, limit: number): Promise<OrderListing[]> {
    const rows = await this.#db.sql.query<{
      order_id: string;
      state: OrderState;
      created_at: Date | string;
      amount: string;
      currency: string;
    }>(
      `SELECT order_id, state, created_at, record->>'amount' AS amount, record->>'currency' AS currency
       FROM wpwl_orders ORDER BY created_at DESC, order_id DESC OFFSET $1 LIMIT $2`,
      [offset, limit],
    );
    return rows.map((row) => ({
      orderId: row.order_id,
      state: row.state,
      amount: row.amount,
      currency: row.currency,
      createdAt: new Date(row.created_at),
    }));
  }

  async count(): Promise<number> {
    const [row] = await this.#db.sql.query<{ count: number }>('SELECT count(*)::int AS count FROM wpwl_orders');
    return row?.count ?? 0;
  }

  /** The registration ids to offer a shopper, most recent first. */
  async storedCards(shopperId: string): Promise<string[]> {
    const rows = await this.#db.sql.query<{ registration_id: string }>(
      'SELECT registration_id FROM stored_cards WHERE shopper_id = $1 ORDER BY added_at DESC, registration_id LIMIT $2',
      [shopperId, MAX_CARDS_PER_SHOPPER],
    );
    return rows.map((row) => row.registration_id);
  }

  /** Keeps a registration the gateway answered for this shopper's verified payment. */
  async addStoredCard(shopperId: string, registrationId: string): Promise<void> {
    await this.#db.sql.transaction(async (tx) => {
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
}

/** Opens the order store: see {@link OrderStore.open}. */
export function openOrderStore(options: DatabaseOptions): Promise<OrderStore> {
  return OrderStore.open(options);
}
