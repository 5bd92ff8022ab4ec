// Owns which of the sandbox's payment records the gateway settles and the
// settlement row each becomes: a paid debit (DB), capture (CP) or credit
// (CD) is SETTLED, a refund (RF) is a SETTLED REFUND, a chargeback (CB) and
// its reversal (CR) are CHARGEBACK and CHARGEBACK REVERSAL rows; a
// preauthorization (PA) settles only through its captures, and a reversal
// (RV), a reversed payment, a rejected one and one still pending are not
// settled. Also the one FEE row per currency that ends each file (a batch
// fee, besides the fee each payment row states).

import type { PaymentRecord } from '../records.js';
import {
  amountOf,
  feeCents,
  feeTransactionId,
  SANDBOX_CLEARING_INSTITUTE,
  SANDBOX_MERCHANT_ACCOUNT_NAME,
  SANDBOX_SETTLEMENT_FILE_FORMAT,
  settlementTxId,
  timeOf,
  type SettlementFee,
  type SettlementRowValues,
} from './format.js';

/** What a settled record's row is, before the file gives it its date and number. */
export interface SettledRecord {
  /** The record that makes the row (one row per record). */
  record: PaymentRecord;
  kind: 'SETTLED' | 'REFUND' | 'CHARGEBACK' | 'CHARGEBACK REVERSAL';
}

/** The row kind of `record`, or undefined when the gateway does not settle it (yet). */
export function settledKind(record: PaymentRecord): SettledRecord['kind'] | undefined {
  if (record.state !== 'success') return undefined;
  switch (record.paymentType) {
    case 'DB':
    case 'CD':
      return record.reversed ? undefined : 'SETTLED';
    case 'CP':
      return 'SETTLED';
    case 'RF':
      return 'REFUND';
    case 'CB':
      return 'CHARGEBACK';
    case 'CR':
      return 'CHARGEBACK REVERSAL';
    default:
      // PA settles through its captures; RV is never settled.
      return undefined;
  }
}

/** What every row of one file shares. */
export interface FileContext {
  entityId: string;
  /** The file's settlement date, `yyyy-MM-dd`. */
  date: string;
  fee: SettlementFee;
  /** The records by id, to find what a capture, refund, chargeback or reversal refers to. */
  lookup: (id: string) => PaymentRecord | undefined;
}

const BRAND = /^[A-Z0-9_]{1,16}$/;

/** The columns every row of the sandbox's files has. */
function fixedColumns(context: FileContext, row: number): SettlementRowValues {
  return {
    ClearingInstituteMerchantId: context.entityId,
    MerchantAccountId: context.entityId,
    MerchantAccountName: SANDBOX_MERCHANT_ACCOUNT_NAME,
    PspId: context.entityId,
    MerchantId: context.entityId,
    SettlementTxId: settlementTxId(context.date, row),
    SettlementFxRate: '1.00',
    SettlementDate: context.date,
    SettlementStatus: 'SUCCESS',
    SettlementFileFormat: SANDBOX_SETTLEMENT_FILE_FORMAT,
    ClearingInsitituteName: SANDBOX_CLEARING_INSTITUTE,
  };
}

/** A merchant reference as the file's TransactionId / InvoiceId take it: 8-255 characters. */
function reference(value: string | undefined): string | undefined {
  return value !== undefined && [...value].length >= 8 && [...value].length <= 255 ? value : undefined;
}

/** `record` and the records it refers to, nearest first (at most 4: CR → CB → CP → PA). */
function referenceChain(record: PaymentRecord, lookup: FileContext['lookup']): PaymentRecord[] {
  const chain = [record];
  let at: PaymentRecord | undefined = record;
  while (chain.length < 4 && at?.referencedId) {
    at = lookup(at.referencedId);
    if (at) chain.push(at);
  }
  return chain;
}

/** A free text cut to the column's `max` characters. */
function cut(value: string | undefined, max: number): string | undefined {
  if (!value) return undefined;
  const chars = [...value];
  return chars.length > max ? chars.slice(0, max).join('') : value;
}

/**
 * The row of `settled` as row `row` of the file of `context`, and the fee it
 * carries in cents (a SETTLED DEBIT row's; 0 otherwise).
 */
export function paymentRow(settled: SettledRecord, context: FileContext, row: number): { values: SettlementRowValues; feeCents: number } {
  const { record, kind } = settled;
  // The record, then what it refers to: a capture's preauthorization, a refund's or chargeback's payment,
  // a reversal's chargeback and that one's payment. The shopper's details come from the first that has them.
  const chain = referenceChain(record, context.lookup);
  const first = <T>(pick: (r: PaymentRecord) => T | undefined): T | undefined => {
    for (const r of chain) {
      const value = pick(r);
      if (value !== undefined) return value;
    }
    return undefined;
  };
  // The payment a refund, chargeback or chargeback reversal is about (a reversal refers to the chargeback).
  const about = kind === 'CHARGEBACK REVERSAL' ? chain[2] : chain[1];
  const amount = amountOf(record.amountCents);
  const debit = kind === 'SETTLED' && record.paymentType !== 'CD';
  const fee = debit ? feeCents(record.amountCents, context.fee) : 0;
  const brand = first((r) => r.paymentBrand);
  const card = first((r) => r.card);
  const values: SettlementRowValues = {
    ...fixedColumns(context, row),
    ReconciliationType: kind === 'REFUND' ? 'SETTLED' : kind,
    PaymentType: kind === 'REFUND' ? 'REFUND' : record.paymentType === 'CD' ? 'CREDIT' : 'DEBIT',
    Cashflow: kind === 'CHARGEBACK' || kind === 'REFUND' || record.paymentType === 'CD' ? 'NEG' : 'POS',
    // A chargeback and its reversal are about the payment charged back.
    UniqueID: kind === 'CHARGEBACK' || kind === 'CHARGEBACK REVERSAL' ? (about?.id ?? record.id) : record.id,
    ConnectorTxId1: record.id,
    // The merchant's reference (8-255 characters), else one the sandbox makes: the column is required.
    TransactionId: first((r) => reference(r.echo.merchantTransactionId)) ?? `SBX${record.id}`,
    InvoiceId: first((r) => reference(r.echo.merchantInvoiceId)),
    Amount: amount,
    Currency: record.currency,
    Brand: brand && BRAND.test(brand) ? brand : undefined,
    TxRequestTime: timeOf(record.createdAt),
    SettlementAmount: amount,
    SettlementCurrency: record.currency,
    SettlementFee: amountOf(fee),
    Descriptor: cut(
      first((r) => r.echo.descriptor),
      128,
    ),
    AccountNumberLast4: card?.last4Digits,
    AccountHolder: cut(card?.holder, 128),
    MatchingStatus: 'MATCHED',
    // The payment the row settles: for a refund, a chargeback and its reversal, the payment refunded or charged back.
    MatchedTransactions: kind === 'SETTLED' ? record.id : (about?.id ?? record.id),
  };
  if (kind === 'CHARGEBACK' || kind === 'CHARGEBACK REVERSAL') {
    // A reversal carries the reason of the chargeback it reverses.
    const chargeback = kind === 'CHARGEBACK' ? record : chain[1];
    values.ReasonCode = chargeback?.result.code;
    values.ReasonDesc = cut(chargeback?.result.description, 128);
    values.ChargebackId = record.id;
  }
  return { values, feeCents: fee };
}

/** The FEE row of `currency` ending a file: the batch fee, `totalCents`, taken from the merchant (the payment rows' own fees are in their SettlementFee). */
export function feeRow(currency: string, totalCents: number, context: FileContext, row: number): SettlementRowValues {
  const amount = amountOf(totalCents);
  return {
    ...fixedColumns(context, row),
    ReconciliationType: 'FEE',
    PaymentType: 'BATCH',
    Cashflow: 'NEG',
    TransactionId: feeTransactionId(context.date, currency),
    Amount: amount,
    Currency: currency,
    SettlementAmount: amount,
    SettlementCurrency: currency,
  };
}
