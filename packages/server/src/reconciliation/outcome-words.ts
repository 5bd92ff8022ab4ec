// Owns the words a person reads for each reconciliation outcome: a short
// label and one sentence saying what it means and what to do, in the order
// a summary lists them (the rows that agree first, then the rows that moved
// an order, then the exceptions). Shared by the command's summary and any
// page that shows a report.
import type { ReconciliationOutcomeKind } from './outcome.js';

/** What an outcome means, for a summary or a page. */
export interface OutcomeWords {
  /** A few words, e.g. `settled`, `amount differs`. */
  label: string;
  /** One sentence: what the row (or order) came to, and what a person does about it. */
  meaning: string;
}

/** Every outcome, in the order a summary lists them. */
export const RECONCILIATION_OUTCOME_WORDS: Readonly<Record<ReconciliationOutcomeKind, OutcomeWords>> = {
  settled: { label: 'settled', meaning: 'A payment settled as the shop has it (amount, currency, a charged order).' },
  refundSettled: { label: 'refund settled', meaning: 'A refund the shop recorded, settled for the same amount.' },
  fee: { label: 'fee', meaning: 'A fee or batch row: counted in the totals, matched with no order.' },
  chargeback: {
    label: 'chargeback',
    meaning: "The shopper's bank took a payment back: recorded on its order (now charged back). Listed for a person.",
  },
  chargebackReversal: {
    label: 'chargeback reversed',
    meaning: 'A chargeback was reversed: the money came back, recorded on its order. Listed for a person.',
  },
  amountMismatch: { label: 'amount differs', meaning: 'The file settled another amount than the shop ordered or refunded.' },
  currencyMismatch: { label: 'currency differs', meaning: 'The file settled in another currency than the shop ordered.' },
  unknownToShop: {
    label: 'unknown to the shop',
    meaning: "No order of the shop has the row's payment id or order id: a payment of another system, or a lost order.",
  },
  settlementFailed: { label: 'settlement failed', meaning: 'The gateway reports the settlement of this row FAILED.' },
  settledNotPaid: {
    label: 'settled, not paid in the shop',
    meaning: 'The file settled a payment of an order the shop has as not charged (open, declined, expired, uncertain).',
  },
  otherPayment: { label: 'another payment', meaning: 'The order was paid by another payment than the one this row settled.' },
  settledTwice: { label: 'settled twice', meaning: 'A second row settled an order, a refund or a chargeback another row settled already.' },
  refundUnknown: { label: 'refund unknown', meaning: 'The file settled a refund the shop never recorded.' },
  chargebackRefused: {
    label: 'chargeback not recorded',
    meaning:
      'A chargeback (or its reversal) the order cannot take: no chargeback id, matched by order id only, another currency, more than was paid, nothing to reverse.',
  },
  multipleMatches: { label: 'several matches', meaning: 'The gateway matched the row with several payments and could not tell which.' },
  missingFromFiles: {
    label: 'missing from the files',
    meaning: 'A paid order older than the window that no settlement file has settled.',
  },
  rowError: { label: 'unreadable row', meaning: "A row of a file that breaks the file's rules; the reading went on after it." },
  fileError: { label: 'unreadable file', meaning: 'A file that could not be read at all (its header, separator or encoding).' },
};
