// Public API of @wpwl/testing for unit and component tests: the fake widget,
// the sandbox's test cards by outcome, and the cleanup after each test.
// Browser tests: `@wpwl/testing/playwright`; a sandbox for a test run:
// `@wpwl/testing/sandbox`; React: `@wpwl/testing/react`.

export {
  installFakeWidget,
  type ActFunction,
  type FakePayment,
  type FakeWidget,
  type FakeWidgetOptions,
  type WidgetErrorReport,
} from './fake-widget.js';
export { THREE_D_SECURE_TITLE } from './fake-form.js';
export type { WalletBrand } from './fake-wallets.js';
export type { FakeAnswer, FakeAnswerInit, FakePaymentRequest } from './answers.js';
export type { UnexpectedScriptMode, ScriptExpectations } from './script-expectations.js';
export type { FillTestCardOptions, TestCardChoice } from './test-card-choice.js';
export { WpwlTestingError, type WpwlTestingErrorCode } from './errors.js';
export { cleanupFakeWidgets } from './auto-cleanup.js';
export { widgetLeftovers, type WidgetLeftovers } from './leftovers.js';
export {
  APPROVED_RESULT_CODE,
  PENDING_RESULT_CODE,
  THREE_D_SECURE_FAILED_RESULT_CODE,
  UNCERTAIN_RESULT_CODE,
  TEST_CARDS,
  outcomeOfCardNumber,
  testCard,
  verdictOf,
  type CardOutcome,
  type PaymentOutcome,
  type ResultVerdict,
  type TestCard,
  type TestCardBrand,
} from './outcomes.js';
