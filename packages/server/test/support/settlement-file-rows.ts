// Test fixtures of reconciliation: the orders the settlement keeps and the
// settlement-file rows the gateway writes of them, numbered so that order n,
// its payment and its file rows belong together, and a writer of settlement
// files (the interface's 38 columns, `;`-separated, CRLF lines).
import { writeFileSync } from 'node:fs';
import { SETTLEMENT_FILE_HEADER_38 } from '@wpwl/gateway-spec/settlement-file';
import type { SettlementOrder } from '../../src/settlement/index.js';

const DAY = 86_400_000;

/** The gateway's payment id of order n. */
export const paymentIdOf = (n: number) => `pay${String(n).padStart(29, '0')}`;
/** The shop's order id n (the file's TransactionId). */
export const orderIdOf = (n: number) => `ORDER-${String(n).padStart(8, '0')}`;
/** The chargeback id of payment n. */
export const chargebackIdOf = (n: number) => `cbk${String(n).padStart(29, '0')}`;

/**
 * Order n as the settlement keeps it once paid: 92.00 EUR, created a day
 * before `now` (so inside the default missing-after window) unless
 * `overrides.createdAt` says otherwise.
 */
export function paidOrder(n: number, overrides: Partial<SettlementOrder> = {}, now: Date = new Date()): SettlementOrder {
  const createdAt = overrides.createdAt ?? new Date(now.getTime() - DAY);
  return {
    orderId: orderIdOf(n),
    checkoutId: `checkout${String(n).padStart(24, '0')}.test`,
    amount: '92.00',
    currency: 'EUR',
    paymentType: 'DB',
    createdAt,
    expiresAt: new Date(createdAt.getTime() + 30 * 60_000),
    state: 'paid',
    paidCart: false,
    paymentId: paymentIdOf(n),
    mismatches: [],
    followUps: [],
    checks: 0,
    details: {},
    ...overrides,
  };
}

/** A settlement-file row by column name; a column left out is empty. */
export type SettlementRow = Partial<Record<(typeof SETTLEMENT_FILE_HEADER_38)[number], string>>;

/** A SETTLED DEBIT row of payment n, as the gateway writes it; `overrides` by column name. */
export function row(n: number, overrides: SettlementRow = {}): SettlementRow {
  return {
    ReconciliationType: 'SETTLED',
    PaymentType: 'DEBIT',
    Cashflow: 'POS',
    ClearingInstituteMerchantId: 'CIM-0001',
    MerchantAccountId: 'acct-1',
    PspId: 'psp-1',
    MerchantId: 'merchant-1',
    SettlementTxId: `stx-${n}`,
    UniqueID: paymentIdOf(n),
    TransactionId: orderIdOf(n),
    Amount: '92.00',
    Currency: 'EUR',
    Brand: 'VISA',
    SettlementAmount: '92.00',
    SettlementCurrency: 'EUR',
    SettlementFee: '1.54',
    SettlementFxRate: '1.00',
    SettlementDate: '2026-11-27',
    SettlementStatus: 'SUCCESS',
    SettlementFileFormat: 'TEST_V1',
    ClearingInsitituteName: 'test bank',
    MatchingStatus: 'MATCHED',
    MatchedTransactions: paymentIdOf(n),
    ...overrides,
  };
}

/** The CHARGEBACK row of payment n (no fee, money going out, its chargeback id and reason). */
export const chargebackRow = (n: number, overrides: SettlementRow = {}): SettlementRow =>
  row(n, {
    ReconciliationType: 'CHARGEBACK',
    Cashflow: 'NEG',
    SettlementFee: '',
    SettlementTxId: `stx-cb-${n}`,
    ChargebackId: chargebackIdOf(n),
    ReasonCode: '000.100.220',
    ReasonDesc: 'fraudulent transaction',
    ...overrides,
  });

/** Writes a settlement file of `rows` at `path` (header and 38 columns each) and returns the path. */
export function writeSettlementFile(path: string, ...rows: SettlementRow[]): string {
  const lines = [
    SETTLEMENT_FILE_HEADER_38.join(';'),
    ...rows.map((r) => SETTLEMENT_FILE_HEADER_38.map((column) => r[column] ?? '').join(';')),
  ];
  writeFileSync(path, `${lines.join('\r\n')}\r\n`);
  return path;
}
