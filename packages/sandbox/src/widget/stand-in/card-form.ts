// Owns the card form: its markup as the real widget's (container card_<digits>,
// wpwl-clearfix groups, the logo in the brand group, hidden inputs holding what
// the gateway takes; each control named by its label, the CVV hint tied to
// the CVV), brand detection as the shopper types (the ranges and mada
// BINs the gateway checks, brands.ts) and the field callbacks integrations
// use. What the shopper typed is read and checked in form-checks.ts.
import { BRAND_NAMES, detectBrands } from '../../brands.js';
import {
  addDescription,
  el,
  formContainer,
  group,
  hidden,
  input,
  insert,
  listen,
  nameControl,
  nextContainerNumber,
  payButton,
  submitGroup,
  uniqueId,
  wrapper,
  wrapForPage,
} from './dom.js';
import { clearError } from './feedback.js';
import { digits, validateCard } from './form-checks.js';
import { call } from './options.js';
import { widget } from './state.js';
import { listenForSubmits, syncFields } from './submit.js';
import type { CardForm } from './types.js';

export function renderCardForm(merchantForm: HTMLFormElement, brands: string[]): CardForm {
  const { options, texts } = widget;
  const { container, form, status } = formContainer('wpwl-container-card', 'wpwl-form-card wpwl-clearfix');
  // The real widget's container id: card_ and digits.
  container.id = `card_${nextContainerNumber()}`;
  form.setAttribute('autocomplete', 'on');
  const parts = { form, groups: {} as Record<string, HTMLElement>, controls: {} as CardForm['controls'] };

  const brandGroup = group(parts, 'brand', 'brand');
  const select = el('select', 'wpwl-control wpwl-control-brand');
  select.name = 'paymentBrand';
  select.id = uniqueId('brand');
  nameControl(brandGroup, select, 'brand');
  for (const brand of brands) {
    const option = select.appendChild(el('option'));
    option.value = brand;
    option.textContent = BRAND_NAMES[brand] ?? brand;
  }
  wrapper(brandGroup, 'brand').appendChild(select);
  parts.controls.brand = select;

  // The shopper may type spaces into the number and CVV; hidden inputs hold what the gateway takes.
  const fields: CardForm['fields'] = {
    brand: select,
    cardNumber: input(parts, 'cardNumber', 'cardNumber', '', 'cc-number', 'numeric'),
    expiry: input(parts, 'expiry', 'expiryDate', '', 'cc-exp', 'numeric'),
    cardHolder: input(parts, 'cardHolder', 'cardHolder', 'card.holder', 'cc-name', 'text'),
    cvv: input(parts, 'cvv', 'cvv', '', 'cc-csc', 'numeric'),
    numberValue: hidden(form, 'card.number'),
    expiryMonth: hidden(form, 'card.expiryMonth'),
    expiryYear: hidden(form, 'card.expiryYear'),
    cvvValue: hidden(form, 'card.cvv'),
  };
  if (options.maskCvv === true) fields.cvv.type = 'password';
  let cvvHint: HTMLElement | undefined;
  if (options.showCVVHint === true) {
    cvvHint = el('div', 'wpwl-hint wpwl-hint-cvv');
    cvvHint.id = uniqueId('hint-cvv');
    cvvHint.textContent = texts.labels.cvvHint ?? '';
    parts.groups.cvv?.appendChild(cvvHint);
    addDescription(fields.cvv, cvvHint.id);
  }
  const resultUrl = hidden(form, 'shopperResultUrl');

  const button = payButton();
  submitGroup(parts, button);

  // The brand logo sits in the brand group, where merchant code finds (and moves) it.
  const logo = brandGroup.appendChild(el('div'));
  // The logos style: every offered brand as a logo to pick, the form's brand marked.
  const logos = widget.styleName === 'logos' ? brandGroup.appendChild(el('div', 'wpwl-brand-logos')) : undefined;
  const ctx: CardForm = {
    kind: 'card',
    hook: 'onBeforeSubmitCard',
    brands,
    brand: brands[0] ?? '',
    detected: [],
    merchantForm,
    container,
    form,
    fields,
    groups: parts.groups,
    controls: parts.controls,
    logo,
    resultUrl,
    button,
    message: null,
    status,
    submitting: false,
    mirrors: [],
    ...(cvvHint ? { cvvHint } : {}),
  };
  if (logos) renderBrandLogos(ctx, logos);
  showBrand(ctx, ctx.brand);
  listenForBlurs(ctx);
  listenForSubmits(ctx);
  listen(select, 'change', () => changeBrand(ctx, select.value));
  listen(fields.cardNumber, 'input', () => detectBrand(ctx));
  for (const name of Object.keys(ctx.groups)) {
    const control = ctx.controls[name];
    if (control && control !== select) listen(control, 'input', () => clearError(ctx, name));
  }
  if (options.disableSubmitOnEnter === true) {
    listen<KeyboardEvent>(form, 'keydown', (event) => {
      if (event.key === 'Enter' && event.target !== button) event.preventDefault();
    });
  }

  insert(container, merchantForm.parentNode as Node, merchantForm);
  syncFields(ctx);
  announceSecureFields(ctx);
  if (options.autofocus === 'card.number') fields.cardNumber.focus();
  if (options.autofocus === 'card.holder') fields.cardHolder.focus();
  return ctx;
}

/**
 * The field callbacks integrations use: onBlurCardNumber(isValid) and its
 * siblings, with this.$form the widget's form, wrapped by the page's jQuery
 * when it has one (the real widget bundles jQuery; merchant code calls
 * this.$form.find(...)).
 */
function listenForBlurs(ctx: CardForm): void {
  const callbacks: Record<'cardNumber' | 'expiry' | 'cardHolder' | 'cvv', string[]> = {
    cardNumber: ['onBlurCardNumber'],
    expiry: ['onBlurExpiryDate'],
    cardHolder: ['onBlurCardHolder'],
    cvv: ['onBlurCvv', 'onBlurSecurityCode'],
  };
  for (const field of Object.keys(callbacks) as Array<keyof typeof callbacks>) {
    listen(ctx.fields[field], 'blur', () => {
      syncFields(ctx);
      const isValid = !validateCard(ctx).some(([group]) => group === field);
      const self = { $form: wrapForPage(ctx.form) };
      for (const name of callbacks[field]) call(name, self, [isValid]);
    });
  }
}

/**
 * The real widget's card number and CVV are iframes: integrations style them
 * in onReadyIframeCommunication (this.$iframe) and follow focus with
 * onFocusIframeCommunication. The stand-in's controls are inputs in the page;
 * this.$iframe is that input (jQuery-wrapped when the page has jQuery).
 */
function announceSecureFields(ctx: CardForm): void {
  for (const control of [ctx.fields.cardNumber, ctx.fields.cvv]) {
    const self = { $iframe: wrapForPage(control) };
    call('onReadyIframeCommunication', self, []);
    listen(control, 'focus', () => call('onFocusIframeCommunication', self, []));
  }
}

/** The detected brands in the order of options.brandDetectionPriority; the others after, as detected. */
function byPriority(brands: string[]): string[] {
  const priority = widget.options.brandDetectionPriority;
  const ranked: unknown[] = Array.isArray(priority) ? priority : [];
  const rank = (brand: string) => {
    const at = ranked.indexOf(brand);
    return at === -1 ? ranked.length + brands.indexOf(brand) : at;
  };
  return brands.slice().sort((a, b) => rank(a) - rank(b));
}

/**
 * On each keystroke: the brands the number belongs to. When they change, the
 * form switches to the one the page prefers (brandDetectionPriority, else the
 * first detected) if it offers it, then onDetectBrand(brands, activeBrand) runs.
 */
function detectBrand(ctx: CardForm): void {
  const found = detectBrands(digits(ctx.fields.cardNumber.value));
  if (found.join(' ') === ctx.detected.join(' ')) return;
  ctx.detected = found;
  if (widget.options.brandDetection !== false) {
    const offered = byPriority(found.filter((brand) => ctx.brands.includes(brand)));
    const preferred = Array.isArray(widget.options.brandDetectionPriority) ? offered[0] : !offered.includes(ctx.brand) && offered[0];
    if (preferred && preferred !== ctx.brand) {
      ctx.fields.brand.value = preferred;
      changeBrand(ctx, preferred);
    }
  }
  call('onDetectBrand', ctx.form, [found.slice(), ctx.brand]);
}

function changeBrand(ctx: CardForm, brand: string): void {
  if (brand === ctx.brand) return;
  ctx.brand = brand;
  showBrand(ctx, brand);
  if (ctx.cvvHint) ctx.cvvHint.textContent = (brand === 'AMEX' ? widget.texts.labels.cvvHintAmex : widget.texts.labels.cvvHint) ?? '';
  call('onChangeBrand', ctx.form, [brand]);
}

function showBrand(ctx: CardForm, brand: string): void {
  ctx.logo.className = `wpwl-brand wpwl-brand-card wpwl-brand-${brand}`;
  ctx.logo.textContent = BRAND_NAMES[brand] ?? brand;
  ctx.form.querySelectorAll<HTMLElement>('.wpwl-brand-logos .wpwl-brand').forEach((mark) => {
    const chosen = mark.dataset.brand === brand;
    mark.classList.toggle('wpwl-selected', chosen);
    mark.setAttribute('aria-pressed', String(chosen));
  });
}

/**
 * The logos style's row: one button per offered brand, a group named as the
 * brand select; pressing one picks it, as the select would. The select, out
 * of sight in this style, leaves the tab order and the accessibility tree to
 * the row, so that no focus lands where nobody sees it.
 */
function renderBrandLogos(ctx: CardForm, row: HTMLElement): void {
  const select = ctx.fields.brand;
  row.setAttribute('role', 'group');
  const labelledBy = select.getAttribute('aria-labelledby');
  if (labelledBy) row.setAttribute('aria-labelledby', labelledBy);
  else row.setAttribute('aria-label', select.getAttribute('aria-label') ?? '');
  select.tabIndex = -1;
  select.setAttribute('aria-hidden', 'true');
  for (const brand of ctx.brands) {
    const mark = row.appendChild(el('button', `wpwl-brand wpwl-brand-${brand}`));
    mark.type = 'button';
    mark.dataset.brand = brand;
    mark.textContent = BRAND_NAMES[brand] ?? brand;
    mark.setAttribute('aria-label', BRAND_NAMES[brand] ?? brand);
    listen(mark, 'click', () => {
      ctx.fields.brand.value = brand;
      changeBrand(ctx, brand);
    });
  }
}
