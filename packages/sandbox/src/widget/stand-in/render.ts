// Owns rendering for a checkout: the gateway's answer about it (an expired
// or unknown checkout reported as InvalidCheckoutIdError, nothing rendered),
// then the forms before each form.paymentWidgets (stored cards once per page,
// the card form, a form per other brand), then onReady(paymentForms).
import { CARD_BRAND_CODES, otherBrandKind, type OtherBrandKind } from '../../brands.js';
import { renderBrandForm } from './brand-forms.js';
import { renderCardForm } from './card-form.js';
import { call, fireError, registrationsFlag } from './options.js';
import { hideInitialForms, renderRegistrationForm } from './registrations.js';
import { added, widget } from './state.js';
import type { FormContext, GatewayAnswer, WidgetSession } from './types.js';

export function onSession(response: GatewayAnswer): void {
  if (widget.unloaded) return;
  const body = response.body || {};
  const code = body.result && body.result.code;
  if (response.status === 404 || code === '200.300.404') {
    const message = (body.result && body.result.description) || widget.texts.messages.invalidCheckout || '';
    fireError({ name: 'InvalidCheckoutIdError', message });
    return;
  }
  if (response.status !== 200 || !body.id) {
    // Throttled or broken: the checkout may still be fine, so this is not an expiry.
    const answered = `The gateway answered HTTP ${response.status}${code ? ` (${code})` : ''} for the checkout`;
    fireError({ name: 'WidgetError', event: 'session', message: answered });
    return;
  }
  const session = body as WidgetSession;
  widget.session = session;
  Object.assign(widget.api.checkout, {
    amount: session.amount,
    currency: session.currency,
    paymentType: session.paymentType,
    expiresAt: session.expiresAt,
  });
  renderAll();
}

function renderAll(): void {
  const forms = document.querySelectorAll<HTMLFormElement>('form.paymentWidgets');
  if (forms.length === 0) console.warn('[wpwl] no <form class="paymentWidgets"> found in the page');
  forms.forEach(renderMerchantForm);
  // onReady(paymentForms): the widget's forms, as integrations read them.
  call('onReady', window, [widget.contexts.map((ctx) => ctx.form)]);
}

/** The brand codes a merchant form asks for: `data-brands`, else (older templates) the form's text. */
export function brandsOf(merchantForm: HTMLFormElement): string[] {
  const listed = merchantForm.hasAttribute('data-brands');
  const text = listed ? merchantForm.getAttribute('data-brands') : merchantForm.textContent;
  // <form class="paymentWidgets">VISA MASTER</form>: the widget takes the list and the text goes, until unload.
  if (!listed && merchantForm.children.length === 0 && text) {
    merchantForm.textContent = '';
    added.texts.push([merchantForm, text]);
  }
  return (text || '')
    .split(/\s+/)
    .filter(Boolean)
    .map((brand) => brand.toUpperCase());
}

function renderMerchantForm(merchantForm: HTMLFormElement): void {
  const cardBrands: string[] = [];
  const otherBrands: Array<[brand: string, kind: OtherBrandKind]> = [];
  for (const brand of brandsOf(merchantForm)) {
    const kind = otherBrandKind(brand);
    if (CARD_BRAND_CODES.includes(brand)) {
      if (!cardBrands.includes(brand)) cardBrands.push(brand);
    } else if (kind) {
      if (!otherBrands.some(([known]) => known === brand)) otherBrands.push([brand, kind]);
    } else {
      console.warn(`[wpwl] unknown brand "${brand}" in data-brands is ignored`);
    }
  }
  if (cardBrands.length === 0 && otherBrands.length === 0) {
    console.warn('[wpwl] a form.paymentWidgets has no known brand in data-brands');
    return;
  }
  if (merchantForm.parentElement?.closest('form')) {
    console.warn('[wpwl] form.paymentWidgets sits inside another <form>: the widget renders but cannot submit');
  }
  // Stored cards (a checkout prepared with registrations[n].id) come first, once per page.
  const stored = widget.session?.registrations ?? [];
  const offersStored = stored.length > 0 && !widget.contexts.some((ctx) => ctx.kind === 'registration');
  const registrationForm = offersStored ? renderRegistrationForm(merchantForm, stored) : undefined;
  if (registrationForm) widget.contexts.push(registrationForm);
  const initial: FormContext[] = [];
  if (cardBrands.length > 0) initial.push(renderCardForm(merchantForm, cardBrands));
  for (const [brand, kind] of otherBrands) initial.push(renderBrandForm(merchantForm, brand, kind));
  widget.contexts.push(...initial);
  if (registrationForm && registrationsFlag('hideInitialPaymentForms')) hideInitialForms(registrationForm, initial);
}
