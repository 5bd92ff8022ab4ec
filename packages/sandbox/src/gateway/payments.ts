// Owns payments and what refers to them: the payment against a checkout, made
// with the card the shopper typed or a stored card the checkout offers
// (`POST /v1/checkouts/{id}/payment`), the direct server-to-server payment
// (`POST /v1/payments`), capture, reversal and refund of a payment
// (`POST /v1/payments/{id}`), and what a card's outcome makes of a payment
// (success, decline, a 3-D Secure challenge, or an uncertain result that
// settles later: uncertain-results.ts), and a wallet's payment from the
// stand-in widget's wallet sheet (wallet-payments.ts: the total the wallet
// authorised must be the checkout's).

import { amountToCents } from '@wpwl/gateway-spec';
import { checkCard, outcomeOf, storedCard, type CardOutcome, type StoredCard } from '../cards.js';
import { newPaymentId } from '../format.js';
import { echoable, paymentBody, paymentStatus, type CheckoutRecord, type PaymentRecord, type Records } from '../records.js';
import { decideReference } from '../references.js';
import { RESULTS, type Result } from '../result-codes.js';
import type { CheckoutSubmissions } from './checkout-submission.js';
import type { Registrations } from './registrations.js';
import type { JsonReply, Reply } from './replies.js';
import { cardInput, GatewayResource, type GatewayDeps, type Submitter } from './resource.js';
import type { ThreeDSecure } from './three-d-secure.js';
import type { UncertainResults } from './uncertain-results.js';
import { walletMismatch, walletPaidWith } from './wallet-payments.js';

/** A parameter the sender has to correct, and what is wrong with it. */
export interface FieldProblem {
  /** The parameter, e.g. `card.number`. */
  field: string;
  /** What is wrong, naming the parameter and the rule. */
  message: string;
}

/** What a submission to a checkout's payment path came to; `reply` is the JSON answer. */
export type CheckoutPaymentOutcome =
  | { kind: 'refused'; reply: JsonReply; problems: FieldProblem[] }
  | { kind: 'processed'; reply: JsonReply; payment: PaymentRecord; resultUrl: string | undefined; resourcePath: string };

/** What a checkout payment is made with: a card typed in, a stored card offered, or a wallet (no card). */
export interface PaidWith {
  brand: string;
  card?: StoredCard;
  outcome: CardOutcome;
}

/** The other resources a payment goes through. */
interface PaymentPartners {
  submissions: CheckoutSubmissions;
  registrations: Registrations;
  threeDSecure: ThreeDSecure;
  uncertainResults: UncertainResults;
}

export class Payments extends GatewayResource {
  constructor(
    deps: GatewayDeps,
    records: Records,
    private readonly partners: PaymentPartners,
  ) {
    super(deps, records);
  }

  /**
   * `POST /v1/checkouts/{id}/payment` — the shopper's submission from the
   * widget (no Authorization; the checkout id is the capability) or the
   * merchant's (authenticated). A checkout accepts one payment.
   */
  submitToCheckout(id: string, params: Record<string, string>, submitter: Submitter, baseUrl: string): Reply {
    return this.takeCheckoutPayment(id, params, submitter, baseUrl).reply;
  }

  /**
   * The checkout payment itself, with what an answer other than the JSON one
   * needs (the shopper's browser posting the widget's form natively is sent
   * on with a redirect). The same checks and decisions whoever answers.
   */
  takeCheckoutPayment(id: string, params: Record<string, string>, submitter: Submitter, baseUrl: string): CheckoutPaymentOutcome {
    const checkout = this.openCheckout(id);
    if (!checkout) return refused(this.checkoutGone());
    const rejected = this.partners.submissions.checkSubmission(checkout, params, submitter);
    if (rejected) return refused(rejected);
    const wallet: PaidWith | undefined = walletPaidWith(params);
    const paidWith = wallet ?? (params.registrationId ? this.offeredCard(checkout, params.registrationId) : this.enteredCard(params));
    if ('refusal' in paidWith) return paidWith.refusal;
    // The total a wallet authorised must be the checkout's: otherwise declined, nothing charged.
    const mismatch = walletMismatch(checkout, params);
    const outcome: CardOutcome = mismatch ? { kind: 'decline', result: mismatch } : paidWith.outcome;

    const resultUrl = params.shopperResultUrl || checkout.shopperResultUrl;
    const resourcePath = `/v1/checkouts/${checkout.id}/payment`;
    const payment = this.process({
      paymentType: checkout.overridePaymentType[paidWith.brand] ?? checkout.paymentType,
      paymentBrand: paidWith.brand,
      amountCents: checkout.amountCents,
      currency: checkout.currency,
      card: paidWith.card,
      outcome,
      echo: { ...checkout.echo, ...echoable(params) },
      checkoutId: checkout.id,
      numberOfCaptures: checkout.numberOfCaptures,
      // A stored card is stored already.
      createRegistration: !params.registrationId && (checkout.createRegistration || params.createRegistration === 'true'),
      challengeId: checkout.id,
      resultUrl,
      resourcePath,
      baseUrl,
    });
    this.partners.submissions.recordSubmission(checkout, { kind: 'payment', recordId: payment.id }, resultUrl, resourcePath);
    return {
      kind: 'processed',
      reply: { kind: 'json', status: paymentStatus(payment), body: paymentBody(payment, this.deps.now()) },
      payment,
      resultUrl,
      resourcePath,
    };
  }

  /** The card the shopper typed in, checked like the card network would. */
  private enteredCard(params: Record<string, string>): PaidWith | { refusal: CheckoutPaymentOutcome } {
    const card = cardInput(params);
    const checked = checkCard(card, params.paymentBrand || undefined, this.deps.now(), { cvvRequired: true });
    if ('error' in checked) return this.refusedPayment(checked.error, checked.field, checked.detail);
    return { brand: checked.brand, card: storedCard(card), outcome: outcomeOf(card.number) };
  }

  /** A checkout payment refused before it reached the card network: 400, the result with the detail, the field named. */
  private refusedPayment(result: Result, field: string, detail: string): { refusal: CheckoutPaymentOutcome } {
    const reply = this.json(400, { ...result, description: `${result.description}: ${detail}` });
    return { refusal: { kind: 'refused', reply, problems: [{ field, message: detail }] } };
  }

  /** A stored card the checkout offers (one-click); another registration id, even a real one, is refused. */
  private offeredCard(checkout: CheckoutRecord, registrationId: string): PaidWith | { refusal: CheckoutPaymentOutcome } {
    const registration = checkout.registrationIds.includes(registrationId) ? this.records.registrations.get(registrationId) : undefined;
    if (!registration) {
      const detail = 'registrationId is none of the stored cards this checkout offers (registrations[n].id)';
      return this.refusedPayment(RESULTS.registrationUnknown, 'registrationId', detail);
    }
    return { brand: registration.paymentBrand, card: registration.card, outcome: registration.outcome };
  }

  /** `POST /v1/payments` — a direct server-to-server payment. */
  create(params: Record<string, string>, baseUrl: string): Reply {
    const foreign = this.foreignEntity(params);
    if (foreign) return foreign;
    const violations = this.check(params, 'payment');
    if (violations.length === 0 && !params['card.number']) {
      violations.push({ field: 'card.number', rule: 'required', message: 'card.number is required: the sandbox processes card payments' });
    }
    if (violations.length > 0) return this.invalid(violations, params);
    const card = cardInput(params);
    // A repeated merchant-initiated payment has no shopper present to give the code.
    const cvvRequired = params['standingInstruction.mode'] !== 'REPEATED';
    const checked = checkCard(card, params.paymentBrand, this.deps.now(), { cvvRequired });
    if ('error' in checked) return this.json(400, { ...checked.error, description: `${checked.error.description}: ${checked.detail}` });
    const id = newPaymentId();
    const payment = this.process({
      id,
      paymentType: params.paymentType ?? '',
      paymentBrand: checked.brand,
      amountCents: amountToCents(params.amount ?? ''),
      currency: params.currency ?? '',
      card: storedCard(card),
      outcome: outcomeOf(card.number),
      echo: echoable(params),
      numberOfCaptures: params.numberOfCaptures ? Number(params.numberOfCaptures) : undefined,
      createRegistration: params.createRegistration === 'true',
      challengeId: id,
      resultUrl: params.shopperResultUrl || undefined,
      resourcePath: `/v1/payments/${id}`,
      baseUrl,
    });
    return { kind: 'json', status: paymentStatus(payment), body: paymentBody(payment, this.deps.now()) };
  }

  /** `POST /v1/payments/{id}` — capture (CP), reversal (RV) or refund (RF) of payment `id`. */
  reference(id: string, params: Record<string, string>): Reply {
    const foreign = this.foreignEntity(params);
    if (foreign) return foreign;
    const violations = this.check(params, 'reference');
    if (violations.length > 0) return this.invalid(violations, params);
    const target = this.records.payments.get(id);
    if (!target)
      return this.json(404, { ...RESULTS.referenceUnknown, description: `${RESULTS.referenceUnknown.description}: no payment ${id}` });
    const paymentType = params.paymentType as 'CP' | 'RV' | 'RF';
    const decision = decideReference(target, {
      paymentType,
      ...(params.amount ? { amountCents: amountToCents(params.amount) } : {}),
      ...(params.currency ? { currency: params.currency } : {}),
      final: params.sequence === 'FINAL',
    });
    if ('error' in decision) return this.json(400, decision.error);
    decision.apply();
    const payment: PaymentRecord = {
      id: newPaymentId(),
      entityId: this.deps.entityId,
      paymentType,
      amountCents: decision.amountCents,
      currency: target.currency,
      result: RESULTS.success,
      state: 'success',
      echo: echoable(params),
      createdAt: this.deps.now(),
      referencedId: target.id,
      ...(target.paymentBrand ? { paymentBrand: target.paymentBrand } : {}),
      captureCount: 0,
      capturedCents: 0,
      captureClosed: false,
      refundedCents: 0,
      chargedBackCents: 0,
      reversed: false,
    };
    this.records.payments.set(payment.id, payment);
    this.deps.onPayment?.(payment);
    return { kind: 'json', status: 200, body: paymentBody(payment, this.deps.now()) };
  }

  private process(input: {
    id?: string;
    paymentType: string;
    paymentBrand: string;
    amountCents: number;
    currency: string;
    card: StoredCard | undefined;
    outcome: CardOutcome;
    echo: Record<string, string>;
    checkoutId?: string;
    numberOfCaptures?: number | undefined;
    createRegistration: boolean;
    challengeId: string;
    resultUrl: string | undefined;
    resourcePath: string;
    baseUrl: string;
  }): PaymentRecord {
    const outcome = input.outcome;
    const payment: PaymentRecord = {
      id: input.id ?? newPaymentId(),
      entityId: this.deps.entityId,
      paymentType: input.paymentType,
      paymentBrand: input.paymentBrand,
      amountCents: input.amountCents,
      currency: input.currency,
      ...(input.card ? { card: input.card } : {}),
      result: RESULTS.success,
      state: 'success',
      echo: input.echo,
      createdAt: this.deps.now(),
      ...(input.checkoutId ? { checkoutId: input.checkoutId } : {}),
      ...(input.numberOfCaptures ? { numberOfCaptures: input.numberOfCaptures } : {}),
      captureCount: 0,
      capturedCents: 0,
      captureClosed: false,
      refundedCents: 0,
      chargedBackCents: 0,
      reversed: false,
    };
    if (outcome.kind === 'decline') {
      payment.result = outcome.result;
      payment.state = 'rejected';
    } else if (outcome.kind === 'uncertain') {
      this.partners.uncertainResults.hold(payment, outcome, input.createRegistration);
    } else if (outcome.kind === 'challenge') {
      payment.result = RESULTS.pending;
      payment.state = 'pending';
      payment.redirectUrl = `${input.baseUrl}/v1/threeds/${encodeURIComponent(input.challengeId)}`;
      payment.challenge = {
        ...(input.resultUrl ? { resultUrl: input.resultUrl } : {}),
        resourcePath: input.resourcePath,
        createRegistration: input.createRegistration,
      };
      this.partners.threeDSecure.openChallenge(input.challengeId, payment.id);
    } else if (input.createRegistration) {
      this.partners.registrations.registerPaymentCard(payment, outcome);
    }
    this.records.payments.set(payment.id, payment);
    this.deps.onPayment?.(payment);
    return payment;
  }
}

// A refusal whose parameter errors (if any) are the problems to show.
function refused(reply: JsonReply): CheckoutPaymentOutcome {
  const result = reply.body.result as { parameterErrors?: Array<{ name: string; message: string }> } | undefined;
  const problems = (result?.parameterErrors ?? []).map((e) => ({ field: e.name, message: e.message }));
  return { kind: 'refused', reply, problems };
}
