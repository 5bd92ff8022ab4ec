// Owns payments answered with an uncertain result (a timeout such as
// 900.100.300 from the uncertain test cards) until they settle: when each one
// is due, the final result it settles to (success or a bank decline), the
// card it stores then, and the PAYMENT notification of the final result.
//
// Settling follows the sandbox clock, as checkout expiry and the 29-minute
// call do: a payment settles once `now() >= settlesAt`. That keeps tests
// deterministic: `advanceClock(uncertainSettleMs)` settles it at once, with no
// real wait. With the default clock (real time) a poll timer settles it when
// it is due, so a separate process (a merchant server, the chaos run) sees it
// settle on its own; every request also settles what is due before it is
// answered, so a status read never lags the clock. The notification itself is
// then delivered on real time, like every webhook.

import type { CardOutcome } from '../cards.js';
import type { PaymentRecord, Records } from '../records.js';
import { RESULTS } from '../result-codes.js';
import type { Registrations } from './registrations.js';
import { GatewayResource, type GatewayDeps } from './resource.js';

/** How long an uncertain test card's payment stays uncertain by default: 5 seconds. */
export const DEFAULT_UNCERTAIN_SETTLE_MS = 5000;

/** How often the poll timer looks for payments due to settle, in real time. */
const POLL_MS = 100;

export class UncertainResults extends GatewayResource {
  /** Ids of the payments waiting to settle. */
  private readonly waiting = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    deps: GatewayDeps,
    records: Records,
    private readonly registrations: Registrations,
  ) {
    super(deps, records);
  }

  /**
   * Answers `payment` with the uncertain result of `outcome` (state
   * `pending`) and schedules it to settle after `uncertainSettleMs` of the
   * sandbox clock.
   */
  hold(payment: PaymentRecord, outcome: Extract<CardOutcome, { kind: 'uncertain' }>, createRegistration: boolean): void {
    payment.result = outcome.result;
    payment.state = 'pending';
    payment.uncertain = {
      settlesAt: this.deps.now() + (this.deps.uncertainSettleMs ?? DEFAULT_UNCERTAIN_SETTLE_MS),
      settlesTo: outcome.settlesTo,
      cardOutcome: outcome,
      createRegistration,
    };
    this.waiting.add(payment.id);
    if (!this.timer && !this.closed) {
      this.timer = setInterval(() => this.settleDue(), POLL_MS);
      this.timer.unref();
    }
  }

  /** Settles every payment that is due by the sandbox clock; each gets its PAYMENT notification. */
  settleDue(): void {
    if (this.waiting.size === 0) return;
    const now = this.deps.now();
    for (const id of this.waiting) {
      const payment = this.records.payments.get(id);
      const uncertain = payment?.uncertain;
      if (!payment || !uncertain) {
        this.waiting.delete(id);
        continue;
      }
      if (now < uncertain.settlesAt) continue;
      this.waiting.delete(id);
      delete payment.uncertain;
      if (uncertain.settlesTo.kind === 'success') {
        payment.result = RESULTS.success;
        payment.state = 'success';
        if (uncertain.createRegistration) this.registrations.registerPaymentCard(payment, uncertain.cardOutcome);
      } else {
        payment.result = uncertain.settlesTo.result;
        payment.state = 'rejected';
      }
      this.deps.onPayment?.(payment);
    }
    if (this.waiting.size === 0) this.stopTimer();
  }

  /** Stops the poll timer; payments still waiting stay uncertain. */
  close(): void {
    this.closed = true;
    this.stopTimer();
  }

  private stopTimer(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
