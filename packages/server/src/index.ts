// Owns the public surface of @wpwl/server: the merchant backend half of the
// payment widget. Importing it where a DOM exists throws at once, because the
// gateway access token it handles must never reach a browser.
import { assertServerEnvironment } from './environment.js';

assertServerEnvironment();

export { createGatewayClient } from './client.js';
export type { CallOptions, GatewayClient, GatewayClientOptions } from './client.js';
export { formatAmount } from './amount.js';
export type { Amount } from './amount.js';
export type {
  AddressParams,
  AmountReferenceParams,
  BrowserParams,
  CartItemParams,
  CartPaymentParams,
  CheckoutParams,
  CheckoutPaymentType,
  CustomerParams,
  MerchantParams,
  PaymentType,
  ReferenceParams,
  RiskParams,
  ShippingCustomerParams,
  ShippingParams,
  StandingInstructionParams,
  ThreeDSecureParams,
} from './params.js';
export type { CheckoutResult, GatewayResult, PaymentCard, PaymentResult } from './response.js';
export {
  classifyResultCode,
  isPending,
  isRejected,
  isUncertain,
  isSuccess,
  isThreeDSecureFailure,
  needsReview,
  THROTTLED_RESULT_CODE,
} from './result-codes.js';
export type { ResultClassification } from './result-codes.js';
export { verifyPayment } from './verify.js';
export type { ExpectedPayment, PaymentMismatch, PaymentVerification } from './verify.js';
export { isCheckoutId, parseStatusResource } from './resource-path.js';
export type { StatusResource } from './resource-path.js';
export { decryptWebhook, DEFAULT_WEBHOOK_MAX_BYTES, readWebhook } from './webhook.js';
export { encryptWebhook } from './webhook-encrypt.js';
export type { EncryptedWebhook, EncryptWebhookOptions } from './webhook-encrypt.js';
export type {
  DecryptWebhookOptions,
  PaymentNotification,
  ReadWebhookOptions,
  RegistrationAction,
  RegistrationNotification,
  RegistrationResult,
  RiskNotification,
  ScheduleNotification,
  UnknownNotification,
  WebhookBody,
  WebhookHeaders,
  WebhookNotification,
  WebhookResource,
  WebhookType,
} from './webhook.js';
export { GatewayValidationError, isWpwlServerError, WpwlServerError } from './errors.js';
export type {
  GatewayErrorResult,
  ParameterViolation,
  WebhookInvalidReason,
  WpwlServerErrorCode,
  WpwlServerErrorDetails,
} from './errors.js';
