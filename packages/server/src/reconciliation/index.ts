// Owns the public surface of @wpwl/server/reconciliation: reading the
// gateway's settlement (reconciliation) file into records and row errors;
// matching its rows with the shop's orders (each row recorded once,
// chargebacks recorded on their orders, totals per date and currency, the
// paid orders no file settled) on the settlement's own database, with the
// runs and their exceptions kept for a page; the words for each outcome;
// the exception files the wpwl-reconcile command writes and the name order
// it reconciles files in; the run lock that keeps to one run at a time.
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
export { reconcileSettlementFiles, settlementRowKey } from './reconcile.js';
export type { ReconcileOptions, ReconciliationInput } from './reconcile.js';
export { AGREEING_OUTCOMES, SETTLING_STATES } from './outcome.js';
export type { ReconciliationException, ReconciliationOutcomeKind, ReconciliationReport, SettlementTotal } from './outcome.js';
export { RECONCILIATION_OUTCOME_WORDS } from './outcome-words.js';
export type { OutcomeWords } from './outcome-words.js';
export { RECONCILIATION_RUN_LOCK, ReconciliationRunningError, withReconciliationRunLock } from './run-lock.js';
export { sqlReconciliationStore } from './sql-store.js';
export type {
  FollowUpForOrder,
  OrderForMatching,
  OrderSettlementView,
  RecordedBatch,
  RecordedSettlementRow,
  ReconciliationRunView,
  ReconciliationStore,
} from './store.js';
export { RECONCILE_HEAP_MB, RECONCILE_NODE_FLAGS } from './cli-heap.js';
export { compareFileNames } from './cli-options.js';
export { RECONCILE_PGLITE_SETTINGS, reconcilePgliteOptions } from './cli-pglite.js';
export { csvValue, EXCEPTION_CSV_COLUMNS, exceptionCsvLine, startExceptionFiles } from './exception-files.js';
export type { ExceptionFiles } from './exception-files.js';
