// Owns card registrations (stored cards): storing a card against a checkout
// without paying (`POST /v1/checkouts/{id}/registration`, once per checkout
// like a payment), and storing the card of a payment made with
// createRegistration=true once the payment succeeds.

import { checkCard, outcomeOf, storedCard, type CardOutcome } from '../cards.js';
import { newPaymentId } from '../format.js';
import { echoable, registrationBody, type PaymentRecord, type Records } from '../records.js';
import { RESULTS } from '../result-codes.js';
import type { CheckoutSubmissions } from './checkout-submission.js';
import type { Reply } from './replies.js';
import { cardInput, GatewayResource, type GatewayDeps, type Submitter } from './resource.js';

export class Registrations extends GatewayResource {
  constructor(
    deps: GatewayDeps,
    records: Records,
    private readonly submissions: CheckoutSubmissions,
  ) {
    super(deps, records);
  }

  /** `POST /v1/checkouts/{id}/registration` — stores the card without paying; same once-only rule. */
  submitToCheckout(id: string, params: Record<string, string>, submitter: Submitter): Reply {
    const checkout = this.openCheckout(id);
    if (!checkout) return this.checkoutGone();
    const rejected = this.submissions.checkSubmission(checkout, params, submitter);
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
    this.submissions.recordSubmission(
      checkout,
      { kind: 'registration', recordId: registration.id },
      resultUrl,
      `/v1/checkouts/${checkout.id}/registration`,
    );
    return { kind: 'json', status: 200, body: registrationBody(registration, this.deps.now()) };
  }

  /** Stores the card a successful payment was made with; the payment names the registration. */
  registerPaymentCard(payment: PaymentRecord, outcome: CardOutcome): void {
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
}
