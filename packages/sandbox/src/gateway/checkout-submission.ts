// Owns the rule every submission against a checkout passes, a payment
// (`POST /v1/checkouts/{id}/payment`) or a stored card
// (`POST /v1/checkouts/{id}/registration`) alike: the shopper's or the
// merchant's checks, one submission per checkout, and the watch for the
// merchant's status read (the 29-minute call).

import { CARD_BRANDS } from '../cards.js';
import type { CheckoutRecord, Submission } from '../records.js';
import { RESULTS } from '../result-codes.js';
import type { JsonReply } from './replies.js';
import { GatewayResource, type Submitter } from './resource.js';

export class CheckoutSubmissions extends GatewayResource {
  /** The refusal of a submission against this checkout; `undefined` when it may go on. */
  checkSubmission(checkout: CheckoutRecord, params: Record<string, string>, submitter: Submitter): JsonReply | undefined {
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

  /** Marks the checkout submitted and, given a result URL, watches for the merchant's status read. */
  recordSubmission(
    checkout: CheckoutRecord,
    what: Omit<Submission, 'submittedAt' | 'read'>,
    resultUrl: string | undefined,
    resourcePath: string,
  ): void {
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
}
