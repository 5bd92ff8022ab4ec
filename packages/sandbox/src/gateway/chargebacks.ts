// Owns what the card network starts and the merchant only hears about by
// webhook: a chargeback (CB) of a paid debit or capture, and a chargeback
// reversal (CR) that undoes a chargeback. Neither is part of the interface's
// merchant requests: tests start them through the sandbox handle
// (`chargeback`, `reverseChargeback`) or the sandbox-only admin routes
// (`POST /sandbox/payments/{id}/chargeback`, `…/chargeback-reversal`).
//
// The gateway's rules: a CB refers to a DB or CP, one per payment, for the
// whole amount not yet refunded or part of it, with a reason code of the form
// 000.100.2 followed by two digits; a CR refers to a CB and returns its
// amount, once. Each is a payment record of its own, notified like a refund.

import { amountToCents, centsToAmount, FIELD_RULES, matchesFormat } from '@wpwl/gateway-spec';
import { newPaymentId } from '../format.js';
import type { PaymentRecord } from '../records.js';
import { RESULTS, type Result } from '../result-codes.js';
import type { JsonReply } from './replies.js';
import { GatewayResource } from './resource.js';

/** The chargeback reason codes: 000.100.2 followed by two digits (the interface's Errors rule 5). */
export const CHARGEBACK_RESULT_CODE_PATTERN = /^000\.100\.2[0-9]{2}$/;

/** What a chargeback or its reversal came to: the new payment, or why not (`reply` answers the admin route). */
export type ChargebackOutcome = { kind: 'done'; payment: PaymentRecord } | { kind: 'refused'; reply: JsonReply; message: string };

/** The payment types a chargeback may refer to: a debit, or the capture of a preauthorization. */
const CHARGEABLE_TYPES = ['DB', 'CP'];

export class Chargebacks extends GatewayResource {
  /**
   * Charges back payment `id`: `amount` (default: all not yet refunded) with
   * reason `chargebackResultCode` (default `000.100.200`, reason not specified).
   */
  chargeback(id: string, params: Record<string, string>): ChargebackOutcome {
    const foreign = this.foreignEntity(params);
    if (foreign) return { kind: 'refused', reply: foreign, message: 'entityId does not belong to this sandbox' };
    const problems = this.checkParams(params);
    if (problems) return problems;
    const target = this.records.payments.get(id);
    if (!target) return this.unknown(id);
    const refuse = (why: string) => this.workflow(`cannot charge back payment ${id}: ${why}`);
    if (!CHARGEABLE_TYPES.includes(target.paymentType)) {
      return refuse(`a chargeback (CB) refers to a debit (DB) or capture (CP), not ${target.paymentType}`);
    }
    if (target.state !== 'success') return refuse(`the payment is ${target.state === 'pending' ? 'still pending' : 'rejected'}`);
    if (target.reversed) return refuse('the payment was reversed');
    if (target.chargebackId) return refuse(`it already has a chargeback (${target.chargebackId}); one chargeback per payment`);
    const remaining = target.amountCents - target.refundedCents;
    if (remaining === 0) return refuse('the payment was refunded in full');
    const amountCents = params.amount ? amountToCents(params.amount) : remaining;
    if (amountCents === 0) return refuse('amount must be more than 0.00');
    if (amountCents > remaining) {
      return refuse(`amount ${centsToAmount(amountCents)} exceeds the ${centsToAmount(remaining)} not refunded`);
    }
    const payment = this.networkPayment(target, 'CB', amountCents, chargebackResult(params.chargebackResultCode));
    target.chargebackId = payment.id;
    target.chargedBackCents += amountCents;
    return this.book(payment);
  }

  /** Reverses chargeback `id` (a CB payment): a CR for its whole amount, once. */
  reverse(id: string, params: Record<string, string>): ChargebackOutcome {
    const foreign = this.foreignEntity(params);
    if (foreign) return { kind: 'refused', reply: foreign, message: 'entityId does not belong to this sandbox' };
    const chargeback = this.records.payments.get(id);
    if (!chargeback) return this.unknown(id);
    const refuse = (why: string) => this.workflow(`cannot reverse chargeback ${id}: ${why}`);
    if (chargeback.paymentType !== 'CB') {
      return refuse(`a chargeback reversal (CR) refers to a chargeback (CB), not ${chargeback.paymentType}`);
    }
    if (chargeback.reversed) return refuse('it was already reversed');
    const payment = this.networkPayment(chargeback, 'CR', chargeback.amountCents, RESULTS.success);
    chargeback.reversed = true;
    const original = chargeback.referencedId ? this.records.payments.get(chargeback.referencedId) : undefined;
    if (original) original.chargedBackCents -= chargeback.amountCents;
    return this.book(payment);
  }

  /** The format rules on `amount` and `chargebackResultCode`; undefined when both are fine or absent. */
  private checkParams(params: Record<string, string>): ChargebackOutcome | undefined {
    const violations = [];
    const amountRule = FIELD_RULES.amount?.format;
    if (params.amount && amountRule && !matchesFormat(amountRule, params.amount)) {
      violations.push({ field: 'amount', rule: amountRule.rule, message: `amount must be ${amountRule.rule}, e.g. 10.00` });
    }
    const code = params.chargebackResultCode;
    if (code && !CHARGEBACK_RESULT_CODE_PATTERN.test(code)) {
      const rule = '000.100.2 followed by two digits';
      violations.push({ field: 'chargebackResultCode', rule, message: `chargebackResultCode must be ${rule}, e.g. 000.100.220` });
    }
    if (violations.length === 0) return undefined;
    return { kind: 'refused', reply: this.invalid(violations, params), message: violations.map((v) => v.message).join('; ') };
  }

  /**
   * A payment the card network made, referring to `target`: its brand, card
   * and merchantTransactionId come from `target` (the reconciliation file has
   * them for chargebacks too), so the merchant finds the order by either id.
   */
  private networkPayment(target: PaymentRecord, paymentType: 'CB' | 'CR', amountCents: number, result: Result): PaymentRecord {
    const merchantTransactionId = target.echo.merchantTransactionId;
    return {
      id: newPaymentId(),
      entityId: this.deps.entityId,
      paymentType,
      ...(target.paymentBrand ? { paymentBrand: target.paymentBrand } : {}),
      amountCents,
      currency: target.currency,
      ...(target.card ? { card: target.card } : {}),
      result,
      state: 'success',
      echo: merchantTransactionId ? { merchantTransactionId } : {},
      createdAt: this.deps.now(),
      referencedId: target.id,
      captureCount: 0,
      capturedCents: 0,
      captureClosed: false,
      refundedCents: 0,
      chargedBackCents: 0,
      reversed: false,
    };
  }

  private book(payment: PaymentRecord): ChargebackOutcome {
    this.records.payments.set(payment.id, payment);
    this.deps.onPayment?.(payment);
    return { kind: 'done', payment };
  }

  private unknown(id: string): ChargebackOutcome {
    const message = `no payment ${id}`;
    const result = { ...RESULTS.referenceUnknown, description: `${RESULTS.referenceUnknown.description}: ${message}` };
    return { kind: 'refused', reply: this.json(404, result), message };
  }

  private workflow(message: string): ChargebackOutcome {
    const result = { ...RESULTS.invalidWorkflow, description: `${RESULTS.invalidWorkflow.description}: ${message}` };
    return { kind: 'refused', reply: this.json(400, result), message };
  }
}

/** The result of a chargeback with reason `code` (already checked), with its description when the sandbox knows it. */
function chargebackResult(code: string | undefined): Result {
  if (!code) return RESULTS.chargebackUnspecified;
  const known = Object.values(RESULTS).find((result) => result.code === code);
  return known ?? { code, description: 'chargeback' };
}
