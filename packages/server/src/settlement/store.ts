// Owns the contract between the settlement rules and a database: the few
// operations a store must offer (small enough to write for any database), the
// notifications kept when they cannot be placed, and the errors a store
// throws. Two stores ship with it (sql-store.ts, over PostgreSQL or PGlite).
import type { SettlementOrder } from './order.js';

/** How an order is found. */
export type OrderKey = { checkoutId: string } | { orderId: string } | { paymentId: string };

/** What an update is told about the order's cart, read in the same transaction. */
export interface CartView {
  /** The order that paid the cart, when one did. */
  paidBy?: string;
}

/**
 * An authentic notification that could not be placed on an order (or not
 * read), kept for a person to look at and for a later placing: a refund that
 * arrived before its payment's outcome is placed once the payment is known.
 */
export interface UnplacedNotification {
  /** Assigned by the store. */
  id?: string;
  receivedAt: Date;
  /** The notification's type (`PAYMENT` …), when it could be read. */
  type?: string;
  /** Why it was not placed, e.g. `unknown-order`, `not-charged`, `json`. */
  reason: string;
  /** The payment it refers to (a follow-up's `referencedId`), when known: placed again once that payment is. */
  referencedId?: string;
  /** The notification as read (its payload), or what is left of it. Never a key. */
  body: unknown;
  /** When it was placed on its order after all (set by the store). */
  placedAt?: Date;
}

/**
 * Where settled orders live. Each method is one atomic step; `update` is the
 * only one that changes an order, and holds the order (a row lock) while its
 * `change` runs, so two instances settling the same order do it one after the
 * other and the second sees the first's result.
 */
export interface SettlementStore {
  /** Records a new order; resolves once it is committed. */
  insert(order: SettlementOrder): Promise<void>;
  find(key: OrderKey): Promise<SettlementOrder | undefined>;
  /**
   * Locks the order of `checkoutId` and its cart, reads which order paid the
   * cart, and writes what `change` returns (nothing when it returns undefined).
   * Resolves to the order as stored afterwards. Throws when no such order.
   * A store must refuse (throw) a second order marked `paidCart` for one cart;
   * the settlement then tries once more and sees the first.
   */
  update(checkoutId: string, change: (order: SettlementOrder, cart: CartView) => SettlementOrder | undefined): Promise<SettlementOrder>;
  /** The cart's orders, newest first. */
  cartOrders(cartKey: string): Promise<SettlementOrder[]>;
  /**
   * Runs `work` while no other caller, in this process or another, runs work
   * for the same cart. Throws {@link SettlementStoreError} `CART_BUSY` after
   * waiting `waitMs` in vain.
   */
  withCart<T>(cartKey: string, waitMs: number, work: () => Promise<T>): Promise<T>;
  /** Orders due for a status read (`nextCheckAt` at or before `now`), oldest due first. */
  due(now: Date, limit: number): Promise<SettlementOrder[]>;
  keepUnplaced(notification: UnplacedNotification): Promise<void>;
  /** Kept notifications referring to `paymentId` that were not placed yet. */
  unplacedFor(paymentId: string): Promise<UnplacedNotification[]>;
  /**
   * Ids that kept notifications not placed yet refer to and that an order in
   * one of `states` now holds as its payment (or as a chargeback, for a
   * chargeback reversal naming that order), newest notification first, at
   * most `limit`: follow-ups whose payment was charged by a process that
   * ended before placing them.
   */
  waitingOnPayments(states: readonly string[], limit: number): Promise<string[]>;
  /**
   * Marks kept notifications placed (they stay for the record). With
   * `keptInstead`, in the same step, keeps that notification anew when this
   * call marked one that was not marked yet: of two instances (or a retry
   * after a crash) replacing one waiting notification, one keeps its copy.
   */
  markPlaced(ids: string[], keptInstead?: UnplacedNotification): Promise<void>;
  /** Every kept notification, oldest first (for a person, and tests). */
  unplaced(): Promise<UnplacedNotification[]>;
  /** Every order, oldest first (reconciliation, tests). */
  all(): Promise<SettlementOrder[]>;
  close(): Promise<void>;
}

/** Stable codes of store failures. */
export type SettlementStoreErrorCode =
  /** The database cannot be reached or dropped the connection: try again in a moment (answer 503). */
  | 'STORE_UNAVAILABLE'
  /** A statement or lock wait passed its time limit: try again in a moment. */
  | 'STORE_TIMEOUT'
  /** Another request holds the cart longer than this one waits. */
  | 'CART_BUSY'
  /** Two orders of one cart were marked paid at once: the second is refused (the settlement retries). */
  | 'CART_CONFLICT'
  /** No order for the key given to `update`. */
  | 'ORDER_NOT_FOUND';

/** A store failure with a stable `code`; `retryable` says whether asking again later may succeed. */
export class SettlementStoreError extends Error {
  override readonly name = 'SettlementStoreError';
  readonly code: SettlementStoreErrorCode;
  readonly retryable: boolean;
  constructor(code: SettlementStoreErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.retryable = code === 'STORE_UNAVAILABLE' || code === 'STORE_TIMEOUT' || code === 'CART_BUSY';
  }
}

/** True for a store error that asking again in a moment may fix (database down, timeouts, a busy cart). */
export function isRetryableStoreError(error: unknown): error is SettlementStoreError {
  return error instanceof SettlementStoreError && error.retryable;
}
