// Owns the reconciliation store in SQL, on the settlement's database (the
// tables are the settlement schema's second migration, settlement/sql-store.ts):
// batch reads of orders by payment and order id, the recorded rows keyed by
// their identity (a row recorded twice is left as it was), the runs and their
// exceptions. Arrays travel as one parameter each (`= ANY($1)`, `unnest`), so
// a batch of thousands of rows is a handful of statements.
import type { OrderState, SettlementOrder } from '../settlement/order.js';
import { applyFollowUp, type FollowUpRefusal } from '../settlement/rules.js';
import { fromRow, toRecord, type SqlDatabase, type SqlQueryable } from '../settlement/sql-store.js';
import type { ReconciliationException } from './outcome.js';
import type {
  FollowUpForOrder,
  OrderForMatching,
  OrderSettlementView,
  RecordedSettlementRow,
  ReconciliationRunView,
  ReconciliationStore,
} from './store.js';

interface OrderRow {
  order_id: string;
  checkout_id: string;
  payment_id: string | null;
  state: OrderState;
  created_at: Date | string;
  amount: string;
  currency: string;
  follow_ups: unknown;
}

const ORDER_COLUMNS = `order_id, checkout_id, payment_id, state, created_at,
  record->>'amount' AS amount, record->>'currency' AS currency, record->'followUps' AS follow_ups`;

function toOrder(row: OrderRow): OrderForMatching {
  const followUps = (
    typeof row.follow_ups === 'string' ? JSON.parse(row.follow_ups) : (row.follow_ups ?? [])
  ) as OrderForMatching['followUps'];
  return {
    orderId: row.order_id,
    checkoutId: row.checkout_id,
    ...(row.payment_id ? { paymentId: row.payment_id } : {}),
    state: row.state,
    amount: row.amount,
    currency: row.currency,
    createdAt: new Date(row.created_at),
    followUps: followUps.map(({ id, kind, amount, currency }) => ({ id, kind, amount, currency })),
  };
}

/**
 * Payment rows that do not settle their order: a FAILED settlement moved no
 * money, and another payment's row (found by the order id alone) is that
 * payment's money, not the order's own payment.
 */
const NOT_SETTLING_OUTCOMES: readonly string[] = ['settlementFailed', 'otherPayment'];

/** PostgreSQL's deadlock: two batches recording overlapping rows in another order; the batch is tried again. */
const DEADLOCK = '40P01';
const BATCH_ATTEMPTS = 3;

/** Inserts rows, leaving a row whose key (or order's `settled`, or subject) is recorded already; the keys inserted. */
async function insertRows(queryable: SqlQueryable, rows: readonly RecordedSettlementRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const column = <K extends keyof RecordedSettlementRow>(key: K) => rows.map((row) => row[key] ?? null);
  // A batch's rows share their run and most often their file: sent once each when they do.
  const shared = <K extends 'runId' | 'file'>(key: K) => (rows.every((row) => row[key] === rows[0]![key]) ? rows[0]![key] : null);
  const runId = shared('runId');
  const file = shared('file');
  const inserted = await queryable.query<{ record_key: string }>(
    `INSERT INTO wpwl_settlement_records
       (record_key, run_id, order_id, outcome, record_type, payment_type, settlement_date, settlement_currency, file, line, subject)
     SELECT key, coalesce($12, run_id), order_id, outcome, record_type, payment_type, settlement_date, settlement_currency, coalesce($13, file), line, subject
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::date[], $8::text[], $9::text[], $10::int[], $11::text[])
       AS r(key, run_id, order_id, outcome, record_type, payment_type, settlement_date, settlement_currency, file, line, subject)
     ON CONFLICT DO NOTHING RETURNING record_key`,
    [
      column('key'),
      runId === null ? column('runId') : [],
      column('orderId'),
      column('outcome'),
      column('recordType'),
      column('paymentType'),
      column('settlementDate'),
      column('settlementCurrency'),
      file === null ? column('file') : [],
      column('line'),
      column('subject'),
      runId,
      file,
    ],
  );
  return new Set(inserted.map((row) => row.record_key));
}

/**
 * Applies follow-ups to their orders inside the caller's transaction: the
 * orders locked in one statement (in checkout id order, so two batches lock
 * alike), each follow-up applied in turn, the changed orders written in one
 * statement. A follow-up changes the order's state and its record only
 * (its follow-ups), never its cart or payment. The refusals, by row key.
 */
async function applyFollowUps(tx: SqlQueryable, followUps: readonly FollowUpForOrder[], now: Date): Promise<Map<string, FollowUpRefusal>> {
  const refused = new Map<string, FollowUpRefusal>();
  if (followUps.length === 0) return refused;
  const locked = await tx.query<{ checkout_id: string; record: unknown }>(
    'SELECT checkout_id, record FROM wpwl_orders WHERE checkout_id = ANY($1::text[]) ORDER BY checkout_id FOR UPDATE',
    [[...new Set(followUps.map((followUp) => followUp.checkoutId))]],
  );
  const orders = new Map(locked.map((row) => [row.checkout_id, fromRow(row)]));
  const changed = new Map<string, SettlementOrder>();
  for (const { key, checkoutId, notice } of followUps) {
    const order = orders.get(checkoutId);
    // The order was matched a moment ago and orders are never deleted: a missing one is the database's fault.
    if (!order) throw new Error(`reconciliation: the order of checkout ${checkoutId} is gone from wpwl_orders`);
    const outcome = applyFollowUp(order, notice, now);
    if ('refused' in outcome) refused.set(key, outcome.refused);
    else if ('order' in outcome) {
      orders.set(checkoutId, outcome.order);
      changed.set(checkoutId, outcome.order);
    }
  }
  if (changed.size > 0) {
    const written = [...changed.values()];
    await tx.query(
      `UPDATE wpwl_orders AS o SET state = c.state, record = c.record::jsonb
       FROM unnest($1::text[], $2::text[], $3::text[]) AS c(checkout_id, state, record) WHERE o.checkout_id = c.checkout_id`,
      [
        written.map((order) => order.checkoutId),
        written.map((order) => order.state),
        written.map((order) => JSON.stringify(toRecord(order))),
      ],
    );
  }
  if (refused.size > 0) {
    await tx.query(`UPDATE wpwl_settlement_records SET outcome = 'chargebackRefused', subject = NULL WHERE record_key = ANY($1::text[])`, [
      [...refused.keys()],
    ]);
  }
  return refused;
}

const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

/**
 * The reconciliation store on a settlement database (migrated by
 * `migrateSettlementSchema`, which the settlement stores run when opened).
 */
export function sqlReconciliationStore(database: SqlDatabase): ReconciliationStore {
  return {
    async ordersFor(paymentIds, orderIds) {
      if (paymentIds.length === 0 && orderIds.length === 0) return [];
      // Two index lookups (an OR of the two would scan the table); an order found by both is read twice and kept once.
      const [byPayment, byOrder] = await Promise.all([
        paymentIds.length === 0
          ? []
          : database.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM wpwl_orders WHERE payment_id = ANY($1::text[])`, [paymentIds]),
        orderIds.length === 0
          ? []
          : database.query<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM wpwl_orders WHERE order_id = ANY($1::text[])`, [orderIds]),
      ]);
      const orders = new Map<string, OrderForMatching>();
      for (const row of [...byPayment, ...byOrder]) if (!orders.has(row.order_id)) orders.set(row.order_id, toOrder(row));
      return [...orders.values()];
    },

    async prepare() {
      // The planner's statistics: without them (a database that grew by bulk loads, PGlite with no
      // autovacuum) the batch lookups by = ANY(…) are planned as scans of the whole table. The
      // settlement records are analyzed before the missing-orders query, after this run's rows (and
      // at the end of every earlier run): their unique key's lookups need no statistics of their own.
      await database.query('ANALYZE wpwl_orders');
    },

    async recorded(keys) {
      if (keys.length === 0) return new Map();
      const rows = await database.query<{ record_key: string; outcome: string }>(
        'SELECT record_key, outcome FROM wpwl_settlement_records WHERE record_key = ANY($1::text[])',
        [keys],
      );
      return new Map(rows.map((row) => [row.record_key, row.outcome]));
    },

    record(rows) {
      return insertRows(database, rows);
    },

    async recordBatch(rows, followUps, now) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await database.transaction(async (tx) => {
            const inserted = await insertRows(tx, rows);
            const refused = await applyFollowUps(
              tx,
              followUps.filter((followUp) => inserted.has(followUp.key)),
              now,
            );
            return { inserted, refused };
          });
        } catch (error) {
          if ((error as { code?: unknown }).code !== DEADLOCK || attempt >= BATCH_ATTEMPTS) throw error;
        }
      }
    },

    async unsettledOrders(states, before, page) {
      // The recorded rows' statistics first: taken before the run, they may say the table is empty, and the
      // anti-join below is then planned as a scan of every recorded row for each order.
      if (page.after === undefined) await database.query('ANALYZE wpwl_settlement_records');
      // The orders missing are found by their ids alone, then read: an anti-join carrying whole orders
      // (their JSON) spills to disk on a large table. Pages by order id: each page starts where the last ended.
      const rows = await database.query<OrderRow>(
        `WITH missing AS MATERIALIZED (
           SELECT o.order_id FROM wpwl_orders o
           WHERE o.state = ANY($1::text[]) AND o.created_at < $2 AND ($3::text IS NULL OR o.order_id > $3)
             AND NOT EXISTS (SELECT 1 FROM wpwl_settlement_records r
                             WHERE r.order_id = o.order_id AND r.record_type = 'SETTLED' AND r.payment_type IN ('DEBIT', 'CREDIT')
                               AND r.outcome <> ALL($5::text[]))
           ORDER BY o.order_id LIMIT $4)
         SELECT ${ORDER_COLUMNS} FROM wpwl_orders JOIN missing USING (order_id) ORDER BY order_id`,
        [states, before, page.after ?? null, page.limit, NOT_SETTLING_OUTCOMES],
      );
      return rows.map(toOrder);
    },

    async startRun(runId, startedAt) {
      await database.query('INSERT INTO wpwl_reconciliation_runs (run_id, started_at) VALUES ($1, $2)', [runId, startedAt]);
    },

    async keepExceptions(runId, exceptions) {
      if (exceptions.length === 0) return;
      await database.query(
        `INSERT INTO wpwl_reconciliation_exceptions (run_id, kind, order_id, detail)
         SELECT $1, kind, order_id, detail::jsonb FROM unnest($2::text[], $3::text[], $4::text[]) AS e(kind, order_id, detail)`,
        [runId, exceptions.map((e) => e.kind), exceptions.map((e) => e.orderId ?? null), exceptions.map((e) => JSON.stringify(e))],
      );
    },

    async finishRun(runId, finishedAt, report) {
      await database.query('UPDATE wpwl_reconciliation_runs SET finished_at = $2, report = $3 WHERE run_id = $1', [
        runId,
        finishedAt,
        JSON.stringify(report),
      ]);
    },

    async lastRun() {
      const [row] = await database.query<{ run_id: string; started_at: Date | string; finished_at: Date | string | null; report: unknown }>(
        'SELECT * FROM wpwl_reconciliation_runs WHERE finished_at IS NOT NULL ORDER BY finished_at DESC, run_id DESC LIMIT 1',
      );
      if (!row) return undefined;
      const view: ReconciliationRunView = { runId: row.run_id, startedAt: new Date(row.started_at) };
      if (row.finished_at) view.finishedAt = new Date(row.finished_at);
      if (row.report) view.report = json(row.report) as NonNullable<ReconciliationRunView['report']>;
      return view;
    },

    async exceptions(runId, options = {}) {
      const rows = await database.query<{ detail: unknown }>(
        'SELECT detail FROM wpwl_reconciliation_exceptions WHERE run_id = $1 ORDER BY id OFFSET $2 LIMIT $3',
        [runId, options.offset ?? 0, options.limit ?? 1000],
      );
      return rows.map((row) => json(row.detail) as ReconciliationException);
    },

    async settlementOf(orderIds) {
      const views = new Map<string, OrderSettlementView>();
      if (orderIds.length === 0) return views;
      const rows = await database.query<{
        order_id: string;
        outcome: string;
        record_type: string;
        payment_type: string;
        settlement_date: string;
      }>(
        `SELECT order_id, outcome, record_type, payment_type, settlement_date::text AS settlement_date
         FROM wpwl_settlement_records WHERE order_id = ANY($1::text[]) ORDER BY file, line`,
        [orderIds],
      );
      for (const row of rows) {
        const view = views.get(row.order_id) ?? { outcomes: [] };
        view.outcomes.push(row.outcome);
        if (
          row.record_type === 'SETTLED' &&
          (row.payment_type === 'DEBIT' || row.payment_type === 'CREDIT') &&
          !NOT_SETTLING_OUTCOMES.includes(row.outcome)
        )
          view.settledOn ??= row.settlement_date;
        views.set(row.order_id, view);
      }
      return views;
    },
  };
}
