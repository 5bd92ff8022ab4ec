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
  type WidgetJQuery,
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
        expectTypeOf(paymentForms).toEqualTypeOf<HTMLFormElement[]>();
        $('.wpwl-group-brand').addClass('moved');
      },
      onDetectBrand(brands, activeBrand) {
        expectTypeOf(brands).toEqualTypeOf<string[]>();
        expectTypeOf(activeBrand).toEqualTypeOf<string>();
      },
      onBlurCardNumber(isValid) {
        expectTypeOf(this).toEqualTypeOf<WidgetFieldContext>();
        expectTypeOf(isValid).toEqualTypeOf<boolean>();
        $(this.$form).find('.wpwl-control-cardNumber');
      },
      onBlurCvv(isValid) {
        expectTypeOf(this.$form).toEqualTypeOf<WidgetJQuery<HTMLFormElement>>();
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

// Callback bodies as store plugins write them, ported to TypeScript with no
// cast and without @types/jquery: `this` and the arguments are what the widget
// sets and passes.
describe('callbacks as real integrations write them', () => {
  it('field callbacks read the form through this.$form (a MADA check on blur)', () => {
    const options: WpwlOptionsInput = {
      onBlurCardNumber(isValid) {
        const brand = this.$form.find('.wpwl-control-brand').val();
        expectTypeOf(brand).toEqualTypeOf<string | number | string[] | undefined>();
        if (brand === 'MADA' && !isValid) {
          this.$form
            .find('.wpwl-control-cardNumber')
            .addClass('wpwl-has-error')
            .after('<div class="wpwl-hint wpwl-hint-cardNumberError">Invalid card number</div>');
        }
        // Some keep their own state on `this`.
        this.cardNumberValid = isValid;
      },
      onBlurCvv(isValid) {
        this.$form.find('.wpwl-control-cvv').css({ color: isValid ? 'green' : 'red', 'font-weight': 'bolder' });
        // `| undefined` only under noUncheckedIndexedAccess, as for any index.
        expectTypeOf(this.$form[0]).toEqualTypeOf<HTMLFormElement | undefined>();
        expectTypeOf(this.$form.find('input').length).toEqualTypeOf<number>();
      },
    };
    expectTypeOf(options).toExtend<WpwlOptionsInput>();
  });

  it('iframe callbacks reach the iframe through this.$iframe[0] and size it with jQuery', () => {
    const options: WpwlOptionsInput = {
      onReadyIframeCommunication() {
        const field = this.$iframe[0];
        expectTypeOf(field).toEqualTypeOf<HTMLIFrameElement | undefined>();
        if (!field) return;
        if (field.classList.contains('wpwl-control-cardNumber') && !field.parentElement?.classList.contains('wpwl-registration')) {
          const brandBox = document.createElement('div');
          brandBox.id = 'wpwlDynBrand';
          field.parentElement?.append(brandBox);
        }
      },
      onFocusIframeCommunication() {
        expectTypeOf(this.$iframe.height()).toEqualTypeOf<number | undefined>();
        this.$iframe.closest('.wpwl-group').addClass('focused');
      },
      onBlurIframeCommunication() {
        this.$iframe.closest('.wpwl-group').removeClass('focused');
      },
      onLoadThreeDIframe() {
        expectTypeOf(this).toEqualTypeOf<HTMLIFrameElement>();
        this.style.width = '400px';
        this.setAttribute('scrolling', 'yes');
      },
    };
    expectTypeOf(options).toExtend<WpwlOptionsInput>();
  });

  it('handlers declared with every argument the widget passes compile', () => {
    const showBrand = (brands: string[], activeBrand: string): void => {
      document.getElementById('brand')!.textContent = brands.includes(activeBrand) ? activeBrand : '';
    };
    const countForms = (paymentForms: HTMLFormElement[]): void => {
      paymentForms[0]?.querySelector('.wpwl-button-pay')?.setAttribute('aria-label', `Pay (${paymentForms.length})`);
    };
    const onChangeBrand = function (this: HTMLFormElement, brand: string): void {
      this.dataset.brand = brand;
    };
    const options: WpwlOptionsInput = { onDetectBrand: showBrand, onReady: countForms, onChangeBrand };
    expectTypeOf(options).toExtend<WpwlOptionsInput>();
  });

  it('a hook kept from base options is called with the same this (baseOnReady.call(this))', () => {
    const base = {
      onReady(paymentForms) {
        paymentForms.forEach((form) => form.classList.add('ready'));
      },
      onBlurCardNumber(isValid) {
        this.$form.toggleClass('invalid', !isValid);
      },
    } satisfies WpwlOptionsInput;
    const options: WpwlOptionsInput = {
      ...base,
      onReady(paymentForms) {
        base.onReady.call(this, paymentForms);
      },
      onBlurCardNumber(isValid) {
        base.onBlurCardNumber.call(this, isValid);
      },
    };
    expectTypeOf(options).toExtend<WpwlOptionsInput>();
  });

  it('still refuses callbacks the widget could not call as written', () => {
    expectTypeOf<{ onDetectBrand: (brands: string[], activeBrand: number) => void }>().not.toExtend<WpwlOptionsInput>();
    expectTypeOf<{ onLoadThreeDIframe: (this: HTMLFormElement) => void }>().not.toExtend<WpwlOptionsInput>();
    expectTypeOf<{ onReadyIframeCommunication: (this: { $iframe: HTMLIFrameElement }) => void }>().not.toExtend<WpwlOptionsInput>();
  });
});
