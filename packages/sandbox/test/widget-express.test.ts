// The stand-in paymentWidgets.js in express mode, run as served inside
// happy-dom against the fake gateway (stand-in-harness.ts): loaded without a
// checkoutId, it renders wallet buttons, asks the page for the checkout when
// one is pressed (every answer shape merchant code gives), shows its wallet
// sheet (a keyboard-usable modal dialog, in the widget's language), and pays
// with the total the sheet showed.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { APPLE_PAY_SESSION_STAND_IN } from '../src/widget/apple-pay-session.js';
import { widgetStylesheet } from '../src/widget/stylesheet.js';
import {
  BASE,
  CHECKOUT_ID,
  gateway,
  navigations,
  PAYMENT_PATH,
  q,
  RESULT_URL,
  settle,
  useStandInPage,
  widgetSource,
  win,
} from './stand-in-harness.js';

useStandInPage();
// Apple Pay's absence is said with console.info.
beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

const EXPRESS_FORM = `<form action="${RESULT_URL}" class="paymentWidgets" data-brands="APPLEPAY GOOGLEPAY PAYPAL"></form>`;

function page(html = EXPRESS_FORM) {
  document.body.innerHTML = `<main id="shop"><button id="before">before</button>${html}</main>`;
}

/** The tag a page adds for express checkout (no checkoutId), the served text run, the follow-up script "loaded". */
function loadExpress(options: Record<string, unknown>): Promise<unknown[]> {
  const ready = new Promise<unknown[]>((resolve) => {
    win.wpwlOptions = {
      ...options,
      onReady(...args: unknown[]) {
        (options.onReady as ((...a: unknown[]) => void) | undefined)?.(...args);
        resolve(args);
      },
    };
  });
  const tag = document.createElement('script');
  tag.src = `${BASE}/v1/paymentWidgets.js`;
  tag.setAttribute('integrity', 'sha384-from-the-fastcheckout-integrity-answer');
  tag.setAttribute('crossorigin', 'anonymous');
  document.head.appendChild(tag);
  new Function(widgetSource)();
  const followUp = document.querySelector(`script[src="${BASE}/v1/static.min.js"]`);
  setTimeout(() => followUp?.dispatchEvent(new Event('load')), 0);
  return ready;
}

const button = (brand: string) => q<HTMLButtonElement>(`.wpwl-container-virtualAccount-${brand} button.wpwl-button-brand-${brand}`);
const sheet = () => document.querySelector<HTMLElement>('.wpwl-wallet-sheet');
const sessionReads = () => gateway.calls.filter((call) => call.url.endsWith('/widget-session'));
const key = (key: string, shiftKey = false) =>
  (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true }));

/** A page whose createCheckout answers `answer` (called with the request), with onError recorded. */
async function expressPage(answer: (request: { brand: string }) => unknown, extra: Record<string, unknown> = {}) {
  const createCheckout = vi.fn(answer);
  const onError = vi.fn();
  await loadExpress({ createCheckout, onError, ...extra });
  return { createCheckout, onError };
}

describe('loading without a checkoutId', () => {
  it('asks the gateway nothing, renders a button per wallet brand in place of the form, and calls onReady with their forms', async () => {
    page(`<form action="${RESULT_URL}" class="paymentWidgets" data-brands="GOOGLEPAY VISA PAYPAL APPLEPAY"></form>`);
    const [forms] = await loadExpress({ createCheckout: () => CHECKOUT_ID });
    await settle();

    expect(gateway.calls).toEqual([]);
    const containers = [...document.querySelectorAll('#shop > div.wpwl-container')];
    expect(containers.map((c) => c.className.split(' ').slice(0, 3).join(' '))).toEqual([
      'wpwl-container wpwl-container-virtualAccount wpwl-container-virtualAccount-GOOGLEPAY',
      'wpwl-container wpwl-container-virtualAccount wpwl-container-virtualAccount-PAYPAL',
    ]);
    expect(containers.at(-1)!.nextElementSibling).toBe(q('form.paymentWidgets'));
    const googlePay = button('GOOGLEPAY');
    expect(googlePay.closest('form')!.className).toBe('wpwl-form wpwl-form-virtualAccount wpwl-form-virtualAccount-GOOGLEPAY');
    expect(googlePay.getAttribute('aria-label')).toBe('Google Pay: Pay now');
    expect(button('PAYPAL').getAttribute('aria-label')).toBe('PayPal: Pay now');
    expect(forms).toEqual(containers.map((c) => c.querySelector('form')));
    // A card brand has no place in an express form; Apple Pay needs a browser that can pay with it.
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('VISA in data-brands is skipped'));
    expect(console.info).toHaveBeenCalledWith(expect.stringContaining('APPLEPAY is not shown'));
    expect(win.wpwl!.checkout.id).toBe('');
  });

  it('shows Apple Pay (APPLEPAY, APPLEPAYTKN) where an ApplePaySession says it can pay, and not where it says no', async () => {
    new Function(APPLE_PAY_SESSION_STAND_IN)();
    try {
      page(`<form action="${RESULT_URL}" class="paymentWidgets" data-brands="APPLEPAY APPLEPAYTKN"></form>`);
      await loadExpress({ createCheckout: () => CHECKOUT_ID });
      expect(button('APPLEPAY').getAttribute('aria-label')).toBe('Apple Pay: Pay now');
      expect(button('APPLEPAYTKN').getAttribute('aria-label')).toBe('Apple Pay: Pay now');
      win.wpwl!.unload();

      (window as unknown as { ApplePaySession: { canMakePayments(): boolean } }).ApplePaySession.canMakePayments = () => false;
      page(`<form action="${RESULT_URL}" class="paymentWidgets" data-brands="APPLEPAY GOOGLEPAY"></form>`);
      await loadExpress({ createCheckout: () => CHECKOUT_ID });
      expect(document.querySelector('.wpwl-button-brand-APPLEPAY')).toBeNull();
      expect(button('GOOGLEPAY')).toBeTruthy();
    } finally {
      delete (window as { ApplePaySession?: unknown }).ApplePaySession;
    }
  });

  it('without createCheckout says so to onError and renders nothing', async () => {
    page();
    const onError = vi.fn();
    const onReady = vi.fn();
    win.wpwlOptions = { onError, onReady };
    const tag = document.createElement('script');
    tag.src = `${BASE}/v1/paymentWidgets.js`;
    document.head.appendChild(tag);
    new Function(widgetSource)();
    document.querySelector(`script[src="${BASE}/v1/static.min.js"]`)?.dispatchEvent(new Event('load'));
    await settle();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ name: 'WidgetError', event: 'createCheckout' }));
    expect(onError.mock.calls[0]![0].message).toContain('createCheckout');
    expect(document.querySelector('.wpwl-container')).toBeNull();
    expect(onReady).not.toHaveBeenCalled();
  });
});

describe('pressing a wallet button', () => {
  it.each([
    ['a checkout id', () => CHECKOUT_ID],
    ['a native Promise of one', () => Promise.resolve(CHECKOUT_ID)],
    ['a jQuery-like deferred (only .then)', () => ({ then: (done: (id: string) => void) => setTimeout(() => done(CHECKOUT_ID), 0) })],
  ])('takes %s, reads that checkout and opens the sheet', async (_, answer) => {
    page();
    const { createCheckout, onError } = await expressPage(answer);
    button('GOOGLEPAY').click();
    expect(button('GOOGLEPAY').disabled).toBe(true);
    await settle();

    expect(createCheckout).toHaveBeenCalledTimes(1);
    expect(createCheckout).toHaveBeenCalledWith({ brand: 'GOOGLEPAY' });
    expect(sessionReads().map((call) => call.url)).toEqual([`${BASE}/v1/checkouts/${CHECKOUT_ID}/widget-session`]);
    expect(sheet()).not.toBeNull();
    expect(onError).not.toHaveBeenCalled();
    expect(win.wpwl!.checkout).toMatchObject({ id: CHECKOUT_ID, amount: '92.00', currency: 'EUR' });
  });

  it.each([
    ['nothing', () => undefined],
    ['null', () => null],
    ['an empty id', () => ''],
    ['a Promise of nothing', () => Promise.resolve(undefined)],
    ['a rejected Promise', () => Promise.reject(new Error('terms not accepted'))],
    ['a deferred that fails', () => ({ then: (_: unknown, fail: (e: unknown) => void) => fail('no cart') })],
    [
      'a throw',
      () => {
        throw new Error('boom');
      },
    ],
  ])('stops quietly on %s: no request, no onError, the button usable again', async (_, answer) => {
    page();
    const { createCheckout, onError } = await expressPage(answer);
    button('PAYPAL').click();
    await settle();
    expect(gateway.calls).toEqual([]);
    expect(onError).not.toHaveBeenCalled();
    expect(sheet()).toBeNull();
    expect(button('PAYPAL').disabled).toBe(false);
    button('PAYPAL').click();
    await settle();
    expect(createCheckout).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['an id that breaks the rule', () => 'not-a-checkout-id'],
    ['a number', () => 12345],
    ['a Promise of an object', () => Promise.resolve({ id: CHECKOUT_ID })],
  ])('reports %s as InvalidCheckoutIdError and reads nothing', async (_, answer) => {
    page();
    const { onError } = await expressPage(answer);
    button('GOOGLEPAY').click();
    await settle();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0]).toMatchObject({ name: 'InvalidCheckoutIdError' });
    expect(gateway.calls).toEqual([]);
    expect(button('GOOGLEPAY').disabled).toBe(false);
  });

  it('asks once per press: a second press, on any wallet button, while the page prepares the checkout does nothing', async () => {
    page();
    let resolve: (id: string) => void = () => {};
    const { createCheckout } = await expressPage(() => new Promise<string>((r) => (resolve = r)));
    button('GOOGLEPAY').click();
    button('GOOGLEPAY').closest('form')!.requestSubmit();
    button('PAYPAL').click();
    button('PAYPAL').closest('form')!.requestSubmit();
    await settle();
    expect(createCheckout.mock.calls.map(([request]) => request.brand)).toEqual(['GOOGLEPAY']);
    expect(button('PAYPAL').disabled).toBe(false);
    resolve(CHECKOUT_ID);
    await settle();
    expect(sessionReads()).toHaveLength(1);
    expect(sheet()!.classList.contains('wpwl-wallet-sheet-GOOGLEPAY')).toBe(true);
  });

  it('one press at a time across the wallet buttons: another wallet does nothing while a sheet is up, and works once it closed', async () => {
    page();
    const { createCheckout, onError } = await expressPage(() => CHECKOUT_ID);
    button('GOOGLEPAY').click();
    await settle();
    expect(sheet()!.classList.contains('wpwl-wallet-sheet-GOOGLEPAY')).toBe(true);
    // A script (or a click the sheet did not catch) presses the other wallet.
    button('PAYPAL').click();
    button('PAYPAL').closest('form')!.requestSubmit();
    await settle();
    expect(createCheckout).toHaveBeenCalledTimes(1);
    expect(document.querySelectorAll('.wpwl-wallet-sheet')).toHaveLength(1);
    expect(sheet()!.classList.contains('wpwl-wallet-sheet-GOOGLEPAY')).toBe(true);

    q('.wpwl-wallet-sheet-cancel').click();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0]).toMatchObject({ event: 'closed', brand: 'GOOGLEPAY' });
    expect(button('GOOGLEPAY').disabled).toBe(false);
    expect(button('PAYPAL').disabled).toBe(false);
    button('PAYPAL').click();
    await settle();
    expect(createCheckout.mock.calls.map(([request]) => request.brand)).toEqual(['GOOGLEPAY', 'PAYPAL']);
    expect(sheet()!.classList.contains('wpwl-wallet-sheet-PAYPAL')).toBe(true);
  });

  it('one press at a time while a payment is on its way; after a refused payment any wallet can be pressed again', async () => {
    page();
    gateway.payment = { status: 400, body: { result: { code: '200.300.404', description: 'invalid or missing parameter' } } };
    const { createCheckout } = await expressPage(() => CHECKOUT_ID);
    button('GOOGLEPAY').click();
    await settle();
    q('.wpwl-wallet-sheet-pay').click();
    // The payment request is on its way until the gateway answers.
    button('PAYPAL').click();
    await settle();
    expect(createCheckout).toHaveBeenCalledTimes(1);
    expect(gateway.posts()).toHaveLength(1);
    expect(sheet()).toBeNull();
    expect(button('GOOGLEPAY').disabled).toBe(false);
    button('PAYPAL').click();
    await settle();
    expect(createCheckout).toHaveBeenCalledTimes(2);
    expect(sheet()!.classList.contains('wpwl-wallet-sheet-PAYPAL')).toBe(true);
  });

  it('reports an unknown or expired checkout as InvalidCheckoutIdError, the button usable again', async () => {
    page();
    gateway.session = { status: 404, body: { result: { code: '200.300.404', description: 'checkout id expired or unknown' } } };
    const { onError } = await expressPage(() => CHECKOUT_ID);
    button('GOOGLEPAY').click();
    await settle();
    expect(onError).toHaveBeenCalledWith({ name: 'InvalidCheckoutIdError', message: 'checkout id expired or unknown' });
    expect(sheet()).toBeNull();
    expect(button('GOOGLEPAY').disabled).toBe(false);
  });
});

describe('the wallet sheet', () => {
  it('is a modal dialog titled by the wallet, showing the total the page states, with a shipping choice', async () => {
    page();
    await expressPage(() => CHECKOUT_ID, { checkout: { amount: '92.00' } });
    button('GOOGLEPAY').click();
    await settle();
    const dialog = sheet()!;
    expect(dialog.parentElement).toBe(document.body);
    expect(dialog.getAttribute('role')).toBe('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toBe('Google Pay (sandbox)');
    expect(q('.wpwl-wallet-sheet-total').textContent).toBe('Total: 92.00 EUR');
    const radios = [...dialog.querySelectorAll<HTMLInputElement>('.wpwl-wallet-sheet-shipping input[type=radio]')];
    expect(radios.map((radio) => [radio.closest('label')!.textContent!.trim(), radio.checked])).toEqual([
      ['Standard delivery, free', true],
      ['Express delivery, free', false],
    ]);
    expect(new Set(radios.map((radio) => radio.name)).size).toBe(1);
    expect(q('.wpwl-wallet-sheet-pay').textContent).toBe('Pay 92.00 EUR');
    expect(q('.wpwl-wallet-sheet-cancel').textContent).toBe('Cancel');
  });

  it.each([
    ['APPLEPAY', { applePay: { total: { label: 'Shop', amount: '12.50' } }, checkout: { amount: '99.00' } }, '12.50'],
    ['GOOGLEPAY', { applePay: { total: { label: 'Shop', amount: '12.50' } }, checkout: { amount: 99 } }, '99'],
    ['GOOGLEPAY', {}, '92.00'],
  ])('shows for %s the total the page states for it, else the checkout amount (%j)', async (brand, options, total) => {
    new Function(APPLE_PAY_SESSION_STAND_IN)();
    try {
      page(`<form action="${RESULT_URL}" class="paymentWidgets" data-brands="${brand}"></form>`);
      await expressPage(() => CHECKOUT_ID, options);
      button(brand).click();
      await settle();
      expect(q('.wpwl-wallet-sheet-total').textContent).toBe(`Total: ${total} EUR`);
    } finally {
      delete (window as { ApplePaySession?: unknown }).ApplePaySession;
    }
  });

  it('takes the focus, keeps Tab and Shift+Tab inside, cancels on Escape and gives the focus back', async () => {
    page();
    const { onError } = await expressPage(() => CHECKOUT_ID);
    const wallet = button('GOOGLEPAY');
    wallet.focus();
    wallet.click();
    await settle();
    const pay = q('.wpwl-wallet-sheet-pay');
    const cancel = q('.wpwl-wallet-sheet-cancel');
    const standard = q<HTMLInputElement>('.wpwl-wallet-sheet-shipping-standard input');
    expect(document.activeElement).toBe(pay);
    key('Tab');
    expect(document.activeElement).toBe(cancel);
    key('Tab');
    expect(document.activeElement).toBe(standard);
    key('Tab');
    expect(document.activeElement).toBe(pay);
    key('Tab', true);
    expect(document.activeElement).toBe(standard);
    key('Tab', true);
    expect(document.activeElement).toBe(cancel);
    // Focus sent to the page behind comes back into the sheet.
    q('#before').focus();
    expect(sheet()!.contains(document.activeElement)).toBe(true);

    key('Escape');
    expect(sheet()).toBeNull();
    expect(document.activeElement).toBe(wallet);
    expect(wallet.disabled).toBe(false);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0]).toMatchObject({ name: 'WidgetError', brand: 'GOOGLEPAY', event: 'closed' });
    expect(gateway.posts()).toEqual([]);
  });

  it('lies over a backdrop that covers the page and takes its clicks; both go when the sheet closes', async () => {
    page();
    await expressPage(() => CHECKOUT_ID);
    button('GOOGLEPAY').click();
    await settle();
    const pageClicks = vi.fn();
    document.addEventListener('click', pageClicks);
    document.addEventListener('mousedown', pageClicks);
    try {
      const backdrop = q('.wpwl-wallet-sheet-backdrop');
      expect(backdrop.parentElement).toBe(document.body);
      expect(backdrop.nextElementSibling).toBe(sheet());
      expect(backdrop.getAttribute('aria-hidden')).toBe('true');
      // Fixed over the whole page, under the sheet: the widget's own stylesheet, no inline style.
      expect(backdrop.getAttribute('style')).toBeNull();
      const rule = widgetStylesheet.split('\n').find((line) => line.startsWith('.wpwl-wallet-sheet-backdrop{'))!;
      expect(rule).toMatch(/position:fixed/);
      expect(rule).toMatch(/top:0;right:0;bottom:0;left:0/);
      const zIndex = (css: string) => Number(/z-index:(\d+)/.exec(css)![1]);
      const sheetRule = widgetStylesheet.split('\n').find((line) => line.startsWith('.wpwl-wallet-sheet{'))!;
      expect(zIndex(rule)).toBeLessThan(zIndex(sheetRule));

      const mousedown = new MouseEvent('mousedown', { bubbles: true, cancelable: true });
      backdrop.dispatchEvent(mousedown);
      backdrop.click();
      expect(mousedown.defaultPrevented).toBe(true);
      expect(pageClicks).not.toHaveBeenCalled();
      expect(document.activeElement).toBe(q('.wpwl-wallet-sheet-pay'));
      expect(sheet()).not.toBeNull();

      q('.wpwl-wallet-sheet-cancel').click();
      expect(document.querySelector('.wpwl-wallet-sheet-backdrop')).toBeNull();
      button('GOOGLEPAY').click();
      await settle();
      expect(document.querySelectorAll('.wpwl-wallet-sheet-backdrop')).toHaveLength(1);
      q('.wpwl-wallet-sheet-pay').click();
      expect(document.querySelector('.wpwl-wallet-sheet-backdrop')).toBeNull();
    } finally {
      document.removeEventListener('click', pageClicks);
      document.removeEventListener('mousedown', pageClicks);
    }
  });

  it('cancel closes it the same way; the shopper can press again', async () => {
    page();
    const { onError, createCheckout } = await expressPage(() => CHECKOUT_ID);
    button('PAYPAL').click();
    await settle();
    q('.wpwl-wallet-sheet-cancel').click();
    expect(sheet()).toBeNull();
    expect(onError.mock.calls[0]![0]).toMatchObject({ name: 'WidgetError', brand: 'PAYPAL', event: 'closed' });
    expect(document.activeElement).toBe(button('PAYPAL'));
    button('PAYPAL').click();
    await settle();
    expect(createCheckout).toHaveBeenCalledTimes(2);
    expect(sheet()).not.toBeNull();
  });

  it('pays with the total it showed, then sends the shopper to the result URL as a brand form does', async () => {
    page();
    const { onError } = await expressPage(() => Promise.resolve(CHECKOUT_ID), { checkout: { amount: '92.0' } });
    button('GOOGLEPAY').click();
    await settle();
    q('.wpwl-wallet-sheet-pay').click();
    expect(sheet()).toBeNull();
    await settle();
    const [post] = gateway.posts();
    expect(post!.url).toBe(`${BASE}${PAYMENT_PATH}`);
    expect(Object.fromEntries(post!.body)).toEqual({
      paymentBrand: 'GOOGLEPAY',
      'wallet.amount': '92.0',
      'wallet.currency': 'EUR',
      shopperResultUrl: RESULT_URL,
    });
    expect(post!.headers.Authorization).toBeUndefined();
    expect(navigations).toEqual([`${RESULT_URL}?id=${CHECKOUT_ID}&resourcePath=${encodeURIComponent(PAYMENT_PATH)}`]);
    expect(onError).not.toHaveBeenCalled();
  });

  it('a declined payment goes to the result URL too; a refused one stays, says why and is usable again', async () => {
    page();
    gateway.payment = {
      status: 400,
      body: {
        id: 'p'.repeat(32),
        paymentBrand: 'PAYPAL',
        amount: '92.00',
        result: { code: '100.550.360', description: 'amount mismatch' },
      },
    };
    await expressPage(() => CHECKOUT_ID);
    button('PAYPAL').click();
    await settle();
    q('.wpwl-wallet-sheet-pay').click();
    await settle();
    expect(navigations).toHaveLength(1);

    navigations.length = 0;
    gateway.payment = { status: 400, body: { result: { code: '200.300.404', description: 'invalid or missing parameter' } } };
    win.wpwl!.unload();
    page();
    await expressPage(() => CHECKOUT_ID);
    button('PAYPAL').click();
    await settle();
    q('.wpwl-wallet-sheet-pay').click();
    await settle();
    expect(navigations).toEqual([]);
    expect(q('.wpwl-container-virtualAccount-PAYPAL .wpwl-message').textContent).toBe('invalid or missing parameter');
    expect(button('PAYPAL').disabled).toBe(false);
  });

  it('unload() takes away the buttons and an open sheet, and a checkout answered later does nothing', async () => {
    page();
    let resolve: (id: string) => void = () => {};
    let pending = false;
    await expressPage(() => {
      if (!pending) return CHECKOUT_ID;
      return new Promise<string>((r) => (resolve = r));
    });
    button('GOOGLEPAY').click();
    await settle();
    expect(sheet()).not.toBeNull();
    win.wpwl!.unload();
    expect(sheet()).toBeNull();
    expect(document.querySelector('.wpwl-wallet-sheet-backdrop')).toBeNull();
    expect(document.querySelector('.wpwl-container')).toBeNull();
    expect(document.querySelector('script[src$="static.min.js"]')).toBeNull();

    pending = true;
    const onError = vi.fn();
    page();
    await expressPage(() => new Promise<string>((r) => (resolve = r)), { onError });
    button('GOOGLEPAY').click();
    win.wpwl!.unload();
    const before = gateway.calls.length;
    resolve(CHECKOUT_ID);
    await settle();
    expect(gateway.calls.length).toBe(before);
    expect(sheet()).toBeNull();
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('languages', () => {
  it('writes the sheet in Arabic, right to left, the total kept left to right', async () => {
    page();
    await expressPage(() => CHECKOUT_ID, { locale: 'ar', checkout: { amount: '12.50' } });
    expect(button('GOOGLEPAY').getAttribute('aria-label')).toBe('Google Pay: ادفع الآن');
    button('GOOGLEPAY').click();
    await settle();
    const dialog = sheet()!;
    expect([dialog.getAttribute('lang'), dialog.getAttribute('dir')]).toEqual(['ar', 'rtl']);
    expect(q('.wpwl-wallet-sheet-title').textContent).toBe('Google Pay (بيئة الاختبار)');
    expect(q('.wpwl-wallet-sheet-pay').textContent).toBe('ادفع 12.50 EUR');
    const total = q('.wpwl-wallet-sheet-pay bdi');
    expect([total.getAttribute('dir'), total.textContent]).toEqual(['ltr', '12.50 EUR']);
    expect(q('.wpwl-wallet-sheet-cancel').textContent).toBe('إلغاء');
  });

  it('writes it in German, and in English for a locale without texts of its own', async () => {
    page();
    await expressPage(() => CHECKOUT_ID, { locale: 'de' });
    button('GOOGLEPAY').click();
    await settle();
    expect(q('.wpwl-wallet-sheet-pay').textContent).toBe('92.00 EUR bezahlen');
    expect(sheet()!.getAttribute('dir')).toBe('ltr');
    win.wpwl!.unload();

    page();
    await expressPage(() => CHECKOUT_ID, { locale: 'fr' });
    button('GOOGLEPAY').click();
    await settle();
    expect([sheet()!.getAttribute('lang'), q('.wpwl-wallet-sheet-cancel').textContent]).toEqual(['en', 'Cancel']);
  });
});
