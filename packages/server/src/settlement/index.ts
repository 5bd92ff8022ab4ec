// Owns the public surface of @wpwl/server/settlement: an order's payment
// lifecycle (open, paid, declined, uncertain, needs review, duplicate,
// refunded, reversed, charged back), settled by one rule set from status
// reads, webhooks and the gateway's own call, on a store of the merchant's
// choice (PostgreSQL, PGlite, or their own).
export { createSettlement, MAX_OPEN_CHECKOUTS_PER_CART } from './settlement.js';
export type {
  OpenCheckoutRequest,
  OpenCheckoutResult,
  RecheckReport,
  Settlement,
  SettlementOptions,
  WebhookOutcome,
} from './settlement.js';
export { CHARGED_STATES, FINAL_STATES, fromMinor, refundedMinor, toMinor } from './order.js';
export type { FollowUp, FollowUpKind, NewOrder, OrderState, ReviewReason, SettlementChannel, SettlementOrder } from './order.js';
export { applyFollowUp, applyLapse, applyReading, readFollowUp, readPayment, stateAfterFollowUps } from './rules.js';
export type { CartContext, FollowUpNotice, FollowUpRefusal, PaymentReading } from './rules.js';
export { isRetryableStoreError, SettlementStoreError } from './store.js';
export type { CartView, OrderKey, SettlementStore, SettlementStoreErrorCode, UnplacedNotification } from './store.js';
export { migrateSettlementSchema, SETTLEMENT_MIGRATIONS, sqlSettlementStore } from './sql-store.js';
export type { SqlDatabase, SqlQueryable } from './sql-store.js';
export { classifyPostgresError, postgresDatabase, postgresSettlementStore, recommendedPoolOptions } from './postgres.js';
export type { PgClientLike, PgPoolLike, PostgresLimits, PostgresStoreOptions } from './postgres.js';
export { pgliteDatabase, pgliteSettlementStore } from './pglite.js';
export type { PGliteLike, PGliteStoreOptions } from './pglite.js';
export { claimDataFolder, DATA_FOLDER_LOCK_FILE, DataFolderLockError } from './data-folder.js';
export type { ClaimDataFolderOptions, DataFolderClaim, DataFolderLockErrorCode } from './data-folder.js';
