// Owns the contract between the reconciliation and a database: the few batch
// operations matching a settlement file needs (orders by payment or order id,
// the rows recorded already, the paid orders no file settled), the runs and
// their exceptions kept for a page, and the shapes they exchange. One
// implementation ships (sql-store.ts, over the settlement's SQL database).
import type { OrderState } from '../settlement/order.js';
import type { FollowUpNotice, FollowUpRefusal } from '../settlement/rules.js';
import type { ReconciliationException, ReconciliationReport } from './outcome.js';

/** What matching needs of an order: less than the whole order, read for many rows at once. */
export interface OrderForMatching {
  orderId: string;
  checkoutId: string;
  paymentId?: string;
  state: OrderState;
  /** Two-decimal string. */
  amount: string;
  currency: string;
  createdAt: Date;
  /** The follow-ups recorded on the order (refunds, chargebacks …): their own payment ids and kinds. */
  followUps: { id: string; kind: string; amount: string; currency: string }[];
}

/** One settlement-file row as recorded: its identity, the order it was matched with and what it came to. */
export interface RecordedSettlementRow {
  /** The row's identity ({@link settlementRowKey}): a row recorded once is never applied again. */
  key: string;
  /** The run that recorded it. */
  runId: string;
  orderId?: string;
  /** The row's outcome (a {@link ReconciliationOutcomeKind}). */
  outcome: string;
  recordType: string;
  paymentType: string;
  settlementDate: string;
  settlementCurrency: string;
  file: string;
  line: number;
  /**
   * What the row settles once besides a payment: a refund's, a chargeback's or
   * a reversal's own transaction id (with its kind). A second row with the same
   * subject is refused, as a second `settled` row of one order is.
   */
  subject?: string;
}

/** A chargeback or its reversal that a row settles: recorded on its order together with the row. */
export interface FollowUpForOrder {
  /** The row's key: the follow-up is recorded only when its row is. */
  key: string;
  /** The order's checkout id. */
  checkoutId: string;
  notice: FollowUpNotice;
}

/** What {@link ReconciliationStore.recordBatch} did. */
export interface RecordedBatch {
  /** The keys it recorded, as {@link ReconciliationStore.record} answers. */
  inserted: Set<string>;
  /** By row key, the follow-ups their order refused; those rows are recorded `chargebackRefused` (with no subject). */
  refused: Map<string, FollowUpRefusal>;
}

/** An order's settlement as the recorded rows tell it (for a page listing orders). */
export interface OrderSettlementView {
  /** The SETTLED row of its payment, when a file had one. */
  settledOn?: string;
  /** The outcomes of every row recorded for the order, in file order. */
  outcomes: string[];
}

/** A run of the reconciliation as kept: its report (exceptions apart). */
export interface ReconciliationRunView {
  runId: string;
  startedAt: Date;
  finishedAt?: Date;
  report?: Omit<ReconciliationReport, 'exceptions'>;
}

/** Where the reconciliation reads orders and keeps what it found. */
export interface ReconciliationStore {
  /** Orders whose payment id is among `paymentIds` or whose order id is among `orderIds`. */
  ordersFor(paymentIds: readonly string[], orderIds: readonly string[]): Promise<OrderForMatching[]>;
  /** Called once before a run reads its first row (e.g. to bring the planner's statistics up to date). */
  prepare?(): Promise<void>;
  /** Of `keys`, the ones recorded already, with the outcome they were recorded with. */
  recorded(keys: readonly string[]): Promise<Map<string, string>>;
  /**
   * Records rows; resolves to the keys it recorded. A row whose key is
   * recorded already is left as it is, and so is a second `settled` row of
   * one order or a second row of one `subject` (the first stands): none of
   * these keys is in the answer.
   */
  record(rows: readonly RecordedSettlementRow[]): Promise<Set<string>>;
  /**
   * A batch in one transaction: records `rows` as {@link record} does, then
   * applies each follow-up whose row it recorded to the row's order
   * (`applyFollowUp`, under the order's row lock), in the order given,
   * stamped `now`. A follow-up the order refuses leaves the order as it was
   * and its row is recorded `chargebackRefused`. Either all of it is kept or
   * none: a crash half-way leaves no chargeback without its row, nor a row
   * without its chargeback.
   */
  recordBatch(rows: readonly RecordedSettlementRow[], followUps: readonly FollowUpForOrder[], now: Date): Promise<RecordedBatch>;
  /**
   * Orders in `states` created before `before` with no recorded SETTLED row
   * of a payment (DEBIT, CREDIT) that settled (a FAILED settlement moved no
   * money): by order id, `limit` of them after the order id `after`.
   */
  unsettledOrders(states: readonly OrderState[], before: Date, page: { after?: string; limit: number }): Promise<OrderForMatching[]>;
  startRun(runId: string, startedAt: Date): Promise<void>;
  keepExceptions(runId: string, exceptions: readonly ReconciliationException[]): Promise<void>;
  finishRun(runId: string, finishedAt: Date, report: Omit<ReconciliationReport, 'exceptions'>): Promise<void>;
  /** The last finished run, when there is one. */
  lastRun(): Promise<ReconciliationRunView | undefined>;
  /** A run's exceptions in the order found, `offset` and `limit` for pages. */
  exceptions(runId: string, options?: { offset?: number; limit?: number }): Promise<ReconciliationException[]>;
  /** What the recorded rows say of these orders. */
  settlementOf(orderIds: readonly string[]): Promise<Map<string, OrderSettlementView>>;
}
