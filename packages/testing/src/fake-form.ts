// Owns the fake widget's markup: a small card form with the real widget's
// class names (so merchant CSS, selectors and @wpwl/core's own look-ups find
// what they expect) and real labels (so Testing Library finds each field by
// its accessible name), the invalid-field mark, and the 3-D Secure frame.
// English texts as the sandbox's widget has them, with the page's `labels`
// and `errorMessages` options on top.

/** The texts the fake form shows. */
export interface FakeFormTexts {
  brand: string;
  cardNumber: string;
  expiryDate: string;
  cardHolder: string;
  cvv: string;
  submit: string;
  cardNumberError: string;
}

const ENGLISH: FakeFormTexts = {
  brand: 'Brand',
  cardNumber: 'Card Number',
  expiryDate: 'Expiry Date',
  cardHolder: 'Card holder',
  cvv: 'CVV',
  submit: 'Pay now',
  cardNumberError: 'Invalid card number or brand',
};

/** The accessible name of the 3-D Secure frame. */
export const THREE_D_SECURE_TITLE = '3-D Secure';

/** Card brands the real widget puts in its card form; other codes get forms of their own, which the fake does not render. */
const CARD_BRANDS = new Set([
  'VISA',
  'MASTER',
  'AMEX',
  'JCB',
  'DINERS',
  'DISCOVER',
  'UNIONPAY',
  'MAESTRO',
  'MADA',
  'CARTEBANCAIRE',
  'VISADEBIT',
  'VISAELECTRON',
  'MASTERDEBIT',
  'MEEZA',
]);

/** The texts for the page's widget options (`labels`, `errorMessages`). */
export function textsFor(
  options: { labels?: Record<string, unknown>; errorMessages?: Record<string, unknown> } | undefined,
): FakeFormTexts {
  const texts = { ...ENGLISH };
  for (const key of ['brand', 'cardNumber', 'expiryDate', 'cardHolder', 'cvv', 'submit'] as const) {
    const label = options?.labels?.[key];
    if (typeof label === 'string') texts[key] = label;
  }
  const error = options?.errorMessages?.cardNumberError;
  if (typeof error === 'string') texts.cardNumberError = error;
  return texts;
}

/** One rendered card form and its parts. */
export interface CardForm {
  container: HTMLDivElement;
  form: HTMLFormElement;
  brand: HTMLSelectElement;
  logo: HTMLDivElement;
  number: HTMLInputElement;
  expiry: HTMLInputElement;
  holder: HTMLInputElement;
  cvv: HTMLInputElement;
  pay: HTMLButtonElement;
}

let renders = 0;

/**
 * Renders the card form for the merchant form `target` just before it, as
 * the widget does. Undefined when `target` offers no card brand.
 */
export function renderCardForm(target: HTMLFormElement, paymentUrl: string, texts: FakeFormTexts): CardForm | undefined {
  const brands = (target.dataset.brands ?? '').split(/\s+/).filter((brand) => CARD_BRANDS.has(brand));
  if (brands.length === 0) return undefined;
  const n = ++renders;
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, parent?: Element): HTMLElementTagNameMap[K] => {
    const node = document.createElement(tag);
    node.className = className;
    parent?.append(node);
    return node;
  };
  const container = el('div', 'wpwl-container wpwl-container-card');
  container.id = `card_${n}`;
  const form = el('form', 'wpwl-form wpwl-form-card wpwl-clearfix', container);
  form.method = 'POST';
  form.action = paymentUrl;
  form.noValidate = true;

  const group = (field: string, label: string, control: HTMLInputElement | HTMLSelectElement) => {
    const node = el('div', `wpwl-group wpwl-group-${field} wpwl-clearfix`, form);
    const caption = el('label', `wpwl-label wpwl-label-${field}`, node);
    caption.textContent = label;
    caption.htmlFor = control.id = `wpwl-${field}-${n}`;
    el('div', `wpwl-wrapper wpwl-wrapper-${field}`, node).append(control);
    return node;
  };
  const input = (field: string, name: string, autocomplete: string) => {
    const control = el('input', `wpwl-control wpwl-control-${field}`);
    control.type = 'text';
    if (name) control.name = name;
    control.autocomplete = autocomplete as AutoFill;
    return control;
  };

  const brand = el('select', 'wpwl-control wpwl-control-brand');
  brand.name = 'paymentBrand';
  for (const code of brands) brand.append(Object.assign(document.createElement('option'), { value: code, textContent: code }));
  const brandGroup = group('brand', texts.brand, brand);
  const logo = el('div', `wpwl-brand wpwl-brand-card wpwl-brand-${brands[0]}`, brandGroup);
  const number = input('cardNumber', 'card.number', 'cc-number');
  number.inputMode = 'numeric';
  group('cardNumber', texts.cardNumber, number);
  const expiry = input('expiry', '', 'cc-exp');
  expiry.placeholder = 'MM / YY';
  group('expiry', texts.expiryDate, expiry);
  const holder = input('cardHolder', 'card.holder', 'cc-name');
  group('cardHolder', texts.cardHolder, holder);
  const cvv = input('cvv', 'card.cvv', 'cc-csc');
  cvv.inputMode = 'numeric';
  group('cvv', texts.cvv, cvv);
  const submit = el('div', 'wpwl-group wpwl-group-submit wpwl-clearfix', form);
  const pay = el('button', 'wpwl-button wpwl-button-pay', el('div', 'wpwl-wrapper wpwl-wrapper-submit', submit));
  pay.type = 'submit';
  pay.name = 'pay';
  pay.textContent = texts.submit;

  target.before(container);
  return { container, form, brand, logo, number, expiry, holder, cvv, pay };
}

/** Shows `brand` as the selected one (select and logo) when the form offers it; true when it changed. */
export function selectBrand(card: CardForm, brand: string): boolean {
  const offered = [...card.brand.options].some((option) => option.value === brand);
  if (!offered || card.brand.value === brand) return false;
  card.brand.value = brand;
  card.logo.className = `wpwl-brand wpwl-brand-card wpwl-brand-${brand}`;
  return true;
}

/** Marks the card number invalid, as the widget does for a number it refuses. */
export function markCardNumberInvalid(card: CardForm, message: string): void {
  const group = card.number.closest('.wpwl-group')!;
  group.classList.add('wpwl-has-error');
  card.number.setAttribute('aria-invalid', 'true');
  const hint = document.createElement('div');
  hint.className = 'wpwl-hint wpwl-hint-cardNumberError';
  hint.id = `${card.number.id}-error`;
  hint.textContent = message;
  card.number.setAttribute('aria-describedby', hint.id);
  group.append(hint);
}

/** Removes the invalid-field marks. */
export function clearMarks(card: CardForm): void {
  for (const group of card.form.querySelectorAll('.wpwl-has-error')) group.classList.remove('wpwl-has-error');
  for (const hint of card.form.querySelectorAll('.wpwl-hint')) hint.remove();
  card.number.removeAttribute('aria-invalid');
  card.number.removeAttribute('aria-describedby');
}

/** Replaces the card form with the issuer's 3-D Secure frame, as the widget does; returns the frame. */
export function showThreeDSecure(card: CardForm): HTMLIFrameElement {
  card.form.hidden = true;
  const group = document.createElement('div');
  group.className = 'wpwl-group wpwl-group-threeDSecure';
  const frame = document.createElement('iframe');
  frame.className = 'wpwl-control-threeDSecure';
  frame.title = THREE_D_SECURE_TITLE;
  frame.name = `threeDSecure_${card.container.id}`;
  // Content of its own: a frame with a URL would be loaded (or reported as not loaded) by the test's DOM.
  frame.srcdoc = '<!doctype html><title>3-D Secure</title><p>The card issuer asks the shopper to confirm the payment.</p>';
  group.append(frame);
  card.container.append(group);
  return frame;
}

/** What the widget sends for a card payment, from the form as the shopper left it. */
export function cardFields(card: CardForm, shopperResultUrl: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new FormData(card.form)) if (typeof value === 'string') fields[name] = value;
  fields['card.number'] = card.number.value.replace(/\s+/g, '');
  const [month = '', year = ''] = card.expiry.value.split('/').map((part) => part.trim());
  fields['card.expiryMonth'] = month;
  fields['card.expiryYear'] = year.length === 2 ? `20${year}` : year;
  fields.shopperResultUrl = shopperResultUrl;
  return fields;
}
