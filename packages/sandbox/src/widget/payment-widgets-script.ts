// The sandbox's stand-in for the gateway's `paymentWidgets.js`, as the exact
// text the sandbox serves. It is a plain ES2019 IIFE for browsers without a
// bundler: no template literals, no eval, no inline scripts or style
// attributes (strict CSP pages must keep working). The text is the same for
// every checkout, so its sha384 integrity hash is stable; the script learns
// the gateway base URL and the checkout id from its own `<script src>`.
//
// What it mimics, and where it deliberately differs from the real widget, is
// written down in the package README ("The stand-in widget").
//
// The source is kept inside `String.raw` so backslashes reach the browser
// unchanged; it therefore must not contain a backtick or a dollar-brace.

/** Source text of the sandbox `paymentWidgets.js`, served byte for byte. */
export const paymentWidgetsScript: string = String.raw`/*! paymentWidgets.js - sandbox stand-in for the gateway's payment widget */
(function () {
  'use strict';

  var SCRIPT_PATH = '/v1/paymentWidgets.js';
  var doc = window.document;

  // Loaded again without wpwl.unload() (a template re-inserted by AJAX): when
  // the earlier widget's forms have left the page, it is unloaded and this one
  // renders; while they are still shown, this load stops and says so, to the
  // page's onError as well as the console, so a page is never left silently
  // without a form.
  if (window.wpwl && window.wpwl.sandbox === true) {
    var previous = window.wpwl;
    if (typeof previous.formsGone === 'function' && previous.formsGone()) {
      previous.unload();
    } else {
      var twice = 'paymentWidgets.js was loaded twice while its forms are still on the page: call wpwl.unload() and remove the old script tag before loading it again';
      console.error('[wpwl] ' + twice);
      var pageOptions = window.wpwlOptions;
      if (pageOptions && typeof pageOptions.onError === 'function') {
        try {
          pageOptions.onError.call(window, { name: 'WidgetError', event: 'loaded_twice', message: twice });
        } catch (error) {
          console.error('[wpwl] wpwlOptions.onError threw', error);
        }
      }
      return;
    }
  }

  var ownScript = findOwnScript();
  if (!ownScript) {
    console.error('[wpwl] cannot find the <script src=".../v1/paymentWidgets.js?checkoutId=..."> tag that loaded the widget');
    return;
  }
  var scriptUrl = new URL(ownScript.src, doc.baseURI);
  var baseUrl = scriptUrl.href.slice(0, scriptUrl.href.indexOf(SCRIPT_PATH));
  var checkoutId = scriptUrl.searchParams.get('checkoutId') || '';
  var nonce = ownScript.nonce || ownScript.getAttribute('nonce') || '';
  var paymentPath = '/v1/checkouts/' + encodeURIComponent(checkoutId) + '/payment';

  // wpwlOptions is read once, late: after the document is parsed and the
  // follow-up script has loaded (see readOptions). Official templates assign it
  // after the script tag, or in a DOM-ready handler, and the real widget takes
  // those options; changes after that have no effect.
  var options = {};

  var LOCALES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'dk', 'fi', 'se', 'tr', 'ja', 'sl', 'pt', 'pl', 'cz', 'hu', 'bg', 'ro', 'ru', 'cn', 'gr', 'no', 'sk', 'ar', 'ko', 'be'];
  var TEXTS = {
    en: {
      labels: {
        brand: 'Brand', cardNumber: 'Card Number', expiryDate: 'Expiry Date', cardHolder: 'Card holder', cvv: 'CVV',
        cvvHint: 'The last three digits on the back of your card.', cvvHintAmex: 'The four digits on the front of your card.',
        submit: 'Pay now', storedCards: 'Stored cards', expires: 'Expires', otherPaymentMethods: 'Pay with another card',
        qrCode: 'QR code', mobilePhone: 'Mobile phone'
      },
      placeholders: { cardNumber: '', expiryDate: 'MM / YY', cardHolder: 'Card holder', cvv: 'CVV' },
      errorMessages: {
        cardNumberError: 'Invalid card number or brand', expiryMonthError: 'Invalid expiry date',
        expiryYearError: 'Invalid expiry date', cardHolderError: 'Invalid card holder', cvvError: 'Invalid CVV'
      },
      messages: {
        invalidCheckout: 'This checkout has expired or does not exist.',
        requestFailed: 'The payment could not be sent. Please try again.',
        throttled: 'Too many requests. Please wait a moment and try again.',
        nestedForm: 'This payment form sits inside another form and cannot be submitted.'
      }
    },
    de: {
      labels: {
        brand: 'Marke', cardNumber: 'Kartennummer', expiryDate: 'Ablaufdatum', cardHolder: 'Karteninhaber', cvv: 'Pr\u00fcfnummer',
        cvvHint: 'Die letzten drei Ziffern auf der R\u00fcckseite Ihrer Karte.', cvvHintAmex: 'Die vier Ziffern auf der Vorderseite Ihrer Karte.',
        submit: 'Jetzt bezahlen', storedCards: 'Gespeicherte Karten', expires: 'G\u00fcltig bis', otherPaymentMethods: 'Mit einer anderen Karte zahlen',
        qrCode: 'QR-Code', mobilePhone: 'Mobiltelefon'
      },
      placeholders: { cardNumber: '', expiryDate: 'MM / JJ', cardHolder: 'Karteninhaber', cvv: 'CVV' },
      errorMessages: {
        cardNumberError: 'Ung\u00fcltige Kartennummer oder Marke', expiryMonthError: 'Ung\u00fcltiges Ablaufdatum',
        expiryYearError: 'Ung\u00fcltiges Ablaufdatum', cardHolderError: 'Ung\u00fcltiger Karteninhaber', cvvError: 'Ung\u00fcltige Pr\u00fcfnummer'
      },
      messages: {
        invalidCheckout: 'Dieser Checkout ist abgelaufen oder existiert nicht.',
        requestFailed: 'Die Zahlung konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
        throttled: 'Zu viele Anfragen. Bitte warten Sie einen Moment.',
        nestedForm: 'Dieses Zahlungsformular liegt in einem anderen Formular und kann nicht gesendet werden.'
      }
    }
  };

  var CARD_BRANDS = ['VISA', 'MASTER', 'AMEX', 'JCB', 'DINERS', 'DISCOVER', 'UNIONPAY', 'MAESTRO', 'MADA', 'CARTEBANCAIRE', 'VISADEBIT', 'VISAELECTRON', 'MASTERDEBIT', 'MEEZA'];
  var DIRECT_DEBIT_BRANDS = ['SEPA', 'DIRECTDEBIT_SEPA'];
  var ONLINE_TRANSFER_BRANDS = ['SOFORTUEBERWEISUNG', 'GIROPAY', 'IDEAL', 'EPS', 'PRZELEWY', 'TRUSTLY'];
  var VIRTUAL_ACCOUNT_BRANDS = ['APPLEPAY', 'GOOGLEPAY', 'PAYPAL', 'STC_PAY', 'TABBY', 'TAMARA', 'KLARNA_PAYMENTS_PAYLATER', 'MBWAY', 'ALIPAY', 'BOLETO', 'PIX', 'SADAD', 'CLICK_TO_PAY'];
  var BRAND_NAMES = {
    VISA: 'Visa', MASTER: 'Mastercard', AMEX: 'American Express', JCB: 'JCB', DINERS: 'Diners Club', DISCOVER: 'Discover',
    UNIONPAY: 'UnionPay', MAESTRO: 'Maestro', MADA: 'mada', CARTEBANCAIRE: 'Carte Bancaire', VISADEBIT: 'Visa Debit',
    VISAELECTRON: 'Visa Electron', MASTERDEBIT: 'Debit Mastercard', MEEZA: 'Meeza', APPLEPAY: 'Apple Pay', GOOGLEPAY: 'Google Pay',
    PAYPAL: 'PayPal', STC_PAY: 'stc pay', TABBY: 'tabby', TAMARA: 'tamara', KLARNA_PAYMENTS_PAYLATER: 'Klarna Pay later',
    SOFORTUEBERWEISUNG: 'Sofort', GIROPAY: 'giropay', IDEAL: 'iDEAL', EPS: 'eps', PRZELEWY: 'Przelewy24', TRUSTLY: 'Trustly',
    MBWAY: 'MB WAY', ALIPAY: 'Alipay', SEPA: 'SEPA', DIRECTDEBIT_SEPA: 'SEPA Direct Debit', BOLETO: 'Boleto', PIX: 'Pix',
    SADAD: 'SADAD', CLICK_TO_PAY: 'Click to Pay'
  };
  // Number prefixes for brand detection (the gateway checks the same ranges); a
  // number may match several brands (e.g. VISA and VISADEBIT).
  var DETECTION = [
    ['AMEX', /^3[47]/], ['DINERS', /^3(0[0-5]|[689])/], ['JCB', /^35(2[89]|[3-8])/], ['DISCOVER', /^(6011|64[4-9]|65)/],
    ['UNIONPAY', /^62/], ['MAESTRO', /^(5[06-9]|6[37])/], ['MASTER', /^(5[1-5]|2(2[2-9]|[3-6]|7[01]|720))/],
    ['MASTERDEBIT', /^(5[1-5]|2(2[2-9]|[3-6]|7[01]|720))/], ['VISA', /^4/], ['VISADEBIT', /^4/], ['VISAELECTRON', /^4/]
  ];
  // Domestic schemes issued co-branded on another scheme's numbers: a card of
  // such a brand is valid when its number is one of these schemes'.
  var CO_BRANDED = { MADA: ['VISA', 'MASTER'], CARTEBANCAIRE: ['VISA', 'MASTER'], MEEZA: ['MAESTRO'] };
  // mada's own BINs (the list in the sandbox's cards.ts): detected as MADA beside the scheme of the range.
  var MADA_BINS = /^(?:4(?:06996|10685|17633|28671|28672|28673|31361|32328|34107|40647|40795|46393|46404|57865|57997|68540|68541|68542|68543|74491|83010|83011|83012)|5(?:04300|08160|13213|21076|24130|29415|35825|43085|43357|49760|54180|57606|58848|85265|88845|88848|88850|88982|88983|89005|89206)|6(?:04906|05141|36120)|9682(?:0[1-9]|1[01]))/;

  // Set from the options by readOptions().
  var locale = 'en';
  var texts = buildTexts(locale);
  var styleName = 'card';

  // Everything the widget adds to the page, so that unload() can take all of it back.
  var createdNodes = [];
  // Brand lists taken from a merchant form's text, put back on unload.
  var restoredTexts = [];
  var listeners = [];
  var requests = [];
  var contexts = [];
  var unloaded = false;
  var session = null;

  var api = {
    sandbox: true,
    checkout: { id: checkoutId },
    staticLoaded: false,
    unload: unload,
    executePayment: executePayment,
    // Sandbox only: the forms this widget rendered are all gone from the page.
    formsGone: function () {
      return contexts.length > 0 && contexts.every(function (ctx) { return !ctx.container.isConnected; });
    }
  };
  window.wpwl = api;

  var staticScript = injectAssets();
  // The session is fetched while the page is still parsing; the options are read and the
  // forms rendered once the page is parsed and the follow-up script has loaded.
  var sessionOutcome = request('GET', '/v1/checkouts/' + encodeURIComponent(checkoutId) + '/widget-session', null).then(
    function (response) { return { response: response }; },
    function (error) { return { error: error }; }
  );
  whenDomReady(function () {
    whenLoaded(staticScript, function () {
      if (unloaded) return;
      readOptions();
      sessionOutcome.then(function (outcome) {
        if (unloaded) return;
        if (outcome.error) fireError({ name: 'WidgetError', event: 'session', message: 'The widget could not reach the gateway: ' + describe(outcome.error) });
        else onSession(outcome.response);
      });
    });
  });

  // ---- loading -------------------------------------------------------------

  function findOwnScript() {
    var current = doc.currentScript;
    if (current && current.src && current.src.indexOf(SCRIPT_PATH) !== -1) return current;
    var scripts = doc.getElementsByTagName('script');
    for (var i = scripts.length - 1; i >= 0; i--) {
      if (scripts[i].src && scripts[i].src.indexOf('paymentWidgets.js?checkoutId=') !== -1) return scripts[i];
    }
    return null;
  }

  function readOptions() {
    options = copyOptions(window.wpwlOptions);
    locale = resolveLocale(options.locale);
    texts = buildTexts(locale);
    styleName = typeof options.style === 'string' && options.style ? options.style : 'card';
  }

  function copyOptions(source) {
    var copy = {};
    if (source && typeof source === 'object') {
      for (var key in source) {
        if (Object.prototype.hasOwnProperty.call(source, key)) copy[key] = source[key];
      }
    }
    return copy;
  }

  function injectAssets() {
    var link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = baseUrl + '/v1/css/paymentWidgets.min.css';
    if (nonce) link.setAttribute('nonce', nonce);
    insert(link, doc.head || doc.documentElement, null);

    var script = doc.createElement('script');
    script.src = baseUrl + '/v1/static.min.js';
    script.async = true;
    if (nonce) script.setAttribute('nonce', nonce);
    insert(script, doc.head || doc.documentElement, null);
    return script;
  }

  // Once the follow-up script has loaded, or failed to: the widget goes on either way.
  function whenLoaded(script, callback) {
    if (api.staticLoaded) {
      callback();
      return;
    }
    var done = function () {
      removeListener(script, 'load', done);
      removeListener(script, 'error', done);
      callback();
    };
    listen(script, 'load', done);
    listen(script, 'error', done);
  }

  function whenDomReady(callback) {
    if (doc.readyState !== 'loading') {
      callback();
      return;
    }
    // A task after DOMContentLoaded: the page's own handlers (which may assign
    // wpwlOptions) run first, whichever was registered first.
    var onReady = function () {
      removeListener(doc, 'DOMContentLoaded', onReady);
      setTimeout(function () { if (!unloaded) callback(); }, 0);
    };
    listen(doc, 'DOMContentLoaded', onReady);
  }

  function onSession(response) {
    if (unloaded) return;
    var body = response.body || {};
    var code = body.result && body.result.code;
    if (response.status === 404 || code === '200.300.404') {
      fireError({ name: 'InvalidCheckoutIdError', message: (body.result && body.result.description) || texts.messages.invalidCheckout });
      return;
    }
    if (response.status !== 200 || !body.id) {
      // Throttled or broken: the checkout may still be fine, so this is not an expiry.
      fireError({ name: 'WidgetError', event: 'session', message: 'The gateway answered HTTP ' + response.status + (code ? ' (' + code + ')' : '') + ' for the checkout' });
      return;
    }
    session = body;
    api.checkout.amount = body.amount;
    api.checkout.currency = body.currency;
    api.checkout.paymentType = body.paymentType;
    api.checkout.expiresAt = body.expiresAt;
    renderAll();
  }

  // ---- rendering -----------------------------------------------------------

  function renderAll() {
    var forms = doc.querySelectorAll('form.paymentWidgets');
    if (forms.length === 0) console.warn('[wpwl] no <form class="paymentWidgets"> found in the page');
    for (var i = 0; i < forms.length; i++) renderMerchantForm(forms[i]);
    // onReady(paymentForms): the widget's forms, as integrations read them.
    call('onReady', window, [contexts.map(function (ctx) { return ctx.form; })]);
  }

  function renderMerchantForm(merchantForm) {
    // Older templates write the brands as the form's text (<form class="paymentWidgets">VISA MASTER</form>);
    // the widget takes them from there when data-brands is absent, and the text goes.
    var brandText = merchantForm.hasAttribute('data-brands') ? merchantForm.getAttribute('data-brands') : merchantForm.textContent;
    if (!merchantForm.hasAttribute('data-brands') && merchantForm.children.length === 0 && brandText) {
      merchantForm.textContent = '';
      restoredTexts.push([merchantForm, brandText]);
    }
    var brands = (brandText || '').split(/\s+/).filter(Boolean).map(function (b) { return b.toUpperCase(); });
    var cardBrands = [];
    var otherBrands = [];
    brands.forEach(function (brand) {
      if (CARD_BRANDS.indexOf(brand) !== -1) {
        if (cardBrands.indexOf(brand) === -1) cardBrands.push(brand);
      } else if (brandGroup(brand)) {
        if (otherBrands.indexOf(brand) === -1) otherBrands.push(brand);
      } else {
        console.warn('[wpwl] unknown brand "' + brand + '" in data-brands is ignored');
      }
    });
    if (cardBrands.length === 0 && otherBrands.length === 0) {
      console.warn('[wpwl] a form.paymentWidgets has no known brand in data-brands');
      return;
    }
    if (merchantForm.parentElement && merchantForm.parentElement.closest('form')) {
      console.warn('[wpwl] form.paymentWidgets sits inside another <form>: the widget renders but cannot submit');
    }
    // Stored cards (a checkout prepared with registrations[n].id) come first, once per page.
    var stored = session.registrations || [];
    var offersStored = stored.length > 0 && !contexts.some(function (ctx) { return ctx.kind === 'registration'; });
    var initial = [];
    if (offersStored) contexts.push(renderRegistrationForm(merchantForm, stored));
    if (cardBrands.length) initial.push(renderCardForm(merchantForm, cardBrands));
    otherBrands.forEach(function (brand) { initial.push(renderBrandForm(merchantForm, brand)); });
    initial.forEach(function (ctx) { contexts.push(ctx); });
    if (offersStored && isSet(options.registrations && options.registrations.hideInitialPaymentForms)) hideInitialForms(initial);
  }

  // Option flags that real integrations write as true or as the string "true".
  function isSet(value) {
    return value === true || value === 'true';
  }

  // ---- stored cards (one-click) --------------------------------------------

  // Real markup: .wpwl-container-registration > form.wpwl-form-registrations with one
  // .wpwl-group-registration per stored card (a radio named registrationId, the
  // card's details, its CVV when registrations.requireCvv), .wpwl-selected on the
  // chosen one, and the pay button. It submits like the card form (onBeforeSubmitCard
  // with this = the form) and sends registrationId instead of card details.
  function renderRegistrationForm(merchantForm, registrations) {
    var container = el('div', 'wpwl-container wpwl-container-registration wpwl-clearfix wpwl-style-' + styleName);
    container.id = 'registration_' + nextContainerNumber();
    applyLocale(container);
    var form = el('form', 'wpwl-form wpwl-form-registrations wpwl-form-has-inputs wpwl-clearfix');
    form.method = 'POST';
    form.action = baseUrl + paymentPath;
    form.noValidate = true;
    form.setAttribute('aria-label', texts.labels.storedCards);
    container.appendChild(form);
    var ctx = {
      kind: 'registration', hook: 'onBeforeSubmitCard', brands: [], merchantForm: merchantForm, container: container, form: form,
      fields: {}, groups: {}, submitting: false, brand: registrations[0].paymentBrand, mirrors: [], registrations: [],
      requireCvv: isSet(options.registrations && options.registrations.requireCvv)
    };
    registrations.forEach(function (registration) { ctx.registrations.push(registrationGroup(ctx, registration)); });
    ctx.fields.cvvValue = hidden(form, 'card.cvv');
    ctx.fields.resultUrl = hidden(form, 'shopperResultUrl');
    var submitGroup = group(ctx, 'submit', null);
    var button = el('button', 'wpwl-button wpwl-button-pay');
    button.type = 'submit';
    button.name = 'pay';
    button.textContent = texts.labels.submit;
    wrapper(submitGroup, 'submit').appendChild(button);
    ctx.button = button;
    listenForSubmits(ctx);
    insert(container, merchantForm.parentNode, merchantForm);
    selectRegistration(ctx, ctx.registrations[0]);
    return ctx;
  }

  function registrationGroup(ctx, registration) {
    var node = el('div', 'wpwl-group wpwl-group-registration wpwl-clearfix');
    var label = el('label', 'wpwl-registration');
    var choice = el('div', 'wpwl-wrapper-registration wpwl-wrapper-registration-registrationId');
    var radio = el('input', 'wpwl-control wpwl-control-registrationId');
    radio.type = 'radio';
    // Named as in the real markup, where merchant code finds them (input[name=registrationId]).
    radio.name = 'registrationId';
    radio.value = registration.id;
    choice.appendChild(radio);
    label.appendChild(choice);
    var logo = el('div', 'wpwl-wrapper-registration wpwl-wrapper-registration-brand wpwl-brand wpwl-brand-card wpwl-brand-' + registration.paymentBrand);
    logo.textContent = BRAND_NAMES[registration.paymentBrand] || registration.paymentBrand;
    label.appendChild(logo);
    var details = el('div', 'wpwl-wrapper-registration wpwl-wrapper-registration-details');
    var number = el('div', 'wpwl-wrapper-registration wpwl-wrapper-registration-number');
    number.textContent = '\u2022\u2022\u2022\u2022 ' + registration.last4Digits;
    details.appendChild(number);
    if (registration.holder) {
      var holder = el('div', 'wpwl-wrapper-registration wpwl-wrapper-registration-holder');
      holder.textContent = registration.holder;
      details.appendChild(holder);
    }
    var expiry = el('div', 'wpwl-wrapper-registration wpwl-wrapper-registration-expiry');
    expiry.textContent = texts.labels.expires + ' ' + registration.expiryMonth + '/' + String(registration.expiryYear).slice(-2);
    details.appendChild(expiry);
    label.appendChild(details);
    var entry = { registration: registration, group: node, radio: radio, cvv: null };
    if (ctx.requireCvv) {
      var cvvWrapper = el('div', 'wpwl-wrapper-registration wpwl-wrapper-registration-cvv');
      entry.cvv = el('input', 'wpwl-control wpwl-control-cvv');
      entry.cvv.type = options.maskCvv === true ? 'password' : 'text';
      entry.cvv.setAttribute('autocomplete', 'cc-csc');
      entry.cvv.setAttribute('inputmode', 'numeric');
      entry.cvv.setAttribute('aria-label', texts.labels.cvv + ' \u2022\u2022\u2022\u2022 ' + registration.last4Digits);
      if (options.showPlaceholders !== false) entry.cvv.placeholder = texts.placeholders.cvv;
      cvvWrapper.appendChild(entry.cvv);
      label.appendChild(cvvWrapper);
      listen(entry.cvv, 'input', function () { clearError(ctx, 'registration'); });
    }
    node.appendChild(label);
    ctx.form.appendChild(node);
    listen(radio, 'change', function () { if (radio.checked) selectRegistration(ctx, entry); });
    return entry;
  }

  function selectRegistration(ctx, entry) {
    clearError(ctx, 'registration');
    ctx.selected = entry;
    ctx.brand = entry.registration.paymentBrand;
    ctx.groups.registration = entry.group;
    ctx.fields.registration = entry.cvv;
    ctx.registrations.forEach(function (other) {
      other.group.classList.toggle('wpwl-selected', other === entry);
      other.radio.checked = other === entry;
    });
    syncFields(ctx);
  }

  function validateRegistration(ctx) {
    if (!ctx.selected) return [['registration', 'cvvError']];
    if (!ctx.requireCvv) return [];
    var cvvLength = ctx.selected.registration.paymentBrand === 'AMEX' ? 4 : 3;
    var ok = new RegExp('^\\d{' + cvvLength + '}$').test(String(ctx.selected.cvv.value || '').trim());
    return ok ? [] : [['registration', 'cvvError']];
  }

  // registrations.hideInitialPaymentForms: the new-card and other forms wait behind
  // a button until the shopper asks for them.
  function hideInitialForms(initial) {
    if (initial.length === 0) return;
    initial.forEach(function (ctx) { ctx.container.style.display = 'none'; });
    var registrationCtx = contexts.filter(function (ctx) { return ctx.kind === 'registration'; })[0];
    var show = el('button', 'wpwl-button wpwl-button-otherPaymentMethods');
    show.type = 'button';
    show.textContent = texts.labels.otherPaymentMethods;
    registrationCtx.container.appendChild(show);
    listen(show, 'click', function () {
      initial.forEach(function (ctx) { ctx.container.style.display = ''; });
      if (show.parentNode) show.parentNode.removeChild(show);
    });
  }

  function renderCardForm(merchantForm, brands) {
    var container = el('div', 'wpwl-container wpwl-container-card wpwl-style-' + styleName);
    // The real widget's container id: card_ and digits.
    container.id = 'card_' + nextContainerNumber();
    applyLocale(container);
    var form = el('form', 'wpwl-form wpwl-form-card wpwl-clearfix');
    form.method = 'POST';
    form.action = baseUrl + paymentPath;
    form.noValidate = true;
    form.setAttribute('autocomplete', 'on');
    container.appendChild(form);

    var ctx = {
      kind: 'card', hook: 'onBeforeSubmitCard', brands: brands, merchantForm: merchantForm, container: container, form: form,
      fields: {}, groups: {}, submitting: false, brand: brands[0], detected: [], mirrors: []
    };

    var brandGroupEl = group(ctx, 'brand', 'brand');
    var select = el('select', 'wpwl-control wpwl-control-brand');
    select.name = 'paymentBrand';
    select.setAttribute('aria-label', texts.labels.brand);
    brands.forEach(function (brand) {
      var option = doc.createElement('option');
      option.value = brand;
      option.textContent = BRAND_NAMES[brand] || brand;
      select.appendChild(option);
    });
    wrapper(brandGroupEl, 'brand').appendChild(select);
    ctx.fields.brand = select;

    // The shopper may type spaces into the number and CVV; hidden inputs hold what the gateway takes.
    ctx.fields.cardNumber = input(ctx, 'cardNumber', 'cardNumber', '', 'cc-number', 'numeric');
    ctx.fields.expiry = input(ctx, 'expiry', 'expiryDate', '', 'cc-exp', 'numeric');
    ctx.fields.cardHolder = input(ctx, 'cardHolder', 'cardHolder', 'card.holder', 'cc-name', 'text');
    ctx.fields.cvv = input(ctx, 'cvv', 'cvv', '', 'cc-csc', 'numeric');
    ctx.fields.numberValue = hidden(form, 'card.number');
    ctx.fields.expiryMonth = hidden(form, 'card.expiryMonth');
    ctx.fields.expiryYear = hidden(form, 'card.expiryYear');
    ctx.fields.cvvValue = hidden(form, 'card.cvv');
    if (options.maskCvv === true) ctx.fields.cvv.type = 'password';
    if (options.showCVVHint === true) {
      ctx.cvvHint = el('div', 'wpwl-hint wpwl-hint-cvv');
      ctx.cvvHint.textContent = texts.labels.cvvHint;
      ctx.groups.cvv.appendChild(ctx.cvvHint);
    }
    ctx.fields.resultUrl = hidden(form, 'shopperResultUrl');

    var submitGroup = group(ctx, 'submit', null);
    var button = el('button', 'wpwl-button wpwl-button-pay');
    button.type = 'submit';
    button.name = 'pay';
    button.textContent = texts.labels.submit;
    wrapper(submitGroup, 'submit').appendChild(button);
    ctx.button = button;

    // The brand logo sits in the brand group, where merchant code finds (and moves) it.
    ctx.logo = el('div', '');
    brandGroupEl.appendChild(ctx.logo);
    showBrand(ctx, ctx.brand);
    listenForBlurs(ctx);

    listenForSubmits(ctx);
    listen(select, 'change', function () { changeBrand(ctx, select.value); });
    listen(ctx.fields.cardNumber, 'input', function () { detectBrand(ctx); });
    Object.keys(ctx.groups).forEach(function (name) {
      var control = ctx.fields[name];
      if (control && control !== select) listen(control, 'input', function () { clearError(ctx, name); });
    });
    if (options.disableSubmitOnEnter === true) {
      listen(form, 'keydown', function (event) {
        if (event.key === 'Enter' && event.target !== button) event.preventDefault();
      });
    }

    insert(container, merchantForm.parentNode, merchantForm);
    syncFields(ctx);
    announceSecureFields(ctx);
    if (options.autofocus === 'card.number') ctx.fields.cardNumber.focus();
    if (options.autofocus === 'card.holder') ctx.fields.cardHolder.focus();
    return ctx;
  }

  function renderBrandForm(merchantForm, brand) {
    var kind = brandGroup(brand);
    var hook = kind === 'directDebit' ? 'onBeforeSubmitDirectDebit' : kind === 'onlineTransfer' ? 'onBeforeSubmitOnlineTransfer' : 'onBeforeSubmitVirtualAccount';
    var container = el('div', 'wpwl-container wpwl-container-' + kind + ' wpwl-container-' + kind + '-' + brand + ' wpwl-style-' + styleName);
    applyLocale(container);
    var form = el('form', 'wpwl-form wpwl-form-' + kind + ' wpwl-form-' + kind + '-' + brand);
    form.method = 'POST';
    form.action = baseUrl + paymentPath;
    form.noValidate = true;
    container.appendChild(form);
    hidden(form, 'paymentBrand').value = brand;
    var ctx = {
      kind: kind, hook: hook, brands: [brand], merchantForm: merchantForm, container: container, form: form,
      fields: { resultUrl: hidden(form, 'shopperResultUrl') }, groups: {}, submitting: false, brand: brand, mirrors: []
    };
    if (brand === 'STC_PAY') renderStcPayGroups(ctx);
    var submitGroup = group(ctx, 'submit', null);
    var button = el('button', 'wpwl-button wpwl-button-brand wpwl-button-brand-' + brand);
    button.type = 'submit';
    button.setAttribute('aria-label', (BRAND_NAMES[brand] || brand) + ': ' + texts.labels.submit);
    var logo = el('div', 'wpwl-brand wpwl-brand-' + brand);
    logo.textContent = BRAND_NAMES[brand] || brand;
    button.appendChild(logo);
    submitGroup.appendChild(button);
    ctx.button = button;
    listenForSubmits(ctx);
    insert(container, merchantForm.parentNode, merchantForm);
    syncFields(ctx);
    return ctx;
  }

  // STC_PAY's inner groups as real markup has them: how to pay (a QR code or the
  // mobile number) and the number. Integrations pick the mobile mode in onReady
  // (check .wpwl-control-radio-mobile and click it) and hide the choice.
  function renderStcPayGroups(ctx) {
    var modeGroup = group(ctx, 'paymentMode', null);
    ['qrcode', 'mobile'].forEach(function (mode, index) {
      var modeWrapper = el('div', 'wpwl-wrapper wpwl-wrapper-radio-' + mode);
      var label = el('label', 'wpwl-label wpwl-label-radio-' + mode);
      var radio = el('input', 'wpwl-control wpwl-control-radio-' + mode);
      radio.type = 'radio';
      radio.name = 'paymentMode';
      radio.value = mode;
      radio.checked = index === 0;
      label.appendChild(radio);
      label.appendChild(doc.createTextNode(' ' + texts.labels[mode === 'qrcode' ? 'qrCode' : 'mobilePhone']));
      modeWrapper.appendChild(label);
      modeGroup.appendChild(modeWrapper);
      listen(radio, 'click', function () { showMobilePhone(ctx); });
      listen(radio, 'change', function () { showMobilePhone(ctx); });
    });
    var phone = input(ctx, 'mobilePhone', 'mobilePhone', 'virtualAccount.accountId', 'tel', 'tel');
    ctx.fields.mobilePhone = phone;
    showMobilePhone(ctx);
  }

  function showMobilePhone(ctx) {
    var mobile = ctx.form.querySelector('.wpwl-control-radio-mobile');
    var chosen = !!(mobile && mobile.checked);
    ctx.groups.mobilePhone.style.display = chosen ? '' : 'none';
    ctx.fields.mobilePhone.disabled = !chosen;
  }

  function brandGroup(brand) {
    if (DIRECT_DEBIT_BRANDS.indexOf(brand) !== -1) return 'directDebit';
    if (ONLINE_TRANSFER_BRANDS.indexOf(brand) !== -1) return 'onlineTransfer';
    if (VIRTUAL_ACCOUNT_BRANDS.indexOf(brand) !== -1) return 'virtualAccount';
    return null;
  }

  var containerNumber = Math.floor(Math.random() * 1e6) * 100;
  function nextContainerNumber() {
    containerNumber += 1;
    return String(containerNumber);
  }

  // The field callbacks integrations use: onBlurCardNumber(isValid) and its
  // siblings, with this.$form the widget's form, wrapped by the page's jQuery
  // when it has one (the real widget bundles jQuery; merchant code calls
  // this.$form.find(...)).
  function listenForBlurs(ctx) {
    var callbacks = { cardNumber: ['onBlurCardNumber'], expiry: ['onBlurExpiryDate'], cardHolder: ['onBlurCardHolder'], cvv: ['onBlurCvv', 'onBlurSecurityCode'] };
    Object.keys(callbacks).forEach(function (field) {
      listen(ctx.fields[field], 'blur', function () {
        syncFields(ctx);
        var isValid = !validateCard(ctx).some(function (error) { return error[0] === field; });
        var self = { $form: wrapForPage(ctx.form) };
        callbacks[field].forEach(function (name) { call(name, self, [isValid]); });
      });
    });
  }

  // The element as merchant code expects it: wrapped by the page's jQuery when it has one.
  function wrapForPage(element) {
    return typeof window.jQuery === 'function' ? window.jQuery(element) : element;
  }

  // The real widget's card number and CVV are iframes: integrations style them in
  // onReadyIframeCommunication (this.$iframe) and follow focus with
  // onFocusIframeCommunication. The stand-in's controls are inputs in the page;
  // this.$iframe is that input (jQuery-wrapped when the page has jQuery).
  function announceSecureFields(ctx) {
    [ctx.fields.cardNumber, ctx.fields.cvv].forEach(function (control) {
      var self = { $iframe: wrapForPage(control) };
      call('onReadyIframeCommunication', self, []);
      listen(control, 'focus', function () { call('onFocusIframeCommunication', self, []); });
    });
  }

  function group(ctx, name, labelKey) {
    var node = el('div', 'wpwl-group wpwl-group-' + name + ' wpwl-clearfix');
    if (labelKey && options.showLabels !== false) {
      var label = el('div', 'wpwl-label wpwl-label-' + name);
      label.textContent = texts.labels[labelKey];
      node.appendChild(label);
    }
    ctx.form.appendChild(node);
    ctx.groups[name] = node;
    return node;
  }

  function wrapper(groupEl, name) {
    var node = el('div', 'wpwl-wrapper wpwl-wrapper-' + name);
    groupEl.appendChild(node);
    return node;
  }

  function input(ctx, name, labelKey, fieldName, autocomplete, inputMode) {
    var groupEl = group(ctx, name, labelKey);
    var control = el('input', 'wpwl-control wpwl-control-' + name);
    control.type = 'text';
    if (fieldName) control.name = fieldName;
    control.setAttribute('autocomplete', autocomplete);
    control.setAttribute('inputmode', inputMode);
    control.setAttribute('aria-label', texts.labels[labelKey]);
    if (options.showPlaceholders !== false && texts.placeholders[labelKey]) control.placeholder = texts.placeholders[labelKey];
    wrapper(groupEl, name).appendChild(control);
    return control;
  }

  function hidden(form, name) {
    var node = doc.createElement('input');
    node.type = 'hidden';
    node.name = name;
    form.appendChild(node);
    return node;
  }

  function el(tag, className) {
    var node = doc.createElement(tag);
    if (className) node.className = className;
    return node;
  }

  function applyLocale(container) {
    container.setAttribute('lang', locale);
    if (locale === 'ar') container.setAttribute('dir', 'rtl');
  }

  // ---- brands --------------------------------------------------------------

  function detect(number) {
    var found = MADA_BINS.test(number) ? ['MADA'] : [];
    DETECTION.forEach(function (entry) {
      if (entry[1].test(number)) found.push(entry[0]);
    });
    return found;
  }

  // The detected brands in the order of options.brandDetectionPriority; the others after, as detected.
  function byPriority(brands) {
    var priority = Array.isArray(options.brandDetectionPriority) ? options.brandDetectionPriority : [];
    var rank = function (brand) {
      var at = priority.indexOf(brand);
      return at === -1 ? priority.length + brands.indexOf(brand) : at;
    };
    return brands.slice().sort(function (a, b) { return rank(a) - rank(b); });
  }

  // True when the number belongs to the brand that will be sent with it.
  function fitsBrand(number, brand) {
    var found = detect(number);
    return (CO_BRANDED[brand] || []).concat([brand]).some(function (scheme) { return found.indexOf(scheme) !== -1; });
  }

  // On each keystroke: the brands the number belongs to. When they change, the
  // form switches to the one the page prefers (brandDetectionPriority, else the
  // first detected) if it offers it, then onDetectBrand(brands, activeBrand) runs.
  function detectBrand(ctx) {
    var found = detect(digits(ctx.fields.cardNumber.value));
    if (found.join(' ') === ctx.detected.join(' ')) return;
    ctx.detected = found;
    if (options.brandDetection !== false) {
      var offered = byPriority(found.filter(function (brand) { return ctx.brands.indexOf(brand) !== -1; }));
      var preferred = Array.isArray(options.brandDetectionPriority) ? offered[0] : offered.indexOf(ctx.brand) === -1 && offered[0];
      if (preferred && preferred !== ctx.brand) {
        ctx.fields.brand.value = preferred;
        changeBrand(ctx, preferred);
      }
    }
    call('onDetectBrand', ctx.form, [found.slice(), ctx.brand]);
  }


  function changeBrand(ctx, brand) {
    if (brand === ctx.brand) return;
    ctx.brand = brand;
    showBrand(ctx, brand);
    if (ctx.cvvHint) ctx.cvvHint.textContent = brand === 'AMEX' ? texts.labels.cvvHintAmex : texts.labels.cvvHint;
    call('onChangeBrand', ctx.form, [brand]);
  }

  function showBrand(ctx, brand) {
    ctx.logo.className = 'wpwl-brand wpwl-brand-card wpwl-brand-' + brand;
    ctx.logo.textContent = BRAND_NAMES[brand] || brand;
  }

  // ---- validation ----------------------------------------------------------

  function digits(value) {
    return String(value || '').replace(/[\s-]/g, '');
  }

  function luhn(number) {
    var sum = 0;
    for (var i = 0; i < number.length; i++) {
      var d = number.charCodeAt(number.length - 1 - i) - 48;
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    return sum % 10 === 0;
  }

  function parseExpiry(value) {
    var match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(String(value || ''));
    if (!match) return null;
    var year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
    return { month: Number(match[1]), year: year };
  }

  function syncExpiry(ctx) {
    var parsed = parseExpiry(ctx.fields.expiry.value);
    ctx.fields.expiryMonth.value = parsed && parsed.month >= 1 && parsed.month <= 12 ? (parsed.month < 10 ? '0' : '') + parsed.month : '';
    ctx.fields.expiryYear.value = parsed ? String(parsed.year) : '';
  }

  function validateCard(ctx) {
    var errors = [];
    var number = digits(ctx.fields.cardNumber.value);
    var found = detect(number);
    if (!/^\d{12,19}$/.test(number) || !luhn(number) || !fitsBrand(number, ctx.brand)) errors.push(['cardNumber', 'cardNumberError']);

    var expiry = parseExpiry(ctx.fields.expiry.value);
    if (!expiry || expiry.month < 1 || expiry.month > 12) {
      errors.push(['expiry', 'expiryMonthError']);
    } else if (options.disableCardExpiryDateValidation !== true) {
      var now = new Date();
      var pastYear = expiry.year < now.getFullYear() || expiry.year > now.getFullYear() + 50;
      var pastMonth = expiry.year === now.getFullYear() && expiry.month < now.getMonth() + 1;
      if (pastYear) errors.push(['expiry', 'expiryYearError']);
      else if (pastMonth) errors.push(['expiry', 'expiryMonthError']);
    }

    var holder = String(ctx.fields.cardHolder.value || '').trim();
    if (holder.length < 3 || holder.length > 128) errors.push(['cardHolder', 'cardHolderError']);

    var cvvLength = ctx.brand === 'AMEX' || found.indexOf('AMEX') !== -1 ? 4 : 3;
    if (!new RegExp('^\\d{' + cvvLength + '}$').test(String(ctx.fields.cvv.value || '').trim())) errors.push(['cvv', 'cvvError']);
    return errors;
  }

  function showError(ctx, groupName, messageKey, text) {
    var groupEl = ctx.groups[groupName];
    if (!groupEl) return;
    clearError(ctx, groupName);
    groupEl.classList.add('wpwl-has-error');
    var control = ctx.fields[groupName];
    if (control) {
      control.classList.add('wpwl-has-error');
      control.setAttribute('aria-invalid', 'true');
    }
    var hint = el('div', 'wpwl-hint wpwl-hint-' + messageKey);
    hint.textContent = text || texts.errorMessages[messageKey];
    groupEl.appendChild(hint);
  }

  function clearError(ctx, groupName) {
    var groupEl = ctx.groups[groupName];
    if (!groupEl || !groupEl.classList.contains('wpwl-has-error')) return;
    groupEl.classList.remove('wpwl-has-error');
    var control = ctx.fields[groupName];
    if (control) {
      control.classList.remove('wpwl-has-error');
      control.removeAttribute('aria-invalid');
    }
    var hints = groupEl.querySelectorAll('.wpwl-hint[class*="Error"]');
    for (var i = 0; i < hints.length; i++) hints[i].parentNode.removeChild(hints[i]);
  }

  function clearAllErrors(ctx) {
    Object.keys(ctx.groups).forEach(function (name) { clearError(ctx, name); });
    showMessage(ctx, null);
  }

  function showMessage(ctx, text) {
    if (ctx.message) {
      ctx.message.parentNode.removeChild(ctx.message);
      ctx.message = null;
    }
    if (!text) return;
    ctx.message = el('div', 'wpwl-message wpwl-has-error');
    ctx.message.setAttribute('role', 'alert');
    ctx.message.textContent = text;
    ctx.form.insertBefore(ctx.message, ctx.form.firstChild);
  }

  // ---- submitting ----------------------------------------------------------

  // Every way of paying (pay button, Enter, form.requestSubmit(), wpwl.executePayment)
  // arrives here as a submit event, so the before-submit hook runs each time.
  function onSubmit(ctx, event) {
    event.preventDefault();
    if (unloaded || ctx.submitting || !session) return;
    syncFields(ctx);
    if (runHook(ctx, event) === false) return;
    clearAllErrors(ctx);
    if (ctx.kind === 'card' || ctx.kind === 'registration') {
      var errors = ctx.kind === 'card' ? validateCard(ctx) : validateRegistration(ctx);
      if (errors.length) {
        errors.forEach(function (error) { showError(ctx, error[0], error[1]); });
        return;
      }
    }
    var outer = ctx.container.parentElement && ctx.container.parentElement.closest('form');
    if (outer) {
      // Like the real widget inside another form: the shopper's data never reaches the gateway.
      showMessage(ctx, texts.messages.nestedForm);
      fireError({ name: 'WidgetError', brand: ctx.brand, event: 'nested-form', message: 'The payment form is inside another <form>' + describeForm(outer) + '; its fields are not submitted. Move the widget out of that form.' });
      return;
    }
    call('onAfterSubmit', ctx.form, []);
    pay(ctx);
  }

  function runHook(ctx, event) {
    var fn = options[ctx.hook];
    if (typeof fn !== 'function') return true;
    try {
      return fn.call(ctx.form, event);
    } catch (error) {
      // A failing hook must not let the payment through.
      console.error('[wpwl] ' + ctx.hook + ' threw; the payment was not sent', error);
      return false;
    }
  }

  // A merchant hook that "submits again" with form.submit() (or jQuery's
  // $(form).submit()) fires no submit event: the browser posts the widget's
  // form itself, and the gateway sends the shopper on from there. So the form
  // always carries what pay() sends: its fields are kept in sync as the shopper
  // types, before the hook runs, and once more as the browser collects them
  // (the formdata event, which form.submit() fires too).
  function listenForSubmits(ctx) {
    listen(ctx.form, 'submit', function (event) { onSubmit(ctx, event); });
    listen(ctx.form, 'input', function () { syncFields(ctx); });
    listen(ctx.form, 'change', function () { syncFields(ctx); });
    listen(ctx.form, 'formdata', function (event) { onFormData(ctx, event); });
  }

  function syncFields(ctx) {
    if (ctx.kind === 'card') {
      syncExpiry(ctx);
      ctx.fields.numberValue.value = digits(ctx.fields.cardNumber.value);
      ctx.fields.cvvValue.value = String(ctx.fields.cvv.value || '').trim();
    }
    if (ctx.kind === 'registration' && ctx.selected) {
      ctx.fields.cvvValue.value = ctx.selected.cvv ? String(ctx.selected.cvv.value || '').trim() : '';
      ctx.fields.cvvValue.disabled = !ctx.selected.cvv;
    }
    ctx.fields.resultUrl.value = ctx.merchantForm.action;
    // The merchant form's customParameters[...] inputs, copied into the widget's form
    // unless the widget's form has its own input of that name.
    ctx.mirrors.splice(0).forEach(function (node) {
      if (node.parentNode) node.parentNode.removeChild(node);
    });
    var own = customParameters(ctx, [ctx.form]);
    customParameters(ctx, [ctx.merchantForm]).forEach(function (entry) {
      if (own.some(function (mine) { return mine[0] === entry[0]; })) return;
      var mirror = hidden(ctx.form, entry[0]);
      mirror.value = entry[1];
      ctx.mirrors.push(mirror);
    });
  }

  // The browser's own post carries exactly what pay() would send, even when the
  // merchant changed the page between the last input and form.submit().
  function onFormData(ctx, event) {
    var data = event.formData;
    if (unloaded || !data) return;
    syncFields(ctx);
    var names = [];
    data.forEach(function (value, name) { if (names.indexOf(name) === -1) names.push(name); });
    names.forEach(function (name) { data.delete(name); });
    paymentParams(ctx).forEach(function (value, name) { data.append(name, value); });
  }

  // What the payment request carries: brand, card, custom parameters, result URL.
  function paymentParams(ctx) {
    var body = new URLSearchParams();
    if (ctx.kind === 'registration') {
      // The stored card's brand is the gateway's to know: only its id (and CVV) go.
      body.append('registrationId', ctx.selected.registration.id);
      if (ctx.selected.cvv) body.append('card.cvv', String(ctx.selected.cvv.value || '').trim());
    } else {
      body.append('paymentBrand', ctx.brand);
    }
    if (ctx.kind === 'card') {
      syncExpiry(ctx);
      body.append('card.number', digits(ctx.fields.cardNumber.value));
      body.append('card.holder', String(ctx.fields.cardHolder.value || '').trim());
      body.append('card.expiryMonth', ctx.fields.expiryMonth.value);
      body.append('card.expiryYear', ctx.fields.expiryYear.value);
      body.append('card.cvv', String(ctx.fields.cvv.value || '').trim());
    }
    customParameters(ctx, [ctx.form, ctx.merchantForm]).forEach(function (entry) { body.append(entry[0], entry[1]); });
    merchantFields(ctx).forEach(function (entry) { body.append(entry[0], entry[1]); });
    body.append('shopperResultUrl', ctx.merchantForm.action);
    return body;
  }

  // The names the widget sends itself: a merchant input of one of these names does not replace them.
  var WIDGET_FIELDS = ['paymentBrand', 'registrationId', 'paymentMode', 'card.number', 'card.holder', 'card.expiryMonth', 'card.expiryYear', 'card.cvv', 'shopperResultUrl'];

  // Inputs merchant code put into the widget's form (a "save my card" box
  // named createRegistration, other fields of theirs), sent with the payment
  // as the real widget does: each named, enabled control a browser would
  // submit, an unticked box or radio not. Read from the form's elements, not
  // with new FormData(form), which would fire formdata inside onFormData.
  function merchantFields(ctx) {
    var out = [];
    var elements = ctx.form.elements;
    for (var i = 0; i < elements.length; i++) {
      var field = elements[i];
      var type = String(field.type || '').toLowerCase();
      if (!field.name || field.disabled || WIDGET_FIELDS.indexOf(field.name) !== -1) continue;
      if (field.name.indexOf('customParameters[') === 0 || ctx.mirrors.indexOf(field) !== -1) continue;
      if (type === 'submit' || type === 'button' || type === 'reset' || type === 'file' || type === 'image') continue;
      if ((type === 'checkbox' || type === 'radio') && !field.checked) continue;
      if (field.tagName === 'SELECT') {
        for (var j = 0; j < field.options.length; j++) {
          if (field.options[j].selected) out.push([field.name, field.options[j].value]);
        }
      } else {
        out.push([field.name, field.value]);
      }
    }
    return out;
  }

  // Hidden customParameters[...] inputs count wherever merchants put them: in the
  // widget's own form (added in a before-submit hook, as integrations do) or in
  // their form.paymentWidgets. The widget's own form wins for a repeated name;
  // the widget's copies of the merchant form's inputs are not counted twice.
  function customParameters(ctx, sources) {
    var seen = {};
    var out = [];
    sources.forEach(function (source) {
      var custom = source.querySelectorAll('input[name^="customParameters["]');
      for (var i = 0; i < custom.length; i++) {
        if (ctx.mirrors.indexOf(custom[i]) !== -1 || seen[custom[i].name]) continue;
        seen[custom[i].name] = true;
        out.push([custom[i].name, custom[i].value]);
      }
    });
    return out;
  }

  function pay(ctx) {
    setSubmitting(ctx, true);
    var body = paymentParams(ctx);

    request('POST', paymentPath, body).then(function (response) {
      if (unloaded) return;
      handlePaymentResponse(ctx, response);
    }, function (error) {
      if (unloaded) return;
      setSubmitting(ctx, false);
      showMessage(ctx, texts.messages.requestFailed);
      fireError({ name: 'WidgetError', brand: ctx.brand, event: 'payment', message: 'The payment request failed: ' + describe(error) });
    });
  }

  function handlePaymentResponse(ctx, response) {
    var body = response.body || {};
    var result = body.result || {};
    var code = String(result.code || '');
    var description = String(result.description || code);
    if (body.redirect && body.redirect.url) {
      // A card's 3-D Secure opens in an iframe in the widget by default, in a window
      // only when paymentTarget names one; other brands (wallets, bank transfers) leave the page.
      var inPage = (ctx.kind === 'card' || ctx.kind === 'registration') && !(typeof options.paymentTarget === 'string' && options.paymentTarget);
      if (inPage) openThreeDIframe(ctx, redirectLocation(body.redirect));
      else navigate(redirectLocation(body.redirect), options.paymentTarget);
      return;
    }
    if (code === '800.120.100') {
      setSubmitting(ctx, false);
      showMessage(ctx, texts.messages.throttled);
      return;
    }
    // The gateway answers an expired or unknown checkout with 404. 200.300.404 on
    // its own is any invalid parameter (a custom parameter's name may well say
    // "checkout"), which the shopper or merchant can correct.
    if (response.status === 404) {
      // An expired checkout stays unpayable: the merchant has to create a new one.
      showMessage(ctx, texts.messages.invalidCheckout);
      fireError({ name: 'InvalidCheckoutIdError', message: description || texts.messages.invalidCheckout });
      return;
    }
    if (!response.body || response.status >= 500) {
      setSubmitting(ctx, false);
      showMessage(ctx, texts.messages.requestFailed);
      fireError({ name: 'WidgetError', brand: ctx.brand, event: 'payment', message: 'The gateway answered HTTP ' + response.status + (code ? ' (' + code + ')' : '') });
      return;
    }
    // A 400 without a payment in it is a rejected request (bad field, duplicate):
    // nothing was charged, so the shopper stays here and can correct it.
    // A 400 carrying a payment is a decline and goes to the result URL like a success.
    var isPayment = Boolean(body.paymentType || body.paymentBrand || body.amount);
    if (response.status >= 400 && !isPayment) {
      setSubmitting(ctx, false);
      if (!showFieldErrors(ctx, result.parameterErrors || body.parameterErrors, description)) showMessage(ctx, description);
      return;
    }
    navigate(resultLocation(ctx), options.shopperResultTarget);
  }

  // The gateway names the offending parameters (parameterErrors, else the
  // description); show each card one next to its field. False if none is ours.
  function showFieldErrors(ctx, parameterErrors, description) {
    var fieldMap = {
      'card.number': ['cardNumber', 'cardNumberError'], 'card.expiryMonth': ['expiry', 'expiryMonthError'],
      'card.expiryYear': ['expiry', 'expiryYearError'], 'card.holder': ['cardHolder', 'cardHolderError'],
      'card.cvv': ['cvv', 'cvvError']
    };
    var shown = false;
    var show = function (name, text) {
      var target = fieldMap[name];
      if (!target || !ctx.groups[target[0]] || ctx.groups[target[0]].classList.contains('wpwl-has-error')) return;
      showError(ctx, target[0], target[1], text);
      shown = true;
    };
    if (Array.isArray(parameterErrors)) {
      parameterErrors.forEach(function (error) {
        if (error && typeof error.name === 'string') show(error.name, error.message ? error.name + ': ' + error.message : description);
      });
    }
    if (!shown) {
      Object.keys(fieldMap).forEach(function (name) {
        if (!shown && description.indexOf(name) !== -1) show(name, description);
      });
    }
    return shown;
  }

  // The challenge in the page: the widget's form gives way to an iframe of the
  // issuer's page, sized by threeDIframeSize; once the shopper is done, that page
  // sends the shopperResultTarget window (default the whole page, _top) to the
  // shopper result URL. onLoadThreeDIframe runs, with this = the iframe, when it has loaded.
  function openThreeDIframe(ctx, url) {
    var target = typeof options.shopperResultTarget === 'string' && options.shopperResultTarget ? options.shopperResultTarget : '_top';
    var src = new URL(url);
    src.searchParams.set('target', target);
    var holder = el('div', 'wpwl-group wpwl-group-threeDSecure wpwl-clearfix');
    var frame = el('iframe', 'wpwl-control wpwl-control-threeDSecure');
    frame.name = 'wpwl-threeds-' + nextContainerNumber();
    frame.title = '3-D Secure';
    var size = options.threeDIframeSize || {};
    frame.setAttribute('width', String(size.width || '100%'));
    frame.setAttribute('height', String(size.height || 420));
    var loaded = false;
    listen(frame, 'load', function () {
      if (loaded) return;
      loaded = true;
      call('onLoadThreeDIframe', frame, []);
    });
    frame.src = src.href;
    holder.appendChild(frame);
    ctx.form.style.display = 'none';
    ctx.container.appendChild(holder);
    ctx.threeDSecure = holder;
  }

  function setSubmitting(ctx, submitting) {
    ctx.submitting = submitting;
    ctx.button.disabled = submitting;
    ctx.container.classList.toggle('wpwl-submitting', submitting);
    if (submitting) ctx.button.setAttribute('aria-busy', 'true');
    else ctx.button.removeAttribute('aria-busy');
  }

  function redirectLocation(redirect) {
    var url = new URL(redirect.url, baseUrl + '/');
    (redirect.parameters || []).forEach(function (parameter) {
      if (parameter && parameter.name) url.searchParams.append(parameter.name, parameter.value == null ? '' : parameter.value);
    });
    return url.href;
  }

  function resultLocation(ctx) {
    var url = new URL(ctx.merchantForm.action, doc.baseURI);
    url.searchParams.set('id', checkoutId);
    url.searchParams.set('resourcePath', paymentPath);
    return url.href;
  }

  function navigate(url, target) {
    if (typeof target === 'string' && target && target !== '_self') window.open(url, target);
    else window.location.assign(url);
  }

  function executePayment(containerClass) {
    for (var i = 0; i < contexts.length; i++) {
      var ctx = contexts[i];
      if (!containerClass || ctx.container.classList.contains(containerClass)) {
        if (typeof ctx.form.requestSubmit === 'function') ctx.form.requestSubmit();
        else ctx.button.click();
        return;
      }
    }
  }

  // ---- plumbing ------------------------------------------------------------

  function request(method, path, body) {
    var controller = typeof AbortController === 'function' ? new AbortController() : null;
    if (controller) requests.push(controller);
    var init = { method: method, mode: 'cors', credentials: 'omit', headers: { Accept: 'application/json' } };
    if (controller) init.signal = controller.signal;
    if (body) {
      init.headers['Content-Type'] = 'application/x-www-form-urlencoded; charset=UTF-8';
      init.body = body.toString();
    }
    var done = function () {
      var index = requests.indexOf(controller);
      if (index !== -1) requests.splice(index, 1);
    };
    return window.fetch(baseUrl + path, init).then(function (response) {
      return response.text().then(function (text) {
        var parsed = null;
        try { parsed = text ? JSON.parse(text) : null; } catch (ignore) { parsed = null; }
        done();
        return { status: response.status, body: parsed };
      });
    }, function (error) {
      done();
      throw error;
    });
  }

  function call(name, self, args) {
    var fn = options[name];
    if (typeof fn !== 'function') return undefined;
    try {
      return fn.apply(self, args);
    } catch (error) {
      console.error('[wpwl] wpwlOptions.' + name + ' threw', error);
      return undefined;
    }
  }

  function fireError(error) {
    if (typeof options.onError === 'function') call('onError', window, [error]);
    else console.error('[wpwl] ' + error.name + ': ' + error.message);
  }

  function describe(error) {
    return error && error.message ? error.message : String(error);
  }

  function describeForm(form) {
    if (form.id) return ' (#' + form.id + ')';
    if (form.getAttribute('name')) return ' (name="' + form.getAttribute('name') + '")';
    return '';
  }

  function resolveLocale(value) {
    var code = typeof value === 'string' && value ? value : 'en';
    if (LOCALES.indexOf(code) === -1) {
      console.warn('[wpwl] unknown locale "' + code + '": using en');
      return 'en';
    }
    return code;
  }

  function buildTexts(code) {
    var base = TEXTS[code] || TEXTS.en;
    return {
      labels: merge(merge({}, TEXTS.en.labels, base.labels), options.labels),
      placeholders: merge({}, TEXTS.en.placeholders, base.placeholders),
      errorMessages: merge(merge({}, TEXTS.en.errorMessages, base.errorMessages), options.errorMessages),
      messages: merge({}, TEXTS.en.messages, base.messages)
    };
  }

  function merge(target, first, second) {
    [first, second].forEach(function (source) {
      if (!source || typeof source !== 'object') return;
      Object.keys(source).forEach(function (key) {
        if (typeof source[key] === 'string') target[key] = source[key];
      });
    });
    return target;
  }

  function insert(node, parent, before) {
    parent.insertBefore(node, before);
    createdNodes.push(node);
    return node;
  }

  function listen(target, type, handler) {
    target.addEventListener(type, handler);
    listeners.push([target, type, handler]);
  }

  function removeListener(target, type, handler) {
    target.removeEventListener(type, handler);
    listeners = listeners.filter(function (entry) { return !(entry[0] === target && entry[1] === type && entry[2] === handler); });
  }

  function unload() {
    if (unloaded) return;
    unloaded = true;
    requests.splice(0).forEach(function (controller) { controller.abort(); });
    listeners.splice(0).forEach(function (entry) { entry[0].removeEventListener(entry[1], entry[2]); });
    createdNodes.splice(0).reverse().forEach(function (node) {
      if (node.parentNode) node.parentNode.removeChild(node);
    });
    restoredTexts.splice(0).forEach(function (entry) { entry[0].textContent = entry[1]; });
    contexts = [];
    if (window.wpwl === api) {
      try { delete window.wpwl; } catch (ignore) { window.wpwl = undefined; }
    }
  }
})();
`;
