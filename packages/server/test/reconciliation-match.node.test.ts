// The reconciliation against a real store (PGlite, the embedded PostgreSQL):
// each outcome of the report from a small settlement file the test writes,
// chargebacks moving their orders, totals summed exactly, and a file
// reconciled twice changing nothing.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { SETTLEMENT_FILE_HEADER_38 } from '@wpwl/gateway-spec/settlement-file';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reconcileSettlementFiles } from '../src/reconciliation/reconcile.js';
import { sqlReconciliationStore } from '../src/reconciliation/sql-store.js';
import type { ReconciliationStore } from '../src/reconciliation/store.js';
import {
  pgliteDatabase,
  pgliteSettlementStore,
  type SettlementOrder,
  type SettlementStore,
  type SqlDatabase,
} from '../src/settlement/index.js';
import {
  chargebackIdOf,
  orderIdOf,
  paidOrder,
  paymentIdOf,
  row,
  writeSettlementFile,
  type SettlementRow,
} from './support/settlement-file-rows.js';

const NOW = new Date('2026-11-27T12:00:00Z');
const DAY = 86_400_000;
let db: PGlite;
let store: SettlementStore;
let reconciliation: ReconciliationStore;
let dir: string;

/** An order as the settlement keeps it once its payment is known, stored. */
async function order(n: number, overrides: Partial<SettlementOrder> = {}): Promise<SettlementOrder> {
  const stored = paidOrder(n, overrides, NOW);
  await store.insert(stored);
  return stored;
}

let files = 0;
/** Writes a settlement file of `rows` (38 columns) and returns its path. */
const file = (...rows: SettlementRow[]): string => writeSettlementFile(join(dir, `settlement-${++files}.csv`), ...rows);

const reconcile = (paths: string[], extra: { missingAfterDays?: number; batchSize?: number } = {}) =>
  reconcileSettlementFiles({ files: paths, store: reconciliation, now: () => NOW, ...extra });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'wpwl-reconcile-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeEach(async () => {
  db = new PGlite();
  store = await pgliteSettlementStore({ db });
  reconciliation = sqlReconciliationStore(pgliteDatabase({ db, ownsDatabase: false }) as SqlDatabase);
  // A new database per test: PGlite starts in about a second, more on a busy machine.
}, 60_000);
afterEach(async () => {
  await store.close();
});

describe('reconciliation: matching a settlement file with the orders', () => {
  it('a payment settled as the shop has it agrees: counted, no exception, its settlement date and fee in the totals', async () => {
    await order(1);
    await order(2, { amount: '10.50' });
    const report = await reconcile([file(row(1), row(2, { Amount: '10.50', SettlementAmount: '10.50', SettlementFee: '0.40' }))]);
    expect(report.counts).toEqual({ settled: 2 });
    expect(report.exceptionCount).toBe(0);
    expect(report.totals).toEqual([
      { settlementDate: '2026-11-27', currency: 'EUR', rows: 2, credited: '102.50', debited: '0.00', fees: '1.94', net: '100.56' },
    ]);
    const views = await reconciliation.settlementOf([orderIdOf(1), orderIdOf(2)]);
    expect(views.get(orderIdOf(1))).toEqual({ settledOn: '2026-11-27', outcomes: ['settled'] });
  });

  it('an amount or a currency other than the order is named with both sides', async () => {
    await order(1);
    await order(2);
    const report = await reconcile([file(row(1, { Amount: '92.01', SettlementAmount: '92.01' }), row(2, { Currency: 'USD' }))]);
    expect(report.counts).toEqual({ amountMismatch: 1, currencyMismatch: 1 });
    expect(report.exceptions).toMatchObject([
      {
        kind: 'amountMismatch',
        orderId: orderIdOf(1),
        line: 2,
        expected: { amount: '92.00', currency: 'EUR' },
        actual: { amount: '92.01', currency: 'EUR' },
      },
      { kind: 'currencyMismatch', orderId: orderIdOf(2), line: 3, actual: { amount: '92.00', currency: 'USD' } },
    ]);
    expect(report.exceptions[0]!.message).toContain('ordered for 92.00 EUR');
  });

  it('a paid order in no file after the window is missing; a younger one, a declined one and a reversed one are not', async () => {
    await order(1, { createdAt: new Date(NOW.getTime() - 10 * DAY) });
    await order(2, { createdAt: new Date(NOW.getTime() - 2 * DAY) });
    await order(3, { createdAt: new Date(NOW.getTime() - 10 * DAY), state: 'declined', paymentId: undefined });
    await order(4, { createdAt: new Date(NOW.getTime() - 10 * DAY), state: 'reversed' });
    await order(5, { createdAt: new Date(NOW.getTime() - 10 * DAY) });
    const report = await reconcile([file(row(5))], { missingAfterDays: 5 });
    expect(report.counts).toEqual({ settled: 1, missingFromFiles: 1 });
    expect(report.exceptions).toMatchObject([{ kind: 'missingFromFiles', orderId: orderIdOf(1), paymentId: paymentIdOf(1) }]);
    expect(report.exceptions[0]!.message).toContain('in no settlement file after 5 days');
  });

  it('a row of a payment the shop does not know, by payment id or order id, is unknown to the shop', async () => {
    const report = await reconcile([file(row(7))]);
    expect(report.counts).toEqual({ unknownToShop: 1 });
    expect(report.exceptions[0]).toMatchObject({ kind: 'unknownToShop', paymentId: paymentIdOf(7), line: 2 });
  });

  it('a settlement FAILED is an exception and no settlement: the order is still missing later', async () => {
    await order(1, { createdAt: new Date(NOW.getTime() - 10 * DAY) });
    const report = await reconcile([file(row(1, { SettlementStatus: 'FAILED' }))]);
    expect(report.counts).toEqual({ settlementFailed: 1, missingFromFiles: 1 });
    expect(report.totals[0]).toMatchObject({ credited: '0.00' });
  });

  it('a row settling an order the shop has as declined, or one paid by another payment, is named', async () => {
    await order(1, { state: 'declined', paymentId: undefined });
    await order(2);
    const report = await reconcile([
      file(row(1), row(2, { UniqueID: paymentIdOf(99), MatchedTransactions: paymentIdOf(99), SettlementTxId: 'stx-other' })),
    ]);
    expect(report.counts).toEqual({ settledNotPaid: 1, otherPayment: 1 });
    expect(report.exceptions.map((e) => e.kind)).toEqual(['settledNotPaid', 'otherPayment']);
    expect(report.exceptions[1]!.message).toContain(`paid by payment ${paymentIdOf(2)}`);
  });

  it("a row the gateway matched with several payments names none of them: multipleMatches, unless its own payment id is an order's", async () => {
    await order(1);
    await order(2);
    const several = `${paymentIdOf(1)},${paymentIdOf(2)}`;
    const report = await reconcile([
      file(
        row(3, { UniqueID: '', MatchingStatus: 'MULTIPLE_MATCHES', MatchedTransactions: several }),
        row(2, { MatchingStatus: 'MULTIPLE_MATCHES', MatchedTransactions: several }),
      ),
    ]);
    expect(report.counts).toEqual({ multipleMatches: 1, settled: 1 });
    expect(report.exceptions[0]).toMatchObject({ kind: 'multipleMatches', line: 2 });
    expect(report.exceptions[0]!.message).toContain(several.replace(',', ', '));
  });

  it("a row of another payment with the order's id does not settle the order: it is still missing, and the page has no settled date", async () => {
    await order(2, { createdAt: new Date(NOW.getTime() - 10 * DAY) });
    const report = await reconcile([file(row(2, { UniqueID: paymentIdOf(99), MatchedTransactions: paymentIdOf(99) }))]);
    expect(report.counts).toEqual({ otherPayment: 1, missingFromFiles: 1 });
    expect((await reconciliation.settlementOf([orderIdOf(2)])).get(orderIdOf(2))).toEqual({ outcomes: ['otherPayment'] });
  });

  it('one payment settled by two rows is settled once and then settledTwice, across batches too', async () => {
    await order(1);
    const report = await reconcile([file(row(1), row(2, {}), row(1, { SettlementTxId: 'stx-again' }))], { batchSize: 1 });
    expect(report.counts).toEqual({ settled: 1, unknownToShop: 1, settledTwice: 1 });
  });

  it('a refund or a chargeback settled again by a row of a later file is settledTwice, not a second agreeing row', async () => {
    const refundId = `rfd${'1'.padStart(29, '0')}`;
    await order(1, {
      state: 'partiallyRefunded',
      followUps: [{ id: refundId, kind: 'refund', amount: '12.00', currency: 'EUR', code: '000.000.000', recordedAt: NOW.toISOString() }],
    });
    await order(2);
    const refund = (date: string) =>
      row(1, {
        PaymentType: 'REFUND',
        Cashflow: 'NEG',
        UniqueID: refundId,
        Amount: '12.00',
        SettlementAmount: '12.00',
        SettlementFee: '',
        SettlementTxId: `stx-refund-${date}`,
        SettlementDate: date,
      });
    const chargeback = (date: string) =>
      row(2, {
        ReconciliationType: 'CHARGEBACK',
        Cashflow: 'NEG',
        SettlementFee: '',
        SettlementTxId: `stx-cb-${date}`,
        SettlementDate: date,
        ChargebackId: chargebackIdOf(2),
        ReasonCode: '000.100.220',
      });
    const first = await reconcile([file(row(1), row(2), refund('2026-11-27'), chargeback('2026-11-27'))]);
    expect(first.counts).toEqual({ settled: 2, refundSettled: 1, chargeback: 1 });
    // The gateway takes the same refund and the same chargeback again in the next day's file.
    const second = await reconcile([file(refund('2026-11-28'), chargeback('2026-11-28'))]);
    expect(second.counts).toEqual({ settledTwice: 2 });
    expect(second.exceptions.map((e) => e.orderId)).toEqual([orderIdOf(1), orderIdOf(2)]);
    expect(second.totals[0]).toMatchObject({ settlementDate: '2026-11-28', debited: '104.00' });
    expect((await store.find({ orderId: orderIdOf(2) }))?.followUps).toHaveLength(1);
    // Twice in one file (and one batch) too.
    await order(3);
    const third = await reconcile([
      file(
        row(3),
        chargeback('2026-11-29'),
        row(3, {
          ReconciliationType: 'CHARGEBACK',
          Cashflow: 'NEG',
          SettlementFee: '',
          SettlementTxId: 'stx-x',
          ChargebackId: chargebackIdOf(3),
        }),
        row(3, {
          ReconciliationType: 'CHARGEBACK',
          Cashflow: 'NEG',
          SettlementFee: '',
          SettlementTxId: 'stx-y',
          ChargebackId: chargebackIdOf(3),
        }),
      ),
    ]);
    expect(third.counts).toEqual({ settled: 1, chargeback: 1, settledTwice: 2 });
  });

  it('two runs of the same file at the same moment report each row once, never as settled twice', async () => {
    await order(1);
    await order(2);
    const path = file(row(1), row(2));
    // Each run has looked up the rows' orders and decided before either records them (two instances on one PostgreSQL).
    let looked = 0;
    let bothLooked!: () => void;
    const barrier = new Promise<void>((resolve) => (bothLooked = resolve));
    const instance = (): ReconciliationStore => ({
      ...reconciliation,
      ordersFor: async (paymentIds, orderIds) => {
        const found = await reconciliation.ordersFor(paymentIds, orderIds);
        if (++looked === 2) bothLooked();
        return found;
      },
      recordBatch: async (rows, followUps, now) => {
        await barrier;
        return reconciliation.recordBatch(rows, followUps, now);
      },
    });
    const run = () => reconcileSettlementFiles({ files: [path], store: instance(), now: () => NOW });
    const [a, b] = await Promise.all([run(), run()]);
    expect(a.counts.settledTwice ?? 0).toBe(0);
    expect(b.counts.settledTwice ?? 0).toBe(0);
    expect(a.counts.settled).toBe(2);
    expect(b.counts.settled).toBe(2);
  });

  it('refunds: one the shop recorded settles, one it did not is refundUnknown; the NEG amount is taken off the totals', async () => {
    const refundId = `rfd${'1'.padStart(29, '0')}`;
    await order(1, {
      state: 'partiallyRefunded',
      followUps: [{ id: refundId, kind: 'refund', amount: '12.00', currency: 'EUR', code: '000.000.000', recordedAt: NOW.toISOString() }],
    });
    const refund = (id: string) =>
      row(1, {
        PaymentType: 'REFUND',
        Cashflow: 'NEG',
        UniqueID: id,
        Amount: '12.00',
        SettlementAmount: '12.00',
        SettlementFee: '',
        SettlementTxId: id,
      });
    const report = await reconcile([file(row(1), refund(refundId), refund(`rfd${'2'.padStart(29, '0')}`))]);
    expect(report.counts).toEqual({ settled: 1, refundSettled: 1, refundUnknown: 1 });
    expect(report.totals[0]).toMatchObject({ credited: '92.00', debited: '24.00', fees: '1.54', net: '66.46' });
  });

  it('a chargeback moves its order to chargedBack with the chargeback id and reason; its reversal gives it back', async () => {
    await order(1);
    const chargeback = row(1, {
      ReconciliationType: 'CHARGEBACK',
      Cashflow: 'NEG',
      SettlementFee: '',
      ChargebackId: chargebackIdOf(1),
      ReasonCode: '000.100.220',
      ReasonDesc: 'fraudulent transaction',
    });
    const first = await reconcile([file(row(1), chargeback)]);
    expect(first.counts).toEqual({ settled: 1, chargeback: 1 });
    expect(first.exceptions[0]).toMatchObject({ kind: 'chargeback', chargebackId: chargebackIdOf(1), reasonCode: '000.100.220' });
    const charged = await store.find({ orderId: orderIdOf(1) });
    expect(charged?.state).toBe('chargedBack');
    expect(charged?.followUps).toMatchObject([{ id: chargebackIdOf(1), kind: 'chargeback', amount: '92.00', code: '000.100.220' }]);

    const reversal = row(1, {
      ReconciliationType: 'CHARGEBACK REVERSAL',
      Cashflow: 'POS',
      SettlementFee: '',
      ChargebackId: `cbr${'1'.padStart(29, '0')}`,
      ReasonCode: '000.100.110',
    });
    const second = await reconcile([file(reversal)]);
    expect(second.counts).toEqual({ chargebackReversal: 1 });
    expect((await store.find({ orderId: orderIdOf(1) }))?.state).toBe('chargebackReversed');
  });

  it('a chargeback and its reversal in one batch are both recorded, in that order; a reversal with nothing to reverse is refused by the order', async () => {
    await order(1);
    await order(2);
    const chargeback = (n: number) =>
      row(n, {
        ReconciliationType: 'CHARGEBACK',
        Cashflow: 'NEG',
        SettlementFee: '',
        ChargebackId: chargebackIdOf(n),
        ReasonCode: '000.100.220',
      });
    const reversal = (n: number) =>
      row(n, {
        ReconciliationType: 'CHARGEBACK REVERSAL',
        Cashflow: 'POS',
        SettlementFee: '',
        ChargebackId: `cbr${String(n).padStart(29, '0')}`,
      });
    // The reversal comes first in the file: chargebacks are recorded before reversals all the same.
    const path = file(row(1), reversal(1), chargeback(1), reversal(2));
    const first = await reconcile([path]);
    expect(first.counts).toEqual({ settled: 1, chargeback: 1, chargebackReversal: 1, chargebackRefused: 1 });
    const one = await store.find({ orderId: orderIdOf(1) });
    expect(one?.state).toBe('chargebackReversed');
    expect(one?.followUps.map((f) => f.kind)).toEqual(['chargeback', 'chargebackReversal']);
    const refused = first.exceptions.find((e) => e.kind === 'chargebackRefused');
    expect(refused).toMatchObject({ orderId: orderIdOf(2), line: 5 });
    expect(refused?.message).toContain('the order has no chargeback to reverse');
    expect((await store.find({ orderId: orderIdOf(2) }))?.state).toBe('paid');
    // Recorded as refused: the same file again reports the same and changes nothing.
    const again = await reconcile([path]);
    expect(again.counts).toEqual(first.counts);
    expect(again.files[0]!.alreadyReconciled).toBe(4);
    expect((await store.find({ orderId: orderIdOf(1) }))?.followUps).toHaveLength(2);
  });

  it('a run that fails while recording a chargeback keeps neither the chargeback nor its row; the next run records both once', async () => {
    await order(1);
    const path = file(
      row(1),
      row(1, {
        ReconciliationType: 'CHARGEBACK',
        Cashflow: 'NEG',
        SettlementFee: '',
        ChargebackId: chargebackIdOf(1),
        ReasonCode: '000.100.220',
      }),
    );
    const database = pgliteDatabase({ db, ownsDatabase: false }) as SqlDatabase;
    // The database goes away just as the batch writes the charged-back order.
    const failing: SqlDatabase = {
      ...database,
      transaction: (work) =>
        database.transaction((tx) =>
          work({
            query: async (sql, params) => {
              if (sql.includes('UPDATE wpwl_orders')) throw Object.assign(new Error('connection lost'), { code: '08006' });
              return tx.query(sql, params);
            },
          }),
        ),
    };
    await expect(reconcileSettlementFiles({ files: [path], store: sqlReconciliationStore(failing), now: () => NOW })).rejects.toThrow(
      'connection lost',
    );
    expect((await store.find({ orderId: orderIdOf(1) }))?.state).toBe('paid');
    expect((await reconciliation.settlementOf([orderIdOf(1)])).get(orderIdOf(1))).toBeUndefined();
    const report = await reconcile([path]);
    expect(report.counts).toEqual({ settled: 1, chargeback: 1 });
    const charged = await store.find({ orderId: orderIdOf(1) });
    expect(charged?.state).toBe('chargedBack');
    expect(charged?.followUps).toHaveLength(1);
  });

  it('a chargeback of more than the order was paid changes no order', async () => {
    await order(1);
    const report = await reconcile([
      file(
        row(1, {
          ReconciliationType: 'CHARGEBACK',
          Cashflow: 'NEG',
          SettlementFee: '',
          ChargebackId: chargebackIdOf(1),
          Amount: '500.00',
          SettlementAmount: '500.00',
        }),
      ),
    ]);
    expect(report.counts).toEqual({ chargebackRefused: 1 });
    expect(report.exceptions[0]!.message).toContain('more than order');
    expect((await store.find({ orderId: orderIdOf(1) }))?.state).toBe('paid');
  });

  it('a chargeback found by order id only, or without a chargeback id, changes no order', async () => {
    await order(1);
    await order(2);
    const byOrderId = row(1, {
      ReconciliationType: 'CHARGEBACK',
      Cashflow: 'NEG',
      SettlementFee: '',
      UniqueID: '',
      MatchingStatus: 'NOT_MATCHED',
      MatchedTransactions: '',
      ReasonCode: '000.100.220',
    });
    const noId = row(2, {
      ReconciliationType: 'CHARGEBACK',
      Cashflow: 'NEG',
      SettlementFee: '',
      MatchingStatus: '',
      MatchedTransactions: '',
    });
    const report = await reconcile([file(byOrderId, noId)]);
    expect(report.counts).toEqual({ chargebackRefused: 2 });
    expect(report.exceptions[0]!.message).toContain('by order id only');
    expect(report.exceptions[1]!.message).toContain('no ChargebackId');
    expect((await store.find({ orderId: orderIdOf(1) }))?.state).toBe('paid');
    expect((await store.find({ orderId: orderIdOf(2) }))?.state).toBe('paid');
  });

  it('fee rows add to the fees of their date and currency; totals are kept per currency and date, exactly', async () => {
    await order(1);
    await order(2, { currency: 'GBP', amount: '0.10' });
    const report = await reconcile([
      file(
        row(1),
        row(2, {
          Currency: 'GBP',
          Amount: '0.10',
          SettlementAmount: '0.10',
          SettlementCurrency: 'GBP',
          SettlementFee: '0.20',
          SettlementDate: '2026-11-28',
        }),
        row(0, {
          ReconciliationType: 'FEE',
          PaymentType: 'MONTHLY',
          Cashflow: 'NEG',
          UniqueID: '',
          TransactionId: 'FEE-2026-11',
          MatchingStatus: '',
          MatchedTransactions: '',
          Amount: '25.00',
          SettlementAmount: '25.00',
          SettlementFee: '',
        }),
      ),
    ]);
    expect(report.counts).toEqual({ settled: 2, fee: 1 });
    expect(report.totals).toEqual([
      { settlementDate: '2026-11-27', currency: 'EUR', rows: 2, credited: '92.00', debited: '0.00', fees: '26.54', net: '65.46' },
      { settlementDate: '2026-11-28', currency: 'GBP', rows: 1, credited: '0.10', debited: '0.00', fees: '0.20', net: '-0.10' },
    ]);
  });

  it('a row whose settlement FAILED moves no money in the totals: neither its amount nor its fee, nor a failed fee row', async () => {
    await order(1);
    await order(2);
    const report = await reconcile([
      file(
        row(1),
        row(2, { SettlementStatus: 'FAILED' }),
        row(0, {
          ReconciliationType: 'FEE',
          PaymentType: 'MONTHLY',
          Cashflow: 'NEG',
          UniqueID: '',
          TransactionId: 'FEE-2026-11',
          MatchingStatus: '',
          MatchedTransactions: '',
          Amount: '25.00',
          SettlementAmount: '25.00',
          SettlementFee: '',
          SettlementStatus: 'FAILED',
        }),
      ),
    ]);
    expect(report.counts).toEqual({ settled: 1, settlementFailed: 1, fee: 1 });
    expect(report.totals).toEqual([
      { settlementDate: '2026-11-27', currency: 'EUR', rows: 3, credited: '92.00', debited: '0.00', fees: '1.54', net: '90.46' },
    ]);
  });

  it('reconciling the same file twice changes nothing: no order, no recorded row; the report reads the same', async () => {
    await order(1);
    await order(2);
    const path = file(
      row(1),
      row(2, { Amount: '1.00', SettlementAmount: '1.00' }),
      row(1, {
        ReconciliationType: 'CHARGEBACK',
        Cashflow: 'NEG',
        SettlementFee: '',
        ChargebackId: chargebackIdOf(1),
        ReasonCode: '000.100.220',
      }),
    );
    const first = await reconcile([path]);
    const ordersAfterFirst = await store.all();
    const rowsAfterFirst = (await db.query('SELECT record_key, run_id FROM wpwl_settlement_records ORDER BY record_key')).rows;
    const second = await reconcile([path]);
    expect(await store.all()).toEqual(ordersAfterFirst);
    expect((await db.query('SELECT record_key, run_id FROM wpwl_settlement_records ORDER BY record_key')).rows).toEqual(rowsAfterFirst);
    expect(second.counts).toEqual(first.counts);
    expect(second.totals).toEqual(first.totals);
    expect(second.files[0]).toMatchObject({ records: 3, alreadyReconciled: 3 });
    expect(first.files[0]).toMatchObject({ records: 3, alreadyReconciled: 0 });
    expect((await store.find({ orderId: orderIdOf(1) }))?.followUps).toHaveLength(1);
  });

  it('bad rows are rowError exceptions with their line among good ones; a file that cannot be read is one fileError', async () => {
    await order(1);
    const bad = file(row(1), row(2, { Amount: '12,00' }));
    const notSemicolons = join(dir, 'commas.csv');
    writeFileSync(notSemicolons, `${SETTLEMENT_FILE_HEADER_38.join(',')}\n`);
    const report = await reconcile([bad, notSemicolons]);
    expect(report.counts).toEqual({ settled: 1, rowError: 1, fileError: 1 });
    expect(report.exceptions[0]).toMatchObject({ kind: 'rowError', line: 3 });
    expect(report.exceptions[0]!.message).toContain('Amount');
    expect(report.exceptions[1]).toMatchObject({ kind: 'fileError', file: notSemicolons });
  });

  it('the run and its exceptions are kept for a page: the last run, its report and its exceptions in order', async () => {
    await order(1);
    const report = await reconcile([file(row(1, { Amount: '1.00' }), row(3))]);
    const last = await reconciliation.lastRun();
    expect(last?.runId).toBe(report.runId);
    expect(last?.report?.counts).toEqual({ amountMismatch: 1, unknownToShop: 1 });
    expect((await reconciliation.exceptions(report.runId)).map((e) => e.kind)).toEqual(['amountMismatch', 'unknownToShop']);
  });
});
