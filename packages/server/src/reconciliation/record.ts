// Owns the shapes the settlement file is read into: one typed record per good
// row, one row error per bad row (its line, and each column with the rule it
// broke), and the file errors that stop a reading before its first row.
// Amounts stay the file's exact decimal strings; dates stay as written.
// The value sets are written out here, not taken from the private field
// tables: published declarations must not name them. A type test
// (test/types/reconciliation.test-d.ts) holds the two equal.

/** ReconciliationType. */
export type SettlementRecordType = 'SETTLED' | 'CHARGEBACK' | 'CHARGEBACK REVERSAL' | 'FEE';
/** PaymentType. */
export type SettlementPaymentType =
  | 'DEBIT'
  | 'CREDIT'
  | 'REFUND'
  | 'BATCH'
  | 'MONTHLY'
  | 'SUBMERCHANT'
  | 'PAYMENT_FACILITATOR'
  | 'AUTH_FEE'
  | 'CAPTURE_FEE'
  | 'CANCEL_FEE'
  | 'REFUND_FEE';
/** Cashflow: money to the merchant (POS) or from them (NEG). */
export type SettlementCashflow = 'POS' | 'NEG';
/** SettlementStatus. */
export type SettlementStatus = 'SUCCESS' | 'FAILED';
/** MatchingStatus: how the gateway matched the row with its payments. */
export type SettlementMatchingStatus = 'MATCHED' | 'MULTIPLE_MATCHES' | 'NOT_MATCHED';

/**
 * One good row of the settlement file. Optional columns the row leaves
 * empty are absent. Amounts are unsigned two-decimal strings (`"12.50"`):
 * `cashflow` says which way the money went.
 */
export interface SettlementRecord {
  /** The row's line in the file (the header is line 1). */
  line: number;
  recordType: SettlementRecordType;
  paymentType: SettlementPaymentType;
  cashflow: SettlementCashflow;
  clearingInstituteMerchantId: string;
  merchantAccountId: string;
  merchantAccountName?: string;
  pspId: string;
  divisionId?: string;
  merchantId: string;
  settlementTxId?: string;
  /** The gateway's payment id (`payment.id`). */
  uniqueId?: string;
  shortId?: string;
  connectorTxId1?: string;
  connectorTxId2?: string;
  connectorTxId3?: string;
  /** The merchant's `merchantTransactionId` (the 38-column layout only). */
  transactionId?: string;
  invoiceId?: string;
  amount: string;
  currency: string;
  brand?: string;
  /** As written, in the clearing institute's time zone (`yyyy-MM-dd HH:mm:ss`). */
  txRequestTime?: string;
  settlementAmount: string;
  settlementCurrency: string;
  settlementFee?: string;
  settlementFxRate: string;
  /** `yyyy-MM-dd`, the execution date in the clearing institute's time zone. */
  settlementDate: string;
  settlementStatus: SettlementStatus;
  descriptor?: string;
  accountNumberLast4?: string;
  bankCode?: string;
  accountHolder?: string;
  /** A chargeback's reason (result code). */
  reasonCode?: string;
  reasonDesc?: string;
  settlementFileFormat: string;
  clearingInstituteName: string;
  matchingStatus?: SettlementMatchingStatus;
  /** The payment ids the gateway matched the row with; empty when none. */
  matchedTransactions: string[];
  /** The chargeback (or its reversal) transaction the gateway made for this row. */
  chargebackId?: string;
}

/** One column of a bad row, and the rule its value broke. */
export interface SettlementRowProblem {
  /** The column's name as the interface writes it, e.g. `Amount`. */
  column: string;
  /** The rule, as it reads after "must be". */
  rule: string;
  /** The value as read (at most 80 characters). */
  value: string;
}

/** A row that was not read into a record; the reading goes on after it. */
export interface SettlementRowError {
  line: number;
  problems: SettlementRowProblem[];
  /** One sentence naming the line, each column and its rule. */
  message: string;
}

/** What a reading yields for each row after the header, in file order. */
export type SettlementFileEntry = { kind: 'record'; record: SettlementRecord } | { kind: 'rowError'; error: SettlementRowError };

/** Stable codes of the faults that stop a reading before its first row. */
export type SettlementFileErrorCode =
  /** The file has no header line: it is empty, or blank lines only (a header without rows is a day without settlements: no error). */
  | 'EMPTY_FILE'
  /** Not UTF-8 text (UTF-16, or binary). */
  | 'ENCODING'
  /** The header is not separated by semicolons. */
  | 'SEPARATOR'
  /** A header name that is no column of the file, or a header that is no list of names. */
  | 'UNKNOWN_COLUMN'
  /** A column of the interface's list is missing from the header. */
  | 'MISSING_COLUMN'
  /** A column named twice. */
  | 'DUPLICATE_COLUMN'
  /** The source could not be read (a missing file, a broken stream). */
  | 'READ_FAILED';

/** A fault of the whole file: nothing of it is read. */
export class SettlementFileError extends Error {
  override readonly name = 'SettlementFileError';
  readonly code: SettlementFileErrorCode;
  constructor(code: SettlementFileErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }
}
