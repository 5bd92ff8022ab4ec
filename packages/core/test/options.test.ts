import { afterEach, describe, expect, it, vi } from 'vitest';
import { classifyWidgetError, isWpwlError, toWpwlOptions, type WpwlError, type WpwlOptions } from '../src/index.js';

// Keys the types do not list, added as the README says: by declaration merging.
declare module '../src/options.js' {
  interface WpwlOptionsInput {
    futureOption?: number;
    aKeyNoDocumentationMentions?: { anything: number };
  }
  interface WpwlOptions {
    aKeyNoDocumentationMentions?: { anything: number };
  }
}

/**
 * A stand-in for the widget's card form: pressing pay dispatches `submit`, and
 * the widget asks `onBeforeSubmitCard` (with `this` = the form) whether to go on.
 */
function fakeCardForm(options: WpwlOptions) {
  document.body.innerHTML =
    '<form class="wpwl-form wpwl-form-card"><input name="card.holder" value="Jane Doe"><button type="submit" class="wpwl-button wpwl-button-pay">Pay</button></form>';
  const form = document.querySelector('form')!;
  const submitted: FormData[] = [];
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (options.onBeforeSubmitCard?.call(form, event) !== false) submitted.push(new FormData(form));
  });
  const pay = () => form.querySelector<HTMLButtonElement>('.wpwl-button-pay')!.click();
  return { form, submitted, pay };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function thrown(run: () => unknown): WpwlError {
  try {
    run();
  } catch (error) {
    if (isWpwlError(error)) return error;
    throw error;
  }
  throw new Error('expected a WpwlError');
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('toWpwlOptions: values', () => {
  it('resolves BCP-47 locale tags to the widget codes', () => {
    expect(toWpwlOptions({ locale: 'da-DK' }).locale).toBe('dk');
    expect(toWpwlOptions({ locale: 'zh-Hant-TW' }).locale).toBe('cn');
    expect(toWpwlOptions({ locale: 'de' }).locale).toBe('de');
  });

  it('turns number formatting off for Arabic unless the caller chose', () => {
    expect(toWpwlOptions({ locale: 'ar-SA' }).numberFormatting).toBe(false);
    expect(toWpwlOptions({ locale: 'ar', numberFormatting: true }).numberFormatting).toBe(true);
    expect(toWpwlOptions({ locale: 'en' }).numberFormatting).toBeUndefined();
  });

  it('passes documented keys and keys the types do not list through, and drops undefined ones', () => {
    const out = toWpwlOptions({
      style: 'plain',
      labels: { submit: 'Pay now' },
      billingAddress: false,
      futureOption: 3,
      maskCvv: undefined,
    });
    expect(out).toEqual({ style: 'plain', labels: { submit: 'Pay now' }, billingAddress: false, futureOption: 3 });
    expect('maskCvv' in out).toBe(false);
  });

  it('refuses an unknown style, naming the key and the allowed values', () => {
    const error = thrown(() => toWpwlOptions({ style: 'fancy' as 'card' }));
    expect(error.code).toBe('INVALID_OPTIONS');
    expect(error.details.field).toBe('options.style');
    expect(error.message).toBe('options.style must be card, plain, logos or none (got "fancy")');
    expect(error.details.rule).toBe('card, plain, logos or none');
  });

  it.each([
    ['maskCvv', 'yes', 'a boolean'],
    ['showLabels', 'false', 'a boolean'],
    ['numberFormatting', 0, 'a boolean'],
    ['disableSubmitOnEnter', null, 'a boolean'],
    ['onReady', 'not a function', 'a function'],
    ['onBeforeSubmitCard', true, 'a function'],
    ['createCheckout', {}, 'a function'],
  ])('refuses %s = %j', (key, value, rule) => {
    const error = thrown(() => toWpwlOptions({ [key]: value }));
    expect(error.code).toBe('INVALID_OPTIONS');
    expect(error.details.field).toBe(`options.${key}`);
    expect(error.message).toContain(rule);
  });

  it('refuses a locale the widget lacks with INVALID_LOCALE', () => {
    expect(thrown(() => toWpwlOptions({ locale: 'xx-YY' })).code).toBe('INVALID_LOCALE');
  });

  it('composes onReady: the caller first, then the user', () => {
    const calls: string[] = [];
    const out = toWpwlOptions({ onReady: () => void calls.push('user') }, { onReady: () => void calls.push('hook') });
    out.onReady!.call(undefined, []);
    expect(calls).toEqual(['hook', 'user']);
  });

  it('classifies widget errors for the caller and still hands the raw one to the user', () => {
    const seen: unknown[] = [];
    const classified: WpwlError[] = [];
    const out = toWpwlOptions({ onError: (raw) => void seen.push(raw) }, { onError: (error) => void classified.push(error) });
    const raw = { name: 'InvalidCheckoutIdError', message: 'expired' };
    out.onError!.call(undefined, raw);
    expect(classified[0]?.code).toBe('CHECKOUT_EXPIRED');
    expect(seen).toEqual([raw]);
  });
});

describe('toWpwlOptions: options as real integrations write them', () => {
  /** Patterns from public store-plugin templates (reproduced, not copied): string flags, extra keys, field callbacks. */
  const storePluginOptions = () => ({
    style: 'card' as const,
    locale: 'de-AT',
    paymentTarget: '_top',
    brandDetection: true,
    brandDetectionType: 'regex',
    brandDetectionPriority: ['MADA', 'VISA', 'MASTER'],
    registrations: { requireCvv: 'true' as const, hideInitialPaymentForms: 'false' as const },
    browser: { threeDChallengeWindow: 4 },
    clickToPay: { enabled: false },
    inlineFlow: ['APPLEPAY'],
    allowEmptyCvv: false,
    allowEmptyCardHolderName: true,
    enableSAQACompliance: true,
    useSummaryPage: false,
    aKeyNoDocumentationMentions: { anything: 1 },
    onReady() {},
    onDetectBrand() {},
    onDetectBin() {},
    onBlurCardNumber() {},
    onBlurCvv() {},
    onReadyIframeCommunication() {},
    onFocusIframeCommunication() {},
    onSaveTransactionData() {},
  });

  it('converts without error, the registrations flags to booleans and the locale to the widget code', () => {
    const out = toWpwlOptions(storePluginOptions());
    expect(out.registrations).toEqual({ requireCvv: true, hideInitialPaymentForms: false });
    expect(out.locale).toBe('de');
    expect(out.brandDetectionType).toBe('regex');
    // Keys this package does not know reach the widget unchanged.
    expect(out.aKeyNoDocumentationMentions).toEqual({ anything: 1 });
    expect(out.browser).toEqual({ threeDChallengeWindow: 4 });
  });

  it('refuses a registrations flag that is neither a boolean nor "true" / "false", naming it', () => {
    expect(() => toWpwlOptions({ registrations: { requireCvv: 'yes' as never } })).toThrow(
      'options.registrations.requireCvv must be a boolean (got "yes")',
    );
    expect(() => toWpwlOptions({ registrations: 'true' as never })).toThrow('options.registrations must be a plain object (got "true")');
    expect(() => toWpwlOptions({ registrations: null as never })).toThrow('options.registrations must be a plain object (got null)');
  });

  it('converts "true" / "false" only inside registrations: a top-level switch given as a string is still refused', () => {
    expect(() => toWpwlOptions({ showLabels: 'false' as never })).toThrow('options.showLabels must be a boolean');
  });
});

describe('toWpwlOptions: before-submit hooks', () => {
  it('a synchronous false blocks the payment, true or nothing lets it go', () => {
    let answer: boolean | undefined = false;
    const options = toWpwlOptions({ onBeforeSubmitCard: () => answer });
    const { pay, submitted } = fakeCardForm(options);
    pay();
    expect(submitted).toHaveLength(0);
    answer = undefined;
    pay();
    answer = true;
    pay();
    expect(submitted).toHaveLength(2);
  });

  it('calls the hook with the form as `this`', () => {
    let self: unknown;
    const options = toWpwlOptions({
      onBeforeSubmitCard() {
        // What `this` is, is the assertion: keep it for the expectation below.
        // eslint-disable-next-line @typescript-eslint/no-this-alias
        self = this;
      },
    });
    const { form, pay } = fakeCardForm(options);
    pay();
    expect(self).toBe(form);
  });

  it('a promise blocks at once and, resolving true, submits the same form exactly once more', async () => {
    const gate = deferred<boolean>();
    const hook = vi.fn(() => gate.promise);
    const options = toWpwlOptions({ onBeforeSubmitCard: hook });
    const { pay, submitted } = fakeCardForm(options);
    pay();
    expect(submitted).toHaveLength(0);
    gate.resolve(true);
    await flush();
    expect(submitted).toHaveLength(1);
    expect(submitted[0]?.get('card.holder')).toBe('Jane Doe');
    expect(hook).toHaveBeenCalledTimes(1);
  });

  it('blocks further presses of pay while the promise is pending, without asking again', async () => {
    const gate = deferred<boolean>();
    const hook = vi.fn(() => gate.promise);
    const { pay, submitted } = fakeCardForm(toWpwlOptions({ onBeforeSubmitCard: hook }));
    pay();
    pay();
    pay();
    gate.resolve(true);
    await flush();
    expect(hook).toHaveBeenCalledTimes(1);
    expect(submitted).toHaveLength(1);
  });

  it('after an approved re-submit, the next press asks the hook again', async () => {
    const hook = vi.fn(async () => true);
    const { pay, submitted } = fakeCardForm(toWpwlOptions({ onBeforeSubmitCard: hook }));
    pay();
    await flush();
    pay();
    await flush();
    expect(hook).toHaveBeenCalledTimes(2);
    expect(submitted).toHaveLength(2);
  });

  it('a promise resolving false keeps the payment blocked', async () => {
    const onSubmit = vi.fn();
    const { pay, submitted } = fakeCardForm(toWpwlOptions({ onBeforeSubmitCard: async () => false }, { onSubmit }));
    pay();
    await flush();
    expect(submitted).toHaveLength(0);
    expect(onSubmit).toHaveBeenCalledWith(expect.anything(), 'Card', false);
  });

  it('a rejected promise keeps the payment blocked and is reported as an error', async () => {
    const reported: WpwlError[] = [];
    const cause = new Error('address check down');
    const options = toWpwlOptions({ onBeforeSubmitCard: () => Promise.reject(cause) }, { onError: (error) => void reported.push(error) });
    const { pay, submitted } = fakeCardForm(options);
    pay();
    await flush();
    expect(submitted).toHaveLength(0);
    expect(reported).toHaveLength(1);
    expect(reported[0]!.code).toBe('WIDGET_ERROR');
    expect(reported[0]!.cause).toBe(cause);
    expect(reported[0]!.details.field).toBe('onBeforeSubmitCard');
  });

  it('a hook that throws blocks and is reported; without a reporter the error is rethrown', () => {
    const reported: WpwlError[] = [];
    const boom = () => {
      throw new Error('boom');
    };
    const guarded = toWpwlOptions({ onBeforeSubmitCard: boom }, { onError: (error) => void reported.push(error) });
    expect(guarded.onBeforeSubmitCard!.call(document.createElement('form'))).toBe(false);
    expect(reported[0]?.message).toContain('boom');
    const bare = toWpwlOptions({ onBeforeSubmitCard: boom });
    expect(() => bare.onBeforeSubmitCard!.call(document.createElement('form'))).toThrow('boom');
  });

  it("the caller's beforeSubmit runs first and can block without the user's hook being called", async () => {
    const user = vi.fn(() => true);
    const options = toWpwlOptions({ onBeforeSubmitCard: user }, { beforeSubmit: async () => false });
    const { pay, submitted } = fakeCardForm(options);
    pay();
    await flush();
    expect(user).not.toHaveBeenCalled();
    expect(submitted).toHaveLength(0);
  });

  it('installs hooks for every payment family when the caller composes one in', () => {
    const kinds: string[] = [];
    const out = toWpwlOptions({}, { beforeSubmit: (_form, kind) => void kinds.push(kind) });
    const form = document.createElement('form');
    out.onBeforeSubmitDirectDebit!.call(form);
    out.onBeforeSubmitOnlineTransfer!.call(form);
    out.onBeforeSubmitVirtualAccount!.call(form);
    expect(kinds).toEqual(['DirectDebit', 'OnlineTransfer', 'VirtualAccount']);
  });

  it('re-submits through requestSubmit when the form has no pay button', async () => {
    const options = toWpwlOptions({ onBeforeSubmitDirectDebit: async () => true });
    document.body.innerHTML = '<form class="wpwl-form wpwl-form-directDebit"></form>';
    const form = document.querySelector('form')!;
    const answers: boolean[] = [];
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      answers.push(options.onBeforeSubmitDirectDebit!.call(form, event) as boolean);
    });
    form.requestSubmit();
    await flush();
    expect(answers).toEqual([false, true]);
  });
});

describe('classifyWidgetError', () => {
  it('maps InvalidCheckoutIdError to CHECKOUT_EXPIRED', () => {
    const raw = { name: 'InvalidCheckoutIdError', message: 'Invalid checkout id' };
    const error = classifyWidgetError(raw);
    expect(error.code).toBe('CHECKOUT_EXPIRED');
    expect(error.cause).toBe(raw);
    expect(error.message).toContain('new checkout');
  });

  it('maps anything else to WIDGET_ERROR with name, brand and event', () => {
    const raw = { name: 'WidgetError', brand: 'APPLEPAY', event: 'cancel', message: 'sheet closed' };
    const error = classifyWidgetError(raw);
    expect(error.code).toBe('WIDGET_ERROR');
    expect(error.cause).toBe(raw);
    expect(error.details).toMatchObject({ name: 'WidgetError', brand: 'APPLEPAY', event: 'cancel' });
    expect(error.message).toContain('WidgetError: sheet closed');
    expect(classifyWidgetError({ name: 'PciIframeSubmitError' }).details.name).toBe('PciIframeSubmitError');
    expect(classifyWidgetError(undefined).code).toBe('WIDGET_ERROR');
  });
});
