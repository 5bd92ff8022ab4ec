// Owns the sandbox's settlement runs: which records go into which day's file,
// writing each file whole (never twice, never rewritten), and what the card
// network does once a file is out (the share of its payments charged back,
// and of those chargebacks reversed, through the gateway's chargebacks, so
// the merchant is notified as for any chargeback).
//
// A record's settlement date is its UTC date plus `delayDays`. A run at the
// sandbox clock's date T writes every date up to T that has rows, oldest
// first, and closes every date up to T: a record that becomes due for a
// closed date later (a payment still pending at the run, a refund made on
// the day itself with `delayDays: 0`) goes into the file of the day after
// the last closed one. Dates without rows get no file.

import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { amountToCents } from '@wpwl/gateway-spec';
import type { Chargebacks } from '../gateway/chargebacks.js';
import type { PaymentRecord, Records } from '../records.js';
import { addDays, dateOf, headerLine, RowWriter } from './format.js';
import { SETTLEMENT_BATCH_FEE, type SettlementSettings } from './options.js';
import { feeRow, paymentRow, settledKind, type FileContext, type SettledRecord } from './payment-rows.js';
import { writeFileWhole } from './write-file.js';

/** Stable codes of a settlement run that could not be done. */
export type SettlementFilesErrorCode =
  /** The sandbox was started without `settlementFiles` (`--settlement-dir`). */
  | 'NOT_CONFIGURED'
  /** The folder or a file could not be written; what was written before stays written. */
  | 'WRITE_FAILED';

/** A settlement run that could not be done. */
export class SettlementFilesError extends Error {
  override readonly name = 'SettlementFilesError';
  readonly code: SettlementFilesErrorCode;
  constructor(code: SettlementFilesErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }
}

/** What the runs work with. */
export interface SettlementFilesDeps {
  settings: SettlementSettings;
  entityId: string;
  now: () => number;
  records: Records;
  chargebacks: Chargebacks;
  /** Called at the start of each run (uncertain results due by the clock settle first). */
  beforeRun?: () => void;
}

export class SettlementFiles {
  /** Ids of the records already in a written file. */
  private readonly settled = new Set<string>();
  /** No file of this date or earlier is written any more. */
  private closedThrough: string | undefined;
  /** Chargebacks the runs made (only these are reversed by `chargebackReversalRate`). */
  private readonly madeChargebacks = new Set<string>();
  /** Runs happen one after another. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: SettlementFilesDeps) {}

  /** Writes every file due by the sandbox clock; resolves to their paths, oldest date first. */
  write(): Promise<string[]> {
    const run = this.queue.then(() => this.run());
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async run(): Promise<string[]> {
    this.deps.beforeRun?.();
    const { dir, delayDays } = this.deps.settings;
    const today = dateOf(this.deps.now());
    const due = new Map<string, SettledRecord[]>();
    for (const record of this.deps.records.payments.values()) {
      if (this.settled.has(record.id)) continue;
      const kind = settledKind(record);
      if (!kind) continue;
      let date = addDays(dateOf(record.createdAt), delayDays);
      if (this.closedThrough !== undefined && date <= this.closedThrough) date = addDays(this.closedThrough, 1);
      if (date > today) continue;
      const list = due.get(date) ?? [];
      list.push({ record, kind });
      due.set(date, list);
    }
    const written: string[] = [];
    if (due.size > 0) {
      try {
        await mkdir(dir, { recursive: true });
      } catch (error) {
        throw new SettlementFilesError('WRITE_FAILED', `cannot make the settlement folder ${dir}: ${(error as Error).message}`, {
          cause: error,
        });
      }
    }
    for (const date of [...due.keys()].sort()) {
      written.push(await this.writeDate(date, due.get(date) ?? []));
    }
    this.close(today);
    return written;
  }

  /** Writes the file of `date` with the rows of `records` and the FEE rows, then lets the card network act on it. */
  private async writeDate(date: string, records: SettledRecord[]): Promise<string> {
    const { settings, records: all } = this.deps;
    const context: FileContext = {
      entityId: this.deps.entityId,
      date,
      fee: settings.fee,
      lookup: (id) => all.payments.get(id),
    };
    const writer = new RowWriter(settings.layout);
    const lines = [headerLine(settings.layout)];
    const currencies = new Set<string>();
    for (const [index, settled] of records.entries()) {
      const row = paymentRow(settled, context, index + 1);
      lines.push(writer.line(row.values));
      currencies.add(settled.record.currency);
    }
    let row = records.length;
    for (const currency of currencies) lines.push(writer.line(feeRow(currency, amountToCents(SETTLEMENT_BATCH_FEE), context, ++row)));

    const path = await this.freePath(date);
    try {
      await writeFileWhole(path, lines);
    } catch (error) {
      throw new SettlementFilesError('WRITE_FAILED', `cannot write the settlement file ${path}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    for (const { record } of records) this.settled.add(record.id);
    this.close(date);
    this.cardNetwork(records.map((settled) => settled.record));
    return path;
  }

  /** `settlement-{date}.csv`, or `-2`, `-3` … after it when a file of that name is there already (never overwritten). */
  private async freePath(date: string): Promise<string> {
    for (let n = 1; ; n++) {
      const path = join(this.deps.settings.dir, `settlement-${date}${n === 1 ? '' : `-${n}`}.csv`);
      const found = await stat(path).catch(() => undefined);
      if (!found) return path;
    }
  }

  private close(date: string): void {
    if (this.closedThrough === undefined || date > this.closedThrough) this.closedThrough = date;
  }

  /**
   * What the card network does once a file is out: each settled debit or
   * capture is charged back with `chargebackRate`; each chargeback a run made
   * is reversed with `chargebackReversalRate` once its own file is out.
   */
  private cardNetwork(records: readonly PaymentRecord[]): void {
    const { chargebackRate, chargebackReversalRate, random } = this.deps.settings;
    for (const record of records) {
      const chargeable = record.paymentType === 'DB' || record.paymentType === 'CP';
      if (chargeable && chargebackRate > 0 && random() < chargebackRate) {
        const outcome = this.deps.chargebacks.chargeback(record.id, {});
        if (outcome.kind === 'done') this.madeChargebacks.add(outcome.payment.id);
      }
      if (this.madeChargebacks.has(record.id) && chargebackReversalRate > 0 && random() < chargebackReversalRate) {
        this.deps.chargebacks.reverse(record.id, {});
      }
    }
  }
}
