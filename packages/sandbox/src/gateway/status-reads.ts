// Owns the merchant's status reads: the payment or the stored card a checkout
// holds (`GET /v1/checkouts/{id}/payment`, `…/registration`), which also stops
// the 29-minute call, and a payment by its id (`GET /v1/payments/{id}`).

import { paymentBody, paymentStatus, registrationBody } from '../records.js';
import { RESULTS } from '../result-codes.js';
import type { Reply } from './replies.js';
import { GatewayResource } from './resource.js';

export class StatusReads extends GatewayResource {
  /** `GET /v1/checkouts/{id}/payment` — the merchant's status read. */
  checkoutPayment(id: string, params: Record<string, string>): Reply {
    return this.checkoutStatus(id, params, 'payment');
  }

  /** `GET /v1/checkouts/{id}/registration` */
  checkoutRegistration(id: string, params: Record<string, string>): Reply {
    return this.checkoutStatus(id, params, 'registration');
  }

  /** `GET /v1/payments/{id}` */
  payment(id: string, params: Record<string, string>): Reply {
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
}
