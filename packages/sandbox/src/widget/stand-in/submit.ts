// Owns paying: every way of submitting (the pay button, Enter,
// form.requestSubmit(), wpwl.executePayment) arrives as a submit event and
// runs the before-submit hook, the checks, then one payment request; what the
// request carries (the widget's fields, the merchant's inputs in its form, the
// custom parameters of either form); and a native post of the form
// (form.submit() from a hook), which carries exactly the same.
import { hidden, listen } from './dom.js';
import { clearAllErrors, setSubmitting, showError, showMessage } from './feedback.js';
import { digits, syncExpiry, validateCard, validateRegistration } from './form-checks.js';
import { call, describe, describeForm, fireError } from './options.js';
import { handlePaymentResponse } from './payment-response.js';
import { request } from './request.js';
import { widget } from './state.js';
import type { FormContext } from './types.js';

/**
 * A merchant hook that "submits again" with form.submit() (or jQuery's
 * $(form).submit()) fires no submit event: the browser posts the widget's
 * form itself, and the gateway sends the shopper on from there. So the form
 * always carries what pay() sends: its fields are kept in sync as the shopper
 * types, before the hook runs, and once more as the browser collects them
 * (the formdata event, which form.submit() fires too).
 */
export function listenForSubmits(ctx: FormContext): void {
  listen<SubmitEvent>(ctx.form, 'submit', (event) => onSubmit(ctx, event));
  listen(ctx.form, 'input', () => syncFields(ctx));
  listen(ctx.form, 'change', () => syncFields(ctx));
  listen<FormDataEvent>(ctx.form, 'formdata', (event) => onFormData(ctx, event));
}

function onSubmit(ctx: FormContext, event: Event): void {
  event.preventDefault();
  if (widget.unloaded || ctx.submitting || !widget.session) return;
  syncFields(ctx);
  if (runHook(ctx, event) === false) return;
  clearAllErrors(ctx);
  const errors = ctx.kind === 'card' ? validateCard(ctx) : ctx.kind === 'registration' ? validateRegistration(ctx) : [];
  if (errors.length > 0) {
    for (const [group, messageKey] of errors) showError(ctx, group, messageKey);
    return;
  }
  const outer = ctx.container.parentElement?.closest('form');
  if (outer) {
    // Like the real widget inside another form: the shopper's data never reaches the gateway.
    showMessage(ctx, widget.texts.messages.nestedForm);
    fireError({
      name: 'WidgetError',
      brand: ctx.brand,
      event: 'nested-form',
      message: `The payment form is inside another <form>${describeForm(outer)}; its fields are not submitted. Move the widget out of that form.`,
    });
    return;
  }
  call('onAfterSubmit', ctx.form, []);
  pay(ctx);
}

/** The page's before-submit hook for the form's kind, `this` the form; one that throws blocks. */
function runHook(ctx: FormContext, event: Event): unknown {
  const hook = widget.options[ctx.hook];
  if (typeof hook !== 'function') return true;
  try {
    return (hook as (this: HTMLFormElement, event: Event) => unknown).call(ctx.form, event);
  } catch (error) {
    // A failing hook must not let the payment through.
    console.error(`[wpwl] ${ctx.hook} threw; the payment was not sent`, error);
    return false;
  }
}

/** Brings the form's hidden inputs up to what pay() would send. */
export function syncFields(ctx: FormContext): void {
  if (ctx.kind === 'card') {
    syncExpiry(ctx);
    ctx.fields.numberValue.value = digits(ctx.fields.cardNumber.value);
    ctx.fields.cvvValue.value = String(ctx.fields.cvv.value || '').trim();
  }
  if (ctx.kind === 'registration' && ctx.selected && ctx.cvvValue) {
    const cvv = ctx.selected.cvv;
    ctx.cvvValue.value = cvv ? String(cvv.value || '').trim() : '';
    ctx.cvvValue.disabled = !cvv;
  }
  if (ctx.resultUrl) ctx.resultUrl.value = ctx.merchantForm.action;
  // The merchant form's customParameters[...] inputs, copied into the widget's form
  // unless the widget's form has its own input of that name.
  for (const mirror of ctx.mirrors.splice(0)) mirror.remove();
  const own = customParameters(ctx, [ctx.form]);
  for (const [name, value] of customParameters(ctx, [ctx.merchantForm])) {
    if (own.some(([mine]) => mine === name)) continue;
    const mirror = hidden(ctx.form, name);
    mirror.value = value;
    ctx.mirrors.push(mirror);
  }
}

/**
 * The browser's own post carries exactly what pay() would send, even when the
 * merchant changed the page between the last input and form.submit().
 */
function onFormData(ctx: FormContext, event: FormDataEvent): void {
  const data = event.formData;
  if (widget.unloaded || !data) return;
  syncFields(ctx);
  const names: string[] = [];
  data.forEach((_, name) => {
    if (!names.includes(name)) names.push(name);
  });
  for (const name of names) data.delete(name);
  paymentParams(ctx).forEach((value, name) => data.append(name, value));
}

/** What the payment request carries: brand or stored card, card, custom parameters, merchant fields, result URL. */
function paymentParams(ctx: FormContext): URLSearchParams {
  const body = new URLSearchParams();
  if (ctx.kind === 'registration') {
    // The stored card's brand is the gateway's to know: only its id (and CVV) go.
    if (ctx.selected) {
      body.append('registrationId', ctx.selected.registration.id);
      if (ctx.selected.cvv) body.append('card.cvv', String(ctx.selected.cvv.value || '').trim());
    }
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
  for (const [name, value] of customParameters(ctx, [ctx.form, ctx.merchantForm])) body.append(name, value);
  for (const [name, value] of merchantFields(ctx)) body.append(name, value);
  body.append('shopperResultUrl', ctx.merchantForm.action);
  return body;
}

/** The names the widget sends itself: a merchant input of one of these names does not replace them. */
const WIDGET_FIELDS = [
  'paymentBrand',
  'registrationId',
  'paymentMode',
  'card.number',
  'card.holder',
  'card.expiryMonth',
  'card.expiryYear',
  'card.cvv',
  'shopperResultUrl',
];

const NOT_SENT_TYPES = ['submit', 'button', 'reset', 'file', 'image'];

/**
 * Inputs merchant code put into the widget's form (a "save my card" box
 * named createRegistration, other fields of theirs), sent with the payment
 * as the real widget does: each named, enabled control a browser would
 * submit, an unticked box or radio not. Read from the form's elements, not
 * with new FormData(form), which would fire formdata inside onFormData.
 */
function merchantFields(ctx: FormContext): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const element of Array.from(ctx.form.elements)) {
    const field = element as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
    const type = String(field.type || '').toLowerCase();
    if (!field.name || field.disabled || WIDGET_FIELDS.includes(field.name)) continue;
    if (field.name.indexOf('customParameters[') === 0 || ctx.mirrors.includes(field as HTMLInputElement)) continue;
    if (NOT_SENT_TYPES.includes(type)) continue;
    if ((type === 'checkbox' || type === 'radio') && !(field as HTMLInputElement).checked) continue;
    if (field instanceof HTMLSelectElement) {
      for (const option of Array.from(field.options)) if (option.selected) out.push([field.name, option.value]);
    } else {
      out.push([field.name, field.value]);
    }
  }
  return out;
}

/**
 * Hidden customParameters[...] inputs count wherever merchants put them: in
 * the widget's own form (added in a before-submit hook, as integrations do) or
 * in their form.paymentWidgets. The widget's own form wins for a repeated
 * name; the widget's copies of the merchant form's inputs are not counted twice.
 */
function customParameters(ctx: FormContext, sources: HTMLFormElement[]): Array<[string, string]> {
  const seen = new Set<string>();
  const out: Array<[string, string]> = [];
  for (const source of sources) {
    for (const custom of Array.from(source.querySelectorAll<HTMLInputElement>('input[name^="customParameters["]'))) {
      if (ctx.mirrors.includes(custom) || seen.has(custom.name)) continue;
      seen.add(custom.name);
      out.push([custom.name, custom.value]);
    }
  }
  return out;
}

async function pay(ctx: FormContext): Promise<void> {
  setSubmitting(ctx, true);
  let answer;
  try {
    answer = await request('POST', widget.paymentPath, paymentParams(ctx));
  } catch (error) {
    if (widget.unloaded) return;
    setSubmitting(ctx, false);
    showMessage(ctx, widget.texts.messages.requestFailed);
    fireError({ name: 'WidgetError', brand: ctx.brand, event: 'payment', message: `The payment request failed: ${describe(error)}` });
    return;
  }
  if (!widget.unloaded) handlePaymentResponse(ctx, answer);
}

/** Submits the form of the first container with this class (all forms when none is given). */
export function executePayment(containerClass?: string): void {
  const ctx = widget.contexts.find((candidate) => !containerClass || candidate.container.classList.contains(containerClass));
  if (!ctx) return;
  if (typeof ctx.form.requestSubmit === 'function') ctx.form.requestSubmit();
  else ctx.button.click();
}
