// The stand-in paymentWidgets.js, run as served inside happy-dom: the text from
// getWidgetAssets() is evaluated against a fake gateway (a fetch stub, see
// stand-in-harness.ts), and the tests look at what a merchant page would see: the rendered DOM, labels,
// hooks, validation hints, the payment request, navigation and unload().
import { parse } from 'acorn';
import { describe, expect, it, vi } from 'vitest';
import { getWidgetAssets } from '../src/widget/assets.js';
import {
  BASE,
  CHECKOUT_ID,
  fill,
  fillValidCard,
  gateway,
  loadWidget,
  navigations,
  page,
  PAYMENT_PATH,
  q,
  RESULT_URL,
  runWidgetScript,
  settle,
  useStandInPage,
  widgetSource,
  widgetTag,
  win,
} from './stand-in-harness.js';

useStandInPage();

describe('the served script', () => {
  it('is CSP-safe ES2019 text: a script an ES2019 parser takes, no eval, no Function constructor', () => {
    expect(() => parse(widgetSource, { ecmaVersion: 2019, sourceType: 'script' })).not.toThrow();
    expect(widgetSource).not.toMatch(/\beval\s*\(|new\s+Function/);
    // eslint-disable-next-line no-control-regex -- the range is all of ASCII: anything outside it is refused
    expect(widgetSource).not.toMatch(/[^\x00-\x7f]/);
    expect(() => new Function(widgetSource)).not.toThrow();
  });

  it('serves the follow-up script and the stylesheet beside it, and a logo image for every brand the stylesheet names', () => {
    const assets = getWidgetAssets();
    expect(assets.slice(0, 3).map((a) => a.path)).toEqual(['/v1/paymentWidgets.js', '/v1/static.min.js', '/v1/css/paymentWidgets.min.css']);
    const stylesheet = assets[2]!;
    expect(stylesheet.contentType).toMatch(/^text\/css/);
    expect(stylesheet.body).toContain('.wpwl-has-error');
    const logos = new Map(assets.slice(3).map((asset) => [asset.path, asset]));
    const named = [...stylesheet.body.matchAll(/url\(([^)]+)\)/g)].map((match) => match[1]!);
    expect(named).toContain('/v1/img/brands/VISA.svg');
    expect(named).toContain('/v1/img/brands/MADA.svg');
    for (const path of named) {
      const logo = logos.get(path);
      expect(logo?.contentType, path).toMatch(/^image\/svg\+xml/);
      // Images only: nothing in them runs.
      expect(logo?.body).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(logo?.body).not.toMatch(/<script|on\w+=|href=/i);
    }
  });
});

describe('rendering', () => {
  it('renders the documented card form before each form.paymentWidgets and calls onReady once', async () => {
    page();
    const onReady = vi.fn();
    await loadWidget({ onReady });
    await settle();

    expect(onReady).toHaveBeenCalledTimes(1);
    const container = q('#shop > div.wpwl-container.wpwl-container-card');
    expect(container.nextElementSibling).toBe(q('form.paymentWidgets'));
    expect(container.classList.contains('wpwl-style-card')).toBe(true);
    expect(container.id).toMatch(/^card_\d+$/);
    const form = q<HTMLFormElement>('div.wpwl-container-card > form.wpwl-form.wpwl-form-card.wpwl-clearfix');
    // onReady(paymentForms), as integrations read it.
    expect(onReady).toHaveBeenCalledWith([form]);
    expect(form.getAttribute('method')?.toUpperCase()).toBe('POST');
    expect(form.action).toBe(`${BASE}${PAYMENT_PATH}`);
    const groups = [...form.querySelectorAll(':scope > .wpwl-group')].map((g) => g.className);
    expect(groups).toEqual([
      'wpwl-group wpwl-group-brand wpwl-clearfix',
      'wpwl-group wpwl-group-cardNumber wpwl-clearfix',
      'wpwl-group wpwl-group-expiry wpwl-clearfix',
      'wpwl-group wpwl-group-cardHolder wpwl-clearfix',
      'wpwl-group wpwl-group-cvv wpwl-clearfix',
      'wpwl-group wpwl-group-submit wpwl-clearfix',
    ]);
    const select = q<HTMLSelectElement>('.wpwl-group-brand select.wpwl-control.wpwl-control-brand');
    expect(select.name).toBe('paymentBrand');
    expect([...select.options].map((o) => o.value)).toEqual(['VISA', 'MASTER']);
    expect(q('.wpwl-group-cardNumber .wpwl-wrapper-cardNumber .wpwl-control-cardNumber')).toBeTruthy();
    expect(q('.wpwl-group-cardNumber .wpwl-label-cardNumber').textContent).toBe('Card Number');
    expect(q<HTMLInputElement>('.wpwl-group-cardHolder input.wpwl-control-cardHolder').name).toBe('card.holder');
    expect(q<HTMLInputElement>('.wpwl-control-expiry').placeholder).toBe('MM / YY');
    expect(q('.wpwl-group-submit > .wpwl-wrapper-submit > button.wpwl-button.wpwl-button-pay[name="pay"]').textContent).toBe('Pay now');
    // The logo sits in the brand group, where merchant code moves it from.
    expect(q('.wpwl-group-brand > div.wpwl-brand.wpwl-brand-card').classList.contains('wpwl-brand-VISA')).toBe(true);
    expect(win.wpwl?.checkout).toMatchObject({ id: CHECKOUT_ID, amount: '92.00', currency: 'EUR' });
  });

  it("calls onBlurCardNumber and its siblings with isValid and this.$form, wrapped by the page's jQuery when it has one", async () => {
    page();
    const seen: Array<[string, boolean, unknown]> = [];
    const record = (name: string) =>
      function (this: { $form: unknown }, isValid: boolean) {
        seen.push([name, isValid, this.$form]);
      };
    const jQuery = vi.fn((target: unknown) => ({ wrapped: target }));
    vi.stubGlobal('jQuery', jQuery);
    await loadWidget({
      onBlurCardNumber: record('cardNumber'),
      onBlurCvv: record('cvv'),
      onBlurExpiryDate: record('expiry'),
      onBlurCardHolder: record('cardHolder'),
    });
    const form = q<HTMLFormElement>('.wpwl-form-card');
    fill('.wpwl-control-cardNumber', '4200 0000 0000 0000');
    q('.wpwl-control-cardNumber').dispatchEvent(new Event('blur'));
    fill('.wpwl-control-cvv', '1');
    q('.wpwl-control-cvv').dispatchEvent(new Event('blur'));
    expect(seen).toEqual([
      ['cardNumber', true, { wrapped: form }],
      ['cvv', false, { wrapped: form }],
    ]);
    vi.unstubAllGlobals();
    vi.stubGlobal('fetch', gateway.fetch);
    q('.wpwl-control-cardHolder').dispatchEvent(new Event('blur'));
    expect(seen.at(-1)).toEqual(['cardHolder', false, form]);
  });

  it('announces the card number and CVV to onReadyIframeCommunication (this.$iframe, jQuery-wrapped) and their focus to onFocusIframeCommunication', async () => {
    page();
    const ready: unknown[] = [];
    const focused: unknown[] = [];
    vi.stubGlobal('jQuery', (target: unknown) => ({ wrapped: target }));
    await loadWidget({
      onReadyIframeCommunication(this: { $iframe: unknown }) {
        // Integrations query the page from here: the form is in it already.
        ready.push([this.$iframe, document.querySelector('.wpwl-form-card') !== null]);
      },
      onFocusIframeCommunication(this: { $iframe: unknown }) {
        focused.push(this.$iframe);
      },
    });
    const number = q('.wpwl-control-cardNumber');
    const cvv = q('.wpwl-control-cvv');
    expect(ready).toEqual([
      [{ wrapped: number }, true],
      [{ wrapped: cvv }, true],
    ]);
    cvv.dispatchEvent(new Event('focus'));
    expect(focused).toEqual([{ wrapped: cvv }]);
  });

  it('injects its stylesheet and follow-up static script from the widget host', async () => {
    page();
    await loadWidget();
    const link = q<HTMLLinkElement>('link[rel="stylesheet"]');
    expect(link.href).toBe(`${BASE}/v1/css/paymentWidgets.min.css`);
    expect(q<HTMLScriptElement>(`script[src="${BASE}/v1/static.min.js"]`)).toBeTruthy();
  });

  it('asks the gateway for the checkout without credentials or an Authorization header', async () => {
    page();
    await loadWidget();
    const [sessionCall] = gateway.calls;
    expect(sessionCall?.url).toBe(`${BASE}/v1/checkouts/${CHECKOUT_ID}/widget-session`);
    expect(Object.keys(sessionCall!.headers).map((h) => h.toLowerCase())).not.toContain('authorization');
  });

  it('renders one form per form.paymentWidgets and a brand button per non-card brand; unknown codes are ignored', async () => {
    page(`
      <form action="${RESULT_URL}" class="paymentWidgets" data-brands="VISA MASTERCARD PAYPAL SOFORTUEBERWEISUNG"></form>
      <form action="${RESULT_URL}" class="paymentWidgets" data-brands="AMEX"></form>`);
    await loadWidget();
    expect(document.querySelectorAll('.wpwl-container-card')).toHaveLength(2);
    expect([...document.querySelectorAll('.wpwl-control-brand')].map((s) => (s as HTMLSelectElement).value)).toEqual(['VISA', 'AMEX']);
    expect(q('form.wpwl-form.wpwl-form-virtualAccount-PAYPAL button.wpwl-button-brand').textContent).toBe('PayPal');
    expect(q('form.wpwl-form.wpwl-form-onlineTransfer-SOFORTUEBERWEISUNG')).toBeTruthy();
    expect(document.querySelector('option[value="MASTERCARD"]')).toBeNull();
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('MASTERCARD'));
  });

  it('reports an expired or unknown checkout through onError and renders nothing payable', async () => {
    gateway.session = {
      status: 404,
      body: { result: { code: '200.300.404', description: 'invalid or missing parameter: checkout expired' } },
    };
    page();
    const onError = vi.fn();
    const onReady = vi.fn();
    void loadWidget({ onError, onReady });
    await settle();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ name: 'InvalidCheckoutIdError' }));
    expect(onReady).not.toHaveBeenCalled();
    expect(document.querySelector('.wpwl-container, .wpwl-button')).toBeNull();
  });

  it('does not mistake a throttled checkout lookup for an expired checkout', async () => {
    gateway.session = { status: 429, body: { result: { code: '800.120.100', description: 'Too many requests.' } } };
    page();
    const onError = vi.fn();
    void loadWidget({ onError });
    await settle();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ name: 'WidgetError', message: expect.stringContaining('800.120.100') }));
  });

  it('reports an unreachable gateway as a WidgetError', async () => {
    gateway.session = 'network-error';
    page();
    const onError = vi.fn();
    void loadWidget({ onError });
    await settle();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ name: 'WidgetError', event: 'session' }));
    expect(document.querySelector('.wpwl-container')).toBeNull();
  });

  it("refuses to run twice while its forms are still shown, and tells the page's onError", async () => {
    page();
    const onError = vi.fn();
    await loadWidget({ onError });
    const first = win.wpwl;
    new Function(widgetSource)();
    await settle();
    expect(win.wpwl).toBe(first);
    expect(document.querySelectorAll('.wpwl-container')).toHaveLength(1);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('loaded twice'));
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ name: 'WidgetError', event: 'loaded_twice' }));
  });

  it('a script whose tag the page removed on its way, arriving after another widget loaded: does nothing, a warning only', async () => {
    page();
    const onError = vi.fn();
    await loadWidget({ onError });
    const first = win.wpwl;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // The browser runs a removed tag's script when it arrives, as that tag's currentScript.
    const removed = document.createElement('script');
    removed.src = `${BASE}/v1/paymentWidgets.js`;
    Object.defineProperty(document, 'currentScript', { configurable: true, get: () => removed });
    try {
      new Function(widgetSource)();
    } finally {
      delete (document as { currentScript?: unknown }).currentScript;
    }
    await settle();
    expect(win.wpwl).toBe(first);
    expect(document.querySelectorAll('.wpwl-container')).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('whose tag the page removed'));
    expect(console.error).not.toHaveBeenCalledWith(expect.stringContaining('loaded twice'));
    expect(onError).not.toHaveBeenCalled();
  });

  it('a template re-inserted without wpwl.unload(): the earlier widget, whose forms are gone, is unloaded and the new form renders', async () => {
    page();
    await loadWidget();
    const first = win.wpwl!;
    // The page replaces its checkout markup (an AJAX re-render), script tag included.
    page();
    widgetTag.remove();
    await loadWidget({ locale: 'de' });
    expect(win.wpwl).not.toBe(first);
    expect(document.querySelectorAll('.wpwl-container')).toHaveLength(1);
    expect(q('.wpwl-button-pay').textContent).toBe('Jetzt bezahlen');
    expect(console.error).not.toHaveBeenCalledWith(expect.stringContaining('loaded twice'));
  });
});

describe('texts', () => {
  it('speaks German with locale de', async () => {
    page();
    await loadWidget({ locale: 'de' });
    expect(q('.wpwl-label-cardNumber').textContent).toBe('Kartennummer');
    expect(q('.wpwl-label-cardHolder').textContent).toBe('Karteninhaber');
    expect(q('.wpwl-button-pay').textContent).toBe('Jetzt bezahlen');
    expect(q('.wpwl-container').getAttribute('lang')).toBe('de');
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    expect(q('.wpwl-hint-cardNumberError').textContent).toBe('Ungültige Kartennummer oder Marke');
  });

  it('accepts every documented locale code; untranslated ones fall back to English labels, in a form that says it is English', async () => {
    page();
    await loadWidget({ locale: 'cz' });
    // The texts are English: lang says so, so that a screen reader does not read them as Czech.
    expect(q('.wpwl-container').getAttribute('lang')).toBe('en');
    expect(q('.wpwl-label-cardNumber').textContent).toBe('Card Number');
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('warns about an unknown locale and uses English', async () => {
    page();
    await loadWidget({ locale: 'xx' });
    expect(q('.wpwl-container').getAttribute('lang')).toBe('en');
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('"xx"'));
  });

  it('lets labels and errorMessages override any locale', async () => {
    page();
    await loadWidget({
      locale: 'de',
      labels: { cardHolder: 'Name auf der Karte', submit: 'Kaufen' },
      errorMessages: { cvvError: 'CVV fehlt' },
    });
    expect(q('.wpwl-label-cardHolder').textContent).toBe('Name auf der Karte');
    expect(q('.wpwl-button-pay').textContent).toBe('Kaufen');
    expect(q('.wpwl-label-cvv').textContent).toBe('Prüfnummer');
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    expect(q('.wpwl-hint-cvvError').textContent).toBe('CVV fehlt');
  });

  it('takes wpwlOptions assigned after its script tag ran, as official templates do', async () => {
    page();
    delete win.wpwlOptions;
    runWidgetScript();
    // The template's next script: the widget has run, and has not read its options yet.
    const ready = new Promise<void>((resolve) => {
      win.wpwlOptions = { locale: 'de', onReady: () => resolve() };
    });
    await ready;
    expect(q('.wpwl-button-pay').textContent).toBe('Jetzt bezahlen');
  });

  it('reads wpwlOptions once: changes after it read them have no effect', async () => {
    page();
    await loadWidget({ locale: 'de' });
    win.wpwlOptions = { locale: 'en', onBeforeSubmitCard: () => false };
    fillValidCard();
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    await settle();
    expect(q('.wpwl-button-pay').textContent).toBe('Jetzt bezahlen');
    expect(gateway.posts()).toHaveLength(1);
  });
});

describe('paying', () => {
  it('blocks the payment when onBeforeSubmitCard returns false, and runs the hook again on a later requestSubmit', async () => {
    page();
    let allow = false;
    const seenThis: unknown[] = [];
    const hook = vi.fn(function (this: unknown) {
      seenThis.push(this);
      return allow;
    });
    await loadWidget({ onBeforeSubmitCard: hook });
    fillValidCard();

    q<HTMLButtonElement>('.wpwl-button-pay').click();
    await settle();
    expect(hook).toHaveBeenCalledTimes(1);
    expect(seenThis[0]).toBe(q('form.wpwl-form-card'));
    expect(gateway.posts()).toHaveLength(0);
    expect(q<HTMLButtonElement>('.wpwl-button-pay').disabled).toBe(false);

    allow = true;
    q<HTMLFormElement>('form.wpwl-form-card').requestSubmit();
    await settle();
    expect(hook).toHaveBeenCalledTimes(2);
    expect(gateway.posts()).toHaveLength(1);
  });

  it('treats a throwing hook as a block', async () => {
    page();
    await loadWidget({
      onBeforeSubmitCard() {
        throw new Error('stock check failed');
      },
    });
    fillValidCard();
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    await settle();
    expect(gateway.posts()).toHaveLength(0);
  });

  it('marks each invalid field with wpwl-has-error and a hint, sends nothing, and clears a hint when the field changes', async () => {
    page();
    const onAfterSubmit = vi.fn();
    await loadWidget({ onAfterSubmit });
    fill('.wpwl-control-cardNumber', '4200000000000001'); // Luhn fails
    fill('.wpwl-control-expiry', '01 / 20'); // in the past
    fill('.wpwl-control-cardHolder', 'J');
    fill('.wpwl-control-cvv', '12');
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    await settle();

    for (const [group, hint, text] of [
      ['cardNumber', 'cardNumberError', 'Invalid card number or brand'],
      ['expiry', 'expiryYearError', 'Invalid expiry date'],
      ['cardHolder', 'cardHolderError', 'Invalid card holder'],
      ['cvv', 'cvvError', 'Invalid CVV'],
    ]) {
      const groupEl = q(`.wpwl-group-${group}`);
      expect(groupEl.classList.contains('wpwl-has-error')).toBe(true);
      expect(groupEl.querySelector(`div.wpwl-hint.wpwl-hint-${hint}`)?.textContent).toBe(text);
    }
    expect(q('.wpwl-group-brand').classList.contains('wpwl-has-error')).toBe(false);
    expect(gateway.posts()).toHaveLength(0);
    expect(onAfterSubmit).not.toHaveBeenCalled();

    fill('.wpwl-control-cvv', '123');
    expect(q('.wpwl-group-cvv').classList.contains('wpwl-has-error')).toBe(false);
    expect(document.querySelector('.wpwl-hint-cvvError')).toBeNull();
    expect(q('.wpwl-group-cardNumber').classList.contains('wpwl-has-error')).toBe(true);
  });

  it('rejects a month out of range and a card of a brand the form does not offer', async () => {
    page();
    await loadWidget();
    fill('.wpwl-control-cardNumber', '378282246310005'); // a valid AMEX number; the form offers VISA and MASTER
    fill('.wpwl-control-expiry', '13 / 39');
    fill('.wpwl-control-cardHolder', 'Jane Jones');
    fill('.wpwl-control-cvv', '123');
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    expect(q('.wpwl-hint-cardNumberError')).toBeTruthy();
    expect(q('.wpwl-hint-expiryMonthError')).toBeTruthy();
    expect(gateway.posts()).toHaveLength(0);
  });

  it('refuses a Luhn-valid number of no card scheme, and a number of another brand than the one selected', async () => {
    page();
    await loadWidget({ brandDetection: false });
    fillValidCard('1234567890123452'); // passes Luhn, but no scheme issues numbers starting with 1
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    expect(q('.wpwl-group-cardNumber').classList.contains('wpwl-has-error')).toBe(true);

    // Without brand detection the select stays on MASTER: a Visa number does not fit it.
    const select = q<HTMLSelectElement>('.wpwl-control-brand');
    select.value = 'MASTER';
    select.dispatchEvent(new Event('change'));
    fillValidCard('4200000000000000');
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    expect(q('.wpwl-group-cardNumber').classList.contains('wpwl-has-error')).toBe(true);
    await settle();
    expect(gateway.posts()).toHaveLength(0);
  });

  it('pays with a co-branded domestic brand (mada) on a Visa number when the form offers only that brand', async () => {
    page(`<form action="${RESULT_URL}" class="paymentWidgets" data-brands="MADA"></form>`);
    await loadWidget();
    fillValidCard('4200000000000000');
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    await settle();
    expect(document.querySelector('.wpwl-has-error')).toBeNull();
    const [post] = gateway.posts();
    expect(post?.body.get('paymentBrand')).toBe('MADA');
    expect(post?.body.get('card.number')).toBe('4200000000000000');
  });

  it('posts the card, the form custom parameters and the result URL, then goes to the result URL', async () => {
    page(`<form action="${RESULT_URL}" class="paymentWidgets" data-brands="VISA MASTER">
      <input type="hidden" name="customParameters[SHOPPER_orderId]" value="order-42">
    </form>`);
    const onAfterSubmit = vi.fn();
    await loadWidget({ onAfterSubmit });
    fill('.wpwl-control-cardNumber', '4200 0000 0000 0000');
    fill('.wpwl-control-expiry', '3/2039');
    fill('.wpwl-control-cardHolder', 'Jane Jones');
    fill('.wpwl-control-cvv', '123');
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    expect(onAfterSubmit).toHaveBeenCalledTimes(1);
    await settle();

    const [post] = gateway.posts();
    expect(post?.url).toBe(`${BASE}${PAYMENT_PATH}`);
    expect(post?.headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.keys(post!.headers).map((h) => h.toLowerCase())).not.toContain('authorization');
    expect(Object.fromEntries(post!.body)).toEqual({
      paymentBrand: 'VISA',
      'card.number': '4200000000000000',
      'card.holder': 'Jane Jones',
      'card.expiryMonth': '03',
      'card.expiryYear': '2039',
      'card.cvv': '123',
      'customParameters[SHOPPER_orderId]': 'order-42',
      shopperResultUrl: RESULT_URL,
    });
    expect(navigations).toEqual([`${RESULT_URL}?id=${encodeURIComponent(CHECKOUT_ID)}&resourcePath=${encodeURIComponent(PAYMENT_PATH)}`]);
  });

  it('posts custom parameters a before-submit hook put into the widget form, ahead of the merchant form', async () => {
    page(`<form action="${RESULT_URL}" class="paymentWidgets" data-brands="VISA">
      <input type="hidden" name="customParameters[SHOPPER_orderId]" value="from-merchant-form">
      <input type="hidden" name="customParameters[SHOPPER_channel]" value="web">
    </form>`);
    await loadWidget({
      onBeforeSubmitCard(this: HTMLFormElement) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = 'customParameters[SHOPPER_orderId]';
        input.value = 'from-widget-form';
        this.appendChild(input);
        return true;
      },
    });
    fill('.wpwl-control-cardNumber', '4200 0000 0000 0000');
    fill('.wpwl-control-expiry', '3/2039');
    fill('.wpwl-control-cardHolder', 'Jane Jones');
    fill('.wpwl-control-cvv', '123');
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    await settle();

    const [post] = gateway.posts();
    expect(post!.body.getAll('customParameters[SHOPPER_orderId]')).toEqual(['from-widget-form']);
    expect(post!.body.get('customParameters[SHOPPER_channel]')).toBe('web');
  });

  it('posts the inputs merchant code put into the widget form: a ticked "save my card" box, other fields; not an unticked box', async () => {
    page();
    await loadWidget({
      onReady() {
        // As the store plugins do: a checkbox (and a field of their own) inside the card form.
        const form = q<HTMLFormElement>('.wpwl-form-card');
        form.insertAdjacentHTML(
          'beforeend',
          '<label><input type="checkbox" name="createRegistration" value="true"> Save my card</label>' +
            '<input type="hidden" name="merchantNote" value="gift wrap">' +
            '<input type="checkbox" name="newsletter" value="yes">' +
            '<input type="hidden" name="card.number" value="4000000000009995">',
        );
        q<HTMLInputElement>('input[name="createRegistration"]').checked = true;
      },
    });
    fillValidCard();
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    await settle();

    const [post] = gateway.posts();
    expect(post!.body.getAll('createRegistration')).toEqual(['true']);
    expect(post!.body.getAll('merchantNote')).toEqual(['gift wrap']);
    expect(post!.body.has('newsletter')).toBe(false);
    // A merchant input never replaces what the widget sends itself.
    expect(post!.body.getAll('card.number')).toEqual(['4200000000000000']);
  });

  it('goes to the result URL after a decline too: the merchant reads the status', async () => {
    gateway.payment = {
      status: 400,
      body: {
        id: 'p'.repeat(32),
        paymentType: 'DB',
        paymentBrand: 'VISA',
        amount: '92.00',
        currency: 'EUR',
        result: { code: '800.100.151', description: 'transaction declined (invalid card)' },
      },
    };
    page();
    await loadWidget();
    fillValidCard('4000000000000002');
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    await settle();
    expect(navigations).toHaveLength(1);
    expect(new URL(navigations[0]!).searchParams.get('resourcePath')).toBe(PAYMENT_PATH);
  });

  it('follows redirect.url for 3-D Secure, into paymentTarget when given', async () => {
    gateway.payment = {
      status: 200,
      body: {
        result: { code: '000.200.000', description: 'transaction pending' },
        redirect: { url: `${BASE}/v1/threeds/challenge/abc`, parameters: [{ name: 'step', value: '1' }] },
      },
    };
    page();
    await loadWidget({ paymentTarget: '_top' });
    fillValidCard('4000000000003220');
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    await settle();
    expect(navigations).toEqual([`_top:${BASE}/v1/threeds/challenge/abc?step=1`]);
  });

  it('opens 3-D Secure in an iframe in the widget by default, asks it for the result window, and calls onLoadThreeDIframe once it loaded', async () => {
    gateway.payment = {
      status: 200,
      body: { result: { code: '000.200.000' }, redirect: { url: `${BASE}/v1/threeds/${CHECKOUT_ID}` } },
    };
    page();
    const onLoadThreeDIframe = vi.fn(function (this: unknown) {
      return this;
    });
    await loadWidget({ onLoadThreeDIframe, threeDIframeSize: { width: 390, height: 400 } });
    fillValidCard('4000000000003220');
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    await settle();
    expect(navigations).toEqual([]);
    const frame = q<HTMLIFrameElement>('.wpwl-container-card .wpwl-group-threeDSecure iframe.wpwl-control-threeDSecure');
    const src = new URL(frame.src);
    expect(src.origin + src.pathname).toBe(`${BASE}/v1/threeds/${CHECKOUT_ID}`);
    expect(src.searchParams.get('target')).toBe('_top');
    expect([frame.getAttribute('width'), frame.getAttribute('height')]).toEqual(['390', '400']);
    expect(q('form.wpwl-form-card').style.display).toBe('none');
    frame.dispatchEvent(new Event('load'));
    frame.dispatchEvent(new Event('load'));
    expect(onLoadThreeDIframe).toHaveBeenCalledTimes(1);
    expect(onLoadThreeDIframe.mock.results[0]!.value).toBe(frame);
    win.wpwl!.unload();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('sends the 3-D Secure result to shopperResultTarget when the page names one', async () => {
    gateway.payment = {
      status: 200,
      body: { result: { code: '000.200.000' }, redirect: { url: `${BASE}/v1/threeds/${CHECKOUT_ID}` } },
    };
    page();
    await loadWidget({ shopperResultTarget: 'shopFrame' });
    fillValidCard('4000000000003220');
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    await settle();
    expect(new URL(q<HTMLIFrameElement>('iframe.wpwl-control-threeDSecure').src).searchParams.get('target')).toBe('shopFrame');
  });

  it('sends one payment for a double click: the pay button is disabled while submitting', async () => {
    gateway.payment = 'hang';
    page();
    await loadWidget();
    fillValidCard();
    const button = q<HTMLButtonElement>('.wpwl-button-pay');
    button.click();
    button.click();
    q<HTMLFormElement>('form.wpwl-form-card').requestSubmit();
    await settle();
    expect(button.disabled).toBe(true);
    expect(gateway.posts()).toHaveLength(1);
  });

  it('shows a format-validation answer next to the named field and re-enables the button', async () => {
    gateway.payment = {
      status: 400,
      body: { result: { code: '200.300.404', description: "invalid or missing parameter 'card.number': not a valid card number" } },
    };
    page();
    await loadWidget();
    fillValidCard();
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    await settle();
    expect(navigations).toHaveLength(0);
    expect(q('.wpwl-group-cardNumber .wpwl-hint-cardNumberError').textContent).toContain('card.number');
    expect(q<HTMLButtonElement>('.wpwl-button-pay').disabled).toBe(false);
  });

  it('shows each field the gateway lists in parameterErrors next to that field', async () => {
    gateway.payment = {
      status: 400,
      body: {
        result: {
          code: '100.100.101',
          description: 'invalid creditcard, bank account number or bank name (and 1 more, see parameterErrors)',
          parameterErrors: [
            { name: 'card.holder', value: 'Jane Jones', message: 'must be letters only' },
            { name: 'card.cvv', value: '123', message: 'must be 4 digits for AMEX' },
          ],
        },
      },
    };
    page();
    await loadWidget();
    fillValidCard();
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    await settle();
    expect(q('.wpwl-group-cardHolder .wpwl-hint-cardHolderError').textContent).toBe('card.holder: must be letters only');
    expect(q('.wpwl-group-cvv .wpwl-hint-cvvError').textContent).toBe('card.cvv: must be 4 digits for AMEX');
    expect(q('.wpwl-group-cardNumber').classList.contains('wpwl-has-error')).toBe(false);
    expect(navigations).toHaveLength(0);
  });

  it('keeps the shopper on the form when the gateway refuses a second payment for the checkout', async () => {
    gateway.payment = {
      status: 400,
      body: { result: { code: '200.300.405', description: 'duplicate entity: this checkout already has a payment' } },
    };
    page();
    await loadWidget();
    fillValidCard();
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    await settle();
    expect(q('.wpwl-message.wpwl-has-error').textContent).toContain('already has a payment');
    expect(navigations).toHaveLength(0);
  });

  it('shows a validation answer about another parameter above the form', async () => {
    gateway.payment = {
      status: 400,
      body: { result: { code: '200.300.404', description: "invalid or missing parameter 'shopperResultUrl': must be https" } },
    };
    page();
    await loadWidget();
    fillValidCard();
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    await settle();
    expect(q('form.wpwl-form-card > .wpwl-message.wpwl-has-error').textContent).toContain('shopperResultUrl');
    expect(q<HTMLButtonElement>('.wpwl-button-pay').disabled).toBe(false);
    expect(navigations).toHaveLength(0);
  });

  it('keeps a refused custom parameter whose name mentions "checkout" apart from an expired checkout', async () => {
    const description =
      "invalid or missing parameter: customParameters[checkoutStep]: custom parameters sent from the shopper's browser must have a name starting with SHOPPER_";
    gateway.payment = {
      status: 400,
      body: {
        result: {
          code: '200.300.404',
          description,
          parameterErrors: [
            { name: 'customParameters[checkoutStep]', value: '2', message: description.slice(description.indexOf('customParameters')) },
          ],
        },
      },
    };
    page(`<form action="${RESULT_URL}" class="paymentWidgets" data-brands="VISA MASTER">
      <input type="hidden" name="customParameters[checkoutStep]" value="2">
    </form>`);
    const onError = vi.fn();
    await loadWidget({ onError });
    fillValidCard();
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    await settle();
    expect(onError).not.toHaveBeenCalled();
    expect(q('form.wpwl-form-card > .wpwl-message.wpwl-has-error').textContent).toContain('SHOPPER_');
    expect(q<HTMLButtonElement>('.wpwl-button-pay').disabled).toBe(false);
  });

  it('reports an expired checkout at pay time as InvalidCheckoutIdError and stays unpayable', async () => {
    // The sandbox's answer for a checkout past its 30 minutes.
    gateway.payment = {
      status: 404,
      body: { result: { code: '200.300.404', description: 'invalid or missing parameter: checkout id expired or unknown' } },
    };
    page();
    const onError = vi.fn();
    await loadWidget({ onError });
    fillValidCard();
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    await settle();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ name: 'InvalidCheckoutIdError' }));
    expect(q<HTMLButtonElement>('.wpwl-button-pay').disabled).toBe(true);
    expect(navigations).toHaveLength(0);
  });

  it('inside another <form>: renders, but paying sends nothing and reports a WidgetError', async () => {
    document.body.innerHTML = `<form id="checkout-page"><div id="shop">
      <form action="${RESULT_URL}" class="paymentWidgets" data-brands="VISA"></form></div></form>`;
    // The HTML parser drops a nested <form>; build it through the DOM like a framework would.
    const shop = q('#shop');
    shop.innerHTML = '';
    const merchantForm = document.createElement('form');
    merchantForm.className = 'paymentWidgets';
    merchantForm.action = RESULT_URL;
    merchantForm.setAttribute('data-brands', 'VISA');
    shop.appendChild(merchantForm);

    const onError = vi.fn();
    await loadWidget({ onError });
    expect(q('#checkout-page .wpwl-form-card')).toBeTruthy();
    fillValidCard();
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    await settle();
    expect(gateway.posts()).toHaveLength(0);
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'WidgetError', event: 'nested-form', message: expect.stringContaining('#checkout-page') }),
    );
  });

  it('pays with a non-card brand through its own button and hook', async () => {
    gateway.payment = {
      status: 200,
      body: { result: { code: '000.200.000' }, redirect: { url: `${BASE}/v1/wallet/approve/xyz` } },
    };
    page(`<form action="${RESULT_URL}" class="paymentWidgets" data-brands="VISA PAYPAL"></form>`);
    const hook = vi.fn(() => true);
    await loadWidget({ onBeforeSubmitVirtualAccount: hook });
    q<HTMLButtonElement>('.wpwl-form-virtualAccount-PAYPAL .wpwl-button-brand').click();
    await settle();
    expect(hook).toHaveBeenCalledTimes(1);
    expect(Object.fromEntries(gateway.posts()[0]!.body)).toEqual({ paymentBrand: 'PAYPAL', shopperResultUrl: RESULT_URL });
    expect(navigations).toEqual([`${BASE}/v1/wallet/approve/xyz`]);
  });
});

describe('brands', () => {
  it('detects the brand from the number, selects it and reports it', async () => {
    page();
    const onDetectBrand = vi.fn();
    const onChangeBrand = vi.fn();
    await loadWidget({ onDetectBrand, onChangeBrand });
    fill('.wpwl-control-cardNumber', '5555 5555');
    // onDetectBrand(brands, activeBrand), as the widget's integrations read it.
    expect(onDetectBrand).toHaveBeenLastCalledWith(expect.arrayContaining(['MASTER']), 'MASTER');
    expect(onChangeBrand).toHaveBeenCalledWith('MASTER');
    expect(q<HTMLSelectElement>('.wpwl-control-brand').value).toBe('MASTER');
    expect(q('.wpwl-brand-card').classList.contains('wpwl-brand-MASTER')).toBe(true);
  });
});

describe('mada', () => {
  it.each([
    ['4464 0400 0000 0007', 'a Visa-range BIN'],
    ['5888 4500 0000 0003', 'a Maestro-range BIN'],
  ])('%s (%s) is detected as MADA under brandDetectionPriority, and pays as MADA', async (number) => {
    page(`<form action="${RESULT_URL}" class="paymentWidgets" data-brands="VISA MASTER MADA"></form>`);
    const onDetectBrand = vi.fn();
    await loadWidget({ brandDetection: true, brandDetectionPriority: ['MADA', 'VISA', 'MASTER'], onDetectBrand });
    fillValidCard(number);
    expect(onDetectBrand).toHaveBeenLastCalledWith(expect.arrayContaining(['MADA']), 'MADA');
    expect(q<HTMLSelectElement>('.wpwl-control-brand').value).toBe('MADA');
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    await settle();
    expect(document.querySelector('.wpwl-has-error')).toBeNull();
    expect(gateway.posts()[0]?.body.get('paymentBrand')).toBe('MADA');
  });

  it('without a priority list a Visa-range mada card stays VISA, the first brand offered', async () => {
    page(`<form action="${RESULT_URL}" class="paymentWidgets" data-brands="VISA MASTER MADA"></form>`);
    await loadWidget({ brandDetection: true });
    fillValidCard('4464 0400 0000 0007');
    expect(q<HTMLSelectElement>('.wpwl-control-brand').value).toBe('VISA');
  });
});

describe('what older and regional templates rely on', () => {
  it('takes the brands from the form text when data-brands is absent (<form class="paymentWidgets">VISA MASTER</form>), and gives the text back on unload', async () => {
    page(`<form action="${RESULT_URL}" class="paymentWidgets">VISA MASTER</form>`);
    await loadWidget();
    await settle();
    const options = [...document.querySelectorAll<HTMLOptionElement>('.wpwl-control-brand option')].map((o) => o.value);
    expect(options).toEqual(['VISA', 'MASTER']);
    expect(q('form.paymentWidgets').textContent).toBe('');
    win.wpwl!.unload();
    expect(q('form.paymentWidgets').textContent).toBe('VISA MASTER');
  });

  it("renders STC_PAY's inner groups; choosing the mobile mode as integrations do shows the number, which is sent", async () => {
    page(`<form action="${RESULT_URL}" class="paymentWidgets" data-brands="VISA STC_PAY"></form>`);
    await loadWidget({
      onReady() {
        // As Saudi store plugins do in onReady: tick the mobile mode, click it, hide the choice.
        const mobile = q<HTMLInputElement>('.wpwl-form-virtualAccount-STC_PAY .wpwl-wrapper-radio-mobile .wpwl-control-radio-mobile');
        mobile.checked = true;
        mobile.click();
        q('.wpwl-form-virtualAccount-STC_PAY .wpwl-group-paymentMode').style.display = 'none';
      },
    });
    await settle();
    const form = q('.wpwl-form-virtualAccount-STC_PAY');
    expect(form.querySelector('.wpwl-group-paymentMode .wpwl-wrapper-radio-qrcode input[type=radio]')).not.toBeNull();
    const phoneGroup = q('.wpwl-form-virtualAccount-STC_PAY .wpwl-group-mobilePhone');
    expect(phoneGroup.style.display).toBe('');
    fill('.wpwl-form-virtualAccount-STC_PAY .wpwl-control-mobilePhone', '0501234567');
    q<HTMLButtonElement>('.wpwl-form-virtualAccount-STC_PAY button[type=submit]').click();
    await settle();
    const [post] = gateway.posts();
    expect(post!.body.get('paymentBrand')).toBe('STC_PAY');
    expect(post!.body.get('virtualAccount.accountId')).toBe('0501234567');
    expect(post!.body.has('paymentMode')).toBe(false);
  });

  it('STC_PAY in QR mode hides the number and sends none', async () => {
    page(`<form action="${RESULT_URL}" class="paymentWidgets" data-brands="STC_PAY"></form>`);
    await loadWidget();
    await settle();
    expect(q('.wpwl-group-mobilePhone').style.display).toBe('none');
    q<HTMLButtonElement>('.wpwl-form-virtualAccount-STC_PAY button[type=submit]').click();
    await settle();
    expect(gateway.posts()[0]!.body.has('virtualAccount.accountId')).toBe(false);
  });
});

describe('styles', () => {
  it('logos: the offered brands as a row of logos; pressing one picks the brand, as the select would', async () => {
    page(`<form action="${RESULT_URL}" class="paymentWidgets" data-brands="VISA MASTER AMEX"></form>`);
    const onChangeBrand = vi.fn();
    await loadWidget({ style: 'logos', onChangeBrand });
    await settle();
    expect(q('.wpwl-container-card').classList.contains('wpwl-style-logos')).toBe(true);
    const marks = [...document.querySelectorAll<HTMLButtonElement>('.wpwl-group-brand .wpwl-brand-logos button.wpwl-brand')];
    expect(marks.map((mark) => mark.dataset.brand)).toEqual(['VISA', 'MASTER', 'AMEX']);
    expect(marks.map((mark) => mark.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false']);
    marks[2]!.click();
    expect(q<HTMLSelectElement>('.wpwl-control-brand').value).toBe('AMEX');
    expect(onChangeBrand).toHaveBeenCalledWith('AMEX');
    expect(marks.map((mark) => mark.classList.contains('wpwl-selected'))).toEqual([false, false, true]);
    // Typing a number picks its brand in the row too.
    fill('.wpwl-control-cardNumber', '4200');
    expect(marks.map((mark) => mark.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false']);
  });

  it('card and plain have no logo row', async () => {
    page();
    await loadWidget({ style: 'plain' });
    await settle();
    expect(q('.wpwl-container-card').classList.contains('wpwl-style-plain')).toBe(true);
    expect(document.querySelector('.wpwl-brand-logos')).toBeNull();
  });
});

describe('stored cards (one-click)', () => {
  const VISA_ID = 'a'.repeat(32);
  const AMEX_ID = 'b'.repeat(32);
  function offerStoredCards() {
    const session = gateway.session as { status: number; body: Record<string, unknown> };
    session.body.registrations = [
      { id: VISA_ID, paymentBrand: 'VISA', last4Digits: '0000', holder: 'Jane Jones', expiryMonth: '05', expiryYear: '2034' },
      { id: AMEX_ID, paymentBrand: 'AMEX', last4Digits: '7770', expiryMonth: '11', expiryYear: '2031' },
    ];
  }

  it('renders the registration form before the card form, as real markup has it, the first card chosen', async () => {
    offerStoredCards();
    page();
    const onReady = vi.fn();
    await loadWidget({ onReady });
    await settle();
    const container = q('#shop > .wpwl-container.wpwl-container-registration.wpwl-clearfix');
    expect(container.nextElementSibling?.classList.contains('wpwl-container-card')).toBe(true);
    const groups = document.querySelectorAll('form.wpwl-form.wpwl-form-registrations .wpwl-group.wpwl-group-registration');
    expect(groups).toHaveLength(2);
    expect(groups[0]!.classList.contains('wpwl-selected')).toBe(true);
    expect(groups[1]!.classList.contains('wpwl-selected')).toBe(false);
    const radios = document.querySelectorAll<HTMLInputElement>('input[type=radio][name=registrationId]');
    expect([...radios].map((r) => [r.value, r.checked])).toEqual([
      [VISA_ID, true],
      [AMEX_ID, false],
    ]);
    expect(groups[0]!.querySelector('.wpwl-wrapper-registration-details')!.textContent).toContain('0000');
    expect(groups[0]!.querySelector('.wpwl-wrapper-registration-holder')!.textContent).toBe('Jane Jones');
    expect(groups[1]!.querySelector('.wpwl-brand-AMEX')).not.toBeNull();
    // No CVV unless registrations.requireCvv.
    expect(document.querySelector('.wpwl-wrapper-registration-cvv')).toBeNull();
    const [forms] = onReady.mock.calls[0] as [HTMLFormElement[]];
    expect(forms.map((form) => form.className)).toEqual([
      'wpwl-form wpwl-form-registrations wpwl-form-has-inputs wpwl-clearfix',
      'wpwl-form wpwl-form-card wpwl-clearfix',
    ]);
  });

  it('pays with the chosen card: registrationId and its CVV, no card number; onBeforeSubmitCard runs with this = that form', async () => {
    offerStoredCards();
    page();
    const seen: string[] = [];
    await loadWidget({
      registrations: { requireCvv: 'true' },
      onBeforeSubmitCard(this: HTMLFormElement) {
        seen.push(this.className);
        return true;
      },
    });
    await settle();
    const amex = document.querySelectorAll<HTMLInputElement>('input[name=registrationId]')[1]!;
    amex.checked = true;
    amex.dispatchEvent(new Event('change', { bubbles: true }));
    expect(document.querySelectorAll('.wpwl-group-registration')[1]!.classList.contains('wpwl-selected')).toBe(true);
    expect(document.querySelectorAll('.wpwl-group-registration')[0]!.classList.contains('wpwl-selected')).toBe(false);

    // An AMEX CVV has four digits: three is refused at the chosen card, nothing is sent.
    const cvvs = document.querySelectorAll<HTMLInputElement>('.wpwl-wrapper-registration-cvv input.wpwl-control-cvv');
    expect(cvvs).toHaveLength(2);
    cvvs[1]!.value = '123';
    q<HTMLButtonElement>('.wpwl-form-registrations .wpwl-button-pay').click();
    await settle();
    expect(gateway.posts()).toHaveLength(0);
    expect(document.querySelectorAll('.wpwl-group-registration')[1]!.classList.contains('wpwl-has-error')).toBe(true);

    cvvs[1]!.value = '1234';
    q<HTMLButtonElement>('.wpwl-form-registrations .wpwl-button-pay').click();
    await settle();
    const [post] = gateway.posts();
    expect(post!.url).toBe(`${BASE}${PAYMENT_PATH}`);
    expect(post!.body.getAll('registrationId')).toEqual([AMEX_ID]);
    expect(post!.body.get('card.cvv')).toBe('1234');
    expect(post!.body.has('card.number')).toBe(false);
    expect(post!.body.has('paymentBrand')).toBe(false);
    expect(post!.body.get('shopperResultUrl')).toBe(RESULT_URL);
    expect(seen).toContain('wpwl-form wpwl-form-registrations wpwl-form-has-inputs wpwl-clearfix');
  });

  it('hideInitialPaymentForms hides the new-card form until the shopper asks for it', async () => {
    offerStoredCards();
    page();
    await loadWidget({ registrations: { hideInitialPaymentForms: true } });
    await settle();
    const card = q('.wpwl-container-card');
    expect(card.style.display).toBe('none');
    q<HTMLButtonElement>('.wpwl-container-registration .wpwl-button-otherPaymentMethods').click();
    expect(card.style.display).toBe('');
    expect(document.querySelector('.wpwl-button-otherPaymentMethods')).toBeNull();
  });

  it('renders no registration form when the checkout offers no stored card', async () => {
    page();
    await loadWidget({ registrations: { requireCvv: true, hideInitialPaymentForms: true } });
    await settle();
    expect(document.querySelector('.wpwl-container-registration')).toBeNull();
    expect(q('.wpwl-container-card').style.display).toBe('');
  });

  it('unload() takes the registration form away with the rest', async () => {
    offerStoredCards();
    page();
    await loadWidget();
    await settle();
    win.wpwl!.unload();
    expect(document.querySelector('.wpwl-container')).toBeNull();
  });
});

describe('wpwl.unload()', () => {
  it('leaves the page as it was before the widget loaded, apart from the script tag the merchant added', async () => {
    page(`<form action="${RESULT_URL}" class="paymentWidgets" data-brands="VISA PAYPAL"></form>`);
    const before = document.documentElement.outerHTML;
    await loadWidget();
    win.wpwl!.staticLoaded = true;
    expect(document.documentElement.outerHTML).not.toBe(before);

    win.wpwl!.unload();
    widgetTag.remove();
    expect(document.documentElement.outerHTML).toBe(before);
    expect('wpwl' in window).toBe(false);
  });

  it('removes its listeners: a detached pay button no longer posts', async () => {
    page();
    await loadWidget();
    fillValidCard();
    const form = q<HTMLFormElement>('form.wpwl-form-card');
    win.wpwl!.unload();
    document.body.appendChild(form); // a stale reference put back by merchant code
    form.requestSubmit();
    await settle();
    expect(gateway.posts()).toHaveLength(0);
  });

  it('aborts the session request and renders nothing when unloaded before the gateway answers', async () => {
    gateway.session = 'hang';
    page();
    const onReady = vi.fn();
    void loadWidget({ onReady });
    const [sessionCall] = gateway.calls;
    win.wpwl!.unload();
    await settle();
    expect(sessionCall?.signal?.aborted).toBe(true);
    expect(onReady).not.toHaveBeenCalled();
    expect(document.querySelector('.wpwl-container, link, script[src*="static.min.js"]')).toBeNull();
  });

  it('allows loading again after unload', async () => {
    page();
    await loadWidget({ locale: 'en' });
    win.wpwl!.unload();
    widgetTag.remove();
    await loadWidget({ locale: 'de' });
    expect(document.querySelectorAll('.wpwl-container')).toHaveLength(1);
    expect(q('.wpwl-button-pay').textContent).toBe('Jetzt bezahlen');
  });
});

describe("the widget's form posted by the browser itself", () => {
  /**
   * The entries a browser posts for `form`: it collects the form's fields and
   * fires `formdata` with them (happy-dom collects but does not fire it).
   */
  function browserEntries(form: HTMLFormElement): Record<string, string[]> {
    const formData = new FormData(form);
    const event = new Event('formdata');
    Object.defineProperty(event, 'formData', { value: formData });
    form.dispatchEvent(event);
    const out: Record<string, string[]> = {};
    for (const [name, value] of formData) (out[name] ??= []).push(String(value));
    return out;
  }

  const merchantPage = `<form action="${RESULT_URL}" class="paymentWidgets" data-brands="VISA MASTER">
      <input type="hidden" name="customParameters[SHOPPER_orderId]" value="order-42">
    </form>`;

  it('carries in its own fields what the fetch sends, as the shopper types', async () => {
    page(merchantPage);
    await loadWidget();
    fill('.wpwl-control-cardNumber', '4200 0000 0000 0000');
    fill('.wpwl-control-expiry', '3/2039');
    fill('.wpwl-control-cardHolder', 'Jane Jones');
    fill('.wpwl-control-cvv', ' 123 ');

    // No formdata fix-up here: the fields themselves hold the values.
    const entries: Record<string, string[]> = {};
    for (const [name, value] of new FormData(q<HTMLFormElement>('form.wpwl-form-card'))) (entries[name] ??= []).push(String(value));
    expect(entries).toEqual({
      paymentBrand: ['VISA'],
      'card.holder': ['Jane Jones'],
      'card.number': ['4200000000000000'],
      'card.expiryMonth': ['03'],
      'card.expiryYear': ['2039'],
      'card.cvv': ['123'],
      shopperResultUrl: [RESULT_URL],
      'customParameters[SHOPPER_orderId]': ['order-42'],
    });
  });

  it('posts, after an async hook calls this.submit(), exactly what the fetch would have sent, and sends no fetch', async () => {
    page(merchantPage);
    const posted: Array<Record<string, string[]>> = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      posted.push(browserEntries(this));
    });
    let resubmitted!: () => void;
    const done = new Promise<void>((resolve) => (resubmitted = resolve));
    await loadWidget({
      onBeforeSubmitCard(this: HTMLFormElement) {
        setTimeout(() => {
          // What the merchant's async check changed before submitting again.
          q<HTMLInputElement>('form.paymentWidgets input[name="customParameters[SHOPPER_orderId]"]').value = 'order-43';
          const own = document.createElement('input');
          own.type = 'hidden';
          own.name = 'customParameters[SHOPPER_risk]';
          own.value = 'low';
          this.appendChild(own);
          q('form.paymentWidgets').setAttribute('action', `${RESULT_URL}?order=43`);
          this.submit();
          resubmitted();
        }, 0);
        return false;
      },
    });
    fillValidCard('5454 5454 5454 5454');
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    await done;
    await settle();

    expect(gateway.posts()).toEqual([]);
    expect(posted).toEqual([
      {
        paymentBrand: ['MASTER'],
        'card.number': ['5454545454545454'],
        'card.holder': ['Jane Jones'],
        'card.expiryMonth': ['12'],
        'card.expiryYear': ['2039'],
        'card.cvv': ['123'],
        'customParameters[SHOPPER_risk]': ['low'],
        'customParameters[SHOPPER_orderId]': ['order-43'],
        shopperResultUrl: [`${RESULT_URL}?order=43`],
      },
    ]);
  });

  it('lets a custom parameter in its own form win over the merchant form’s of the same name', async () => {
    page(merchantPage);
    await loadWidget();
    fillValidCard();
    const form = q<HTMLFormElement>('form.wpwl-form-card');
    const own = document.createElement('input');
    own.type = 'hidden';
    own.name = 'customParameters[SHOPPER_orderId]';
    own.value = 'from-widget-form';
    form.appendChild(own);

    expect(browserEntries(form)['customParameters[SHOPPER_orderId]']).toEqual(['from-widget-form']);
  });

  it('gives a brand button form its brand, result URL and custom parameters', async () => {
    page(`<form action="${RESULT_URL}" class="paymentWidgets" data-brands="PAYPAL">
      <input type="hidden" name="customParameters[SHOPPER_orderId]" value="order-42">
    </form>`);
    await loadWidget();
    expect(browserEntries(q<HTMLFormElement>('form.wpwl-form-virtualAccount-PAYPAL'))).toEqual({
      paymentBrand: ['PAYPAL'],
      'customParameters[SHOPPER_orderId]': ['order-42'],
      shopperResultUrl: [RESULT_URL],
    });
  });
});
