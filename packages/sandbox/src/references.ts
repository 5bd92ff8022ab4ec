// Owns the referencing rules of the interface: a capture (CP) refers to a
// preauthorization (PA) and stays within numberOfCaptures and the remaining
// amount; a reversal (RV) undoes a PA, DB or CD once, not after a chargeback;
// a refund (RF) refers to a DB or CD and stays within its amount less what a
// chargeback took back.

import { centsToAmount } from '@wpwl/gateway-spec';
import type { PaymentRecord } from './records.js';
import { RESULTS, type Result } from './result-codes.js';

/** A referencing request, already format-checked. */
export interface ReferenceRequest {
  paymentType: 'CP' | 'RV' | 'RF';
  /** Absent for a reversal that sends no amount. */
  amountCents?: number;
  currency?: string;
  /** `sequence=FINAL` closes a PA to further captures. */
  final: boolean;
}

/** What a referencing request does to its referenced payment, or why it cannot. */
export type ReferenceDecision = { amountCents: number; apply(): void } | { error: Result };

const refuse = (base: Result, why: string): { error: Result } => ({
  error: { code: base.code, description: `${base.description}: ${why}` },
});

/** Decides a referencing request against `target`; call `apply()` to book it. */
export function decideReference(target: PaymentRecord, request: ReferenceRequest): ReferenceDecision {
  const { paymentType } = request;
  const base = paymentType === 'CP' ? RESULTS.cannotCapture : paymentType === 'RF' ? RESULTS.cannotRefund : RESULTS.cannotReverse;
  if (target.state !== 'success') {
    return refuse(base, `the referenced payment is ${target.state === 'pending' ? 'still pending' : 'rejected'}`);
  }
  if (request.currency !== undefined && request.currency !== target.currency) {
    return refuse(base, `currency ${request.currency} differs from the referenced payment's ${target.currency}`);
  }
  if (target.reversed) return refuse(base, `the referenced ${target.paymentType} was reversed`);

  if (paymentType === 'CP') {
    if (target.paymentType !== 'PA')
      return refuse(base, `a capture (CP) must reference a preauthorization (PA), not ${target.paymentType}`);
    if (target.captureClosed) return refuse(base, 'a capture with sequence=FINAL already closed this preauthorization');
    if (target.numberOfCaptures !== undefined && target.captureCount >= target.numberOfCaptures) {
      return refuse(base, `numberOfCaptures (${target.numberOfCaptures}) already reached`);
    }
    const amount = request.amountCents ?? 0;
    if (amount === 0) return refuse(base, 'amount must be more than 0.00');
    const remaining = target.amountCents - target.capturedCents;
    if (amount > remaining) {
      return refuse(base, `amount ${centsToAmount(amount)} exceeds the remaining ${centsToAmount(remaining)} of the preauthorization`);
    }
    return {
      amountCents: amount,
      apply() {
        target.captureCount += 1;
        target.capturedCents += amount;
        if (request.final) target.captureClosed = true;
      },
    };
  }

  if (paymentType === 'RV') {
    if (!['PA', 'DB', 'CD'].includes(target.paymentType)) {
      return refuse(base, `a reversal (RV) must reference PA, DB or CD, not ${target.paymentType}`);
    }
    if (target.captureCount > 0) return refuse(base, 'the preauthorization was already captured');
    if (target.refundedCents > 0) return refuse(base, `the ${target.paymentType} was already refunded`);
    if (target.chargedBackCents > 0) return refuse(base, `the ${target.paymentType} was charged back`);
    if (request.amountCents !== undefined && request.amountCents !== target.amountCents) {
      return refuse(base, `a reversal covers the whole ${centsToAmount(target.amountCents)}, not ${centsToAmount(request.amountCents)}`);
    }
    return {
      amountCents: target.amountCents,
      apply() {
        target.reversed = true;
      },
    };
  }

  if (!['DB', 'CD'].includes(target.paymentType)) {
    return refuse(base, `a refund (RF) must reference DB or CD, not ${target.paymentType}`);
  }
  const amount = request.amountCents ?? 0;
  if (amount === 0) return refuse(base, 'amount must be more than 0.00');
  const refundable = target.amountCents - target.refundedCents - target.chargedBackCents;
  if (amount > refundable) {
    const chargedBack = target.chargedBackCents > 0 ? ` (${centsToAmount(target.chargedBackCents)} was charged back)` : '';
    return refuse(base, `amount ${centsToAmount(amount)} exceeds the ${centsToAmount(refundable)} left to refund${chargedBack}`);
  }
  return {
    amountCents: amount,
    apply() {
      target.refundedCents += amount;
    },
  };
}
