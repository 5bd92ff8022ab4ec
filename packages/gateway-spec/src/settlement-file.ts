// Owns the gateway's settlement (reconciliation) file as data: its columns in
// the interface's order, the header spellings real files use, each column's
// format and presence, and the checks of one row's values that need more
// than one column. The sandbox writes files by it; @wpwl/server reads them by
// it. What the interface leaves open is decided here once, in words:
//
// - Layouts: the interface's column list has 36 names and leaves out
//   TransactionId and InvoiceId, which its table has (38, after
//   ConnectorTxId3). Both layouts are read; the two are optional in a header.
// - Spelling: the list spells `ClearingInsitituteName`; `ClearingInstituteName`
//   is the same column.
// - Amounts "N13 with 2 decimals": 13 digits in all, 2 of them decimals
//   (99999999999.99 at most), a dot, always two decimals. The cash flow
//   column gives the direction, so amounts are unsigned; a minus sign is
//   taken on a NEG row (files that sign debits) and refused on a POS row.
// - SettlementFxRate: the same 11 integer digits, with 2 to 10 decimals (a
//   rate rounded to cents could not convert an amount back).
// - Dates: SettlementDate is `yyyy-MM-dd` (a time after it is read and left
//   out); TxRequestTime is `yyyy-MM-dd HH:mm:ss`, optionally with
//   milliseconds and a zone offset. Both are in the clearing institute's
//   time zone, which the file does not name: they are kept as written, never
//   moved to UTC.
// - Brand "A16": up to 16 capitals, digits and underscores (the gateway's
//   brand codes, e.g. DIRECTDEBIT_SEPA, have them).
// - MatchedTransactions: the matched payment ids, separated by commas.

import { DATE, formatTest, matchesFormat, matching, oneOf, text, upperLetters, type FieldFormat } from './formats.js';

/** The record types (ReconciliationType). */
export const SETTLEMENT_RECORD_TYPES = ['SETTLED', 'CHARGEBACK', 'CHARGEBACK REVERSAL', 'FEE'] as const;
/** The payment types (PaymentType). */
export const SETTLEMENT_PAYMENT_TYPES = [
  'DEBIT',
  'CREDIT',
  'REFUND',
  'BATCH',
  'MONTHLY',
  'SUBMERCHANT',
  'PAYMENT_FACILITATOR',
  'AUTH_FEE',
  'CAPTURE_FEE',
  'CANCEL_FEE',
  'REFUND_FEE',
] as const;
export const SETTLEMENT_CASHFLOWS = ['POS', 'NEG'] as const;
export const SETTLEMENT_STATUSES = ['SUCCESS', 'FAILED'] as const;
export const SETTLEMENT_MATCHING_STATUSES = ['MATCHED', 'MULTIPLE_MATCHES', 'NOT_MATCHED'] as const;

/** Whether a row must carry a value: R, O, or C (decided by {@link checkSettlementRow}). */
export type SettlementPresence = 'required' | 'optional' | 'conditional';

/** One column of the settlement file. */
export interface SettlementColumn {
  /** The header name as the interface writes it. */
  readonly name: string;
  /** Other spellings of the header name that mean this column. */
  readonly aliases?: readonly string[];
  /** The record property it is read into (camel case of the name). */
  readonly key: string;
  readonly format: FieldFormat;
  readonly presence: SettlementPresence;
  /** False for the two columns the interface's column list leaves out. */
  readonly inEveryHeader: boolean;
}

/** N13 with 2 decimals: the decision in the top comment. */
export const SETTLEMENT_AMOUNT: FieldFormat = matching(
  /^[0-9]{1,11}\.[0-9]{2}$/,
  'an amount of up to 11 digits, a dot and 2 decimals (N13 with 2 decimals)',
);
/** An amount as it may be written on a NEG row: with or without a minus sign. */
const SIGNED_AMOUNT = /^-?[0-9]{1,11}\.[0-9]{2}$/;
export const SETTLEMENT_FX_RATE: FieldFormat = matching(
  /^[0-9]{1,11}\.[0-9]{2,10}$/,
  'a rate of up to 11 digits, a dot and 2 to 10 decimals',
);
export const SETTLEMENT_DATE: FieldFormat = {
  rule: 'a date yyyy-MM-dd (a time after it is left out)',
  pattern: /^[0-9]{4}-[0-9]{2}-[0-9]{2}(?:[ T](?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9])?$/,
  check: (value) => matchesFormat(DATE, value.slice(0, 10)),
};
export const SETTLEMENT_TIME: FieldFormat = {
  rule: 'a date and time yyyy-MM-dd HH:mm:ss (milliseconds and a zone offset may follow)',
  pattern: /^[0-9]{4}-[0-9]{2}-[0-9]{2}[ T](?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\.[0-9]{1,6})?(?: ?(?:Z|[+-][0-9]{2}:?[0-9]{2}))?$/,
  check: (value) => matchesFormat(DATE, value.slice(0, 10)),
};
const REASON_CODE = matching(/^[0-9.]{2,11}$/, '2-11 digits and dots');
const BRAND = matching(/^[A-Z0-9_]{1,16}$/, 'up to 16 capitals, digits and underscores (A16, a brand code)');
const PAYMENT_IDS = matching(/^[A-Za-z0-9]{1,32}(?:,[A-Za-z0-9]{1,32})*$/, 'payment ids (AN32, letters and digits), separated by commas');

const column = (
  name: string,
  format: FieldFormat,
  presence: SettlementPresence,
  extra: { aliases?: string[]; key?: string; inEveryHeader?: boolean } = {},
): SettlementColumn => ({
  name,
  key: extra.key ?? name.charAt(0).toLowerCase() + name.slice(1),
  format,
  presence,
  inEveryHeader: extra.inEveryHeader ?? true,
  ...(extra.aliases ? { aliases: extra.aliases } : {}),
});

/** Every column, in the order of the 38-column layout. */
export const SETTLEMENT_FILE_COLUMNS: readonly SettlementColumn[] = [
  column('ReconciliationType', oneOf(...SETTLEMENT_RECORD_TYPES), 'required', { key: 'recordType' }),
  column('PaymentType', oneOf(...SETTLEMENT_PAYMENT_TYPES), 'required'),
  column('Cashflow', oneOf(...SETTLEMENT_CASHFLOWS), 'required'),
  column('ClearingInstituteMerchantId', text(5, 64), 'required'),
  column('MerchantAccountId', text(1, 32), 'required'),
  column('MerchantAccountName', text(1, 32), 'optional'),
  column('PspId', text(1, 32), 'required'),
  column('DivisionId', text(1, 32), 'optional'),
  column('MerchantId', text(1, 32), 'required'),
  column('SettlementTxId', text(1, 64), 'optional'),
  column('UniqueID', text(1, 32), 'optional', { key: 'uniqueId' }),
  column('ShortId', text(1, 14), 'optional'),
  column('ConnectorTxId1', text(1, 64), 'optional'),
  column('ConnectorTxId2', text(1, 64), 'optional'),
  column('ConnectorTxId3', text(1, 64), 'optional'),
  column('TransactionId', text(8, 255), 'required', { inEveryHeader: false }),
  column('InvoiceId', text(8, 255), 'optional', { inEveryHeader: false }),
  column('Amount', SETTLEMENT_AMOUNT, 'required'),
  column('Currency', upperLetters(3, 'ISO 4217'), 'required'),
  column('Brand', BRAND, 'optional'),
  column('TxRequestTime', SETTLEMENT_TIME, 'optional'),
  column('SettlementAmount', SETTLEMENT_AMOUNT, 'required'),
  column('SettlementCurrency', upperLetters(3, 'ISO 4217'), 'required'),
  column('SettlementFee', SETTLEMENT_AMOUNT, 'optional'),
  column('SettlementFxRate', SETTLEMENT_FX_RATE, 'required'),
  column('SettlementDate', SETTLEMENT_DATE, 'required'),
  column('SettlementStatus', oneOf(...SETTLEMENT_STATUSES), 'required'),
  column('Descriptor', text(1, 128), 'optional'),
  column('AccountNumberLast4', text(1, 4), 'optional'),
  column('BankCode', text(1, 12), 'optional'),
  column('AccountHolder', text(1, 128), 'optional'),
  column('ReasonCode', REASON_CODE, 'optional'),
  column('ReasonDesc', text(1, 128), 'optional'),
  column('SettlementFileFormat', text(1, 32), 'required'),
  column('ClearingInsitituteName', text(1, 64), 'required', { aliases: ['ClearingInstituteName'], key: 'clearingInstituteName' }),
  column('MatchingStatus', oneOf(...SETTLEMENT_MATCHING_STATUSES), 'conditional'),
  column('MatchedTransactions', PAYMENT_IDS, 'conditional'),
  column('ChargebackId', text(1, 32), 'conditional'),
];

/** The interface's column list: 36 names, without TransactionId and InvoiceId. */
export const SETTLEMENT_FILE_HEADER_36: readonly string[] = SETTLEMENT_FILE_COLUMNS.filter((c) => c.inEveryHeader).map((c) => c.name);
/** The interface's table: all 38 columns. */
export const SETTLEMENT_FILE_HEADER_38: readonly string[] = SETTLEMENT_FILE_COLUMNS.map((c) => c.name);

/** The columns whose amounts may carry a minus sign on a NEG row. */
const AMOUNT_COLUMNS = new Set(['Amount', 'SettlementAmount', 'SettlementFee']);

/** A header fault: the file cannot be read. */
export interface SettlementHeaderProblem {
  readonly code: 'SEPARATOR' | 'UNKNOWN_COLUMN' | 'MISSING_COLUMN' | 'DUPLICATE_COLUMN';
  readonly message: string;
}

/** Where each column is in a header: `columns[i]` is the column of field i. */
export interface SettlementHeader {
  readonly columns: readonly SettlementColumn[];
}

const BY_NAME = new Map<string, SettlementColumn>();
for (const c of SETTLEMENT_FILE_COLUMNS) for (const name of [c.name, ...(c.aliases ?? [])]) BY_NAME.set(name, c);

/**
 * Reads a header (its fields, already split at `;`): every name known, none
 * twice, every column of the 36-name list present. Names are matched exactly
 * (the interface's case), after trimming spaces.
 */
export function readSettlementHeader(fields: readonly string[]): SettlementHeader | SettlementHeaderProblem {
  if (fields.length === 1) {
    const only = fields[0] ?? '';
    const separator = [',', '\t', '|'].find((candidate) => only.includes(candidate));
    return {
      code: 'SEPARATOR',
      message: separator
        ? `the header is separated by ${separator === '\t' ? 'tabs' : `"${separator}"`}; the settlement file is separated by semicolons (;)`
        : 'the header has one column; the settlement file has 36 or 38, separated by semicolons (;)',
    };
  }
  const columns: SettlementColumn[] = [];
  const seen = new Set<SettlementColumn>();
  for (const [index, raw] of fields.entries()) {
    const name = raw.trim();
    const found = BY_NAME.get(name);
    if (!found) {
      return {
        code: 'UNKNOWN_COLUMN',
        message: `header column ${index + 1} "${name}" is not a column of the settlement file (expected one of ${SETTLEMENT_FILE_HEADER_38.join(', ')})`,
      };
    }
    if (seen.has(found))
      return { code: 'DUPLICATE_COLUMN', message: `header column ${index + 1} "${name}" names ${found.name} a second time` };
    seen.add(found);
    columns.push(found);
  }
  const missing = SETTLEMENT_FILE_COLUMNS.filter((c) => c.inEveryHeader && !seen.has(c)).map((c) => c.name);
  if (missing.length > 0) {
    return {
      code: 'MISSING_COLUMN',
      message: `the header has ${fields.length} columns and lacks ${missing.join(', ')} (the file has the interface's 36 columns, or 38 with TransactionId and InvoiceId)`,
    };
  }
  return { columns };
}

/** One value that breaks its column's rule. */
export interface SettlementValueProblem {
  /** The column's name as the interface writes it. */
  readonly column: string;
  /** The rule, as it reads after "must be". */
  readonly rule: string;
  /** The value as read (cut at 80 characters). */
  readonly value: string;
}

/**
 * Checks one row's values, by column name (the interface's spelling; an
 * absent column is an empty value): each column's format and presence, and
 * the rules that tie columns together. Values are as read, untrimmed; the
 * empty string is "no value". Returns every problem, none for a good row.
 */
export function checkSettlementRow(
  values: Readonly<Record<string, string | undefined>>,
  present?: ReadonlySet<string>,
): SettlementValueProblem[] {
  // A column the header does not have is `undefined` in column order; one it has, with no value, is ''.
  return checkSettlementValues(SETTLEMENT_FILE_COLUMNS.map((c) => values[c.name] ?? (present && !present.has(c.name) ? undefined : '')));
}

const at = (name: string): number => SETTLEMENT_FILE_COLUMNS.findIndex((c) => c.name === name);
const RECORD_TYPE = at('ReconciliationType');
const CASHFLOW = at('Cashflow');
const REASON_CODE_AT = at('ReasonCode');
const REASON_DESC = at('ReasonDesc');
const MATCHING_STATUS = at('MatchingStatus');
const MATCHED_TRANSACTIONS = at('MatchedTransactions');
const CHARGEBACK_ID = at('ChargebackId');
/** Per column: 1 when its amount may carry a minus sign on a NEG row. */
const SIGNED = SETTLEMENT_FILE_COLUMNS.map((c) => (AMOUNT_COLUMNS.has(c.name) ? 1 : 0));
/** Per column: 0 optional, 1 required, 2 required when the header has the column. */
const REQUIRED = SETTLEMENT_FILE_COLUMNS.map((c) => (c.presence !== 'required' ? 0 : c.inEveryHeader ? 1 : 2));
/** Per column: its format as a test. */
const FORMAT_TESTS = SETTLEMENT_FILE_COLUMNS.map((c) => formatTest(c.format));

/**
 * {@link checkSettlementRow} for values in column order (the order of
 * {@link SETTLEMENT_FILE_COLUMNS}), `undefined` for a column the file's header
 * does not have: the same checks without a record of names, for readers of
 * large files. Returns every problem, none for a good row.
 */
export function checkSettlementValues(values: readonly (string | undefined)[]): SettlementValueProblem[] {
  let problems: SettlementValueProblem[] | undefined;
  const fail = (index: number, rule: string) =>
    (problems ??= []).push({
      column: (SETTLEMENT_FILE_COLUMNS[index] as SettlementColumn).name,
      rule,
      value: (values[index] ?? '').slice(0, 80),
    });
  const negative = values[CASHFLOW] === 'NEG';
  for (let i = 0; i < FORMAT_TESTS.length; i++) {
    const value = values[i];
    if (value === undefined || value === '') {
      // A column the header does not have cannot be required of its rows.
      const required = REQUIRED[i];
      if (required === 1 || (required === 2 && value !== undefined)) fail(i, 'present (a required column)');
      continue;
    }
    if (SIGNED[i] === 1 && value.charCodeAt(0) === 45 /* - */) {
      const { rule } = (SETTLEMENT_FILE_COLUMNS[i] as SettlementColumn).format;
      if (!negative) fail(i, `${rule}, without a minus sign on a POS row`);
      else if (!SIGNED_AMOUNT.test(value)) fail(i, rule);
      continue;
    }
    if (!(FORMAT_TESTS[i] as (value: string) => boolean)(value)) fail(i, (SETTLEMENT_FILE_COLUMNS[i] as SettlementColumn).format.rule);
  }
  const recordType = values[RECORD_TYPE];
  const isChargeback = recordType === 'CHARGEBACK' || recordType === 'CHARGEBACK REVERSAL';
  if (!isChargeback) {
    if (values[REASON_CODE_AT]) fail(REASON_CODE_AT, 'empty except on CHARGEBACK and CHARGEBACK REVERSAL rows');
    if (values[REASON_DESC]) fail(REASON_DESC, 'empty except on CHARGEBACK and CHARGEBACK REVERSAL rows');
    if (values[CHARGEBACK_ID]) fail(CHARGEBACK_ID, 'empty except on CHARGEBACK and CHARGEBACK REVERSAL rows');
  }
  const matching = values[MATCHING_STATUS];
  const matched = values[MATCHED_TRANSACTIONS] ?? '';
  if (matching === 'NOT_MATCHED' && matched) fail(MATCHED_TRANSACTIONS, 'empty when MatchingStatus is NOT_MATCHED');
  if ((matching === 'MATCHED' || matching === 'MULTIPLE_MATCHES') && !matched) {
    fail(MATCHED_TRANSACTIONS, `present when MatchingStatus is ${matching}`);
  }
  if (matching === 'MATCHED' && matched.includes(',')) fail(MATCHED_TRANSACTIONS, 'one payment id when MatchingStatus is MATCHED');
  if (matching === 'MULTIPLE_MATCHES' && matched && !matched.includes(',')) {
    fail(MATCHED_TRANSACTIONS, 'two or more payment ids when MatchingStatus is MULTIPLE_MATCHES');
  }
  if (!matching && matched) fail(MATCHING_STATUS, 'present when MatchedTransactions is');
  if (isChargeback && matching === 'MATCHED' && !values[CHARGEBACK_ID]) {
    fail(CHARGEBACK_ID, `present on a matched ${recordType} row (the chargeback transaction made by matching)`);
  }
  return problems ?? [];
}
