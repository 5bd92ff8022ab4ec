// Owns the gateway as a whole, free of HTTP: its records and one object per
// resource of the interface (gateway/), wired together. Checkouts prepare and
// update checkouts; payments take the payments against a checkout, direct
// payments and their captures, reversals and refunds; registrations store
// cards; status reads answer the merchant; 3-D Secure runs the challenge;
// uncertain results settle the uncertain test cards' payments; chargebacks
// charge back paid payments and reverse chargebacks.

import { Chargebacks } from './gateway/chargebacks.js';
import { CheckoutSubmissions } from './gateway/checkout-submission.js';
import { Checkouts } from './gateway/checkouts.js';
import { Payments } from './gateway/payments.js';
import { Registrations } from './gateway/registrations.js';
import type { GatewayDeps } from './gateway/resource.js';
import { StatusReads } from './gateway/status-reads.js';
import { ThreeDSecure } from './gateway/three-d-secure.js';
import { UncertainResults } from './gateway/uncertain-results.js';
import { Records } from './records.js';

export class Gateway {
  readonly records = new Records();
  readonly checkouts: Checkouts;
  readonly payments: Payments;
  readonly registrations: Registrations;
  readonly statusReads: StatusReads;
  readonly threeDSecure: ThreeDSecure;
  readonly uncertainResults: UncertainResults;
  readonly chargebacks: Chargebacks;

  constructor(deps: GatewayDeps) {
    const submissions = new CheckoutSubmissions(deps, this.records);
    this.checkouts = new Checkouts(deps, this.records);
    this.registrations = new Registrations(deps, this.records, submissions);
    this.threeDSecure = new ThreeDSecure(deps, this.records, this.registrations);
    this.uncertainResults = new UncertainResults(deps, this.records, this.registrations);
    this.payments = new Payments(deps, this.records, {
      submissions,
      registrations: this.registrations,
      threeDSecure: this.threeDSecure,
      uncertainResults: this.uncertainResults,
    });
    this.chargebacks = new Chargebacks(deps, this.records);
    this.statusReads = new StatusReads(deps, this.records);
  }
}
