// The interface's request-parameter tables as data, with the validator, id
// patterns and amount helpers that the sandbox and @wpwl/server share.

export { FIELD_RULES, REQUIRED_PARAMS, PAYMENT_TYPES_BY_OPERATION, type FieldRule, type FieldGroup, type Operation } from './fields.js';
export { matchesFormat, type FieldFormat } from './formats.js';
export {
  validateParams,
  checkParams,
  resolveField,
  type FieldViolation,
  type ValidateOptions,
  type ParamsCheck,
  type ResolvedField,
} from './validate.js';
export {
  CHECKOUT_ID_PATTERN,
  PAYMENT_ID_PATTERN,
  ENTITY_ID_PATTERN,
  RESULT_CODE_PATTERN,
  isCheckoutId,
  isPaymentId,
  isEntityId,
  formatAmount,
  amountToCents,
  centsToAmount,
} from './ids.js';
