// Owns reading the gateway's settlement (reconciliation) file, streaming: the
// bytes decoded as UTF-8 (a BOM skipped), cut into rows (split.ts), the
// header checked and mapped to the columns, then each row checked by the
// field tables (@wpwl/gateway-spec/settlement-file) and read into a typed
// record, or reported as a row error with every problem in it. Faults of
// the whole file are thrown before the first entry. Only the rows of one
// piece of the source (64 KiB from a file) are held at a time, so a file of
// any size is read in the same memory.
import {
  checkSettlementValues,
  readSettlementHeader,
  SETTLEMENT_FILE_COLUMNS,
  type SettlementValueProblem,
} from '@wpwl/gateway-spec/settlement-file';
import type {
  SettlementCashflow,
  SettlementFileEntry,
  SettlementMatchingStatus,
  SettlementPaymentType,
  SettlementRecord,
  SettlementRecordType,
  SettlementRowError,
  SettlementRowProblem,
  SettlementStatus,
} from './record.js';
import { SettlementFileError } from './record.js';
import { sourceChunks, type SettlementFileSource } from './source.js';
import { MAX_ROW_CHARACTERS, SettlementSplitter, type SplitRow } from './split.js';

export type { SettlementFileSource } from './source.js';

/** Options of {@link readSettlementFile}. */
export interface ReadSettlementFileOptions {
  /** Stops the reading: the iteration throws the signal's reason and the source is closed. */
  signal?: AbortSignal;
  /**
   * Told the bytes read so far, each time about 1 MiB more has been read,
   * and once more at the end with the total: for a progress line.
   */
  onProgress?: (bytesRead: number) => void;
}

/** The "column" of a row whose field count differs from the header's. */
const FIELD_COUNT = '(field count)';
/** The "column" of a line too long to be a row. */
const LINE_LENGTH = '(line length)';

const PROGRESS_STEP = 1 << 20;

/**
 * Reads a settlement file, row by row: each row after the header is yielded
 * as a record or, when it breaks a rule, as a row error, and the reading goes
 * on. A file that cannot be read at all throws a {@link SettlementFileError}
 * on the first iteration, before any entry (`EMPTY_FILE`, `ENCODING`,
 * `SEPARATOR`, `UNKNOWN_COLUMN`, `MISSING_COLUMN`, `DUPLICATE_COLUMN`,
 * `READ_FAILED`); a source that fails later throws `READ_FAILED` there.
 *
 * @example
 * for await (const entry of readSettlementFile('settlement-2026-11-28.csv')) {
 *   if (entry.kind === 'record') match(entry.record);
 *   else console.warn(entry.error.message);
 * }
 */
export async function* readSettlementFile(
  source: SettlementFileSource,
  options: ReadSettlementFileOptions = {},
): AsyncGenerator<SettlementFileEntry, void, undefined> {
  const { signal, onProgress } = options;
  const decoder = new TextDecoder('utf-8');
  const splitter = new SettlementSplitter();
  const rows: SplitRow[] = [];
  let reader: RowReader | undefined;
  let bytesRead = 0;
  let reported = 0;
  let first = true;
  for await (const chunk of sourceChunks(source, signal)) {
    let text: string;
    if (typeof chunk === 'string') {
      bytesRead += Buffer.byteLength(chunk);
      text = decoder.decode() + chunk;
    } else {
      if (first && chunk.byteLength >= 2 && ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff))) {
        throw new SettlementFileError(
          'ENCODING',
          'the settlement file is UTF-16 text (it starts with a UTF-16 byte order mark); it must be UTF-8',
        );
      }
      bytesRead += chunk.byteLength;
      text = decoder.decode(chunk, { stream: true });
    }
    if (first && text !== '') {
      first = false;
      // The decoder leaves out a BOM of bytes; text pieces may start with one too.
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (onProgress && bytesRead - reported >= PROGRESS_STEP) {
      reported = bytesRead;
      onProgress(bytesRead);
    }
    splitter.push(text, rows);
    for (const row of rows) {
      if (!reader) reader = new RowReader(row);
      else {
        // Rows of a piece already read are not given after an abort either.
        if (signal?.aborted) throw signal.reason;
        yield reader.read(row);
      }
    }
    rows.length = 0;
  }
  const tail = decoder.decode();
  if (tail !== '') splitter.push(tail, rows);
  splitter.end(rows);
  for (const row of rows) {
    if (!reader) reader = new RowReader(row);
    else {
      if (signal?.aborted) throw signal.reason;
      yield reader.read(row);
    }
  }
  if (!reader) throw new SettlementFileError('EMPTY_FILE', 'the settlement file is empty: it has no header line');
  if (onProgress && bytesRead !== reported) onProgress(bytesRead);
}

/** Each column's place in the column order the checks take (SETTLEMENT_FILE_COLUMNS). */
const at = (name: string): number => SETTLEMENT_FILE_COLUMNS.findIndex((c) => c.name === name);
const C = {
  recordType: at('ReconciliationType'),
  paymentType: at('PaymentType'),
  cashflow: at('Cashflow'),
  clearingInstituteMerchantId: at('ClearingInstituteMerchantId'),
  merchantAccountId: at('MerchantAccountId'),
  merchantAccountName: at('MerchantAccountName'),
  pspId: at('PspId'),
  divisionId: at('DivisionId'),
  merchantId: at('MerchantId'),
  settlementTxId: at('SettlementTxId'),
  uniqueId: at('UniqueID'),
  shortId: at('ShortId'),
  connectorTxId1: at('ConnectorTxId1'),
  connectorTxId2: at('ConnectorTxId2'),
  connectorTxId3: at('ConnectorTxId3'),
  transactionId: at('TransactionId'),
  invoiceId: at('InvoiceId'),
  amount: at('Amount'),
  currency: at('Currency'),
  brand: at('Brand'),
  txRequestTime: at('TxRequestTime'),
  settlementAmount: at('SettlementAmount'),
  settlementCurrency: at('SettlementCurrency'),
  settlementFee: at('SettlementFee'),
  settlementFxRate: at('SettlementFxRate'),
  settlementDate: at('SettlementDate'),
  settlementStatus: at('SettlementStatus'),
  descriptor: at('Descriptor'),
  accountNumberLast4: at('AccountNumberLast4'),
  bankCode: at('BankCode'),
  accountHolder: at('AccountHolder'),
  reasonCode: at('ReasonCode'),
  reasonDesc: at('ReasonDesc'),
  settlementFileFormat: at('SettlementFileFormat'),
  clearingInstituteName: at('ClearingInsitituteName'),
  matchingStatus: at('MatchingStatus'),
  matchedTransactions: at('MatchedTransactions'),
  chargebackId: at('ChargebackId'),
} as const satisfies Record<Exclude<keyof SettlementRecord, 'line'>, number>;

/** Reads the rows of one file, by the columns its header gave. */
class RowReader {
  /** The header's column names, in the file's order. */
  private readonly names: readonly string[];
  /** For each column in check order, its field in the file's rows, or -1 when the header has none. */
  private readonly fieldOf: Int32Array;
  /** The row's values in check order, reused row after row (the checks keep none of them). */
  private readonly values: (string | undefined)[];

  /** Reads the header row; throws the file error it has, if any. */
  constructor(header: SplitRow) {
    const problem = headerProblem(header);
    if (problem) throw problem;
    const read = readSettlementHeader(header.fields);
    if ('code' in read) throw new SettlementFileError(read.code, read.message);
    this.names = read.columns.map((c) => c.name);
    this.fieldOf = new Int32Array(SETTLEMENT_FILE_COLUMNS.length).fill(-1);
    read.columns.forEach((column, field) => (this.fieldOf[SETTLEMENT_FILE_COLUMNS.indexOf(column)] = field));
    this.values = SETTLEMENT_FILE_COLUMNS.map(() => undefined);
  }

  /** One row after the header: its record, or its row error. */
  read(row: SplitRow): SettlementFileEntry {
    const { fields, line } = row;
    const { values, fieldOf } = this;
    // The common case first: a row split cleanly, of whole UTF-8 text.
    if (fields.length === this.names.length && !row.replaced && !row.quoting && !row.tooLong) {
      for (let j = 0; j < values.length; j++) {
        const field = fieldOf[j] as number;
        values[j] = field === -1 ? undefined : fields[field];
      }
      const checked = checkSettlementValues(values);
      if (checked.length === 0) return { kind: 'record', record: toRecord(line, values) };
      return rowError(line, checked.map(copyProblem));
    }
    return this.misread(row);
  }

  /** A row with a fault of its splitting or its text, and every other problem it has. */
  private misread(row: SplitRow): SettlementFileEntry {
    const { fields, line } = row;
    if (row.tooLong) {
      return rowError(line, [
        { column: LINE_LENGTH, rule: `at most ${MAX_ROW_CHARACTERS} characters long (no line break follows within them)`, value: '' },
      ]);
    }
    const names = this.names;
    const count = names.length;
    const problems: SettlementRowProblem[] = [];
    let quoted: string | undefined;
    if (row.quoting) {
      quoted = names[row.quoting.field] ?? `field ${row.quoting.field + 1}`;
      problems.push({
        column: quoted,
        rule:
          row.quoting.fault === 'unclosed'
            ? 'a quoted value closed by a double quote (no closing quote makes a row of it: the reading goes on at the next line)'
            : 'a quoted value followed by ";" or the line end (a double quote inside it is written twice: "")',
        value: cut(fields[row.quoting.field] ?? ''),
      });
    }
    if (fields.length !== count) {
      // A quote left open cuts its row short: the count says nothing more then.
      if (row.quoting?.fault !== 'unclosed') {
        problems.push({ column: FIELD_COUNT, rule: `${count} fields like the header`, value: String(fields.length) });
      }
      return rowError(line, problems);
    }
    let undecoded: Set<string> | undefined;
    if (row.replaced) {
      for (let i = 0; i < count; i++) {
        const value = fields[i] as string;
        if (!value.includes('\uFFFD')) continue;
        const column = names[i] as string;
        (undecoded ??= new Set()).add(column);
        problems.push({ column, rule: 'UTF-8 text', value: cut(value) });
      }
    }
    const { values, fieldOf } = this;
    for (let j = 0; j < values.length; j++) {
      const field = fieldOf[j] as number;
      values[j] = field === -1 ? undefined : fields[field];
    }
    for (const problem of checkSettlementValues(values)) {
      // A value that was not UTF-8, or broke the quoting, is reported as that alone.
      if (problem.column !== quoted && !undecoded?.has(problem.column)) problems.push(copyProblem(problem));
    }
    return problems.length > 0 ? rowError(line, problems) : { kind: 'record', record: toRecord(line, values) };
  }
}

/** A checked row's values (in check order; `undefined` for a column the header lacks) as a record. */
function toRecord(line: number, v: readonly (string | undefined)[]): SettlementRecord {
  // The checks passed: required values are there and every value set holds.
  const record: SettlementRecord = {
    line,
    recordType: v[C.recordType] as SettlementRecordType,
    paymentType: v[C.paymentType] as SettlementPaymentType,
    cashflow: v[C.cashflow] as SettlementCashflow,
    clearingInstituteMerchantId: v[C.clearingInstituteMerchantId] as string,
    merchantAccountId: v[C.merchantAccountId] as string,
    pspId: v[C.pspId] as string,
    merchantId: v[C.merchantId] as string,
    amount: unsigned(v[C.amount] as string),
    currency: v[C.currency] as string,
    settlementAmount: unsigned(v[C.settlementAmount] as string),
    settlementCurrency: v[C.settlementCurrency] as string,
    settlementFxRate: v[C.settlementFxRate] as string,
    settlementDate: (v[C.settlementDate] as string).slice(0, 10),
    settlementStatus: v[C.settlementStatus] as SettlementStatus,
    settlementFileFormat: v[C.settlementFileFormat] as string,
    clearingInstituteName: v[C.clearingInstituteName] as string,
    matchedTransactions: v[C.matchedTransactions] ? (v[C.matchedTransactions] as string).split(',') : [],
  };
  let value: string | undefined;
  if ((value = v[C.merchantAccountName])) record.merchantAccountName = value;
  if ((value = v[C.divisionId])) record.divisionId = value;
  if ((value = v[C.settlementTxId])) record.settlementTxId = value;
  if ((value = v[C.uniqueId])) record.uniqueId = value;
  if ((value = v[C.shortId])) record.shortId = value;
  if ((value = v[C.connectorTxId1])) record.connectorTxId1 = value;
  if ((value = v[C.connectorTxId2])) record.connectorTxId2 = value;
  if ((value = v[C.connectorTxId3])) record.connectorTxId3 = value;
  if ((value = v[C.transactionId])) record.transactionId = value;
  if ((value = v[C.invoiceId])) record.invoiceId = value;
  if ((value = v[C.brand])) record.brand = value;
  if ((value = v[C.txRequestTime])) record.txRequestTime = value;
  if ((value = v[C.settlementFee])) record.settlementFee = unsigned(value);
  if ((value = v[C.descriptor])) record.descriptor = value;
  if ((value = v[C.accountNumberLast4])) record.accountNumberLast4 = value;
  if ((value = v[C.bankCode])) record.bankCode = value;
  if ((value = v[C.accountHolder])) record.accountHolder = value;
  if ((value = v[C.reasonCode])) record.reasonCode = value;
  if ((value = v[C.reasonDesc])) record.reasonDesc = value;
  if ((value = v[C.matchingStatus])) record.matchingStatus = value as SettlementMatchingStatus;
  if ((value = v[C.chargebackId])) record.chargebackId = value;
  return record;
}

/** An amount without the minus a NEG row may write: the cash flow gives the direction. */
function unsigned(amount: string): string {
  return amount.charCodeAt(0) === 45 /* - */ ? amount.slice(1) : amount;
}

/** The header's encoding and quoting faults, which are the file's. */
function headerProblem(header: SplitRow): SettlementFileError | undefined {
  if (header.tooLong) {
    return new SettlementFileError(
      'UNKNOWN_COLUMN',
      `the first line is longer than ${MAX_ROW_CHARACTERS} characters: it is not the settlement file's header`,
    );
  }
  const bad = header.fields.findIndex((field) => field.includes('\u0000') || field.includes('\uFFFD'));
  if (bad !== -1) {
    const nul = (header.fields[bad] as string).includes('\u0000');
    return new SettlementFileError(
      'ENCODING',
      nul
        ? `the header has NUL bytes (header column ${bad + 1}): the settlement file is not UTF-8 text (UTF-16, or binary)`
        : `the header has bytes that are not UTF-8 (header column ${bad + 1}): the settlement file must be UTF-8 text`,
    );
  }
  if (header.quoting) {
    return new SettlementFileError(
      'UNKNOWN_COLUMN',
      `header column ${header.quoting.field + 1} has a double quote that is ${header.quoting.fault === 'unclosed' ? 'never closed' : 'followed by more text'}: the header names the settlement file's columns, unquoted`,
    );
  }
  return undefined;
}

function rowError(line: number, problems: SettlementRowProblem[]): SettlementFileEntry {
  const error: SettlementRowError = { line, problems, message: `line ${line}: ${problems.map(describe).join('; ')}` };
  return { kind: 'rowError', error };
}

function describe(problem: SettlementRowProblem): string {
  if (problem.column === FIELD_COUNT) return `the row has ${problem.value} fields and must have ${problem.rule}`;
  if (problem.column === LINE_LENGTH) return `the line must be ${problem.rule}`;
  return problem.value === ''
    ? `${problem.column} must be ${problem.rule}`
    : `${problem.column} must be ${problem.rule} (read "${problem.value}")`;
}

function copyProblem(problem: SettlementValueProblem): SettlementRowProblem {
  return { column: problem.column, rule: problem.rule, value: problem.value };
}

function cut(value: string): string {
  return value.length > 80 ? value.slice(0, 80) : value;
}
