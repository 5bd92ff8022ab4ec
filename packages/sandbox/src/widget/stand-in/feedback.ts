// Owns what the shopper is told on the form: an error next to its field
// (wpwl-has-error on group and control, a .wpwl-hint-{key} with the text), a
// message above the form, the gateway's parameter errors mapped to fields,
// and the pay button's busy state.
import { el } from './dom.js';
import { widget } from './state.js';
import type { FormContext } from './types.js';

export function showError(ctx: FormContext, groupName: string, messageKey: string, text?: string): void {
  const groupElement = ctx.groups[groupName];
  if (!groupElement) return;
  clearError(ctx, groupName);
  groupElement.classList.add('wpwl-has-error');
  const control = ctx.controls[groupName];
  if (control) {
    control.classList.add('wpwl-has-error');
    control.setAttribute('aria-invalid', 'true');
  }
  const hint = el('div', `wpwl-hint wpwl-hint-${messageKey}`);
  hint.textContent = text || widget.texts.errorMessages[messageKey] || '';
  groupElement.appendChild(hint);
}

export function clearError(ctx: FormContext, groupName: string): void {
  const groupElement = ctx.groups[groupName];
  if (!groupElement || !groupElement.classList.contains('wpwl-has-error')) return;
  groupElement.classList.remove('wpwl-has-error');
  const control = ctx.controls[groupName];
  if (control) {
    control.classList.remove('wpwl-has-error');
    control.removeAttribute('aria-invalid');
  }
  groupElement.querySelectorAll('.wpwl-hint[class*="Error"]').forEach((hint) => hint.remove());
}

export function clearAllErrors(ctx: FormContext): void {
  Object.keys(ctx.groups).forEach((name) => clearError(ctx, name));
  showMessage(ctx, null);
}

/** A message above the form (role=alert), or none. */
export function showMessage(ctx: FormContext, text: string | null | undefined): void {
  ctx.message?.remove();
  ctx.message = null;
  if (!text) return;
  ctx.message = el('div', 'wpwl-message wpwl-has-error');
  ctx.message.setAttribute('role', 'alert');
  ctx.message.textContent = text;
  ctx.form.insertBefore(ctx.message, ctx.form.firstChild);
}

/** The card parameters the gateway may name, and the group and text key each shows under. */
const FIELD_GROUPS: Record<string, [group: string, messageKey: string]> = {
  'card.number': ['cardNumber', 'cardNumberError'],
  'card.expiryMonth': ['expiry', 'expiryMonthError'],
  'card.expiryYear': ['expiry', 'expiryYearError'],
  'card.holder': ['cardHolder', 'cardHolderError'],
  'card.cvv': ['cvv', 'cvvError'],
};

/**
 * The gateway names the offending parameters (parameterErrors, else the
 * description): shows each card one next to its field. False if none is ours.
 */
export function showFieldErrors(ctx: FormContext, parameterErrors: unknown, description: string): boolean {
  let shown = false;
  const show = (name: string, text: string) => {
    const target = FIELD_GROUPS[name];
    const groupElement = target && ctx.groups[target[0]];
    if (!target || !groupElement || groupElement.classList.contains('wpwl-has-error')) return;
    showError(ctx, target[0], target[1], text);
    shown = true;
  };
  if (Array.isArray(parameterErrors)) {
    for (const error of parameterErrors as Array<{ name?: unknown; message?: unknown } | null>) {
      if (error && typeof error.name === 'string')
        show(error.name, error.message ? `${error.name}: ${String(error.message)}` : description);
    }
  }
  if (!shown) {
    for (const name of Object.keys(FIELD_GROUPS)) if (!shown && description.indexOf(name) !== -1) show(name, description);
  }
  return shown;
}

export function setSubmitting(ctx: FormContext, submitting: boolean): void {
  ctx.submitting = submitting;
  ctx.button.disabled = submitting;
  ctx.container.classList.toggle('wpwl-submitting', submitting);
  if (submitting) ctx.button.setAttribute('aria-busy', 'true');
  else ctx.button.removeAttribute('aria-busy');
}
