// Owns the public surface of @wpwl/server/reconciliation: reading the
// gateway's settlement (reconciliation) file into records and row errors,
// and matching them with the orders of @wpwl/server/settlement.
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
// Matching the records with the settlement's orders.
export { reconcileSettlementFiles, settlementRowKey } from './reconcile.js';
export type { ReconcileOptions, ReconciliationInput } from './reconcile.js';
export { AGREEING_OUTCOMES, SETTLING_STATES } from './outcome.js';
export type { ReconciliationException, ReconciliationOutcomeKind, ReconciliationReport, SettlementTotal } from './outcome.js';
export { sqlReconciliationStore } from './sql-store.js';
export type { OrderForMatching, OrderSettlementView, RecordedSettlementRow, ReconciliationRunView, ReconciliationStore } from './store.js';
