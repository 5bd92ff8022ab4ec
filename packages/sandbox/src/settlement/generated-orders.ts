// Owns the orders of the benchmark's settlement files and their rows: the ids,
// references and amounts that follow from an order's index alone (so a
// benchmark can put the same orders into its database), and each row as a
// line, built into one reused list of cells (a million rows make little
// garbage). Order n (1, 2, 3 …) has
//
//   payment id             "sbxpay" + n as 26 digits       sbxpay00000000000000000000000001
//   merchantTransactionId  ordersPrefix + n as 10 digits   ORDER-0000000001
//   amount                 100 + ((n × 7919) mod 99900) cents: 1.00 to 999.99
//   currency               currencies[(n − 1) mod currencies.length]
//
// and its follow-ups: a refund "sbxrfd" + n (half the amount, rounded down to
// the cent, at least 0.01), a chargeback "sbxcbk" + n (all of it), a
// chargeback reversal "sbxcbr" + n.

import {
  amountOf,
  feeCents,
  feeTransactionId,
  SANDBOX_CLEARING_INSTITUTE,
  SANDBOX_MERCHANT_ACCOUNT_NAME,
  SANDBOX_SETTLEMENT_FILE_FORMAT,
  settlementHeader,
  settlementTxId,
  show,
  type SettlementFee,
  type SettlementLayout,
} from './format.js';

/** One order of a generated file, from its index alone. */
export interface GeneratedOrder {
  index: number;
  /** 32 letters and digits: `sbxpay` and the index as 26 digits. */
  paymentId: string;
  /** `ordersPrefix` and the index as 10 digits. */
  merchantTransactionId: string;
  /** Two decimals, 1.00 to 999.99. */
  amount: string;
  currency: string;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const idOf = (prefix: string, n: number) => `${prefix}${pad(n, 26)}`;
/** The amount of order `n` in cents. */
export const amountCentsOf = (n: number): number => 100 + ((n * 7919) % 99_900);

/**
 * Order `index` (from 1) of a file made by `generateSettlementFile` with the
 * same `ordersPrefix` (default `"ORDER-"`) and `currencies` (default `["EUR"]`).
 *
 * @throws RangeError when `index` is not a whole number from 1 to 9 999 999 999
 */
export function generatedOrder(index: number, options: { ordersPrefix?: string; currencies?: readonly string[] } = {}): GeneratedOrder {
  if (!Number.isSafeInteger(index) || index < 1 || index > 9_999_999_999) {
    throw new RangeError(`generatedOrder: index must be a whole number from 1 to 9999999999, got ${show(index)}`);
  }
  const currencies = options.currencies ?? ['EUR'];
  return {
    index,
    paymentId: idOf('sbxpay', index),
    merchantTransactionId: `${options.ordersPrefix ?? 'ORDER-'}${pad(index, 10)}`,
    amount: amountOf(amountCentsOf(index)),
    currency: currencies[(index - 1) % currencies.length] ?? 'EUR',
  };
}

/** What a generated row is. */
export type GeneratedRowKind = 'SETTLED' | 'REFUND' | 'CHARGEBACK' | 'CHARGEBACK REVERSAL';

/** What a bad row breaks, in turn: each one is refused by the file's row checks. */
export const BAD_ROW_FAULTS = [
  'amount with a comma',
  'no currency',
  'unknown ReconciliationType',
  'no such date',
  'minus sign on a POS row',
] as const;

const HOLDERS = ['Jane Jones', 'Max Mustermann', 'Erika Musterfrau', 'John Doe', 'Ana Silva'];
const BRANDS = ['VISA', 'MASTER', 'AMEX', 'VISA'];
const REASONS = [
  ['000.100.220', 'Fraudulent Transaction'],
  ['000.100.221', 'Merchandise Not Received'],
  ['000.100.222', 'Transaction Not Recognized By Cardholder'],
  ['000.100.200', 'Reason not Specified'],
] as const;

/** The settings every row of one generated file shares. */
export interface GeneratedFileSettings {
  layout: SettlementLayout;
  entityId: string;
  /** SettlementDate, `yyyy-MM-dd`. */
  date: string;
  ordersPrefix: string;
  currencies: readonly string[];
  fee: SettlementFee;
}

/** Makes the lines of one generated file. */
export class GeneratedRows {
  private readonly cells: string[];
  private readonly at: Record<string, number>;
  /** `yyyy-MM-dd ` of the day before the settlement date: the payments' day. */
  private readonly paymentDay: string;

  constructor(private readonly settings: GeneratedFileSettings) {
    const names = settlementHeader(settings.layout);
    this.at = Object.fromEntries(names.map((name, i) => [name, i]));
    this.cells = names.map(() => '');
    this.paymentDay = `${new Date(Date.parse(`${settings.date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)} `;
  }

  /** Sets column `name` of the current row (a column the layout lacks is skipped). */
  private set(name: string, value: string): void {
    const index = this.at[name];
    if (index !== undefined) this.cells[index] = value;
  }

  /** Starts a row: every column empty but those all rows share. */
  private start(row: number): void {
    this.cells.fill('');
    const { entityId, date } = this.settings;
    for (const name of ['ClearingInstituteMerchantId', 'MerchantAccountId', 'PspId', 'MerchantId']) this.set(name, entityId);
    this.set('MerchantAccountName', SANDBOX_MERCHANT_ACCOUNT_NAME);
    this.set('SettlementTxId', settlementTxId(date, row));
    this.set('SettlementFxRate', '1.00');
    this.set('SettlementDate', date);
    this.set('SettlementStatus', 'SUCCESS');
    this.set('SettlementFileFormat', SANDBOX_SETTLEMENT_FILE_FORMAT);
    this.set('ClearingInsitituteName', SANDBOX_CLEARING_INSTITUTE);
  }

  /** The fee of order `n`'s settled row, in cents. */
  feeOf(n: number): number {
    return feeCents(amountCentsOf(n), this.settings.fee);
  }

  /**
   * The line of order `n`'s row of `kind` as row `row` of the file; with
   * `fault` (an index into {@link BAD_ROW_FAULTS}) the row breaks that rule.
   */
  line(n: number, kind: GeneratedRowKind, row: number, fault?: number): string {
    const { ordersPrefix, currencies } = this.settings;
    const paymentId = idOf('sbxpay', n);
    const ownId = kind === 'SETTLED' ? paymentId : idOf(kind === 'REFUND' ? 'sbxrfd' : kind === 'CHARGEBACK' ? 'sbxcbk' : 'sbxcbr', n);
    const cents = amountCentsOf(n);
    const amount = amountOf(kind === 'REFUND' ? Math.max(1, Math.floor(cents / 2)) : cents);
    const currency = currencies[(n - 1) % currencies.length] ?? 'EUR';
    const seconds = (n * 7) % 86_400;
    this.start(row);
    this.set('ReconciliationType', kind === 'REFUND' ? 'SETTLED' : kind);
    this.set('PaymentType', kind === 'REFUND' ? 'REFUND' : 'DEBIT');
    this.set('Cashflow', kind === 'REFUND' || kind === 'CHARGEBACK' ? 'NEG' : 'POS');
    this.set('UniqueID', kind === 'REFUND' ? ownId : paymentId);
    this.set('ConnectorTxId1', ownId);
    this.set('TransactionId', `${ordersPrefix}${pad(n, 10)}`);
    this.set('Amount', amount);
    this.set('Currency', currency);
    this.set('Brand', BRANDS[n % BRANDS.length] ?? 'VISA');
    this.set(
      'TxRequestTime',
      `${this.paymentDay}${pad(Math.floor(seconds / 3600), 2)}:${pad(Math.floor(seconds / 60) % 60, 2)}:${pad(seconds % 60, 2)}`,
    );
    this.set('SettlementAmount', amount);
    this.set('SettlementCurrency', currency);
    this.set('SettlementFee', amountOf(kind === 'SETTLED' ? this.feeOf(n) : 0));
    this.set('AccountNumberLast4', pad(n % 10_000, 4));
    this.set('AccountHolder', HOLDERS[n % HOLDERS.length] ?? 'Jane Jones');
    this.set('MatchingStatus', 'MATCHED');
    this.set('MatchedTransactions', paymentId);
    if (kind === 'CHARGEBACK' || kind === 'CHARGEBACK REVERSAL') {
      const [code, description] = REASONS[n % REASONS.length] ?? REASONS[0];
      this.set('ReasonCode', code);
      this.set('ReasonDesc', description);
      this.set('ChargebackId', ownId);
    }
    if (fault !== undefined) this.breakRow(fault % BAD_ROW_FAULTS.length, amount);
    return `${this.cells.join(';')}\n`;
  }

  private breakRow(fault: number, amount: string): void {
    if (fault === 0) this.set('Amount', amount.replace('.', ','));
    else if (fault === 1) this.set('Currency', '');
    else if (fault === 2) this.set('ReconciliationType', 'SETTLE');
    else if (fault === 3) this.set('SettlementDate', '2026-02-30');
    else this.set('SettlementAmount', `-${amount}`);
  }

  /** The FEE line of `currency`, `totalCents` of fees, as row `row`. */
  feeLine(currency: string, totalCents: number, row: number): string {
    const amount = amountOf(totalCents);
    this.start(row);
    this.set('ReconciliationType', 'FEE');
    this.set('PaymentType', 'BATCH');
    this.set('Cashflow', 'NEG');
    this.set('TransactionId', feeTransactionId(this.settings.date, currency));
    this.set('Amount', amount);
    this.set('Currency', currency);
    this.set('SettlementAmount', amount);
    this.set('SettlementCurrency', currency);
    return `${this.cells.join(';')}\n`;
  }
}
