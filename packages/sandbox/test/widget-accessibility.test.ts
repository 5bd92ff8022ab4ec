// The stand-in widget as assistive technology and a keyboard meet it, run as
// served inside happy-dom: every control named by its label, a wrong field
// marked, described by its hint and announced, the busy form saying so, the
// stored cards a choice of real radios, the focus kept where the shopper can
// see and use it, and the texts in the language (and direction) the form says.
// What only a real browser can show (the focus ring drawn, arrow keys moving
// between radios, axe-core's verdict) is checked in Chromium by the e2e tests.
import { describe, expect, it } from 'vitest';
import { getWidgetAssets } from '../src/widget/assets.js';
import { BASE, CHECKOUT_ID, fill, fillValidCard, gateway, loadWidget, page, q, settle, useStandInPage } from './stand-in-harness.js';

useStandInPage();

type Control = HTMLInputElement | HTMLSelectElement | HTMLButtonElement;

/**
 * The name a screen reader gives `element`, for the ways the stand-in names
 * things: aria-labelledby (each id's text, in order), aria-label, a wrapping
 * <label>, else its own text.
 */
function accessibleName(element: Element): string {
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy) {
    return labelledBy
      .split(' ')
      .map((id) => {
        const target = document.getElementById(id);
        if (!target) throw new Error(`aria-labelledby names #${id}, which is not in the page`);
        return target.textContent ?? '';
      })
      .join(' ');
  }
  const label = element.getAttribute('aria-label');
  if (label !== null) return label;
  const wrapping = element.closest('label');
  return (wrapping ?? element).textContent?.trim() ?? '';
}

/** The elements `element`'s aria-describedby points to (each must be in the page). */
function descriptions(element: Element): HTMLElement[] {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => {
    const target = document.getElementById(id);
    if (!target) throw new Error(`aria-describedby names #${id}, which is not in the page`);
    return target;
  });
}

/** The card form's controls a shopper fills, by group. */
function cardControls(): Record<string, Control> {
  return {
    brand: q<HTMLSelectElement>('.wpwl-control-brand'),
    cardNumber: q<HTMLInputElement>('.wpwl-control-cardNumber'),
    expiry: q<HTMLInputElement>('.wpwl-control-expiry'),
    cardHolder: q<HTMLInputElement>('.wpwl-control-cardHolder'),
    cvv: q<HTMLInputElement>('.wpwl-control-cvv'),
  };
}

function names(controls: Record<string, Control>): Record<string, string> {
  return Object.fromEntries(Object.entries(controls).map(([group, control]) => [group, accessibleName(control)]));
}

/** Each id in the page, once: the references above resolve to one element each. */
function repeatedIds(): string[] {
  const ids = Array.from(document.querySelectorAll('[id]'), (element) => element.id);
  return ids.filter((id, index) => ids.indexOf(id) !== index);
}

const ENGLISH_NAMES = { brand: 'Brand', cardNumber: 'Card Number', expiry: 'Expiry Date', cardHolder: 'Card holder', cvv: 'CVV' };

describe('labels', () => {
  it('names every control of the card form by its visible label, which focuses the control when pressed', async () => {
    page();
    await loadWidget();
    const controls = cardControls();
    for (const [group, control] of Object.entries(controls)) {
      const label = q(`.wpwl-group-${group} > .wpwl-label`);
      expect(control.getAttribute('aria-labelledby'), group).toBe(label.id);
      expect(control.hasAttribute('aria-label'), group).toBe(false);
    }
    expect(names(controls)).toEqual(ENGLISH_NAMES);
    q('.wpwl-label-cardHolder').click();
    expect(document.activeElement).toBe(controls.cardHolder);
    expect(repeatedIds()).toEqual([]);
  });

  it('names them as well without visible labels (showLabels: false), the placeholders still shown', async () => {
    page();
    await loadWidget({ showLabels: false });
    expect(document.querySelector('.wpwl-label')).toBeNull();
    const controls = cardControls();
    expect(names(controls)).toEqual(ENGLISH_NAMES);
    expect((controls.expiry as HTMLInputElement).placeholder).toBe('MM / YY');
  });

  it("takes the page's labels into the names", async () => {
    page();
    await loadWidget({ labels: { cardHolder: 'Name on card', cvv: 'Security code' } });
    expect(names(cardControls())).toMatchObject({ cardHolder: 'Name on card', cvv: 'Security code' });
  });

  it('names two card forms on one page apart: no id repeats', async () => {
    page(
      `<form action="https://shop.example/a" class="paymentWidgets" data-brands="VISA"></form>` +
        `<form action="https://shop.example/b" class="paymentWidgets" data-brands="MASTER STC_PAY"></form>`,
    );
    await loadWidget({ showCVVHint: true });
    expect(document.querySelectorAll('.wpwl-form-card')).toHaveLength(2);
    expect(repeatedIds()).toEqual([]);
    for (const control of Array.from(document.querySelectorAll<Control>('.wpwl-form input:not([type=hidden]), .wpwl-form select'))) {
      expect(accessibleName(control), control.className).not.toBe('');
    }
  });

  it('describes the CVV by its hint (showCVVHint)', async () => {
    page();
    await loadWidget({ showCVVHint: true });
    expect(descriptions(q('.wpwl-control-cvv')).map((hint) => hint.textContent)).toEqual([
      'The last three digits on the back of your card.',
    ]);
  });
});

describe('a wrong field', () => {
  it('is marked aria-invalid and described by its hint, which is announced; fixing the field clears both', async () => {
    page();
    await loadWidget();
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    await settle();
    expect(gateway.posts()).toHaveLength(0);
    const controls = cardControls();
    for (const [group, message] of [
      ['cardNumber', 'Invalid card number or brand'],
      ['expiry', 'Invalid expiry date'],
      ['cardHolder', 'Invalid card holder'],
      ['cvv', 'Invalid CVV'],
    ] as const) {
      const control = controls[group]!;
      expect(control.getAttribute('aria-invalid'), group).toBe('true');
      const [hint] = descriptions(control);
      expect(hint?.textContent, group).toBe(message);
      expect(hint?.getAttribute('role'), group).toBe('alert');
      expect(hint?.closest('.wpwl-group')).toBe(q(`.wpwl-group-${group}`));
    }
    // The brand select is never wrong on its own.
    expect(controls.brand!.hasAttribute('aria-invalid')).toBe(false);

    fill('.wpwl-control-cardHolder', 'Jane Jones');
    expect(controls.cardHolder!.hasAttribute('aria-invalid')).toBe(false);
    expect(controls.cardHolder!.hasAttribute('aria-describedby')).toBe(false);
    expect(document.querySelector('.wpwl-hint-cardHolderError')).toBeNull();
    expect(controls.cvv!.getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps the CVV hint in the description beside the error, and only the hint once it is fixed', async () => {
    page();
    await loadWidget({ showCVVHint: true });
    fillValidCard();
    fill('.wpwl-control-cvv', '1');
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    await settle();
    const cvv = q('.wpwl-control-cvv');
    expect(descriptions(cvv).map((hint) => hint.className)).toEqual(['wpwl-hint wpwl-hint-cvv', 'wpwl-hint wpwl-hint-cvvError']);
    fill('.wpwl-control-cvv', '123');
    expect(descriptions(cvv).map((hint) => hint.className)).toEqual(['wpwl-hint wpwl-hint-cvv']);
  });

  it("ties the gateway's parameter errors to their fields the same way", async () => {
    gateway.payment = {
      status: 400,
      body: {
        result: {
          code: '200.300.404',
          description: 'invalid or missing parameter',
          parameterErrors: [{ name: 'card.holder', value: 'J0', message: 'must be letters only' }],
        },
      },
    };
    page();
    await loadWidget();
    fillValidCard();
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    await settle();
    const holder = q('.wpwl-control-cardHolder');
    expect(holder.getAttribute('aria-invalid')).toBe('true');
    expect(descriptions(holder).map((hint) => [hint.getAttribute('role'), hint.textContent])).toEqual([
      ['alert', 'card.holder: must be letters only'],
    ]);
  });
});

describe('paying', () => {
  it('says in a polite live region that the payment is on its way, and nothing once the form is back', async () => {
    gateway.payment = { status: 400, body: { result: { code: '200.300.405', description: 'checkout already has a payment' } } };
    page();
    await loadWidget();
    const status = q('.wpwl-container-card > .wpwl-status');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe('');
    fillValidCard();
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    expect(q('.wpwl-button-pay').getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toBe('Sending the payment…');
    await settle();
    expect(status.textContent).toBe('');
    expect(q<HTMLButtonElement>('.wpwl-button-pay').disabled).toBe(false);
    expect(q('.wpwl-message').getAttribute('role')).toBe('alert');
  });

  it('titles the 3-D Secure frame in the form’s language, sends the focus into it once it has loaded, and stops saying it is busy', async () => {
    gateway.payment = {
      status: 200,
      body: { result: { code: '000.200.000' }, redirect: { url: `${BASE}/v1/threeds/${CHECKOUT_ID}` } },
    };
    page();
    await loadWidget({ locale: 'de' });
    fillValidCard('4000000000003220');
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    await settle();
    const frame = q<HTMLIFrameElement>('iframe.wpwl-control-threeDSecure');
    expect(frame.title).toBe('3-D-Secure-Authentifizierung');
    expect(q('.wpwl-container-card > .wpwl-status').textContent).toBe('');
    // The form the focus was in is gone: the focus went back to the page.
    (document.activeElement as HTMLElement | null)?.blur();
    frame.dispatchEvent(new Event('load'));
    expect(document.activeElement).toBe(frame);
  });

  it('leaves the focus where the shopper put it when the 3-D Secure frame loads', async () => {
    gateway.payment = {
      status: 200,
      body: { result: { code: '000.200.000' }, redirect: { url: `${BASE}/v1/threeds/${CHECKOUT_ID}` } },
    };
    page('<input id="coupon"><form action="https://shop.example/r" class="paymentWidgets" data-brands="VISA"></form>');
    await loadWidget();
    fillValidCard('4000000000003220');
    q<HTMLButtonElement>('.wpwl-button-pay').click();
    await settle();
    q<HTMLInputElement>('#coupon').focus();
    q('iframe.wpwl-control-threeDSecure').dispatchEvent(new Event('load'));
    expect(document.activeElement).toBe(q('#coupon'));
  });
});

describe('stored cards', () => {
  function offerStoredCards() {
    const session = gateway.session as { status: number; body: Record<string, unknown> };
    session.body.registrations = [
      { id: 'a'.repeat(32), paymentBrand: 'VISA', last4Digits: '0000', holder: 'Jane Jones', expiryMonth: '05', expiryYear: '2034' },
      { id: 'b'.repeat(32), paymentBrand: 'AMEX', last4Digits: '7770', expiryMonth: '11', expiryYear: '2031' },
    ];
  }

  it('are a choice of radios in the tab order, each named by what its row shows, never by the CVV typed into it', async () => {
    offerStoredCards();
    page();
    await loadWidget({ registrations: { requireCvv: true } });
    const radios = Array.from(document.querySelectorAll<HTMLInputElement>('.wpwl-form-registrations input[name=registrationId]'));
    expect(radios.map((radio) => [radio.type, radio.disabled, radio.tabIndex])).toEqual([
      ['radio', false, 0],
      ['radio', false, 0],
    ]);
    fill('.wpwl-group-registration.wpwl-selected .wpwl-control-cvv', '123');
    expect(radios.map(accessibleName)).toEqual(['Visa •••• 0000 Jane Jones Expires 05/34', 'American Express •••• 7770 Expires 11/31']);
    expect(accessibleName(q('.wpwl-form-registrations'))).toBe('Stored cards');
    const cvvs = Array.from(document.querySelectorAll('.wpwl-form-registrations .wpwl-control-cvv'));
    expect(cvvs.map(accessibleName)).toEqual(['CVV, Visa ending in 0000', 'CVV, American Express ending in 7770']);
    expect(repeatedIds()).toEqual([]);
  });

  it('follow the checked radio, as the arrow keys move it: the chosen row and the payment change with it', async () => {
    offerStoredCards();
    page();
    await loadWidget();
    const second = document.querySelectorAll<HTMLInputElement>('input[name=registrationId]')[1]!;
    second.checked = true;
    second.dispatchEvent(new Event('change', { bubbles: true }));
    expect(q('.wpwl-group-registration.wpwl-selected')).toBe(second.closest('.wpwl-group-registration'));
    q<HTMLButtonElement>('.wpwl-form-registrations .wpwl-button-pay').click();
    await settle();
    expect(gateway.posts()[0]!.body.get('registrationId')).toBe('b'.repeat(32));
  });

  it('mark a missing CVV on the chosen card like any wrong field', async () => {
    offerStoredCards();
    page();
    await loadWidget({ registrations: { requireCvv: true } });
    q<HTMLButtonElement>('.wpwl-form-registrations .wpwl-button-pay').click();
    await settle();
    const cvv = q('.wpwl-group-registration.wpwl-selected .wpwl-control-cvv');
    expect(cvv.getAttribute('aria-invalid')).toBe('true');
    expect(descriptions(cvv).map((hint) => [hint.getAttribute('role'), hint.textContent])).toEqual([['alert', 'Invalid CVV']]);
  });

  it('hideInitialPaymentForms: "Pay with another card" hands its focus to the first field of the forms it shows', async () => {
    offerStoredCards();
    page();
    await loadWidget({ registrations: { hideInitialPaymentForms: true } });
    const show = q<HTMLButtonElement>('.wpwl-button-otherPaymentMethods');
    show.focus();
    show.click();
    expect(document.activeElement).toBe(q('.wpwl-container-card .wpwl-control-brand'));
  });
});

describe('the logos style', () => {
  it('takes the brand select, out of sight, out of the tab order and the accessibility tree; the logo row is a group named as it was', async () => {
    page();
    await loadWidget({ style: 'logos' });
    const select = q<HTMLSelectElement>('.wpwl-control-brand');
    expect(select.tabIndex).toBe(-1);
    expect(select.getAttribute('aria-hidden')).toBe('true');
    const row = q('.wpwl-brand-logos');
    expect(row.getAttribute('role')).toBe('group');
    expect(accessibleName(row)).toBe('Brand');
    const marks = Array.from(row.querySelectorAll('button'));
    expect(marks.map((mark) => [accessibleName(mark), mark.getAttribute('aria-pressed')])).toEqual([
      ['Visa', 'true'],
      ['Mastercard', 'false'],
    ]);
  });
});

describe('the stylesheet', () => {
  const stylesheet = getWidgetAssets().find((asset) => asset.path === '/v1/css/paymentWidgets.min.css')!.body;

  it('never takes the focus outline away, and draws its own ring in every look', () => {
    expect(stylesheet).not.toMatch(/outline:\s*(0|none)/);
    for (const style of ['card', 'plain', 'logos']) {
      expect(stylesheet).toContain(`.wpwl-style-${style} :focus-visible`);
    }
    expect(stylesheet).toMatch(/:focus-visible\{outline:2px solid #1f5fd1/);
  });

  it('holds the spinner still under prefers-reduced-motion', () => {
    const reduced = /@media \(prefers-reduced-motion:reduce\)\{(.*)\}$/m.exec(stylesheet)?.[1] ?? '';
    for (const style of ['card', 'plain', 'logos']) {
      expect(reduced).toContain(`.wpwl-style-${style} .wpwl-button-pay[aria-busy=true]::after`);
    }
    expect(reduced).toMatch(/::after\{animation:none\}/);
    // The spinner's animation is the only one the stylesheet has.
    expect(stylesheet.match(/animation:wpwl-spin/g)).toHaveLength(1);
  });

  it('hides the live region from the eye only: clipped, not display:none or visibility:hidden', () => {
    const rule = /\.wpwl-status\{([^}]*)\}/.exec(stylesheet)?.[1] ?? '';
    expect(rule).toContain('clip:rect(0 0 0 0)');
    expect(rule).not.toMatch(/display:none|visibility:hidden/);
  });
});

describe('languages', () => {
  /** Every text of the card form and the stored cards a shopper reads, by where it is. */
  async function textsShown(locale: string): Promise<Record<string, string>> {
    const session = gateway.session as { status: number; body: Record<string, unknown> };
    session.body.registrations = [{ id: 'a'.repeat(32), paymentBrand: 'VISA', last4Digits: '0000', expiryMonth: '05', expiryYear: '2034' }];
    page();
    await loadWidget({ locale, showCVVHint: true, registrations: { hideInitialPaymentForms: true, requireCvv: true } });
    const texts: Record<string, string> = {};
    for (const label of Array.from(document.querySelectorAll('.wpwl-form-card .wpwl-label')))
      texts[label.className] = label.textContent ?? '';
    for (const input of Array.from(document.querySelectorAll<HTMLInputElement>('.wpwl-form-card input[placeholder]'))) {
      texts[`placeholder ${input.className}`] = input.placeholder;
    }
    texts.cvvHint = q('.wpwl-hint-cvv').textContent ?? '';
    texts.pay = q('.wpwl-form-card .wpwl-button-pay').textContent ?? '';
    texts.storedCards = accessibleName(q('.wpwl-form-registrations'));
    texts.expires = q('.wpwl-wrapper-registration-expiry').textContent?.replace(/[\d/]/g, '').trim() ?? '';
    texts.otherCard = q('.wpwl-button-otherPaymentMethods').textContent ?? '';
    q<HTMLButtonElement>('.wpwl-button-otherPaymentMethods').click();
    q<HTMLButtonElement>('.wpwl-form-card .wpwl-button-pay').click();
    await settle();
    for (const hint of Array.from(document.querySelectorAll('.wpwl-form-card .wpwl-hint[class*=Error]')))
      texts[hint.className] = hint.textContent ?? '';
    return texts;
  }

  it('speaks Arabic with locale ar, in a right-to-left form marked ar', async () => {
    page();
    await loadWidget({ locale: 'ar' });
    const container = q('.wpwl-container-card');
    expect([container.getAttribute('lang'), container.getAttribute('dir')]).toEqual(['ar', 'rtl']);
    expect(names(cardControls())).toEqual({
      brand: 'نوع البطاقة',
      cardNumber: 'رقم البطاقة',
      expiry: 'تاريخ الانتهاء',
      cardHolder: 'اسم حامل البطاقة',
      cvv: 'رمز التحقق',
    });
    expect(q('.wpwl-button-pay').textContent).toBe('ادفع الآن');
  });

  it.each([
    ['ar', /[\u0600-\u06ff]/],
    ['de', /^(?!.*\b(Card|card|Invalid|Pay|Expires|Stored|digits)\b)/],
  ])('shows every text of the %s forms in that language (the acronym CVV apart)', async (locale, ownLanguage) => {
    const texts = await textsShown(locale);
    const english = Object.keys(texts);
    expect(english.length).toBeGreaterThan(14);
    for (const [where, text] of Object.entries(texts)) {
      if (text === 'CVV') continue;
      expect(text, where).not.toBe('');
      expect(text, where).toMatch(ownLanguage);
    }
    for (const container of Array.from(document.querySelectorAll('.wpwl-container'))) expect(container.getAttribute('lang')).toBe(locale);
  });

  it('shows the English texts in the same places (the test above compares like with like)', async () => {
    const texts = await textsShown('en');
    expect(texts.pay).toBe('Pay now');
    expect(texts.expires).toBe('Expires');
    expect(texts['wpwl-hint wpwl-hint-cvvError']).toBe('Invalid CVV');
  });

  it('lets the typed text set the direction of each text field: digits left to right in an Arabic form', async () => {
    page();
    await loadWidget({ locale: 'ar' });
    const fields = Array.from(document.querySelectorAll<HTMLInputElement>('.wpwl-form-card input:not([type=hidden])'));
    expect(fields.length).toBe(4);
    expect(fields.map((field) => field.getAttribute('dir'))).toEqual(['auto', 'auto', 'auto', 'auto']);
    expect(q<HTMLInputElement>('.wpwl-control-expiry').placeholder).toBe('شهر / سنة');
  });

  it('marks the form left to right in every other locale', async () => {
    page();
    await loadWidget({ locale: 'de' });
    expect(q('.wpwl-container').hasAttribute('dir')).toBe(false);
  });
});
