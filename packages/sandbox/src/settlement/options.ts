// Owns the `settlementFiles` option of startSandbox: its shape, defaults and
// the checks that refuse a malformed one at start, naming the option and
// the rule.

import { resolve } from 'node:path';
import { parseFee, show, type SettlementFee, type SettlementLayout } from './format.js';

/** Where and how the sandbox writes the gateway's settlement (reconciliation) files. */
export interface SettlementFilesOptions {
  /** The folder the files go into (made when missing): one file per settlement date, `settlement-yyyy-MM-dd.csv`. */
  dir: string;
  /** Days from a payment to its settlement date (UTC). Default 1; 0 settles on the payment's own date. */
  delayDays?: number;
  /** The fee's percentage of each settled payment, a decimal string. Default `"1.40"`. */
  feePercent?: string;
  /** The fee's fixed part per settled payment, an amount string. Default `"0.25"`. */
  feeFixed?: string;
  /** Share (0..1) of each file's settled payments charged back when the file is written. Default 0. */
  chargebackRate?: number;
  /** Share (0..1) of those chargebacks reversed when the file holding the chargeback is written. Default 0. */
  chargebackReversalRate?: number;
  /** Source of randomness for the two rates; pass a seeded one for repeatable runs. Default `Math.random`. */
  random?: () => number;
  /** 38 columns (with TransactionId and InvoiceId, the default) or the interface's list of 36. */
  layout?: SettlementLayout;
}

/** The defaults of {@link SettlementFilesOptions}. */
export const DEFAULT_SETTLEMENT_DELAY_DAYS = 1;
export const DEFAULT_SETTLEMENT_FEE_PERCENT = '1.40';
export const DEFAULT_SETTLEMENT_FEE_FIXED = '0.25';
/**
 * The FEE row's amount, per currency of a file: a batch fee on top of the
 * fees each payment row states (`SettlementFee`), never a repeat of them.
 */
export const SETTLEMENT_BATCH_FEE = '0.50';

/** The checked settings. */
export interface SettlementSettings {
  /** Absolute. */
  dir: string;
  delayDays: number;
  fee: SettlementFee;
  chargebackRate: number;
  chargebackReversalRate: number;
  random: () => number;
  layout: SettlementLayout;
}

/**
 * Checks `options` (the value of `startSandbox`'s `settlementFiles`).
 *
 * @throws TypeError naming the option and the rule
 */
export function checkSettlementFilesOptions(options: unknown, where = 'startSandbox: settlementFiles'): SettlementSettings {
  if (typeof options !== 'object' || options === null) throw new TypeError(`${where} must be an object with a dir`);
  const o = options as Record<string, unknown>;
  if (typeof o.dir !== 'string' || o.dir.trim() === '') throw new TypeError(`${where}.dir must be a folder path, got ${show(o.dir)}`);
  const delayDays = o.delayDays ?? DEFAULT_SETTLEMENT_DELAY_DAYS;
  if (typeof delayDays !== 'number' || !Number.isInteger(delayDays) || delayDays < 0 || delayDays > 366) {
    throw new TypeError(`${where}.delayDays must be a whole number of days from 0 to 366, got ${show(delayDays)}`);
  }
  const rate = (name: 'chargebackRate' | 'chargebackReversalRate'): number => {
    const value = o[name] ?? 0;
    if (typeof value !== 'number' || !(value >= 0 && value <= 1))
      throw new TypeError(`${where}.${name} must be a number from 0 to 1, got ${show(value)}`);
    return value;
  };
  const random = o.random ?? Math.random;
  if (typeof random !== 'function')
    throw new TypeError(`${where}.random must be a function returning numbers in [0, 1), got ${show(random)}`);
  const layout = o.layout ?? 38;
  if (layout !== 36 && layout !== 38) throw new TypeError(`${where}.layout must be 36 or 38, got ${show(layout)}`);
  return {
    dir: resolve(o.dir),
    delayDays,
    fee: parseFee(o.feePercent ?? DEFAULT_SETTLEMENT_FEE_PERCENT, o.feeFixed ?? DEFAULT_SETTLEMENT_FEE_FIXED, where),
    chargebackRate: rate('chargebackRate'),
    chargebackReversalRate: rate('chargebackReversalRate'),
    random: random as () => number,
    layout,
  };
}
