// Option objects written the way public store-plugin templates and shop
// components write them (reproduced, not copied) compile against
// WpwlOptionsInput: field callbacks with `this.$form`, iframe callbacks with
// `this.$iframe`, onReady with the payment forms, onDetectBrand with the active
// brand, registrations flags as strings, and keys the docs do not list.
import { describe, expectTypeOf, it } from 'vitest';
import {
  toWpwlOptions,
  type WidgetFieldContext,
  type WidgetIframeContext,
  type WpwlOptions,
  type WpwlOptionsInput,
} from '../../src/index.js';

declare const $: (target: unknown) => { addClass(name: string): void; find(selector: string): unknown };

describe('options from real integrations', () => {
  it('compile as WpwlOptionsInput and convert to WpwlOptions', () => {
    const options = {
      style: 'card',
      locale: 'sv-SE',
      paymentTarget: '_top',
      brandDetection: true,
      brandDetectionType: 'regex',
      brandDetectionPriority: ['MADA', 'VISA', 'MASTER'],
      registrations: { requireCvv: 'true', hideInitialPaymentForms: 'true' },
      browser: { threeDChallengeWindow: 4 },
      inlineFlow: ['APPLEPAY'],
      allowEmptyCvv: false,
      enableSAQACompliance: true,
      useSummaryPage: false,
      onReady(paymentForms) {
        expectTypeOf(paymentForms).toEqualTypeOf<unknown>();
        $('.wpwl-group-brand').addClass('moved');
      },
      onDetectBrand(brands, activeBrand) {
        expectTypeOf(brands).toEqualTypeOf<string[]>();
        expectTypeOf(activeBrand).toEqualTypeOf<string | undefined>();
      },
      onBlurCardNumber(isValid) {
        expectTypeOf(this).toEqualTypeOf<WidgetFieldContext>();
        expectTypeOf(isValid).toEqualTypeOf<boolean>();
        $(this.$form).find('.wpwl-control-cardNumber');
      },
      onBlurCvv(isValid) {
        expectTypeOf(this.$form).toEqualTypeOf<unknown>();
        expectTypeOf(isValid).toEqualTypeOf<boolean>();
      },
      onReadyIframeCommunication() {
        expectTypeOf(this).toEqualTypeOf<WidgetIframeContext>();
        $(this.$iframe);
      },
      onFocusIframeCommunication() {},
      onDetectBin(bin) {
        expectTypeOf(bin).toEqualTypeOf<string>();
      },
      onSaveTransactionData() {},
      onBeforeSubmitCard() {
        expectTypeOf(this).toEqualTypeOf<HTMLFormElement>();
        return this.querySelector('[name="card.holder"]') !== null;
      },
      // A key added by a newer widget: passed through.
      clickToPay: { enabled: false },
    } satisfies WpwlOptionsInput;
    expectTypeOf(toWpwlOptions(options)).toEqualTypeOf<WpwlOptions>();
  });

  it('still refuses what would break a form', () => {
    expectTypeOf<{ registrations: { requireCvv: 'yes' } }>().not.toExtend<WpwlOptionsInput>();
    expectTypeOf<{ style: 'fancy' }>().not.toExtend<WpwlOptionsInput>();
    expectTypeOf<{ onBlurCardNumber: (isValid: string) => void }>().not.toExtend<WpwlOptionsInput>();
  });
});
