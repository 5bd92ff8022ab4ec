// Owns the public surface of @wpwl/server/reconciliation: reading the
// gateway's settlement (reconciliation) file into records and row errors.
export { readSettlementFile } from './read.js';
export type { ReadSettlementFileOptions, SettlementFileSource } from './read.js';
export { SettlementFileError } from './record.js';
export type {
  SettlementCashflow,
  SettlementFileEntry,
  SettlementFileErrorCode,
  SettlementMatchingStatus,
  SettlementPaymentType,
  SettlementRecord,
  SettlementRecordType,
  SettlementRowError,
  SettlementRowProblem,
  SettlementStatus,
} from './record.js';
