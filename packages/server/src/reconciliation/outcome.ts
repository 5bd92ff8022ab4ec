// Owns what one settlement-file row comes to against the shop's orders: the
// order it is matched with (by payment id, the gateway's matched payments,
// then the merchant's order id), the outcome of the comparison (amount and
// currency exactly, the order's state, its recorded refunds and
// chargebacks), and the words of each exception. Pure functions: the run
// (reconcile.ts) reads and writes the store around them.
import { CHARGED_STATES, toMinor, type OrderState } from '../settlement/order.js';
import type { FollowUpNotice } from '../settlement/rules.js';
import type { SettlementRecord } from './record.js';
import type { OrderForMatching } from './store.js';

/**
 * What a row (or an order) came to.
 *
 * Rows that agree: `settled` (a payment settled as the shop has it),
 * `refundSettled` (a refund the shop recorded), `fee` (fees and batch rows).
 * Rows that changed an order, listed for a person all the same: `chargeback`,
 * `chargebackReversal`. The rest are exceptions: `amountMismatch`,
 * `currencyMismatch`, `unknownToShop`, `settlementFailed`, `settledNotPaid`
 * (the shop has no charged payment for it), `otherPayment` (the order was paid
 * by another payment), `settledTwice`, `refundUnknown`, `chargebackRefused`
 * (a chargeback the order cannot take: no chargeback id, matched by order id
 * only, nothing to reverse, another currency), `multipleMatches` (the gateway
 * could not tell the payment), `missingFromFiles` (an order paid longer ago
 * than the window and in no file), `rowError` (a row that could not be read),
 * `fileError` (a file that could not be read at all: a wrong header,
 * separator or encoding).
 */
export type ReconciliationOutcomeKind =
  | 'settled'
  | 'refundSettled'
  | 'fee'
  | 'chargeback'
  | 'chargebackReversal'
  | 'amountMismatch'
  | 'currencyMismatch'
  | 'unknownToShop'
  | 'settlementFailed'
  | 'settledNotPaid'
  | 'otherPayment'
  | 'settledTwice'
  | 'refundUnknown'
  | 'chargebackRefused'
  | 'multipleMatches'
  | 'missingFromFiles'
  | 'rowError'
  | 'fileError';

/** Outcomes that need no person: everything else is listed as an exception. */
export const AGREEING_OUTCOMES: ReadonlySet<ReconciliationOutcomeKind> = new Set(['settled', 'refundSettled', 'fee']);

/** One thing a person should look at, from a row or from an order no row settled. */
export interface ReconciliationException {
  kind: Exclude<ReconciliationOutcomeKind, 'settled' | 'refundSettled' | 'fee'>;
  /** One sentence saying what disagrees. */
  message: string;
  /** The file and line of the row (absent for `missingFromFiles`). */
  file?: string;
  line?: number;
  orderId?: string;
  /** The row's payment id (UniqueID), or the order's. */
  paymentId?: string;
  recordType?: string;
  paymentType?: string;
  /** What the shop has. */
  expected?: { amount: string; currency: string; state?: string };
  /** What the row says. */
  actual?: { amount: string; currency: string };
  settlementDate?: string;
  chargebackId?: string;
  reasonCode?: string;
}

/** Totals of one settlement currency and date. Amounts are exact two-decimal strings. */
export interface SettlementTotal {
  settlementDate: string;
  currency: string;
  rows: number;
  /** SettlementAmount of POS rows (fee rows apart). */
  credited: string;
  /** SettlementAmount of NEG rows (fee rows apart). */
  debited: string;
  /** SettlementFee of every row, and the SettlementAmount of fee rows (NEG; POS ones are taken off). */
  fees: string;
  /** credited − debited − fees: what the merchant should see paid out. May be negative. */
  net: string;
}

/** What one reconciliation run read and found. */
export interface ReconciliationReport {
  runId: string;
  startedAt: string;
  finishedAt: string;
  files: { file: string; rows: number; records: number; rowErrors: number; alreadyReconciled: number }[];
  /** Rows (and unsettled orders) per outcome. */
  counts: Partial<Record<ReconciliationOutcomeKind, number>>;
  totals: SettlementTotal[];
  /** How many exceptions the run found (all are kept in the store; `exceptions` holds the first ones). */
  exceptionCount: number;
  exceptions: ReconciliationException[];
  /** The window: paid orders older than this many days and in no file are `missingFromFiles`. */
  missingAfterDays: number;
}

/** The row types that are payments of an order; refunds are compared with its refunds; the rest are fees. */
const PAYMENT_ROWS = new Set(['DEBIT', 'CREDIT']);

/** Charged orders that should appear settled in a file (a reversed payment never settles). */
export const SETTLING_STATES: readonly OrderState[] = [...CHARGED_STATES].filter((state) => state !== 'reversed');
const SETTLING: ReadonlySet<OrderState> = new Set(SETTLING_STATES);

/** How a row names its order: the payment id first, then the gateway's matched payments, then the merchant's order id. */
export interface OrderIndex {
  byPaymentId: ReadonlyMap<string, OrderForMatching>;
  byOrderId: ReadonlyMap<string, OrderForMatching>;
}

/** The order a row is about, and whether it was found by a payment id (strong) or only by the order id. */
export function findOrder(record: SettlementRecord, index: OrderIndex): { order: OrderForMatching; byPayment: boolean } | undefined {
  // Several matched payments name no one payment: only the row's own id does then.
  const candidates = [record.uniqueId, ...(record.matchingStatus === 'MULTIPLE_MATCHES' ? [] : record.matchedTransactions)];
  for (const id of candidates) {
    const order = id ? index.byPaymentId.get(id) : undefined;
    if (order) return { order, byPayment: true };
  }
  const order = record.transactionId ? index.byOrderId.get(record.transactionId) : undefined;
  return order ? { order, byPayment: false } : undefined;
}

/** What a row comes to before a chargeback is written: the outcome, and the follow-up to record for a chargeback row. */
export interface RowDecision {
  kind: ReconciliationOutcomeKind;
  order?: OrderForMatching;
  message: string;
  /** For `chargeback` / `chargebackReversal`: what to record on the order (the run writes it and may be refused). */
  followUp?: FollowUpNotice;
}

const sameAmount = (a: string, b: string) => toMinor(a) === toMinor(b);
const describeRow = (record: SettlementRecord) =>
  `${record.recordType} ${record.paymentType} ${record.amount} ${record.currency}${record.uniqueId ? ` of payment ${record.uniqueId}` : ''}`;

/**
 * Decides what a row comes to against its order (undefined: none found).
 * `settledBefore` says the order already has a `settled` row (another row).
 */
export function decideRow(record: SettlementRecord, found: ReturnType<typeof findOrder>, settledBefore: boolean): RowDecision {
  const row = describeRow(record);
  if (record.recordType === 'FEE' || (!PAYMENT_ROWS.has(record.paymentType) && record.paymentType !== 'REFUND')) {
    return { kind: 'fee', message: `fee row ${record.paymentType} ${record.settlementAmount} ${record.settlementCurrency}` };
  }
  if (record.matchingStatus === 'MULTIPLE_MATCHES' && !found?.byPayment) {
    return {
      kind: 'multipleMatches',
      message: `${row}: the gateway matched it with several payments (${record.matchedTransactions.join(', ')})`,
    };
  }
  if (!found) return { kind: 'unknownToShop', message: `${row}: no order of the shop has this payment or order id` };
  const { order } = found;
  const orderWords = `order ${order.orderId} (${order.state}, ${order.amount} ${order.currency})`;
  if (record.settlementStatus === 'FAILED')
    return { kind: 'settlementFailed', order, message: `${row}: settlement FAILED for ${orderWords}` };

  if (record.recordType === 'CHARGEBACK' || record.recordType === 'CHARGEBACK REVERSAL') {
    const kind = record.recordType === 'CHARGEBACK' ? 'chargeback' : 'chargebackReversal';
    if (!found.byPayment || !order.paymentId) {
      return {
        kind: 'chargebackRefused',
        order,
        message: `${row}: matched with ${orderWords} by order id only; a chargeback is recorded only on its payment`,
      };
    }
    if (!record.chargebackId) {
      return {
        kind: 'chargebackRefused',
        order,
        message: `${row}: no ChargebackId, so it cannot be recorded once (a webhook would count it again)`,
      };
    }
    if (record.currency !== order.currency.toUpperCase()) {
      return { kind: 'chargebackRefused', order, message: `${row}: in ${record.currency}, ${orderWords} was paid in ${order.currency}` };
    }
    return {
      kind,
      order,
      message:
        kind === 'chargeback'
          ? `${row}: charged back (${record.chargebackId}, reason ${record.reasonCode ?? 'not given'}${record.reasonDesc ? ` ${record.reasonDesc}` : ''}) on ${orderWords}`
          : `${row}: chargeback reversed (${record.chargebackId}) on ${orderWords}`,
      followUp: {
        referencedId: order.paymentId,
        followUp: {
          id: record.chargebackId,
          kind,
          amount: record.amount,
          currency: record.currency,
          code: record.reasonCode ?? (kind === 'chargeback' ? '000.100.200' : '000.100.110'),
        },
        succeeded: true,
      },
    };
  }

  if (record.paymentType === 'REFUND') {
    const refund = order.followUps.find((f) => f.kind === 'refund' && f.id === record.uniqueId);
    if (!refund)
      return {
        kind: 'refundUnknown',
        order,
        message: `${row}: the shop recorded no refund ${record.uniqueId ?? '(no id)'} on ${orderWords}`,
      };
    if (refund.currency.toUpperCase() !== record.currency) {
      return { kind: 'currencyMismatch', order, message: `${row}: the shop's refund ${refund.id} was ${refund.amount} ${refund.currency}` };
    }
    if (!sameAmount(refund.amount, record.amount)) {
      return { kind: 'amountMismatch', order, message: `${row}: the shop's refund ${refund.id} was ${refund.amount} ${refund.currency}` };
    }
    return { kind: 'refundSettled', order, message: `${row}: refund ${refund.id} of order ${order.orderId} settled` };
  }

  // A payment (DEBIT, CREDIT).
  if (record.uniqueId && order.paymentId && record.uniqueId !== order.paymentId && !found.byPayment) {
    return { kind: 'otherPayment', order, message: `${row}: ${orderWords} was paid by payment ${order.paymentId}, not this one` };
  }
  if (!SETTLING.has(order.state)) {
    return { kind: 'settledNotPaid', order, message: `${row}: ${orderWords} has no charged payment in the shop` };
  }
  if (record.currency !== order.currency.toUpperCase()) {
    return { kind: 'currencyMismatch', order, message: `${row}: ${orderWords} was ordered in ${order.currency}` };
  }
  if (!sameAmount(record.amount, order.amount)) {
    return { kind: 'amountMismatch', order, message: `${row}: ${orderWords} was ordered for ${order.amount} ${order.currency}` };
  }
  if (settledBefore) return { kind: 'settledTwice', order, message: `${row}: ${orderWords} was settled by another row already` };
  return { kind: 'settled', order, message: `${row}: order ${order.orderId} settled` };
}

/** The exception a row's decision stands for, or undefined when it agrees. */
export function rowException(record: SettlementRecord, decision: RowDecision, file: string): ReconciliationException | undefined {
  if (AGREEING_OUTCOMES.has(decision.kind)) return undefined;
  const { order } = decision;
  return {
    kind: decision.kind as ReconciliationException['kind'],
    message: decision.message,
    file,
    line: record.line,
    ...(order ? { orderId: order.orderId } : {}),
    ...(record.uniqueId ? { paymentId: record.uniqueId } : order?.paymentId ? { paymentId: order.paymentId } : {}),
    recordType: record.recordType,
    paymentType: record.paymentType,
    ...(order ? { expected: { amount: order.amount, currency: order.currency, state: order.state } } : {}),
    actual: { amount: record.amount, currency: record.currency },
    settlementDate: record.settlementDate,
    ...(record.chargebackId ? { chargebackId: record.chargebackId } : {}),
    ...(record.reasonCode ? { reasonCode: record.reasonCode } : {}),
  };
}
