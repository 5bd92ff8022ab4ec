// Owns the gateway's operations, free of HTTP: prepare checkout, the shopper's
// (or merchant's) submission against a checkout, status reads, direct
// payments, and the 3-D Secure challenge. Every state change happens in one
// synchronous step after the request body is read, so two concurrent
// submissions can never both pass the once-only check.

import {
  ENTITY_ID_PATTERN,
  FIELD_RULES,
  amountToCents,
  centsToAmount,
  checkParams,
  type FieldViolation,
  type Operation,
} from '@wpwl/gateway-spec';
import { CARD_BRANDS, checkCard, outcomeOf, storedCard, type CardInput, type CardOutcome, type StoredCard } from './cards.js';
import { newCheckoutId, newPaymentId } from './format.js';
import { decideReference } from './references.js';
import {
  echoable,
  envelope,
  paymentBody,
  paymentStatus,
  registrationBody,
  Records,
  type CheckoutRecord,
  type PaymentRecord,
  type RegistrationRecord,
  type Submission,
} from './records.js';
import { escapeHtml, htmlPage as page } from './html.js';
import { RESULTS, type Result } from './result-codes.js';
import { resultForViolations } from './violation-codes.js';
import type { UnreadPaymentNotifier } from './shopper-callback.js';

/** How long a checkout id stays usable. */
export const CHECKOUT_LIFETIME_MS = 30 * 60 * 1000;

/** What the HTTP layer sends back. */
export type Reply =
  | { kind: 'json'; status: number; body: Record<string, unknown> }
  | { kind: 'html'; status: number; html: string }
  | { kind: 'redirect'; location: string };

/** A JSON answer. */
export type JsonReply = Extract<Reply, { kind: 'json' }>;

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

/** The card a checkout payment is made with: typed in, or stored and offered. */
interface PaidWith {
  brand: string;
  card: StoredCard;
  outcome: CardOutcome;
}

/** Who sent a request to a checkout's payment path. */
export type Submitter = 'shopper' | 'merchant';

interface GatewayDeps {
  entityId: string;
  now: () => number;
  notifier: UnreadPaymentNotifier;
  /** `sha384-…` of the served widget script, or undefined when no script is served. */
  widgetIntegrity: () => string | undefined;
  /** Refuse what the interface's rules refuse even where the real gateway is known to accept it. */
  strict?: boolean;
  /** Told each value that breaks a stated rule but is accepted, as the real gateway does. */
  warn?: (line: string) => void;
  /** Told each payment created or changed (after the change), for webhook notifications. */
  onPayment?: (payment: PaymentRecord) => void;
  /** Told each card registration stored, for webhook notifications. */
  onRegistration?: (registration: RegistrationRecord) => void;
}

export class Gateway {
  readonly records = new Records();
  /** 3-D Secure challenge id (checkout id or payment id) → payment id. */
  private readonly challenges = new Map<string, string>();

  constructor(private readonly deps: GatewayDeps) {}

  private json(status: number, result: Result, fields: Record<string, unknown> = {}): JsonReply {
    return { kind: 'json', status, body: envelope(result, this.deps.now(), fields) };
  }

  private invalid(violations: FieldViolation[], params: Record<string, string>): JsonReply {
    const result = resultForViolations(violations);
    const parameterErrors = violations.map((v) => ({
      name: v.field,
      // Card data is never echoed, not even in an error.
      ...(v.field.startsWith('card.') ? {} : { value: params[v.field] ?? '' }),
      message: v.message,
    }));
    return this.json(400, { ...result, parameterErrors } as Result);
  }

  /**
   * The interface's field rules on a request. Values production integrations
   * send that break a stated rule (merchantTransactionId "17") pass with a
   * warning naming the rule, as the real gateway takes them; strict refuses them.
   */
  private check(params: Record<string, string>, operation: Operation, fromShopper = false): FieldViolation[] {
    const { violations, warnings } = checkParams(params, operation, { fromShopper });
    if (this.deps.strict) return [...violations, ...warnings];
    for (const warning of warnings) this.deps.warn?.(`warning: ${warning.message}`);
    return violations;
  }

  /**
   * The stored cards a checkout offers (`registrations[n].id`, in index order).
   * Each must be a registration of this entity; others are added to `violations`.
   */
  private offeredRegistrations(params: Record<string, string>, violations: FieldViolation[]): string[] {
    const offered: Array<[index: number, id: string]> = [];
    for (const [name, value] of Object.entries(params)) {
      const index = /^registrations\[(\d+)\]\.id$/.exec(name)?.[1];
      if (index === undefined || value === '') continue;
      if (violations.some((v) => v.field === name)) continue;
      if (this.records.registrations.get(value)?.entityId !== this.deps.entityId) {
        violations.push({ field: name, rule: 'a stored registration', message: `${name} is no registration of this entity` });
        continue;
      }
      offered.push([Number(index), value]);
    }
    return offered.sort(([a], [b]) => a - b).map(([, id]) => id);
  }

  /** 403 for a well-formed entityId of another entity; `undefined` when the entity may go on. */
  private foreignEntity(params: Record<string, string>): JsonReply | undefined {
    const entityId = params.entityId;
    if (entityId !== undefined && ENTITY_ID_PATTERN.test(entityId) && entityId !== this.deps.entityId) {
      return this.json(403, {
        ...RESULTS.forbidden,
        description: `${RESULTS.forbidden.description}: entityId does not belong to this access token`,
      });
    }
    return undefined;
  }

  /** entityId for a read (GET): required, well-formed and ours. */
  private entityForRead(params: Record<string, string>): Reply | undefined {
    const entityId = params.entityId;
    if (entityId === undefined || entityId === '') {
      return this.invalid([{ field: 'entityId', rule: 'required', message: 'entityId is required (query parameter)' }], params);
    }
    if (!ENTITY_ID_PATTERN.test(entityId)) {
      const rule = FIELD_RULES.entityId?.format.rule ?? '32 lowercase hex characters';
      return this.invalid([{ field: 'entityId', rule, message: `entityId must be ${rule}` }], params);
    }
    return this.foreignEntity(params);
  }

  private openCheckout(id: string): CheckoutRecord | undefined {
    const checkout = this.records.checkouts.get(id);
    return checkout && this.deps.now() < checkout.expiresAt ? checkout : undefined;
  }

  private checkoutGone(): JsonReply {
    return this.json(404, RESULTS.checkoutUnknown);
  }

  /** `POST /v1/checkouts` */
  createCheckout(params: Record<string, string>): Reply {
    const foreign = this.foreignEntity(params);
    if (foreign) return foreign;
    const violations = this.check(params, 'checkout');
    const registrationIds = this.offeredRegistrations(params, violations);
    if (violations.length > 0) return this.invalid(violations, params);
    const now = this.deps.now();
    const overridePaymentType: Record<string, string> = {};
    for (const [name, value] of Object.entries(params)) {
      const brand = /^overridePaymentType\[(.+)\]$/.exec(name)?.[1];
      if (brand) overridePaymentType[brand] = value;
    }
    const integrity = params.integrity === 'true' ? this.deps.widgetIntegrity() : undefined;
    const checkout: CheckoutRecord = {
      id: newCheckoutId(),
      entityId: this.deps.entityId,
      createdAt: now,
      expiresAt: now + CHECKOUT_LIFETIME_MS,
      amountCents: amountToCents(params.amount ?? ''),
      currency: params.currency ?? '',
      paymentType: params.paymentType ?? '',
      overridePaymentType,
      echo: echoable(params),
      createRegistration: params.createRegistration === 'true',
      registrationIds,
      ...(params.shopperResultUrl ? { shopperResultUrl: params.shopperResultUrl } : {}),
      ...(params.numberOfCaptures ? { numberOfCaptures: Number(params.numberOfCaptures) } : {}),
      ...(integrity ? { integrity } : {}),
    };
    this.records.checkouts.set(checkout.id, checkout);
    return this.json(200, RESULTS.checkoutCreated, { id: checkout.id, ...(integrity ? { integrity } : {}) });
  }

  /**
   * `POST /v1/checkouts/{id}` — update checkout: the parameters given replace
   * the checkout's (amount, currency, payment type, shopper result URL, the
   * echoed customer, billing, cart and custom parameters), checked like
   * prepare checkout on the result. Only while it is open and unpaid.
   */
  updateCheckout(id: string, params: Record<string, string>): Reply {
    const foreign = this.foreignEntity(params);
    if (foreign) return foreign;
    const checkout = this.openCheckout(id);
    if (!checkout) return this.checkoutGone();
    if (checkout.submission) return this.json(400, RESULTS.duplicate);
    const merged = {
      amount: centsToAmount(checkout.amountCents),
      currency: checkout.currency,
      paymentType: checkout.paymentType,
      ...params,
    };
    const violations = this.check(merged, 'checkout');
    const registrationIds = this.offeredRegistrations(params, violations);
    if (violations.length > 0) return this.invalid(violations, params);
    if (Object.keys(params).some((name) => name.startsWith('registrations['))) checkout.registrationIds = registrationIds;
    checkout.amountCents = amountToCents(merged.amount);
    checkout.currency = merged.currency;
    checkout.paymentType = merged.paymentType;
    checkout.echo = { ...checkout.echo, ...echoable(params) };
    if (params.shopperResultUrl) checkout.shopperResultUrl = params.shopperResultUrl;
    if (params.createRegistration !== undefined) checkout.createRegistration = params.createRegistration === 'true';
    return this.json(200, RESULTS.checkoutUpdated, { id: checkout.id });
  }

  /** `GET /v1/checkouts/{id}/widget-session` — what the served widget needs to render. */
  widgetSession(id: string): Reply {
    const checkout = this.openCheckout(id);
    if (!checkout) return this.checkoutGone();
    return this.json(200, RESULTS.checkoutCreated, {
      id: checkout.id,
      amount: centsToAmount(checkout.amountCents),
      currency: checkout.currency,
      paymentType: checkout.paymentType,
      expiresAt: new Date(checkout.expiresAt).toISOString(),
      submitted: checkout.submission !== undefined,
      // What the widget shows of each stored card: never more than a receipt would.
      registrations: checkout.registrationIds.flatMap((registrationId) => {
        const registration = this.records.registrations.get(registrationId);
        if (!registration) return [];
        const { last4Digits, holder, expiryMonth, expiryYear } = registration.card;
        return [{ id: registration.id, paymentBrand: registration.paymentBrand, last4Digits, holder, expiryMonth, expiryYear }];
      }),
    });
  }

  /** `GET /v1/checkouts/{id}/payment` — the merchant's status read. */
  checkoutPaymentStatus(id: string, params: Record<string, string>): Reply {
    return this.checkoutStatus(id, params, 'payment');
  }

  /** `GET /v1/checkouts/{id}/registration` */
  checkoutRegistrationStatus(id: string, params: Record<string, string>): Reply {
    return this.checkoutStatus(id, params, 'registration');
  }

  private checkoutStatus(id: string, params: Record<string, string>, path: 'payment' | 'registration'): Reply {
    const entity = this.entityForRead(params);
    if (entity) return entity;
    const checkout = this.records.checkouts.get(id);
    if (!checkout) return this.checkoutGone();
    const submission = checkout.submission;
    if (!submission) {
      if (this.deps.now() >= checkout.expiresAt) return this.checkoutGone();
      return this.json(200, RESULTS.pending, { id: checkout.id });
    }
    const now = this.deps.now();
    if (path === 'payment') {
      const payment = submission.kind === 'payment' ? this.records.payments.get(submission.recordId) : undefined;
      if (!payment) {
        return this.json(404, {
          ...RESULTS.invalidParameter,
          description: `${RESULTS.invalidParameter.description}: this checkout holds a registration, read /v1/checkouts/${id}/registration`,
        });
      }
      submission.read = true;
      return { kind: 'json', status: paymentStatus(payment), body: paymentBody(payment, now) };
    }
    const registrationId =
      submission.kind === 'registration' ? submission.recordId : this.records.payments.get(submission.recordId)?.registrationId;
    const registration = registrationId ? this.records.registrations.get(registrationId) : undefined;
    if (!registration) {
      return this.json(404, {
        ...RESULTS.invalidParameter,
        description: `${RESULTS.invalidParameter.description}: this checkout holds no registration`,
      });
    }
    submission.read = true;
    return { kind: 'json', status: 200, body: registrationBody(registration, now) };
  }

  /**
   * `POST /v1/checkouts/{id}/payment` — the shopper's submission from the
   * widget (no Authorization; the checkout id is the capability) or the
   * merchant's (authenticated). A checkout accepts one payment.
   */
  submitCheckoutPayment(id: string, params: Record<string, string>, submitter: Submitter, baseUrl: string): Reply {
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
    const rejected = this.checkSubmission(checkout, params, submitter);
    if (rejected) return refused(rejected);
    const paidWith = params.registrationId ? this.offeredCard(checkout, params.registrationId) : this.enteredCard(params);
    if ('refusal' in paidWith) return paidWith.refusal;

    const resultUrl = params.shopperResultUrl || checkout.shopperResultUrl;
    const resourcePath = `/v1/checkouts/${checkout.id}/payment`;
    const payment = this.process({
      paymentType: checkout.overridePaymentType[paidWith.brand] ?? checkout.paymentType,
      paymentBrand: paidWith.brand,
      amountCents: checkout.amountCents,
      currency: checkout.currency,
      card: paidWith.card,
      outcome: paidWith.outcome,
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
    this.submit(checkout, { kind: 'payment', recordId: payment.id }, resultUrl, resourcePath);
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

  /** `POST /v1/checkouts/{id}/registration` — stores the card without paying; same once-only rule. */
  submitCheckoutRegistration(id: string, params: Record<string, string>, submitter: Submitter): Reply {
    const checkout = this.openCheckout(id);
    if (!checkout) return this.checkoutGone();
    const rejected = this.checkSubmission(checkout, params, submitter);
    if (rejected) return rejected;
    const card = cardInput(params);
    const checked = checkCard(card, params.paymentBrand || undefined, this.deps.now(), { cvvRequired: true });
    if ('error' in checked) return this.json(400, { ...checked.error, description: `${checked.error.description}: ${checked.detail}` });
    const registration = {
      id: newPaymentId(),
      entityId: checkout.entityId,
      paymentBrand: checked.brand,
      card: storedCard(card),
      outcome: outcomeOf(card.number),
      result: RESULTS.success,
      checkoutId: checkout.id,
      echo: { ...checkout.echo, ...echoable(params) },
    };
    this.records.registrations.set(registration.id, registration);
    this.deps.onRegistration?.(registration);
    const resultUrl = params.shopperResultUrl || checkout.shopperResultUrl;
    this.submit(checkout, { kind: 'registration', recordId: registration.id }, resultUrl, `/v1/checkouts/${checkout.id}/registration`);
    return { kind: 'json', status: 200, body: registrationBody(registration, this.deps.now()) };
  }

  private checkSubmission(checkout: CheckoutRecord, params: Record<string, string>, submitter: Submitter): JsonReply | undefined {
    if (submitter === 'merchant') {
      const foreign = this.foreignEntity(params);
      if (foreign) return foreign;
    }
    if (checkout.submission) return this.json(400, RESULTS.duplicate);
    const violations = this.check(params, 'checkoutPayment', submitter === 'shopper');
    if (submitter === 'merchant' && !params.entityId) {
      violations.unshift({ field: 'entityId', rule: 'required', message: 'entityId is required for an authenticated submission' });
    }
    // A wallet or bank brand gets its own answer (invalid payment method) from the card check.
    const walletOrBank = params.paymentBrand !== undefined && params.paymentBrand !== '' && !CARD_BRANDS.has(params.paymentBrand);
    if (!params['card.number'] && !params.registrationId && !walletOrBank) {
      const present = new Set(violations.map((v) => v.field));
      for (const field of ['card.number', 'card.expiryMonth', 'card.expiryYear']) {
        if (!present.has(field))
          violations.push({ field, rule: 'required', message: `${field} is required: the sandbox processes card payments` });
      }
    }
    return violations.length > 0 ? this.invalid(violations, params) : undefined;
  }

  private submit(
    checkout: CheckoutRecord,
    what: Omit<Submission, 'submittedAt' | 'read'>,
    resultUrl: string | undefined,
    resourcePath: string,
  ) {
    const submission: Submission = { ...what, submittedAt: this.deps.now(), read: false };
    checkout.submission = submission;
    if (resultUrl) {
      this.deps.notifier.watch({
        id: checkout.id,
        resourcePath,
        url: resultUrl,
        submittedAt: submission.submittedAt,
        isRead: () => submission.read,
      });
    }
  }

  /** `POST /v1/payments` — a direct server-to-server payment. */
  createPayment(params: Record<string, string>, baseUrl: string): Reply {
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

  /** `GET /v1/payments/{id}` */
  paymentStatus(id: string, params: Record<string, string>): Reply {
    const entity = this.entityForRead(params);
    if (entity) return entity;
    const payment = this.records.payments.get(id);
    if (!payment) {
      return this.json(404, {
        ...RESULTS.invalidParameter,
        description: `${RESULTS.invalidParameter.description}: no payment with this id`,
      });
    }
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
    card: StoredCard;
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
      card: input.card,
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
      reversed: false,
    };
    if (outcome.kind === 'decline') {
      payment.result = outcome.result;
      payment.state = 'rejected';
    } else if (outcome.kind === 'challenge') {
      payment.result = RESULTS.pending;
      payment.state = 'pending';
      payment.redirectUrl = `${input.baseUrl}/v1/threeds/${encodeURIComponent(input.challengeId)}`;
      payment.challenge = {
        ...(input.resultUrl ? { resultUrl: input.resultUrl } : {}),
        resourcePath: input.resourcePath,
        createRegistration: input.createRegistration,
      };
      this.challenges.set(input.challengeId, payment.id);
    } else if (input.createRegistration) {
      this.register(payment, outcome);
    }
    this.records.payments.set(payment.id, payment);
    this.deps.onPayment?.(payment);
    return payment;
  }

  private register(payment: PaymentRecord, outcome: CardOutcome): void {
    if (!payment.card || !payment.paymentBrand) return;
    const registration = {
      id: newPaymentId(),
      entityId: payment.entityId,
      paymentBrand: payment.paymentBrand,
      card: payment.card,
      outcome,
      result: RESULTS.success,
      ...(payment.checkoutId ? { checkoutId: payment.checkoutId } : {}),
      echo: {},
    };
    this.records.registrations.set(registration.id, registration);
    payment.registrationId = registration.id;
    this.deps.onRegistration?.(registration);
  }

  /** `GET /v1/threeds/{id}` — the sandbox's challenge page. */
  challengePage(id: string, target?: string): Reply {
    const payment = this.challengedPayment(id);
    if (!payment)
      return { kind: 'html', status: 404, html: page('Unknown authentication', '<p>No 3-D Secure authentication with this id.</p>') };
    const action = `/v1/threeds/${encodeURIComponent(id)}`;
    const amount = `${centsToAmount(payment.amountCents)} ${payment.currency}`;
    return {
      kind: 'html',
      status: 200,
      html: page(
        '3-D Secure authentication',
        `<h1>Confirm your payment</h1>
<p>Your card issuer asks you to confirm this payment (3-D Secure).</p>
<p class="amount">${escapeHtml(amount)}</p>
<p>Card ending in <strong>${escapeHtml(payment.card?.last4Digits ?? '')}</strong></p>
<form method="post" action="${escapeHtml(action)}"${frameTarget(target)}>
<button type="submit" name="outcome" value="complete" id="complete">Complete authentication</button>
<button type="submit" name="outcome" value="fail" id="fail" class="secondary">Fail authentication</button>
</form>
<p class="result">Sandbox issuer: choose how the authentication ends.</p>`,
      ),
    };
  }

  /** `POST /v1/threeds/{id}` — ends the challenge and sends the shopper to the result URL. */
  completeChallenge(id: string, params: Record<string, string>): Reply {
    const payment = this.challengedPayment(id);
    if (!payment?.challenge)
      return { kind: 'html', status: 404, html: page('Unknown authentication', '<p>No 3-D Secure authentication with this id.</p>') };
    if (payment.state === 'pending') {
      if (params.outcome === 'complete') {
        payment.result = RESULTS.success;
        payment.state = 'success';
        // The stored card asks for 3-D Secure again on each one-click payment, as the card did.
        if (payment.challenge.createRegistration) this.register(payment, { kind: 'challenge' });
      } else if (params.outcome === 'fail') {
        payment.result = RESULTS.authenticationFailed;
        payment.state = 'rejected';
      } else {
        return { kind: 'html', status: 400, html: page('Bad request', '<p>outcome must be complete or fail.</p>') };
      }
      delete payment.redirectUrl;
      this.deps.onPayment?.(payment);
    }
    const { resultUrl, resourcePath } = payment.challenge;
    if (!resultUrl) {
      return {
        kind: 'html',
        status: 200,
        html: page(
          'Authentication finished',
          `<p>Result: ${escapeHtml(payment.result.code)} ${escapeHtml(payment.result.description)}</p><p>Read ${escapeHtml(resourcePath)} for the status.</p>`,
        ),
      };
    }
    return { kind: 'redirect', location: shopperResultLocation(resultUrl, id, resourcePath) };
  }

  private challengedPayment(id: string): PaymentRecord | undefined {
    const paymentId = this.challenges.get(id);
    return paymentId ? this.records.payments.get(paymentId) : undefined;
  }
}

/** `{resultUrl}?id={id}&resourcePath={resourcePath}`, where the shopper goes after a payment. */
export function shopperResultLocation(resultUrl: string, id: string, resourcePath: string): string {
  const target = new URL(resultUrl);
  target.searchParams.set('id', id);
  target.searchParams.set('resourcePath', resourcePath);
  return target.href;
}

// A refusal whose parameter errors (if any) are the problems to show.
/**
 * The window the challenge page sends the shopper on in: the widget shows the
 * page in an iframe and asks for its shopperResultTarget (`_top` by default).
 * Only a browsing-context keyword or a plain frame name is taken.
 */
function frameTarget(target: string | undefined): string {
  if (!target || !/^(?:_top|_parent|_self|_blank|[A-Za-z][\w-]{0,63})$/.test(target)) return '';
  return ` target="${escapeHtml(target)}"`;
}

function refused(reply: JsonReply): CheckoutPaymentOutcome {
  const result = reply.body.result as { parameterErrors?: Array<{ name: string; message: string }> } | undefined;
  const problems = (result?.parameterErrors ?? []).map((e) => ({ field: e.name, message: e.message }));
  return { kind: 'refused', reply, problems };
}

function cardInput(params: Record<string, string>): CardInput {
  return {
    number: params['card.number'] ?? '',
    expiryMonth: params['card.expiryMonth'] ?? '',
    expiryYear: params['card.expiryYear'] ?? '',
    cvv: params['card.cvv'],
    holder: params['card.holder'],
  };
}
