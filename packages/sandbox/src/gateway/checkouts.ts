// Owns the checkout itself: prepare checkout (`POST /v1/checkouts`), update
// checkout (`POST /v1/checkouts/{id}`) and the widget session the served
// widget renders from (`GET /v1/checkouts/{id}/widget-session`), with the
// stored cards a checkout offers, and the widget script's hash for a page
// that loads it without a checkout (`GET /v1/fastcheckout/integrity`).

import { amountToCents, centsToAmount } from '@wpwl/gateway-spec';
import { newCheckoutId } from '../format.js';
import { echoable, type CheckoutRecord } from '../records.js';
import { RESULTS } from '../result-codes.js';
import type { Reply } from './replies.js';
import { GatewayResource, type BrokenRule } from './resource.js';

/** How long a checkout id stays usable. */
export const CHECKOUT_LIFETIME_MS = 30 * 60 * 1000;

export class Checkouts extends GatewayResource {
  /** `POST /v1/checkouts` */
  create(sent: Record<string, string>): Reply {
    // The gateway's own WooCommerce plugin sends integrity as PHP encodes true: `1`.
    const params = sent.integrity === '1' ? { ...sent, integrity: 'true' } : sent;
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
  update(id: string, params: Record<string, string>): Reply {
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

  /**
   * `GET /v1/fastcheckout/integrity` — the `sha384-…` hash of the widget
   * script, for the `integrity` attribute of a tag that loads it without a
   * checkout id (the bytes are the same with one). 404 when the sandbox
   * serves no widget script (`widgetAssets` without one).
   */
  fastCheckoutIntegrity(): Reply {
    const integrity = this.deps.widgetIntegrity();
    if (!integrity) {
      return this.json(404, {
        ...RESULTS.invalidParameter,
        description: `${RESULTS.invalidParameter.description}: no widget script is served`,
      });
    }
    return this.json(200, RESULTS.requestSucceeded, { integrity });
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

  /**
   * The stored cards a checkout offers (`registrations[n].id`, in index order).
   * Each must be a registration of this entity; others are added to `violations`.
   */
  private offeredRegistrations(params: Record<string, string>, violations: BrokenRule[]): string[] {
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
}
