// Owns the meaning of a result code: the gateway's published groups, each a
// regular expression on `result.code`, checked in an order that makes the
// overlapping ones unambiguous. A code no group claims is `unknown`, never
// success.
//
// Source: the gateway's public result-code reference (the grouped regular
// expressions of its "Result codes" page). Two groups differ from an older
// list that circulates in merchant code, and the current reference wins:
// address validation also claims `800.400.1xx`, and 3-D Secure rejections
// (`800.400.2xx`, `100.390.xxx`) are a group of their own, separate from the
// `000.400.1xx`/`000.400.2xx` "3-D Secure and intercard risk" rejections.

/** The group a result code belongs to. */
export type ResultClassification =
  /** Processed successfully. */
  | 'success'
  /** Processed successfully, but the gateway asks for a manual review (fraud suspicion, AVS, CVV …). */
  | 'successNeedsReview'
  /** Open session: the status changes within half an hour (to timeout if nothing happens). */
  | 'pending'
  /** Pending, and the status may still change after several days. */
  | 'pendingMayChange'
  /** Rejected by 3-D Secure and intercard risk checks (`000.400.1xx`, `000.400.2xx`). */
  | 'rejected3DSecureRisk'
  /** Rejected by 3-D Secure (`800.400.2xx`, `100.390.xxx`). */
  | 'rejected3DSecure'
  /** Rejected by the external bank or payment system. */
  | 'rejectedBank'
  /** Rejected because of a communication error. */
  | 'rejectedCommunication'
  /** Rejected because of a system error. */
  | 'systemError'
  /** Soft decline: retry with 3-D Secure authentication. */
  | 'softDecline'
  /** Error in an asynchronous workflow (e.g. the shopper cancelled at the provider). */
  | 'asyncError'
  /** Rejected by an external risk system. */
  | 'externalRisk'
  | 'blacklist'
  | 'riskValidation'
  | 'configValidation'
  | 'registrationValidation'
  | 'jobValidation'
  | 'referenceValidation'
  | 'formatValidation'
  | 'addressValidation'
  | 'contactValidation'
  | 'accountValidation'
  | 'amountValidation'
  | 'riskManagement'
  /** Chargeback related (`000.100.2xx`). */
  | 'chargeback'
  /** `800.120.100`: too many requests; try again later. */
  | 'throttled'
  /** No published group matches (or the code is malformed). */
  | 'unknown';

/** The throttling code: rejected before processing, so safe to retry later. */
export const THROTTLED_RESULT_CODE = '800.120.100';

/** Checked in this order; the first match wins. */
const GROUPS: ReadonlyArray<readonly [ResultClassification, RegExp]> = [
  ['success', /^(000\.000\.|000\.100\.1|000\.[36]|000\.400\.1[12]0)/],
  ['successNeedsReview', /^(000\.400\.0[^3]|000\.400\.100)/],
  ['pending', /^(000\.200)/],
  ['pendingMayChange', /^(800\.400\.5|100\.400\.500)/],
  ['chargeback', /^(000\.100\.2)/],
  ['rejected3DSecureRisk', /^(000\.400\.1[0-9][1-9]|000\.400\.2)/],
  ['rejectedBank', /^(800\.[17]00|800\.800\.[123])/],
  ['rejectedCommunication', /^(900\.[1234]00|000\.400\.030)/],
  ['systemError', /^(800\.[56]|999\.|600\.1|800\.800\.[84])/],
  ['asyncError', /^(100\.39[765])/],
  ['softDecline', /^(300\.100\.100)/],
  ['externalRisk', /^(100\.400\.[0-3]|100\.380\.100|100\.380\.11|100\.380\.4|100\.380\.5)/],
  ['addressValidation', /^(100\.800|800\.400\.1)/],
  ['rejected3DSecure', /^(800\.400\.2|100\.390)/],
  ['blacklist', /^(800\.[32])/],
  ['riskValidation', /^(800\.1[123456]0)/],
  ['configValidation', /^(600\.[23]|500\.[12]|800\.121)/],
  ['registrationValidation', /^(100\.[13]50)/],
  ['jobValidation', /^(100\.250|100\.360)/],
  // 700.600.xxx / 700.601.xxx: a retry the gateway blocks for this reference (published, e.g. 700.600.002).
  ['referenceValidation', /^(700\.[1345][05]0|700\.60[01]\.)/],
  ['formatValidation', /^(200\.[123]|100\.[53][07]|800\.900|100\.[69]00\.500)/],
  ['contactValidation', /^(100\.700|100\.900\.[123467890])/],
  ['accountValidation', /^(100\.100|100\.2[01])/],
  ['amountValidation', /^(100\.55)/],
  ['riskManagement', /^(100\.380\.[23]|100\.380\.101)/],
];

const CODE_SHAPE = /^[0-9.]{2,11}$/;

/**
 * The published group of a result code.
 *
 * @example classifyResultCode('000.100.110') // 'success'
 * @example classifyResultCode('800.100.151') // 'rejectedBank'
 */
export function classifyResultCode(code: string): ResultClassification {
  if (typeof code !== 'string' || !CODE_SHAPE.test(code)) return 'unknown';
  // Throttling falls inside the risk-validation pattern; the interface gives it its own meaning.
  if (code === THROTTLED_RESULT_CODE) return 'throttled';
  for (const [group, pattern] of GROUPS) {
    if (pattern.test(code)) return group;
  }
  return 'unknown';
}

/**
 * True when the money moved: `success` or `successNeedsReview`. A reviewed
 * success still needs the manual review before the goods ship; check
 * `needsReview(code)` for that.
 */
export function isSuccess(code: string): boolean {
  const group = classifyResultCode(code);
  return group === 'success' || group === 'successNeedsReview';
}

/** True when the gateway asks for a manual review of a successful payment. */
export function needsReview(code: string): boolean {
  return classifyResultCode(code) === 'successNeedsReview';
}

/** True while the outcome is still open (`pending` or `pendingMayChange`): read the status again later. */
export function isPending(code: string): boolean {
  const group = classifyResultCode(code);
  return group === 'pending' || group === 'pendingMayChange';
}

/**
 * Groups whose outcome is not known: the payment may have gone through or not
 * (a timeout or other communication error, a system error, a code no group
 * claims) or the request was refused unprocessed (throttling). Read the
 * status again later; never treat them as declined, never as paid.
 */
const UNCERTAIN_GROUPS: ReadonlySet<ResultClassification> = new Set(['rejectedCommunication', 'systemError', 'throttled', 'unknown']);

/**
 * True when the outcome is not known yet and must be read again: a timeout
 * (`900.100.300`), another communication error, a system error, throttling,
 * or a code no published group claims. Offering the shopper another payment
 * then risks charging them twice.
 */
export function isUncertain(code: string): boolean {
  return UNCERTAIN_GROUPS.has(classifyResultCode(code));
}

/**
 * True when the request was refused for good: a decline of the payment, a
 * failed check of its data, a risk or 3-D Secure refusal. Never for success,
 * pending, or an uncertain outcome ({@link isUncertain}).
 */
export function isRejected(code: string): boolean {
  return !isSuccess(code) && !isPending(code) && !isUncertain(code);
}

/**
 * True when the card authentication (3-D Secure) failed: the shopper did not
 * pass the issuer's challenge (`100.380.4xx`, e.g. `100.380.401` "User
 * Authentication Failed"), or 3-D Secure refused the card (`100.390.xxx`,
 * `800.400.2xx`). Their published groups are several (external risk, 3-D
 * Secure): this says what a shopper should be told, "the card authentication
 * did not succeed", so a storefront need not know the groups.
 */
export function isThreeDSecureFailure(code: string): boolean {
  return /^(100\.380\.4|100\.390|800\.400\.2)/.test(code);
}
