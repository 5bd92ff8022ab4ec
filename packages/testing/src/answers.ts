// Owns the per-test answers of the fake widget, MSW-style: `widget.use(...)`
// puts answers in front of the defaults (the typed test card, then
// `widget.outcome`), the newest first; an answer can be for one payment
// (`once`) or for the payments it matches (`when`), and say the result code
// the status read gives and whether the widget sends the shopper on. The
// answers belong to the installed fake: a new test's fake starts with none,
// and `widget.resetAnswers()` drops them within a test.
import { WpwlTestingError } from './errors.js';
import { TEST_CARDS, verdictOf, type PaymentOutcome, type ResultVerdict } from './outcomes.js';

/** What {@link FakeAnswer.when} sees of a payment before it is answered. */
export interface FakePaymentRequest {
  /** The checkout paid. */
  readonly checkoutId: string;
  /** The brand sent (`paymentBrand`). */
  readonly brand: string;
  /** What the widget sends (see `FakePayment.fields`). */
  readonly fields: Readonly<Record<string, string>>;
}

/** How the fake answers a payment: by outcome, by result code, or both. */
export interface FakeAnswerInit {
  /** The outcome (see `PaymentOutcome`); from `resultCode` when only that is given. */
  outcome?: PaymentOutcome;
  /**
   * The result code a status read gives for the payment, e.g. `800.100.171`
   * (any code, not only the test cards'). Without `outcome`, the outcome
   * follows from its group: approved, pending, `timeout` for an uncertain
   * code, `declined` for any other. Not with `3ds`, `invalid` or `expired`.
   */
  resultCode?: string;
  /**
   * `false`: the widget sends the payment but the gateway never answers, so
   * the shopper stays on the page with the payment in flight (the pay button
   * disabled, no result URL). Default `true`.
   */
  redirect?: boolean;
}

/** An answer given with `widget.use(...)`. */
export interface FakeAnswer extends FakeAnswerInit {
  /** Answers only the payments this returns true for; default every payment. */
  when?(payment: FakePaymentRequest): boolean;
  /** Answers one payment only, then is used up. Default `false`: every matching payment until `resetAnswers()`. */
  once?: boolean;
}

/** An answer as the fake applies it: the outcome settled (none for `submit({ redirect })` alone: the usual one). */
export interface ResolvedAnswer {
  outcome?: PaymentOutcome;
  resultCode?: string;
  redirect: boolean;
}

const RESULT_CODE = /^\d{3}\.\d{3}\.\d{3}$/;

/** The verdict a status read gives for each outcome a result code can go with. */
const VERDICT_OF_OUTCOME: ReadonlyMap<PaymentOutcome, ResultVerdict> = new Map([
  ...TEST_CARDS.filter((card) => card.outcome !== '3ds').map((card) => [card.outcome, verdictOf(card.resultCode)] as const),
  ['pending', 'pending'],
]);
const OUTCOMES: ReadonlySet<string> = new Set<PaymentOutcome>([...VERDICT_OF_OUTCOME.keys(), '3ds', 'invalid', 'expired']);

/**
 * Checks `answer` and settles its outcome.
 *
 * @throws WpwlTestingError `INVALID_ANSWER` naming the field and the rule
 */
export function resolveAnswer(answer: FakeAnswerInit, where: string): ResolvedAnswer | undefined {
  const { outcome, resultCode, redirect } = answer;
  if (outcome !== undefined && !OUTCOMES.has(outcome)) {
    throw new WpwlTestingError(
      'INVALID_ANSWER',
      `${where}: outcome must be one of ${[...OUTCOMES].join(', ')}, not ${JSON.stringify(outcome)}`,
    );
  }
  if (resultCode !== undefined) {
    if (typeof resultCode !== 'string' || !RESULT_CODE.test(resultCode)) {
      throw new WpwlTestingError('INVALID_ANSWER', `${where}: resultCode must read like 000.100.110, not ${JSON.stringify(resultCode)}`);
    }
    if (outcome === '3ds' || outcome === 'invalid' || outcome === 'expired') {
      throw new WpwlTestingError(
        'INVALID_ANSWER',
        `${where}: resultCode cannot go with outcome "${outcome}" (a "${outcome}" payment has its own result)`,
      );
    }
    const expected = outcome === undefined ? undefined : VERDICT_OF_OUTCOME.get(outcome);
    if (expected !== undefined && verdictOf(resultCode) !== expected) {
      throw new WpwlTestingError(
        'INVALID_ANSWER',
        `${where}: resultCode ${resultCode} reads ${verdictOf(resultCode)}, outcome "${outcome}" ${expected}: give one, or two that agree`,
      );
    }
  }
  if (redirect !== undefined && typeof redirect !== 'boolean') {
    throw new WpwlTestingError('INVALID_ANSWER', `${where}: redirect must be true or false, not ${JSON.stringify(redirect)}`);
  }
  const settled = outcome ?? (resultCode === undefined ? undefined : outcomeOfCode(resultCode));
  if (settled === undefined && redirect === undefined) return undefined;
  return {
    ...(settled === undefined ? {} : { outcome: settled }),
    ...(resultCode === undefined ? {} : { resultCode }),
    redirect: redirect ?? true,
  };
}

function outcomeOfCode(resultCode: string): PaymentOutcome {
  const verdict = verdictOf(resultCode);
  return verdict === 'uncertain' ? 'timeout' : verdict;
}

/** The answers one fake widget holds. */
export class AnswerBook {
  #answers: Array<{ answer: FakeAnswer; resolved: ResolvedAnswer }> = [];

  /**
   * Puts `answers` in front of those given before (the first of them first).
   *
   * @throws WpwlTestingError `INVALID_ANSWER` for an answer that says nothing (no outcome, no result code) or is malformed
   */
  use(answers: readonly FakeAnswer[]): void {
    const checked = answers.map((answer, index) => {
      const where = `widget.use(): answer ${index + 1}`;
      if (answer.when !== undefined && typeof answer.when !== 'function') {
        throw new WpwlTestingError('INVALID_ANSWER', `${where}: when must be a function of the payment`);
      }
      const resolved = resolveAnswer(answer, where);
      if (resolved?.outcome === undefined) throw new WpwlTestingError('INVALID_ANSWER', `${where}: give an outcome or a resultCode`);
      return { answer, resolved };
    });
    this.#answers.unshift(...checked);
  }

  /** Drops every answer given with `use()`. */
  reset(): void {
    this.#answers = [];
  }

  /** The answer for `payment`, if one matches (a `once` answer is used up). */
  take(payment: FakePaymentRequest): ResolvedAnswer | undefined {
    const index = this.#answers.findIndex(({ answer }) => !answer.when || answer.when(payment));
    if (index === -1) return undefined;
    const { answer, resolved } = this.#answers[index]!;
    if (answer.once) this.#answers.splice(index, 1);
    return resolved;
  }
}
