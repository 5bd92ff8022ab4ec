// One list of test cards: the fake widget answers every card the sandbox
// knows with the result the sandbox gives it (sandbox.node.test.ts pays the
// kit's cards at a real sandbox the other way round).
import { createPaymentWidget, type PaymentWidgetController } from '@wpwl/core';
import { TEST_CARDS as SANDBOX_CARDS, type CardOutcome } from '@wpwl/sandbox';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeWidget, TEST_CARDS, type FakeWidget } from '../src/index.js';

let widget: FakeWidget;
let controller: PaymentWidgetController | undefined;
let container: HTMLElement;

beforeEach(() => {
  widget = installFakeWidget();
  container = document.body.appendChild(document.createElement('div'));
});

afterEach(async () => {
  controller?.destroy();
  controller = undefined;
  container.remove();
  await widget.uninstall();
});

/** The result code the sandbox's status read gives for a card's outcome (a challenge: once passed). */
function sandboxResultCode(outcome: CardOutcome): string {
  if (outcome.kind === 'success' || outcome.kind === 'challenge') return '000.100.110';
  return outcome.result.code;
}

describe('the test cards', () => {
  it('are the same cards in the kit and in the sandbox, in the same order, with the same brands', () => {
    expect(TEST_CARDS.map(({ number, brand }) => ({ number, brand }))).toEqual(
      SANDBOX_CARDS.map(({ number, brand }) => ({ number, brand })),
    );
  });

  it.each(SANDBOX_CARDS.map((card) => [card.number, card.purpose, card] as const))(
    '%s (%s): the fake widget answers as the sandbox does',
    async (number, _, card) => {
      controller = createPaymentWidget({
        checkoutId: '8a8294174b7ecb28014b9699220015ca',
        brands: 'VISA MASTER AMEX',
        shopperResultUrl: 'https://shop.example/result',
        baseUrl: 'https://test.gateway.example',
      });
      controller.mount(container);
      await widget.ready();
      container.querySelector<HTMLInputElement>('.wpwl-control-cardNumber')!.value = number;
      let payment = await widget.submit();
      expect(payment?.fields['card.number']).toBe(number);
      if (card.outcome.kind === 'challenge') {
        expect(payment?.resultCode).toBe('000.200.000');
        payment = await widget.completeThreeDSecure();
      }
      expect(payment?.resultCode).toBe(sandboxResultCode(card.outcome));
    },
  );
});
