// Owns WpwlError: the one error type every @wpwl package throws or reports,
// with a stable machine-readable `code` and a message naming field and rule.

/** Every code a wpwl error can carry. Codes are stable API; messages are not. */
export type WpwlErrorCode =
  // input validation
  | 'INVALID_CHECKOUT_ID'
  | 'INVALID_BRAND'
  | 'INVALID_CUSTOM_PARAMETER'
  | 'INVALID_SHOPPER_RESULT_URL'
  | 'INVALID_BASE_URL'
  | 'INVALID_INTEGRITY'
  | 'INVALID_NONCE'
  | 'INVALID_LOCALE'
  | 'INVALID_OPTIONS'
  | 'INVALID_RESULT_URL'
  | 'INVALID_RESOURCE_PATH'
  | 'INVALID_AMOUNT'
  | 'INVALID_CURRENCY'
  // loading
  | 'NOT_IN_BROWSER'
  | 'SCRIPT_LOAD_FAILED'
  | 'SCRIPT_TIMEOUT'
  | 'ABORTED'
  // widget lifecycle
  | 'NESTED_FORM'
  | 'INVALID_CONTAINER'
  | 'CHECKOUT_EXPIRED'
  | 'WIDGET_ERROR'
  | 'DESTROYED'
  // express checkout
  | 'CREATE_CHECKOUT_FAILED'
  | 'CREATE_CHECKOUT_TIMEOUT'
  | 'AMOUNT_MISMATCH'
  // the page's own code
  | 'CALLBACK_FAILED'
  // bindings
  | 'ELEMENT_NAME_TAKEN';

/** Extra, code-specific facts attached to an error (field name, offending form …). */
export interface WpwlErrorDetails {
  /** The input field or option the error is about, e.g. `checkoutId`. */
  field?: string;
  /** The rule that was broken, in words. */
  rule?: string;
  [key: string]: unknown;
}

/**
 * The error type of every wpwl package. Switch on `code`, never on `message`.
 *
 * @example
 * try { validateCheckoutId(id) } catch (e) { if (isWpwlError(e) && e.code === 'INVALID_CHECKOUT_ID') … }
 */
export class WpwlError extends Error {
  override readonly name = 'WpwlError';
  // Declared, not class fields: the constructor sets both, and field
  // initializers would only add bytes to every bundle.
  declare readonly code: WpwlErrorCode;
  declare readonly details: WpwlErrorDetails;

  /** `options.cause`, when the key is present, becomes the standard `cause`. */
  constructor(code: WpwlErrorCode, message: string, options?: { cause?: unknown; details?: WpwlErrorDetails }) {
    super(message, options);
    this.code = code;
    this.details = options?.details ?? {};
  }
}

/** True for any WpwlError, also one from another copy of the package. */
export function isWpwlError(value: unknown): value is WpwlError {
  return value instanceof WpwlError || (value instanceof Error && value.name === 'WpwlError' && 'code' in value);
}
