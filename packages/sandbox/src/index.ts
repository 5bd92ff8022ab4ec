// Public API of @wpwl/sandbox: start a local stand-in for the payment
// gateway, the test cards and result codes it answers with, and the
// gateway's settlement files (the sandbox's own, and large ones for
// benchmarks).

export { startSandbox, type Sandbox, type SandboxOptions, type ChargebackOptions } from './server.js';
export type { ThrottleConfig, ThrottleLimit, SandboxOperation } from './throttle.js';
export type { WidgetFault, SandboxAsset } from './widget-assets.js';
export { WIDGET_SCRIPT_PATH } from './widget/assets.js';
export { APPLE_PAY_SESSION_STAND_IN, APPLE_PAY_SESSION_PATH } from './widget/apple-pay-session.js';
export { TEST_CARDS, type TestCard, type CardOutcome, type FinalCardOutcome } from './cards.js';
export { DEFAULT_UNCERTAIN_SETTLE_MS } from './gateway/uncertain-results.js';
export { RESULTS, type Result } from './result-codes.js';
export { CHECKOUT_LIFETIME_MS } from './gateway/checkouts.js';
export { UNREAD_CALLBACK_DELAY_MS } from './shopper-callback.js';
export type { SandboxPayment } from './records.js';
export {
  DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  DEFAULT_WEBHOOK_TIMEOUT_MS,
  type WebhookEndpoint,
  type WebhookFaults,
} from './webhook-options.js';
export type { WebhookStats, WebhookNotification } from './webhooks.js';
export {
  DEFAULT_SETTLEMENT_DELAY_DAYS,
  DEFAULT_SETTLEMENT_FEE_PERCENT,
  DEFAULT_SETTLEMENT_FEE_FIXED,
  SETTLEMENT_BATCH_FEE,
  type SettlementFilesOptions,
} from './settlement/options.js';
export { SettlementFilesError, type SettlementFilesErrorCode } from './settlement/files.js';
export { SANDBOX_SETTLEMENT_FILE_FORMAT, SANDBOX_CLEARING_INSTITUTE, type SettlementLayout } from './settlement/format.js';
export { generateSettlementFile, type GenerateSettlementFileOptions, type GeneratedSettlementFile } from './settlement/generator.js';
export { generatedOrder, type GeneratedOrder } from './settlement/generated-orders.js';
