// Owns the 3-D Secure challenge: the challenges a payment with a challenge
// card opens, the sandbox issuer's page (`GET /v1/threeds/{id}`) and its
// answer (`POST /v1/threeds/{id}`), which ends the payment and sends the
// shopper on to the result URL.

import { centsToAmount } from '@wpwl/gateway-spec';
import { escapeHtml, htmlPage as page } from '../html.js';
import type { PaymentRecord, Records } from '../records.js';
import { RESULTS } from '../result-codes.js';
import type { Registrations } from './registrations.js';
import { shopperResultLocation, type Reply } from './replies.js';
import { GatewayResource, type GatewayDeps } from './resource.js';

export class ThreeDSecure extends GatewayResource {
  /** 3-D Secure challenge id (checkout id or payment id) → payment id. */
  private readonly challenges = new Map<string, string>();

  constructor(
    deps: GatewayDeps,
    records: Records,
    private readonly registrations: Registrations,
  ) {
    super(deps, records);
  }

  /** Opens challenge `challengeId` for the pending payment `paymentId`. */
  openChallenge(challengeId: string, paymentId: string): void {
    this.challenges.set(challengeId, paymentId);
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
        if (payment.challenge.createRegistration) this.registrations.registerPaymentCard(payment, { kind: 'challenge' });
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

/**
 * The window the challenge page sends the shopper on in: the widget shows the
 * page in an iframe and asks for its shopperResultTarget (`_top` by default).
 * Only a browsing-context keyword or a plain frame name is taken.
 */
function frameTarget(target: string | undefined): string {
  if (!target || !/^(?:_top|_parent|_self|_blank|[A-Za-z][\w-]{0,63})$/.test(target)) return '';
  return ` target="${escapeHtml(target)}"`;
}
