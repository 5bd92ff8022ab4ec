// The benchmark's settlement files: the row count asked for, the header of
// the layout, every row passing the file's row checks (and every bad row
// failing them), ids and amounts that follow the documented scheme, FEE rows
// that add up, and the same file for the same seed.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SETTLEMENT_FILE_HEADER_36, SETTLEMENT_FILE_HEADER_38 } from '@wpwl/gateway-spec/settlement-file';
import { generatedOrder, generateSettlementFile } from '@wpwl/sandbox';
import { readSettlementFile } from './settlement-csv.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function newPath(name = 'bench.csv'): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-generator-'));
  dirs.push(dir);
  return join(dir, name);
}

/** Cents of a two-decimal amount. */
const cents = (amount: string) => Number(amount.replace('.', ''));

describe('generateSettlementFile', () => {
  it('writes the rows asked for: every row passes, orders 1..n in SETTLED rows with the documented ids and amounts', async () => {
    const path = newPath();
    const result = await generateSettlementFile({
      rows: 2000,
      path,
      seed: 7,
      currencies: ['EUR', 'USD'],
      refundRate: 0.1,
      chargebackRate: 0.05,
      chargebackReversalRate: 0.5,
    });
    expect(readdirSync(join(path, '..'))).toEqual(['bench.csv']);
    const file = readSettlementFile(path);
    expect(file.header).toEqual(SETTLEMENT_FILE_HEADER_38);
    expect(file.rows).toHaveLength(2000);
    for (const [i, row] of file.rows.entries()) expect(row.problems, `row ${i + 1}`).toEqual([]);
    const rows = file.rows.map((row) => row.values);
    const kinds = (type: string, payment?: string) =>
      rows.filter((r) => r.ReconciliationType === type && (payment === undefined || r.PaymentType === payment));

    const settled = kinds('SETTLED', 'DEBIT');
    const refunds = kinds('SETTLED', 'REFUND');
    expect(result).toMatchObject({
      path,
      rows: 2000,
      orders: settled.length,
      settled: settled.length,
      refunds: refunds.length,
      chargebacks: kinds('CHARGEBACK').length,
      chargebackReversals: kinds('CHARGEBACK REVERSAL').length,
      fees: 2,
      bad: 0,
      bytes: readFileSync(path).length,
    });
    expect(result.refunds).toBeGreaterThan(100);
    expect(result.chargebacks).toBeGreaterThan(30);
    expect(result.chargebackReversals).toBeGreaterThan(5);

    // Order n is the n-th SETTLED row, as generatedOrder(n) says.
    for (const [i, row] of settled.entries()) {
      const order = generatedOrder(i + 1, { currencies: ['EUR', 'USD'] });
      expect([row.UniqueID, row.TransactionId, row.Amount, row.Currency, row.MatchedTransactions]).toEqual([
        order.paymentId,
        order.merchantTransactionId,
        order.amount,
        order.currency,
        order.paymentId,
      ]);
    }
    expect(generatedOrder(1)).toEqual({
      index: 1,
      paymentId: 'sbxpay00000000000000000000000001',
      merchantTransactionId: 'ORDER-0000000001',
      amount: '80.19',
      currency: 'EUR',
    });

    // Follow-ups refer to an order settled earlier in the file, with their own ids.
    const settledAt = new Map(settled.map((r) => [r.UniqueID, rows.indexOf(r)]));
    for (const refund of refunds) {
      const index = Number(refund.UniqueID?.replace('sbxrfd', ''));
      const order = generatedOrder(index, { currencies: ['EUR', 'USD'] });
      expect(refund).toMatchObject({
        UniqueID: `sbxrfd${String(index).padStart(26, '0')}`,
        MatchedTransactions: order.paymentId,
        Cashflow: 'NEG',
      });
      expect(cents(refund.Amount ?? '')).toBe(Math.floor(cents(order.amount) / 2));
      expect(settledAt.get(order.paymentId)).toBeLessThan(rows.indexOf(refund));
    }
    for (const row of [...kinds('CHARGEBACK'), ...kinds('CHARGEBACK REVERSAL')]) {
      expect(settledAt.get(row.UniqueID ?? '')).toBeLessThan(rows.indexOf(row));
      expect(row.ChargebackId).toMatch(row.ReconciliationType === 'CHARGEBACK' ? /^sbxcbk[0-9]{26}$/ : /^sbxcbr[0-9]{26}$/);
    }

    // One FEE row per currency at the end: the batch fee (each SETTLED row states its own fee).
    const fees = rows.slice(-2);
    for (const [i, currency] of ['EUR', 'USD'].entries()) {
      expect(fees[i]).toMatchObject({ ReconciliationType: 'FEE', PaymentType: 'BATCH', Cashflow: 'NEG', Currency: currency, UniqueID: '' });
      expect(fees[i]?.Amount).toBe('0.50');
    }
  });

  it('bad rows break a rule each, and only they fail the row checks', async () => {
    const path = newPath();
    const result = await generateSettlementFile({ rows: 1000, path, badRowRate: 0.05 });
    const file = readSettlementFile(path);
    const failing = file.rows.filter((row) => row.problems.length > 0);
    expect(result.bad).toBeGreaterThan(20);
    expect(failing).toHaveLength(result.bad);
    expect(new Set(failing.map((row) => row.problems[0]?.column))).toEqual(
      new Set(['Amount', 'Currency', 'ReconciliationType', 'SettlementDate', 'SettlementAmount']),
    );
    // A bad row still carries its order, which has no good row: orders 1..orders are all in the file.
    expect(result.orders).toBe(result.settled + result.bad);
  });

  it('the same seed writes the same file; another seed another one; the 36-column layout', async () => {
    const [a, b, c, d] = [newPath(), newPath(), newPath(), newPath()];
    await generateSettlementFile({ rows: 500, path: a, seed: 3 });
    await generateSettlementFile({ rows: 500, path: b, seed: 3 });
    await generateSettlementFile({ rows: 500, path: c, seed: 4 });
    expect(readFileSync(a, 'utf8')).toBe(readFileSync(b, 'utf8'));
    expect(readFileSync(a, 'utf8')).not.toBe(readFileSync(c, 'utf8'));

    await generateSettlementFile({ rows: 300, path: d, layout: 36, ordersPrefix: 'SHOP7-', settlementDate: '2026-02-01' });
    const file = readSettlementFile(d);
    expect(file.header).toEqual(SETTLEMENT_FILE_HEADER_36);
    expect(file.rows).toHaveLength(300);
    expect(file.rows.every((row) => row.problems.length === 0)).toBe(true);
    expect(file.rows[0]?.values).toMatchObject({ SettlementDate: '2026-02-01', TxRequestTime: '2026-01-31 00:00:07' });
  });

  it('refuses malformed options, naming the option', async () => {
    const path = newPath();
    await expect(generateSettlementFile({ rows: 0, path })).rejects.toThrow('rows must be a whole number of at least 1');
    await expect(generateSettlementFile({ rows: 10, path, currencies: ['eur'] })).rejects.toThrow('currencies must be a list of ISO 4217');
    await expect(generateSettlementFile({ rows: 10, path, refundRate: 1.5 })).rejects.toThrow('refundRate must be a number from 0 to 1');
    await expect(generateSettlementFile({ rows: 10, path, ordersPrefix: 'A;B' })).rejects.toThrow('ordersPrefix must be');
    await expect(generateSettlementFile({ rows: 10, path, settlementDate: '2026-02-30' })).rejects.toThrow('settlementDate must be a date');
    await expect(generateSettlementFile({ rows: 10, path, feePercent: 'x' })).rejects.toThrow('feePercent must be');
    expect(() => generatedOrder(0)).toThrow('index must be a whole number from 1');
  });
});
