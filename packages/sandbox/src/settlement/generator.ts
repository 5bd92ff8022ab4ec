// Owns the benchmark's settlement files: a file of any number of rows,
// written as it is made (never held in memory). Each order (ids and amounts
// from its index: generated-orders.ts) has one SETTLED DEBIT row, or with
// `badRowRate` one row that breaks a rule instead. A seeded draw gives some
// orders one follow-up row a little later in the file (a REFUND or a
// CHARGEBACK) and some chargebacks a CHARGEBACK REVERSAL; a follow-up whose
// place falls after the last row is left out. One FEE row per currency ends
// the file: the batch fee (the SETTLED rows state their own fees).

import { amountToCents } from '@wpwl/gateway-spec';
import { headerLine, parseFee, show, type SettlementLayout } from './format.js';
import { GeneratedRows, type GeneratedRowKind } from './generated-orders.js';
import { SETTLEMENT_BATCH_FEE } from './options.js';
import { writeFileWhole } from './write-file.js';

/** Options of {@link generateSettlementFile}. */
export interface GenerateSettlementFileOptions {
  /** Rows after the header, FEE and bad rows included; at least one per currency (the FEE rows). */
  rows: number;
  /** The file to write (replaced when it exists); written to a temporary name and renamed when complete. */
  path: string;
  /** Seed of the draws that pick follow-up rows, their places and the bad rows. Default 1. */
  seed?: number;
  /** Prefix of each order's merchantTransactionId: up to 200 characters, no `;`, `"` or line break. Default `"ORDER-"`. */
  ordersPrefix?: string;
  /** The currencies orders take in turn. Default `["EUR"]`. */
  currencies?: readonly string[];
  /** SettlementDate of every row, `yyyy-MM-dd`; the payments are from the day before. Default `"2026-01-15"`. */
  settlementDate?: string;
  /** 38 columns (the default) or the interface's 36. */
  layout?: SettlementLayout;
  /** Share (0..1) of orders refunded in part later in the file. Default 0.03. */
  refundRate?: number;
  /** Share (0..1) of orders charged back later in the file. Default 0.01. */
  chargebackRate?: number;
  /** Share (0..1) of chargebacks reversed later in the file. Default 0.25. */
  chargebackReversalRate?: number;
  /** Share (0..1) of orders whose row breaks a rule of the file (a reader must refuse it). Default 0. */
  badRowRate?: number;
  /** The fee as in the sandbox's `settlementFiles`. Default `"1.40"`. */
  feePercent?: string;
  /** Default `"0.25"`. */
  feeFixed?: string;
  /** The merchant's entity id in the id columns, 5-32 letters and digits. Default `"8a8294174b7ecb28014b9699220015ca"`. */
  entityId?: string;
}

/** What {@link generateSettlementFile} wrote. */
export interface GeneratedSettlementFile {
  path: string;
  /** Rows after the header. */
  rows: number;
  /** Orders 1 to `orders` are in the file, each in one SETTLED row or one bad row. */
  orders: number;
  /** SETTLED DEBIT rows (good ones). */
  settled: number;
  refunds: number;
  chargebacks: number;
  chargebackReversals: number;
  /** FEE rows: one per currency. */
  fees: number;
  /** Rows that break a rule (`badRowRate`). */
  bad: number;
  bytes: number;
}

/** mulberry32: a small seeded source of numbers in [0, 1). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A follow-up row waiting for its place in the file. */
interface FollowUp {
  atRow: number;
  order: number;
  kind: Exclude<GeneratedRowKind, 'SETTLED'>;
}

/** Follow-ups come 1 to this many rows after what they follow. */
const FOLLOW_UP_SPREAD = 40;

const WHERE = 'generateSettlementFile';

function rate(options: GenerateSettlementFileOptions, name: keyof GenerateSettlementFileOptions, fallback: number): number {
  const value = options[name] ?? fallback;
  if (typeof value !== 'number' || !(value >= 0 && value <= 1))
    throw new TypeError(`${WHERE}: ${name} must be a number from 0 to 1, got ${show(value)}`);
  return value;
}

function checked(options: GenerateSettlementFileOptions) {
  if (typeof options !== 'object' || options === null) throw new TypeError(`${WHERE}: options must be an object with rows and path`);
  const currencies = options.currencies ?? ['EUR'];
  if (!Array.isArray(currencies) || currencies.length === 0 || !currencies.every((c) => typeof c === 'string' && /^[A-Z]{3}$/.test(c))) {
    throw new TypeError(`${WHERE}: currencies must be a list of ISO 4217 codes (three capitals), got ${show(currencies)}`);
  }
  const rows = options.rows;
  if (!Number.isSafeInteger(rows) || rows < currencies.length) {
    throw new RangeError(
      `${WHERE}: rows must be a whole number of at least ${currencies.length} (one FEE row per currency), got ${show(rows)}`,
    );
  }
  if (typeof options.path !== 'string' || options.path === '')
    throw new TypeError(`${WHERE}: path must be a file path, got ${show(options.path)}`);
  const date = options.settlementDate ?? '2026-01-15';
  if (
    typeof date !== 'string' ||
    !/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(date) ||
    new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date
  ) {
    throw new TypeError(`${WHERE}: settlementDate must be a date yyyy-MM-dd, got ${show(date)}`);
  }
  const layout = options.layout ?? 38;
  if (layout !== 36 && layout !== 38) throw new TypeError(`${WHERE}: layout must be 36 or 38, got ${show(layout)}`);
  const ordersPrefix = options.ordersPrefix ?? 'ORDER-';
  if (typeof ordersPrefix !== 'string' || /[;"\r\n]/.test(ordersPrefix) || ordersPrefix.length > 200) {
    throw new TypeError(`${WHERE}: ordersPrefix must be up to 200 characters without ; " or line breaks, got ${show(ordersPrefix)}`);
  }
  const entityId = options.entityId ?? '8a8294174b7ecb28014b9699220015ca';
  if (typeof entityId !== 'string' || !/^[A-Za-z0-9]{5,32}$/.test(entityId)) {
    throw new TypeError(`${WHERE}: entityId must be 5-32 letters and digits, got ${show(entityId)}`);
  }
  const seed = options.seed ?? 1;
  if (!Number.isSafeInteger(seed)) throw new TypeError(`${WHERE}: seed must be a whole number, got ${show(seed)}`);
  return {
    rows,
    currencies,
    date,
    layout,
    ordersPrefix,
    entityId,
    seed,
    refundRate: rate(options, 'refundRate', 0.03),
    chargebackRate: rate(options, 'chargebackRate', 0.01),
    reversalRate: rate(options, 'chargebackReversalRate', 0.25),
    badRowRate: rate(options, 'badRowRate', 0),
    fee: parseFee(options.feePercent ?? '1.40', options.feeFixed ?? '0.25', WHERE),
  };
}

/**
 * Writes a settlement file of `rows` rows for a benchmark, streaming: a
 * million rows take seconds and little memory. Order n's ids and amount
 * follow from n alone (`generatedOrder(n)`), so the same orders can be put
 * into a database; the result says how many orders and rows of each kind
 * the file has.
 *
 * @throws TypeError or RangeError naming the option and the rule; the file system's error when the file cannot be written
 */
export async function generateSettlementFile(options: GenerateSettlementFileOptions): Promise<GeneratedSettlementFile> {
  const o = checked(options);
  const random = seeded(o.seed);
  const rows = new GeneratedRows({
    layout: o.layout,
    entityId: o.entityId,
    date: o.date,
    ordersPrefix: o.ordersPrefix,
    currencies: o.currencies,
    fee: o.fee,
  });
  const result: GeneratedSettlementFile = {
    path: options.path,
    rows: o.rows,
    orders: 0,
    settled: 0,
    refunds: 0,
    chargebacks: 0,
    chargebackReversals: 0,
    fees: o.currencies.length,
    bad: 0,
    bytes: 0,
  };
  const counts = { REFUND: 'refunds', CHARGEBACK: 'chargebacks', 'CHARGEBACK REVERSAL': 'chargebackReversals' } as const;

  function* lines(): Generator<string> {
    yield headerLine(o.layout);
    const dataRows = o.rows - o.currencies.length;
    const waiting: FollowUp[] = [];
    for (let row = 1; row <= dataRows; row++) {
      const next = waiting[0];
      if (next && next.atRow <= row) {
        waiting.shift();
        result[counts[next.kind]]++;
        if (next.kind === 'CHARGEBACK' && random() < o.reversalRate) {
          later(waiting, { atRow: row + 1 + Math.floor(random() * FOLLOW_UP_SPREAD), order: next.order, kind: 'CHARGEBACK REVERSAL' });
        }
        yield rows.line(next.order, next.kind, row);
        continue;
      }
      const n = ++result.orders;
      if (o.badRowRate > 0 && random() < o.badRowRate) {
        yield rows.line(n, 'SETTLED', row, result.bad++);
        continue;
      }
      result.settled++;
      const draw = random();
      const kind = draw < o.refundRate ? 'REFUND' : draw < o.refundRate + o.chargebackRate ? 'CHARGEBACK' : undefined;
      if (kind) later(waiting, { atRow: row + 1 + Math.floor(random() * FOLLOW_UP_SPREAD), order: n, kind });
      yield rows.line(n, 'SETTLED', row);
    }
    let row = dataRows;
    for (const currency of o.currencies) yield rows.feeLine(currency, amountToCents(SETTLEMENT_BATCH_FEE), ++row);
  }

  result.bytes = await writeFileWhole(options.path, lines());
  return result;
}

/** Puts `item` into `waiting`, kept in row order (it holds a handful at most). */
function later(waiting: FollowUp[], item: FollowUp): void {
  let at = waiting.length;
  while (at > 0 && (waiting[at - 1]?.atRow ?? 0) > item.atRow) at--;
  waiting.splice(at, 0, item);
}
