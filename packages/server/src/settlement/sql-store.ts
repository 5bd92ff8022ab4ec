// Owns the settlement store written in SQL, one dialect (PostgreSQL's) for
// both shipped databases: the schema and its migrations, the order rows (a
// few indexed columns beside the whole order as JSON), the row and cart locks
// an update holds, and the kept notifications. The connection itself is a
// SqlDatabase (postgres.ts for a pg Pool, pglite.ts for PGlite).
import type { SettlementOrder } from './order.js';
import { SettlementStoreError, type CartView, type OrderKey, type SettlementStore, type UnplacedNotification } from './store.js';

/** Runs statements; inside {@link SqlDatabase.transaction} they are one transaction. */
export interface SqlQueryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
}

/** What the SQL store needs of a database connection. */
export interface SqlDatabase extends SqlQueryable {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T>;
  /**
   * Runs `work` while no other process on this database runs work under the
   * same `name`; throws `CART_BUSY` after `waitMs`. This process's own callers
   * are queued by the store before they get here.
   */
  exclusive<T>(name: string, waitMs: number, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The schema, one step per entry, applied in order once each (in one
 * transaction, under a lock, so instances starting together migrate once).
 * Never edit a step that has shipped: add the next one. Exported for merchants
 * who apply migrations with their own tool.
 */
export const SETTLEMENT_MIGRATIONS: readonly string[] = [
  `CREATE TABLE wpwl_orders (
     order_id text PRIMARY KEY,
     checkout_id text NOT NULL UNIQUE,
     cart_key text,
     payment_id text,
     state text NOT NULL,
     paid_cart boolean NOT NULL DEFAULT false,
     next_check_at timestamptz,
     created_at timestamptz NOT NULL,
     record jsonb NOT NULL
   );
   CREATE INDEX wpwl_orders_by_cart ON wpwl_orders (cart_key, created_at DESC) WHERE cart_key IS NOT NULL;
   CREATE UNIQUE INDEX wpwl_orders_one_paid_per_cart ON wpwl_orders (cart_key) WHERE paid_cart;
   CREATE INDEX wpwl_orders_by_payment ON wpwl_orders (payment_id) WHERE payment_id IS NOT NULL;
   CREATE INDEX wpwl_orders_due ON wpwl_orders (next_check_at) WHERE next_check_at IS NOT NULL;
   CREATE TABLE wpwl_unplaced_notifications (
     id bigserial PRIMARY KEY,
     received_at timestamptz NOT NULL,
     type text,
     reason text NOT NULL,
     referenced_id text,
     body jsonb NOT NULL,
     placed_at timestamptz
   );
   CREATE INDEX wpwl_unplaced_waiting ON wpwl_unplaced_notifications (referenced_id) WHERE placed_at IS NULL`,
  // Reconciliation (../reconciliation/sql-store.ts): each settlement-file row once, by its identity;
  // the runs, and the exceptions each run found.
  `CREATE TABLE wpwl_settlement_records (
     record_key text PRIMARY KEY,
     run_id text NOT NULL,
     order_id text,
     outcome text NOT NULL,
     record_type text NOT NULL,
     payment_type text NOT NULL,
     settlement_date date NOT NULL,
     settlement_currency text NOT NULL,
     file text NOT NULL,
     line integer NOT NULL
   );
   CREATE INDEX wpwl_settlement_records_by_order ON wpwl_settlement_records (order_id) WHERE order_id IS NOT NULL;
   CREATE UNIQUE INDEX wpwl_settlement_records_one_settled ON wpwl_settlement_records (order_id) WHERE outcome = 'settled';
   CREATE TABLE wpwl_reconciliation_runs (
     run_id text PRIMARY KEY,
     started_at timestamptz NOT NULL,
     finished_at timestamptz,
     report jsonb
   );
   CREATE TABLE wpwl_reconciliation_exceptions (
     id bigserial PRIMARY KEY,
     run_id text NOT NULL,
     kind text NOT NULL,
     order_id text,
     detail jsonb NOT NULL
   );
   CREATE INDEX wpwl_reconciliation_exceptions_by_run ON wpwl_reconciliation_exceptions (run_id, id)`,
  // Reconciliation: what a row settles once besides a payment (a refund, a chargeback, its reversal: by that
  // transaction's own id), so the same refund or chargeback in a second row of another file is refused.
  `ALTER TABLE wpwl_settlement_records ADD COLUMN subject text;
   CREATE UNIQUE INDEX wpwl_settlement_records_one_subject ON wpwl_settlement_records (subject) WHERE subject IS NOT NULL`,
];

/** Any number: every instance takes the same lock while it migrates. */
const MIGRATION_LOCK = 740_125_002;
const UNIQUE_VIOLATION = '23505';

/** Brings the settlement schema up to date. */
export async function migrateSettlementSchema(database: SqlDatabase): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query('CREATE TABLE IF NOT EXISTS wpwl_settlement_migrations (step integer PRIMARY KEY, applied_at timestamptz NOT NULL)');
    const applied = new Set((await tx.query<{ step: number }>('SELECT step FROM wpwl_settlement_migrations')).map((row) => row.step));
    for (const [step, sql] of SETTLEMENT_MIGRATIONS.entries()) {
      if (applied.has(step)) continue;
      // One statement at a time: prepared statements take one each. No step has a semicolon inside a literal.
      for (const statement of sql
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean))
        await tx.query(statement);
      await tx.query('INSERT INTO wpwl_settlement_migrations (step, applied_at) VALUES ($1, now())', [step]);
    }
  });
}

interface OrderRow {
  record: StoredRecord | string;
}

/** The order as JSON: dates as ISO strings. */
export type StoredRecord = Omit<SettlementOrder, 'createdAt' | 'expiresAt' | 'settledAt' | 'nextCheckAt'> & {
  createdAt: string;
  expiresAt: string;
  settledAt?: string;
  nextCheckAt?: string;
};

/** The order as its `record` column keeps it (exported for the reconciliation, not public). */
export function toRecord(order: SettlementOrder): StoredRecord {
  const { createdAt, expiresAt, settledAt, nextCheckAt, ...rest } = order;
  return {
    ...rest,
    createdAt: createdAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
    ...(settledAt ? { settledAt: settledAt.toISOString() } : {}),
    ...(nextCheckAt ? { nextCheckAt: nextCheckAt.toISOString() } : {}),
  };
}

/** The order a row's `record` column holds (exported for the reconciliation's batch of follow-ups, not public). */
export function fromRow(row: { record: unknown }): SettlementOrder {
  const record = (typeof row.record === 'string' ? JSON.parse(row.record) : row.record) as StoredRecord;
  const { createdAt, expiresAt, settledAt, nextCheckAt, ...rest } = record;
  return {
    ...rest,
    createdAt: new Date(createdAt),
    expiresAt: new Date(expiresAt),
    ...(settledAt ? { settledAt: new Date(settledAt) } : {}),
    ...(nextCheckAt ? { nextCheckAt: new Date(nextCheckAt) } : {}),
  };
}

function columns(order: SettlementOrder): unknown[] {
  return [
    order.orderId,
    order.checkoutId,
    order.cartKey ?? null,
    order.paymentId ?? null,
    order.state,
    order.paidCart,
    order.nextCheckAt ?? null,
    order.createdAt,
    JSON.stringify(toRecord(order)),
  ];
}

interface UnplacedRow {
  id: string | number;
  received_at: Date | string;
  type: string | null;
  reason: string;
  referenced_id: string | null;
  body: unknown;
  placed_at?: Date | string | null;
}

function toUnplaced(row: UnplacedRow): UnplacedNotification {
  return {
    id: String(row.id),
    receivedAt: new Date(row.received_at),
    ...(row.type ? { type: row.type } : {}),
    reason: row.reason,
    ...(row.referenced_id ? { referencedId: row.referenced_id } : {}),
    body: typeof row.body === 'string' ? JSON.parse(row.body) : row.body,
    ...(row.placed_at ? { placedAt: new Date(row.placed_at) } : {}),
  };
}

/**
 * Migrates `database` and opens the store on it; a database that cannot be
 * migrated is closed, and the error (as `describe` words it) thrown.
 */
export async function openSqlSettlementStore(
  database: SqlDatabase,
  describe: (error: unknown) => unknown = (error) => error,
): Promise<SettlementStore> {
  try {
    await migrateSettlementSchema(database);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw describe(error);
  }
  return sqlSettlementStore(database);
}

/** A settlement store on a migrated SQL database. */
export function sqlSettlementStore(database: SqlDatabase, options: { onClose?: () => Promise<void> } = {}): SettlementStore {
  /** This process's callers per cart, one after another (the database lock covers other processes). */
  const cartQueues = new Map<string, Promise<void>>();
  const one = async (sql: string, params: unknown[]) => {
    const [row] = await database.query<OrderRow>(sql, params);
    return row ? fromRow(row) : undefined;
  };

  return {
    async insert(order) {
      await database.query(
        `INSERT INTO wpwl_orders (order_id, checkout_id, cart_key, payment_id, state, paid_cart, next_check_at, created_at, record)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        columns(order),
      );
    },

    find(key: OrderKey) {
      if ('checkoutId' in key) return one('SELECT record FROM wpwl_orders WHERE checkout_id = $1', [key.checkoutId]);
      if ('orderId' in key) return one('SELECT record FROM wpwl_orders WHERE order_id = $1', [key.orderId]);
      return one('SELECT record FROM wpwl_orders WHERE payment_id = $1 ORDER BY created_at LIMIT 1', [key.paymentId]);
    },

    async update(checkoutId, change) {
      try {
        return await database.transaction(async (tx) => {
          const [row] = await tx.query<OrderRow & { cart_key: string | null; order_id: string }>(
            'SELECT record, cart_key, order_id FROM wpwl_orders WHERE checkout_id = $1 FOR UPDATE',
            [checkoutId],
          );
          if (!row) throw new SettlementStoreError('ORDER_NOT_FOUND', `no order for checkout ${checkoutId}`);
          const cart: CartView = {};
          if (row.cart_key) {
            // Orders of one cart settle one at a time: the second to be charged sees the first.
            await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`wpwl-cart-paid:${row.cart_key}`]);
            const [paid] = await tx.query<{ order_id: string }>(
              'SELECT order_id FROM wpwl_orders WHERE cart_key = $1 AND paid_cart AND order_id <> $2',
              [row.cart_key, row.order_id],
            );
            if (paid) cart.paidBy = paid.order_id;
          }
          const current = fromRow(row);
          const next = change(current, cart);
          if (!next) return current;
          const [orderId, , cartKey, paymentId, state, paidCart, nextCheckAt, , record] = columns(next);
          await tx.query(
            `UPDATE wpwl_orders SET cart_key = $2, payment_id = $3, state = $4, paid_cart = $5, next_check_at = $6, record = $7
             WHERE order_id = $1`,
            [orderId, cartKey, paymentId, state, paidCart, nextCheckAt, record],
          );
          return next;
        });
      } catch (error) {
        if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) {
          throw new SettlementStoreError('CART_CONFLICT', `another order of this cart was marked paid at the same moment`, {
            cause: error,
          });
        }
        throw error;
      }
    },

    async cartOrders(cartKey) {
      const rows = await database.query<OrderRow>('SELECT record FROM wpwl_orders WHERE cart_key = $1 ORDER BY created_at DESC, order_id', [
        cartKey,
      ]);
      return rows.map(fromRow);
    },

    async withCart(cartKey, waitMs, work) {
      const before = cartQueues.get(cartKey) ?? Promise.resolve();
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const mine = before.then(() => released);
      cartQueues.set(cartKey, mine);
      const giveUpAt = Date.now() + waitMs;
      try {
        let timer: NodeJS.Timeout | undefined;
        const waited = await Promise.race([
          before.then(() => true),
          new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), waitMs))),
        ]).finally(() => clearTimeout(timer));
        if (!waited) throw new SettlementStoreError('CART_BUSY', 'this cart is being checked out by another request');
        return await database.exclusive(`wpwl-cart:${cartKey}`, Math.max(0, giveUpAt - Date.now()), work);
      } finally {
        release();
        if (cartQueues.get(cartKey) === mine) cartQueues.delete(cartKey);
      }
    },

    async due(now, limit) {
      const rows = await database.query<OrderRow>(
        'SELECT record FROM wpwl_orders WHERE next_check_at <= $1 ORDER BY next_check_at, order_id LIMIT $2',
        [now, limit],
      );
      return rows.map(fromRow);
    },

    async keepUnplaced(notification) {
      await database.query(
        'INSERT INTO wpwl_unplaced_notifications (received_at, type, reason, referenced_id, body) VALUES ($1, $2, $3, $4, $5)',
        [
          notification.receivedAt,
          notification.type ?? null,
          notification.reason,
          notification.referencedId ?? null,
          JSON.stringify(notification.body ?? null),
        ],
      );
    },

    async unplacedFor(paymentId) {
      const rows = await database.query<UnplacedRow>(
        'SELECT * FROM wpwl_unplaced_notifications WHERE referenced_id = $1 AND placed_at IS NULL ORDER BY id',
        [paymentId],
      );
      return rows.map(toUnplaced);
    },

    async waitingOnPayments(states, limit) {
      const rows = await database.query<{ referenced_id: string }>(
        // A chargeback reversal waits on its chargeback, found on the order its merchantTransactionId names.
        // Two lookups, each by an index of the orders' (its payment id, its order id), not one join on either.
        `SELECT referenced_id FROM (
           SELECT u.id, u.referenced_id FROM wpwl_unplaced_notifications u
             JOIN wpwl_orders o ON o.payment_id = u.referenced_id AND o.state = ANY($1::text[])
             WHERE u.placed_at IS NULL
           UNION ALL
           SELECT u.id, u.referenced_id FROM wpwl_unplaced_notifications u
             JOIN wpwl_orders o ON o.order_id = u.body->>'merchantTransactionId' AND o.state = ANY($1::text[])
               AND o.record->'followUps' @> jsonb_build_array(jsonb_build_object('id', u.referenced_id, 'kind', 'chargeback'))
             WHERE u.placed_at IS NULL AND u.referenced_id IS NOT NULL
         ) waiting
         GROUP BY referenced_id ORDER BY max(id) DESC LIMIT $2`,
        [[...states], limit],
      );
      return rows.map((row) => row.referenced_id);
    },

    async markPlaced(ids, keptInstead) {
      if (ids.length === 0) return;
      const mark =
        'UPDATE wpwl_unplaced_notifications SET placed_at = now() WHERE id = ANY($1::bigint[]) AND placed_at IS NULL RETURNING id';
      if (!keptInstead) {
        await database.query(mark, [ids.map(Number)]);
        return;
      }
      await database.transaction(async (tx) => {
        const marked = await tx.query(mark, [ids.map(Number)]);
        if (marked.length === 0) return;
        await tx.query(
          'INSERT INTO wpwl_unplaced_notifications (received_at, type, reason, referenced_id, body) VALUES ($1, $2, $3, $4, $5)',
          [
            keptInstead.receivedAt,
            keptInstead.type ?? null,
            keptInstead.reason,
            keptInstead.referencedId ?? null,
            JSON.stringify(keptInstead.body ?? null),
          ],
        );
      });
    },

    async unplaced() {
      return (await database.query<UnplacedRow>('SELECT * FROM wpwl_unplaced_notifications ORDER BY id')).map(toUnplaced);
    },

    async all() {
      return (await database.query<OrderRow>('SELECT record FROM wpwl_orders ORDER BY created_at, order_id')).map(fromRow);
    },

    async close() {
      await options.onClose?.();
      await database.close();
    },
  };
}
