// Owns how the sandbox writes a settlement file's text: the header of each
// layout (the interface's 36 columns, or 38 with TransactionId and
// InvoiceId), one row as a line (semicolons, RFC 4180 quotes only around a
// value that needs them), the settlement fee in exact cents, and the dates
// and times as the file writes them (UTC, the sandbox's clearing
// institute's time zone). Shared by the sandbox's own files and the
// benchmark generator.

import { SETTLEMENT_FILE_HEADER_36, SETTLEMENT_FILE_HEADER_38 } from '@wpwl/gateway-spec/settlement-file';

/** The columns of a file: the interface's list (36), or its table (38: with TransactionId and InvoiceId). */
export type SettlementLayout = 36 | 38;

/** SettlementFileFormat of every row the sandbox writes. */
export const SANDBOX_SETTLEMENT_FILE_FORMAT = 'SANDBOX_V1';
/** ClearingInsitituteName of every row the sandbox writes (the name its payment answers carry too). */
export const SANDBOX_CLEARING_INSTITUTE = 'wpwl sandbox';
/** MerchantAccountName of every row the sandbox writes. */
export const SANDBOX_MERCHANT_ACCOUNT_NAME = 'wpwl sandbox merchant';

/** One row's values by column name (the interface's spelling); a missing column is written empty. */
export type SettlementRowValues = Partial<Record<string, string>>;

/** The header names of `layout`, in order. */
export function settlementHeader(layout: SettlementLayout): readonly string[] {
  return layout === 36 ? SETTLEMENT_FILE_HEADER_36 : SETTLEMENT_FILE_HEADER_38;
}

/** The header line of `layout`, with its line break. */
export function headerLine(layout: SettlementLayout): string {
  return `${settlementHeader(layout).join(';')}\n`;
}

const NEEDS_QUOTES = /[;"\r\n]/;

/** One field: as is, or in double quotes (inner quotes doubled) when it holds `;`, `"` or a line break. */
function field(value: string | undefined): string {
  if (value === undefined || value === '') return '';
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Writes rows of one layout as lines. */
export class RowWriter {
  private readonly names: readonly string[];

  constructor(layout: SettlementLayout) {
    this.names = settlementHeader(layout);
  }

  /** The line of `values` (columns of the layout only), with its line break. */
  line(values: SettlementRowValues): string {
    let out = '';
    for (let i = 0; i < this.names.length; i++) {
      if (i > 0) out += ';';
      out += field(values[this.names[i] as string]);
    }
    return `${out}\n`;
  }
}

/** The settlement fee of a payment: a percentage of its amount plus a fixed part, rounded half up to the cent. */
export interface SettlementFee {
  /** The percentage in millionths of a percent (`"1.40"` → 1 400 000). */
  readonly percentMicros: bigint;
  /** The fixed part in cents. */
  readonly fixedCents: bigint;
}

const PERCENT = /^([0-9]{1,3})(?:\.([0-9]{1,6}))?$/;
const FIXED = /^([0-9]{1,9})(?:\.([0-9]{1,2}))?$/;

/**
 * Reads the fee options: `feePercent` a decimal of up to 6 decimals from 0 to
 * 100 (`"1.40"`), `feeFixed` an amount of up to 2 decimals (`"0.25"`).
 *
 * @throws TypeError naming the option and the rule
 */
export function parseFee(feePercent: unknown, feeFixed: unknown, where: string): SettlementFee {
  const percent = typeof feePercent === 'string' ? PERCENT.exec(feePercent) : null;
  const percentMicros = percent ? BigInt(percent[1] ?? '0') * 1_000_000n + BigInt((percent[2] ?? '').padEnd(6, '0')) : -1n;
  if (!percent || percentMicros > 100_000_000n) {
    throw new TypeError(
      `${where}.feePercent must be a decimal string from 0 to 100 with up to 6 decimals, e.g. "1.40", got ${show(feePercent)}`,
    );
  }
  const fixed = typeof feeFixed === 'string' ? FIXED.exec(feeFixed) : null;
  if (!fixed) throw new TypeError(`${where}.feeFixed must be an amount string with up to 2 decimals, e.g. "0.25", got ${show(feeFixed)}`);
  const fixedCents = BigInt(fixed[1] ?? '0') * 100n + BigInt((fixed[2] ?? '').padEnd(2, '0'));
  return { percentMicros, fixedCents };
}

/** The fee of `amountCents`: amount × percent / 100 rounded half up to the cent, plus the fixed part. */
export function feeCents(amountCents: number, fee: SettlementFee): number {
  const denominator = 100_000_000n; // 100 (a percent) × 1 000 000 (micros)
  const numerator = BigInt(amountCents) * fee.percentMicros;
  const rounded = (numerator * 2n + denominator) / (denominator * 2n);
  return Number(rounded + fee.fixedCents);
}

/** Whole cents as the file writes an amount: digits, a dot, two decimals. */
export function amountOf(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** The UTC date `yyyy-MM-dd` of `ms`. */
export function dateOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** `date` (`yyyy-MM-dd`) moved by `days`. */
export function addDays(date: string, days: number): string {
  return dateOf(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000);
}

/** TxRequestTime of `ms`: `yyyy-MM-dd HH:mm:ss`, UTC. */
export function timeOf(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** SettlementTxId of row `row` (1-based) of the file of `date`: `SBX-yyyyMMdd-000001`. */
export function settlementTxId(date: string, row: number): string {
  return `SBX-${date.replace(/-/g, '')}-${String(row).padStart(6, '0')}`;
}

/** TransactionId of a FEE row (it has no merchant transaction): `FEE-yyyyMMdd-EUR`, a batch reference. */
export function feeTransactionId(date: string, currency: string): string {
  return `FEE-${date.replace(/-/g, '')}-${currency}`;
}

/** A value shown in an error message. */
export function show(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : typeof value === 'function' ? 'a function' : String(value);
}
