// Owns the result codes the sandbox answers with, each with its description.
// Codes come from the published groups (success, pending, format, account,
// address, contact and amount validation, reference validation, bank
// declines, communication errors, chargebacks, throttling); which field gets
// which code is violation-codes.ts.

/** A result object as every response carries it. */
export interface Result {
  code: string;
  description: string;
}

const r = (code: string, description: string): Result => ({ code, description });

/** Every result the sandbox can give, by meaning. */
export const RESULTS = {
  success: r('000.100.110', "Request successfully processed in 'Merchant in Integrator Test Mode'"),
  checkoutCreated: r('000.200.100', 'successfully created checkout'),
  checkoutUpdated: r('000.200.101', 'successfully updated checkout'),
  requestSucceeded: r('000.000.100', 'successful request'),
  pending: r('000.200.000', 'transaction pending'),
  invalidParameter: r('200.300.404', 'invalid or missing parameter'),
  checkoutUnknown: r('200.300.404', 'invalid or missing parameter: checkout id expired or unknown'),
  invalidMethod: r('200.300.403', 'invalid HTTP method'),
  duplicate: r('200.300.405', 'duplicate entity: this checkout already has a payment; prepare a new checkout'),
  noRoute: r('200.300.404', 'invalid or missing parameter: no such endpoint'),
  unauthenticated: r('800.900.300', 'invalid authentication information'),
  forbidden: r('800.900.301', 'user authorization failed, user has no sufficient rights to process transaction'),
  throttled: r('800.120.100', 'Too many requests. Please try again later.'),
  invalidPaymentMethod: r('600.200.100', 'invalid payment method'),
  invalidCardNumber: r('100.100.101', 'invalid creditcard, bank account number or bank name'),
  invalidMonth: r('100.100.201', 'invalid expiry month'),
  invalidYear: r('100.100.301', 'invalid expiry year'),
  cardExpired: r('100.100.303', 'card expired'),
  invalidHolder: r('100.100.402', 'cc/bank account holder not valid'),
  cvvMissing: r('100.100.600', 'empty CVV for VISA, MASTER, AMEX not allowed'),
  cvvInvalid: r('100.100.601', 'invalid CVV/brand combination'),
  brandMismatch: r('100.100.700', 'invalid cc number/brand combination'),
  amountInvalid: r('100.550.300', 'request contains no amount or too low amount'),
  currencyInvalid: r('100.550.310', 'invalid or missing currency'),
  walletAmountMismatch: r(
    '100.550.360',
    "amount or currency authorised in the wallet does not match the checkout's: nothing was charged; prepare the checkout with the total the wallet shows",
  ),
  customerInvalid: r('100.700.100', 'customer data invalid'),
  emailInvalid: r('100.900.101', 'invalid email address (probably invalid syntax)'),
  phoneInvalid: r('100.900.200', 'invalid phone number'),
  ipInvalid: r('100.900.401', 'invalid ip number'),
  streetInvalid: r('100.800.100', 'invalid or missing street'),
  postcodeInvalid: r('100.800.202', 'invalid zip'),
  cityInvalid: r('100.800.302', 'invalid city'),
  stateInvalid: r('100.800.401', 'invalid state'),
  countryInvalid: r('100.800.501', 'invalid country'),
  jobInvalid: r('100.250.100', 'job data invalid'),
  registrationUnknown: r('100.150.200', 'registration does not exist'),
  referenceUnknown: r('700.100.100', 'reference id not existing'),
  cannotCapture: r('700.400.100', 'cannot capture (PA value exceeded, PA reverted or invalid workflow?)'),
  cannotRefund: r('700.400.200', 'cannot refund (refund volume exceeded or tx reversed or invalid workflow?)'),
  cannotReverse: r('700.400.300', 'cannot reverse (already refunded|reversed, invalid workflow or amount exceeded)'),
  invalidWorkflow: r('700.400.000', 'serious workflow error (call support)'),
  declinedInvalidCard: r('800.100.151', 'transaction declined (invalid card)'),
  declinedByAuthorizationSystem: r('800.100.152', 'transaction declined by authorization system'),
  declinedInvalidCvv: r('800.100.153', 'transaction declined (invalid CVV)'),
  declinedInsufficientFunds: r('800.100.155', 'transaction declined (amount exceeds credit)'),
  declinedStolen: r('800.100.159', 'transaction declined (stolen card)'),
  timeout: r('900.100.300', 'timeout, uncertain result'),
  chargebackUnspecified: r('000.100.200', 'Reason not Specified'),
  chargebackFraud: r('000.100.220', 'Fraudulent Transaction'),
  chargebackNotReceived: r('000.100.221', 'Merchandise Not Received'),
  chargebackNotRecognized: r('000.100.222', 'Transaction Not Recognized By Cardholder'),
  authenticationFailed: r('100.380.401', 'User Authentication Failed'),
  internalError: r('999.999.999', 'internal sandbox error'),
} as const satisfies Record<string, Result>;
