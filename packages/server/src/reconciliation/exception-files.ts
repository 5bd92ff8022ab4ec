// Owns the files a reconciliation's exceptions are written to for a person:
// CSV (semicolon separated, like the settlement file itself, a header, a value
// quoted when it holds a separator, a quote or a line break) and JSON (an
// array of the exceptions as the run reports them). Written as the run finds
// them, under a temporary name in the target folder, and renamed to
// exceptions-<runId>.csv / .json once the run is done: a run that stops
// half-way leaves no file that looks complete.
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { ReconciliationException } from './outcome.js';

/** The CSV's columns, in order: header name and value. */
export const EXCEPTION_CSV_COLUMNS: ReadonlyArray<readonly [string, (e: ReconciliationException) => string | number | undefined]> = [
  ['kind', (e) => e.kind],
  ['file', (e) => e.file],
  ['line', (e) => e.line],
  ['orderId', (e) => e.orderId],
  ['paymentId', (e) => e.paymentId],
  ['recordType', (e) => e.recordType],
  ['paymentType', (e) => e.paymentType],
  ['shopAmount', (e) => e.expected?.amount],
  ['shopCurrency', (e) => e.expected?.currency],
  ['shopState', (e) => e.expected?.state],
  ['fileAmount', (e) => e.actual?.amount],
  ['fileCurrency', (e) => e.actual?.currency],
  ['settlementDate', (e) => e.settlementDate],
  ['chargebackId', (e) => e.chargebackId],
  ['reasonCode', (e) => e.reasonCode],
  ['message', (e) => e.message],
];

const NEEDS_QUOTES = /[;"\r\n]|^\s|\s$/;
/** A spreadsheet reads a cell starting with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV value: as is, or in double quotes (inner quotes doubled) when it
 * needs them. A text a spreadsheet would run as a formula (`=…`, `+…`, `@…`,
 * `-…` that is not a number) gets a leading `'`: a settlement file's values
 * end up here, and the person opening this file should see them, not run them.
 */
export function csvValue(value: string | number | undefined): string {
  if (value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV line of one exception, with its line break. */
export function exceptionCsvLine(exception: ReconciliationException): string {
  return `${EXCEPTION_CSV_COLUMNS.map(([, value]) => csvValue(value(exception))).join(';')}\r\n`;
}

/** The CSV header line. */
export const EXCEPTION_CSV_HEADER = `${EXCEPTION_CSV_COLUMNS.map(([name]) => name).join(';')}\r\n`;

/** Buffered writes to one file descriptor. */
class Sink {
  private buffer = '';
  constructor(private readonly fd: number) {}
  write(text: string): void {
    this.buffer += text;
    if (this.buffer.length >= 64 * 1024) this.flush();
  }
  flush(): void {
    if (this.buffer) writeSync(this.fd, this.buffer);
    this.buffer = '';
  }
  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}

/** The two exception files of one run, being written. */
export interface ExceptionFiles {
  /** Adds one exception to both files. */
  add(exception: ReconciliationException): void;
  /** Ends both files and gives them their run's names; resolves to their paths. */
  finish(runId: string): { csv: string; json: string };
  /** Removes what was written (the run failed). */
  discard(): void;
}

/**
 * Starts the exception files in `dir` (which must exist) under temporary names.
 * @throws the file system's error when `dir` cannot be written
 */
export function startExceptionFiles(dir: string): ExceptionFiles {
  const tag = `${process.pid}-${Date.now()}`;
  const temporary = { csv: join(dir, `.exceptions-${tag}.csv.partial`), json: join(dir, `.exceptions-${tag}.json.partial`) };
  const csv = new Sink(openSync(temporary.csv, 'wx'));
  let json: Sink;
  try {
    json = new Sink(openSync(temporary.json, 'wx'));
  } catch (error) {
    csv.close();
    rmSync(temporary.csv, { force: true });
    throw error;
  }
  csv.write(EXCEPTION_CSV_HEADER);
  json.write('[');
  let count = 0;
  let open = true;
  const closeBoth = () => {
    if (!open) return;
    open = false;
    csv.close();
    json.close();
  };
  return {
    add(exception) {
      csv.write(exceptionCsvLine(exception));
      json.write(`${count++ === 0 ? '\n' : ',\n'}  ${JSON.stringify(exception)}`);
    },
    finish(runId) {
      json.write(count === 0 ? ']\n' : '\n]\n');
      closeBoth();
      const final = { csv: join(dir, `exceptions-${runId}.csv`), json: join(dir, `exceptions-${runId}.json`) };
      renameSync(temporary.csv, final.csv);
      renameSync(temporary.json, final.json);
      return final;
    },
    discard() {
      closeBoth();
      rmSync(temporary.csv, { force: true });
      rmSync(temporary.json, { force: true });
    },
  };
}
