// Owns a reconciliation run: the settlement files read one after another in
// batches (one batch of rows in memory, never the file), each batch matched
// against the orders in a few statements, chargebacks recorded on their
// orders under the order's lock by the settlement's own rule, every row
// recorded once by its identity (a file reconciled twice changes nothing),
// the totals per settlement date and currency summed exactly, and at the end
// the paid orders no file settled within the window. The report and every
// exception are kept in the store for a page; the first ones are returned.
import { createHash, randomUUID } from 'node:crypto';
import { toMinor } from '../settlement/order.js';
import type { FollowUpRefusal } from '../settlement/rules.js';
import {
  decideRow,
  findOrder,
  rowException,
  type OrderIndex,
  SETTLING_STATES,
  type ReconciliationException,
  type ReconciliationOutcomeKind,
  type ReconciliationReport,
  type RowDecision,
  type SettlementTotal,
} from './outcome.js';
import { readSettlementFile, type SettlementFileSource } from './read.js';
import { SettlementFileError, type SettlementFileEntry, type SettlementRecord } from './record.js';
import type { FollowUpForOrder, OrderForMatching, RecordedSettlementRow, ReconciliationStore } from './store.js';

/** One file to reconcile: a path, or a name and what to read it from. */
export type ReconciliationInput =
  string | { name: string; source: SettlementFileSource } | { name: string; entries: AsyncIterable<SettlementFileEntry> };

/** Options of {@link reconcileSettlementFiles}. */
export interface ReconcileOptions {
  /** The files, read in the order given (give them oldest first: a chargeback before its reversal). */
  files: readonly ReconciliationInput[];
  /**
   * Where orders are read and rows recorded (`sqlReconciliationStore(database)`, on the settlement's
   * database): a chargeback or its reversal is recorded on its order there, with its row.
   */
  store: ReconciliationStore;
  /** Paid orders older than this many days and in no file are reported `missingFromFiles`. Default 5. */
  missingAfterDays?: number;
  /** Rows matched per batch (statements per batch: about five). Default 2000. */
  batchSize?: number;
  /** How many exceptions the returned report holds (all are kept in the store). Default 1000. */
  reportExceptions?: number;
  /** Told of each exception as it is found (a command writing them out as it goes). */
  onException?: (exception: ReconciliationException) => void;
  /** Told after each batch. */
  onProgress?: (progress: { file: string; rows: number; bytesRead: number }) => void;
  now?: () => Date;
}

const DAY_MS = 86_400_000;
/** Why an order refused a chargeback or reversal, in a report's words. */
const REFUSALS: Record<FollowUpRefusal, string> = {
  'not-charged': 'the order has no charged payment',
  currency: 'another currency than the order',
  'exceeds-paid': 'more than was paid',
  'no-chargeback': 'the order has no chargeback to reverse',
};

/**
 * A row's identity: the same row in two files (or one file read twice) is
 * one row. The columns that tell rows apart; the line and file do not.
 */
export function settlementRowKey(record: SettlementRecord): string {
  return createHash('sha1')
    .update(
      [
        record.recordType,
        record.paymentType,
        record.cashflow,
        record.merchantId,
        record.uniqueId,
        record.settlementTxId,
        record.chargebackId,
        record.transactionId,
        record.amount,
        record.currency,
        record.settlementAmount,
        record.settlementCurrency,
        record.settlementFee,
        record.settlementDate,
        record.settlementStatus,
      ].join('\u001f'),
    )
    .digest('base64url');
}

/** Exact totals of one date and currency, in minor units while summing. */
interface Running {
  rows: number;
  credited: bigint;
  debited: bigint;
  fees: bigint;
}

/** Outcomes a row may have once per order (`settled`) or per refund or chargeback: a second such row is `settledTwice`. */
const ONCE: ReadonlySet<ReconciliationOutcomeKind> = new Set(['settled', 'refundSettled', 'chargeback', 'chargebackReversal']);

/** What a row with this outcome settles once besides its order's payment: the refund's, chargeback's or reversal's own id. */
function subjectOf(record: SettlementRecord, kind: ReconciliationOutcomeKind): string | undefined {
  if (kind === 'refundSettled') return `refund:${record.uniqueId}`;
  if (kind === 'chargeback' || kind === 'chargebackReversal') return `${kind}:${record.chargebackId}`;
  return undefined;
}

/** A refund, chargeback or reversal that another row settled already: nothing is recorded on the order again. */
const twice = (decision: RowDecision): RowDecision => {
  const { followUp: _notAgain, ...rest } = decision;
  return { ...rest, kind: 'settledTwice', message: `${decision.message}; another row settled this already` };
};

const minor = (amount: string | undefined) => (amount ? BigInt(toMinor(amount)) : 0n);
const decimal = (value: bigint) => (value < 0n ? `-${fromMinorBig(-value)}` : fromMinorBig(value));
const fromMinorBig = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;

/**
 * Reads the settlement files and matches every row with the shop's orders.
 * Resolves to the report once every file is read (a file that cannot be
 * read at all is one `fileError` exception; its rows are not guessed at).
 *
 * @example
 * const report = await reconcileSettlementFiles({
 *   files: ['settlement-2026-11-27.csv'],
 *   store: sqlReconciliationStore(database),
 * });
 * console.log(report.counts, report.totals);
 */
export async function reconcileSettlementFiles(options: ReconcileOptions): Promise<ReconciliationReport> {
  const { store } = options;
  const now = options.now ?? (() => new Date());
  const batchSize = Math.max(1, options.batchSize ?? 2000);
  const keepInReport = options.reportExceptions ?? 1000;
  const missingAfterDays = options.missingAfterDays ?? 5;
  const runId = randomUUID();
  const startedAt = now();
  await store.prepare?.();
  await store.startRun(runId, startedAt);

  const counts: Partial<Record<ReconciliationOutcomeKind, number>> = {};
  const totals = new Map<string, Running>();
  const files: ReconciliationReport['files'] = [];
  const reported: ReconciliationException[] = [];
  let exceptionCount = 0;
  let pendingExceptions: ReconciliationException[] = [];

  const count = (kind: ReconciliationOutcomeKind) => (counts[kind] = (counts[kind] ?? 0) + 1);
  const flushExceptions = async () => {
    if (pendingExceptions.length === 0) return;
    const batch = pendingExceptions;
    pendingExceptions = [];
    await store.keepExceptions(runId, batch);
  };
  const except = async (exception: ReconciliationException) => {
    exceptionCount++;
    if (reported.length < keepInReport) reported.push(exception);
    options.onException?.(exception);
    pendingExceptions.push(exception);
    if (pendingExceptions.length >= 500) await flushExceptions();
  };
  const total = (record: SettlementRecord, kind: ReconciliationOutcomeKind) => {
    const key = `${record.settlementDate}\u001f${record.settlementCurrency}`;
    const running = totals.get(key) ?? { rows: 0, credited: 0n, debited: 0n, fees: 0n };
    running.rows++;
    // A settlement that FAILED moved no money: not its amount, not its fee (a fee row's included).
    if (record.settlementStatus !== 'SUCCESS') return void totals.set(key, running);
    running.fees += minor(record.settlementFee);
    if (kind === 'fee') {
      running.fees += record.cashflow === 'NEG' ? minor(record.settlementAmount) : -minor(record.settlementAmount);
    } else if (record.cashflow === 'POS') running.credited += minor(record.settlementAmount);
    else running.debited += minor(record.settlementAmount);
    totals.set(key, running);
  };

  /** The orders a batch's rows name: by payment id, then by order id for the rows no payment id found. */
  const lookUp = async (batch: readonly SettlementRecord[]): Promise<OrderIndex> => {
    const paymentIds = new Set<string>();
    for (const record of batch) {
      if (record.uniqueId) paymentIds.add(record.uniqueId);
      for (const id of record.matchedTransactions) paymentIds.add(id);
    }
    const byPaymentId = new Map<string, OrderForMatching>();
    const byOrderId = new Map<string, OrderForMatching>();
    const found = { byPaymentId, byOrderId };
    const index = (order: OrderForMatching) => {
      if (order.paymentId) byPaymentId.set(order.paymentId, order);
      byOrderId.set(order.orderId, order);
    };
    (await store.ordersFor([...paymentIds], [])).forEach(index);
    // The merchant's order id is asked for only for the rows no payment id found (in a clean file, none).
    const orderIds = new Set<string>();
    for (const record of batch) {
      if (record.transactionId && !byOrderId.has(record.transactionId) && !findOrder(record, found)) orderIds.add(record.transactionId);
    }
    if (orderIds.size > 0) (await store.ordersFor([], [...orderIds])).forEach(index);
    return found;
  };

  const matchBatch = async (file: string, batch: SettlementRecord[], orders: OrderIndex): Promise<number> => {
    const keys = batch.map(settlementRowKey);
    const found = batch.map((record) => findOrder(record, orders));
    // Within the batch, an order settled by an earlier row; across batches and runs the store refuses a
    // second `settled` row of one order (a unique index), and that row becomes `settledTwice` below.
    // The same holds for a refund or chargeback settled by two rows (its subject); the store refuses the second across batches.
    const settledHere = new Set<string>();
    const subjectsHere = new Set<string>();
    const decisions: RowDecision[] = [];
    for (const [i, record] of batch.entries()) {
      const orderId = found[i]?.order.orderId;
      let decision = decideRow(record, found[i], orderId !== undefined && settledHere.has(orderId));
      if (decision.kind === 'settled' && orderId) settledHere.add(orderId);
      const subject = subjectOf(record, decision.kind);
      if (subject !== undefined) {
        if (subjectsHere.has(subject)) decision = twice(decision);
        else subjectsHere.add(subject);
      }
      decisions.push(decision);
    }
    const rowOf = (i: number, outcome: ReconciliationOutcomeKind): RecordedSettlementRow => {
      const record = batch[i]!;
      const order = decisions[i]!.order;
      const subject = subjectOf(record, outcome);
      return {
        key: keys[i]!,
        runId,
        ...(order ? { orderId: order.orderId } : {}),
        outcome,
        recordType: record.recordType,
        paymentType: record.paymentType,
        settlementDate: record.settlementDate,
        settlementCurrency: record.settlementCurrency,
        file,
        line: record.line,
        ...(subject !== undefined ? { subject } : {}),
      };
    };
    // Chargebacks before their reversals, each recorded on its order with its row, in one transaction:
    // a row recorded already (an earlier run, another instance) applies nothing again.
    const followUps: FollowUpForOrder[] = [];
    for (const kind of ['chargeback', 'chargebackReversal'] as const) {
      for (const [i, decision] of decisions.entries()) {
        if (decision.kind === kind && decision.followUp && decision.order) {
          followUps.push({ key: keys[i]!, checkoutId: decision.order.checkoutId, notice: decision.followUp });
        }
      }
    }
    const { inserted, refused: refusedFollowUps } = await store.recordBatch(
      batch.map((_, i) => rowOf(i, decisions[i]!.kind)),
      followUps,
      now(),
    );
    for (const [i, decision] of decisions.entries()) {
      const refusal = refusedFollowUps.get(keys[i]!);
      if (refusal !== undefined) {
        decisions[i] = { ...decision, kind: 'chargebackRefused', message: `${decision.message}; not recorded: ${REFUSALS[refusal]}` };
      }
    }
    // The rows recorded before (an earlier run, an earlier batch, a run at the same moment): their outcome stands.
    const notInserted = batch.flatMap((_, i) => (inserted.has(keys[i]!) ? [] : [i]));
    const recorded = notInserted.length > 0 ? await store.recorded(notInserted.map((i) => keys[i]!)) : new Map<string, string>();
    // A row refused: its order (or its refund or chargeback) was settled by another row recorded earlier
    // (or by a run at the same moment).
    const refused = notInserted.filter((i) => !recorded.has(keys[i]!) && ONCE.has(decisions[i]!.kind));
    if (refused.length > 0) {
      for (const i of refused) {
        const decision = decisions[i]!;
        if (decision.kind !== 'settled') {
          decisions[i] = twice(decision);
          continue;
        }
        decisions[i] = decideRow(batch[i]!, found[i], true);
        if (decisions[i]!.kind !== 'settledTwice') decisions[i] = { ...decision, kind: 'settledTwice' };
      }
      await store.record(refused.map((i) => rowOf(i, 'settledTwice')));
    }
    let already = 0;
    for (const [i, record] of batch.entries()) {
      let decision = decisions[i]!;
      const stored = recorded.get(keys[i]!) as ReconciliationOutcomeKind | undefined;
      if (stored) {
        already++;
        // Reported as first reconciled; nothing is applied again.
        if (stored !== decision.kind) {
          decision = { ...decision, kind: stored, message: `${decision.message} (recorded as ${stored} when first reconciled)` };
        }
      }
      count(decision.kind);
      total(record, decision.kind);
      const exception = rowException(record, decision, file);
      if (exception) await except(exception);
    }
    return already;
  };

  for (const input of options.files) {
    const name = typeof input === 'string' ? input : input.name;
    const summary = { file: name, rows: 0, records: 0, rowErrors: 0, alreadyReconciled: 0 };
    files.push(summary);
    let bytesRead = 0;
    const entries =
      typeof input === 'string'
        ? readSettlementFile(input, { onProgress: (bytes) => (bytesRead = bytes) })
        : 'entries' in input
          ? input.entries
          : readSettlementFile(input.source, { onProgress: (bytes) => (bytesRead = bytes) });
    let batch: SettlementRecord[] = [];
    // Two batches in flight: one batch is recorded while the next one's orders are looked up and the one
    // after is read (the database works while this process parses). Batches are recorded one after another:
    // each relies on the rows the one before recorded.
    let matching: Promise<void> = Promise.resolve();
    const flush = async () => {
      if (batch.length === 0) return;
      const records = batch;
      batch = [];
      const rowsSoFar = summary.rows;
      const orders = lookUp(records);
      orders.catch(() => undefined);
      const previous = matching;
      matching = previous.then(async () => {
        summary.alreadyReconciled += await matchBatch(name, records, await orders);
        options.onProgress?.({ file: name, rows: rowsSoFar, bytesRead });
      });
      // Held until a later flush awaits it; a failure surfaces there (or after the last row).
      matching.catch(() => undefined);
      await previous;
    };
    try {
      for await (const entry of entries) {
        summary.rows++;
        if (entry.kind === 'rowError') {
          summary.rowErrors++;
          count('rowError');
          await except({ kind: 'rowError', message: entry.error.message, file: name, line: entry.error.line });
          continue;
        }
        summary.records++;
        batch.push(entry.record);
        if (batch.length >= batchSize) await flush();
      }
      await flush();
      await matching;
    } catch (error) {
      await matching.catch(() => undefined);
      if (!(error instanceof SettlementFileError)) throw error;
      await except({ kind: 'fileError', message: `${name}: ${error.message}`, file: name });
      count('fileError');
    }
  }

  // Paid orders no file settled within the window.
  const before = new Date(now().getTime() - missingAfterDays * DAY_MS);
  for (let after: string | undefined; ;) {
    const page = await store.unsettledOrders(SETTLING_STATES, before, { ...(after !== undefined ? { after } : {}), limit: 5000 });
    for (const order of page) {
      count('missingFromFiles');
      await except({
        kind: 'missingFromFiles',
        message: `order ${order.orderId} (${order.state}, ${order.amount} ${order.currency}${order.paymentId ? `, payment ${order.paymentId}` : ''}) was paid ${order.createdAt.toISOString().slice(0, 10)} and is in no settlement file after ${missingAfterDays} days`,
        orderId: order.orderId,
        ...(order.paymentId ? { paymentId: order.paymentId } : {}),
        expected: { amount: order.amount, currency: order.currency, state: order.state },
      });
    }
    if (page.length < 5000) break;
    after = page[page.length - 1]!.orderId;
  }
  await flushExceptions();

  const report: ReconciliationReport = {
    runId,
    startedAt: startedAt.toISOString(),
    finishedAt: now().toISOString(),
    files,
    counts,
    totals: [...totals.entries()]
      .map(([key, running]): SettlementTotal => {
        const [settlementDate = '', currency = ''] = key.split('\u001f');
        return {
          settlementDate,
          currency,
          rows: running.rows,
          credited: decimal(running.credited),
          debited: decimal(running.debited),
          fees: decimal(running.fees),
          net: decimal(running.credited - running.debited - running.fees),
        };
      })
      .sort((a, b) => a.settlementDate.localeCompare(b.settlementDate) || a.currency.localeCompare(b.currency)),
    exceptionCount,
    exceptions: reported,
    missingAfterDays,
  };
  const { exceptions: _kept, ...stored } = report;
  await store.finishRun(runId, new Date(report.finishedAt), stored);
  return report;
}
