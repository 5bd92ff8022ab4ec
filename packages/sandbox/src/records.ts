// Owns the in-memory records of the sandbox (checkouts, payments,
// registrations) and the response bodies built from them. Records hold only
// the BIN and last four digits of a card.

import { centsToAmount } from '@wpwl/gateway-spec';
import type { CardOutcome, FinalCardOutcome, StoredCard } from './cards.js';
import { BUILD_NUMBER, formatTimestamp, newNdc, unflatten } from './format.js';
import type { Result } from './result-codes.js';

/** The shopper's one submission against a checkout. */
export interface Submission {
  kind: 'payment' | 'registration';
  /** Id of the payment or registration record. */
  recordId: string;
  submittedAt: number;
  /** Set by a merchant status read; stops the 29-minute call. */
  read: boolean;
}

/** A prepared checkout. */
export interface CheckoutRecord {
  id: string;
  entityId: string;
  createdAt: number;
  expiresAt: number;
  amountCents: number;
  currency: string;
  paymentType: string;
  /** Brand → payment type, from overridePaymentType[brand]. */
  overridePaymentType: Record<string, string>;
  /** Parameters echoed in the payment response (customer, billing, cart, customParameters …). */
  echo: Record<string, string>;
  shopperResultUrl?: string;
  createRegistration: boolean;
  /** Stored cards offered for one-click payment (`registrations[n].id`), in order. */
  registrationIds: string[];
  numberOfCaptures?: number;
  integrity?: string;
  submission?: Submission;
}

/** A payment answered with an uncertain result, until it settles. */
export interface UncertainSettlement {
  /** Sandbox-clock time (ms) from which the payment settles. */
  settlesAt: number;
  /** The final outcome it settles to. */
  settlesTo: FinalCardOutcome;
  /** The card's own outcome, kept by a card stored from this payment. */
  cardOutcome: CardOutcome;
  /** Store the card once the payment settles to success (`createRegistration=true`). */
  createRegistration: boolean;
}

/**
 * A payment: an initial one (PA, DB, CD), a referencing one (CP, RV, RF), or
 * one the card network started: a chargeback (CB) or its reversal (CR).
 */
export interface PaymentRecord {
  id: string;
  entityId: string;
  paymentType: string;
  paymentBrand?: string;
  amountCents: number;
  currency: string;
  card?: StoredCard;
  result: Result;
  state: 'success' | 'pending' | 'rejected';
  echo: Record<string, string>;
  createdAt: number;
  checkoutId?: string;
  /** The payment a CP, RV, RF, CB or CR refers to (in webhook notifications, never in API answers). */
  referencedId?: string;
  registrationId?: string;
  redirectUrl?: string;
  /** Where a completed 3-D Secure challenge sends the shopper, with the resource path to read. */
  challenge?: { resultUrl?: string; resourcePath: string; createRegistration: boolean };
  numberOfCaptures?: number;
  captureCount: number;
  capturedCents: number;
  captureClosed: boolean;
  refundedCents: number;
  /** The amount a chargeback took back and no chargeback reversal returned. */
  chargedBackCents: number;
  /** The payment's chargeback (CB), once it had one: one per payment. */
  chargebackId?: string;
  /** Set while an uncertain result (a timeout) waits to settle; state is `pending` then. */
  uncertain?: UncertainSettlement;
  /** A reversal (RV) undid this payment; for a chargeback (CB): a chargeback reversal (CR) undid it. */
  reversed: boolean;
}

/** A stored card registration (token). */
export interface RegistrationRecord {
  id: string;
  entityId: string;
  paymentBrand: string;
  card: StoredCard;
  /** How a payment with the stored card goes: the test card's behaviour, kept when it was stored. */
  outcome: CardOutcome;
  result: Result;
  checkoutId?: string;
  echo: Record<string, string>;
}

/** All records of one sandbox. */
export class Records {
  readonly checkouts = new Map<string, CheckoutRecord>();
  readonly payments = new Map<string, PaymentRecord>();
  readonly registrations = new Map<string, RegistrationRecord>();
}

const ECHO_PREFIXES = ['customer.', 'billing.', 'shipping.', 'cart.', 'customParameters[', 'merchant.', 'standingInstruction.', 'risk.'];
const ECHO_NAMES = new Set([
  'descriptor',
  'merchantTransactionId',
  'merchantInvoiceId',
  'merchantMemo',
  'transactionCategory',
  'testMode',
  'shopperResultUrl',
]);

/** The parameters of a request that its response may echo: never card, token or 3-D Secure data. */
export function echoable(params: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === '') continue;
    if (ECHO_NAMES.has(name) || ECHO_PREFIXES.some((prefix) => name.startsWith(prefix))) out[name] = value;
  }
  return out;
}

/** The fields every response ends with. */
export function envelope(result: Result, now: number, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...fields, result, buildNumber: BUILD_NUMBER, timestamp: formatTimestamp(now), ndc: newNdc() };
}

/**
 * HTTP status of a payment response: 400 for a rejection and for an uncertain
 * result not settled yet (answered as the never-settling timeout card is, so a
 * merchant cannot tell them apart), 200 otherwise.
 */
export function paymentStatus(payment: PaymentRecord): number {
  return payment.state === 'rejected' || payment.uncertain ? 400 : 200;
}

/**
 * The payment response body of the interface. `referencedId` stays out: the
 * interface has it only in webhook notifications ({@link paymentNotificationPayload}).
 */
export function paymentBody(payment: PaymentRecord, now: number): Record<string, unknown> {
  return envelope(payment.result, now, {
    id: payment.id,
    paymentType: payment.paymentType,
    ...(payment.paymentBrand ? { paymentBrand: payment.paymentBrand } : {}),
    amount: centsToAmount(payment.amountCents),
    currency: payment.currency,
    ...unflatten(payment.echo),
    ...(payment.registrationId ? { registrationId: payment.registrationId } : {}),
    ...(payment.card ? { card: payment.card } : {}),
    ...(payment.redirectUrl ? { redirect: { url: payment.redirectUrl, method: 'GET', parameters: [] } } : {}),
    resultDetails: {
      ExtendedDescription: payment.result.description,
      clearingInstituteName: 'wpwl sandbox',
      ConnectorTxID1: payment.id,
    },
  });
}

/** The registration response body. */
export function registrationBody(registration: RegistrationRecord, now: number): Record<string, unknown> {
  return envelope(registration.result, now, {
    id: registration.id,
    paymentBrand: registration.paymentBrand,
    card: registration.card,
    ...unflatten(registration.echo),
  });
}

/**
 * The payload of a PAYMENT notification: the payment body, with `referencedId`
 * for a capture, refund, reversal, chargeback or chargeback reversal, and `ndc` = the checkout id for a
 * payment made through a checkout (the merchant finds the order by it).
 */
export function paymentNotificationPayload(payment: PaymentRecord, now: number): Record<string, unknown> {
  return {
    ...paymentBody(payment, now),
    ...(payment.referencedId ? { referencedId: payment.referencedId } : {}),
    ...(payment.checkoutId ? { ndc: payment.checkoutId } : {}),
  };
}

/** A payment as a reconciliation compares it with the merchant's orders. */
export interface SandboxPayment {
  id: string;
  /** The checkout the payment was made through. */
  checkoutId?: string;
  merchantTransactionId?: string;
  paymentType: string;
  /** Two decimals, e.g. `"92.00"`. */
  amount: string;
  currency: string;
  resultCode: string;
  /** `pending` also for an uncertain result (a timeout) not settled yet. */
  state: 'success' | 'pending' | 'rejected';
  /** The payment a capture, refund, reversal or chargeback refers to; for a chargeback reversal, the chargeback. */
  referencedId?: string;
}

/** The gateway's own record of a payment, as a plain object. */
export function sandboxPayment(payment: PaymentRecord): SandboxPayment {
  const merchantTransactionId = payment.echo.merchantTransactionId;
  return {
    id: payment.id,
    ...(payment.checkoutId ? { checkoutId: payment.checkoutId } : {}),
    ...(merchantTransactionId ? { merchantTransactionId } : {}),
    paymentType: payment.paymentType,
    amount: centsToAmount(payment.amountCents),
    currency: payment.currency,
    resultCode: payment.result.code,
    state: payment.state,
    ...(payment.referencedId ? { referencedId: payment.referencedId } : {}),
  };
}
