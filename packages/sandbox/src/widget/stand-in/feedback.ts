// Owns what the shopper is told on the form: an error next to its field
// (wpwl-has-error on group and control, a .wpwl-hint-{key} with the text,
// announced as it appears and tied to the control: aria-invalid and
// aria-describedby), a message above the form, the gateway's parameter errors
// mapped to fields, and the pay button's busy state with what the live region
// says meanwhile.
import { addDescription, el, removeDescription, uniqueId } from './dom.js';
import { widget } from './state.js';
import type { FormContext } from './types.js';

export function showError(ctx: FormContext, groupName: string, messageKey: string, text?: string): void {
  const groupElement = ctx.groups[groupName];
  if (!groupElement) return;
  clearError(ctx, groupName);
  groupElement.classList.add('wpwl-has-error');
  const hint = el('div', `wpwl-hint wpwl-hint-${messageKey}`);
  hint.id = uniqueId(`hint-${messageKey}`);
  // Read out as it appears: the shopper who pressed pay hears what is wrong.
  hint.setAttribute('role', 'alert');
  hint.textContent = text || widget.texts.errorMessages[messageKey] || '';
  const control = ctx.controls[groupName];
  if (control) {
    control.classList.add('wpwl-has-error');
    control.setAttribute('aria-invalid', 'true');
    addDescription(control, hint.id);
  }
  groupElement.appendChild(hint);
}

export function clearError(ctx: FormContext, groupName: string): void {
  const groupElement = ctx.groups[groupName];
  if (!groupElement || !groupElement.classList.contains('wpwl-has-error')) return;
  groupElement.classList.remove('wpwl-has-error');
  const control = ctx.controls[groupName];
  groupElement.querySelectorAll('.wpwl-hint[class*="Error"]').forEach((hint) => {
    if (control) removeDescription(control, hint.id);
    hint.remove();
  });
  if (control) {
    control.classList.remove('wpwl-has-error');
    control.removeAttribute('aria-invalid');
  }
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

/**
 * The pay button disabled and busy (the stylesheet's spinner) while the
 * payment is on its way, and the live region saying so. A browser drops the
 * focus of a button it disables: when the form is usable again and the focus
 * went nowhere else, it goes back to the button.
 */
export function setSubmitting(ctx: FormContext, submitting: boolean): void {
  const hadFocus = document.activeElement === ctx.button;
  ctx.submitting = submitting;
  ctx.button.disabled = submitting;
  ctx.container.classList.toggle('wpwl-submitting', submitting);
  if (submitting) ctx.button.setAttribute('aria-busy', 'true');
  else ctx.button.removeAttribute('aria-busy');
  if (submitting) focusAfterSubmit.set(ctx, hadFocus);
  announce(ctx, submitting ? widget.texts.messages.submitting : '');
  if (!submitting && focusAfterSubmit.get(ctx) && focusIsLost() && ctx.form.style.display !== 'none') ctx.button.focus();
}

/** Whether the pay button had the focus when the form went busy. */
const focusAfterSubmit = new WeakMap<FormContext, boolean>();

/** No element has the focus: it went back to the page's body. */
export function focusIsLost(): boolean {
  return !document.activeElement || document.activeElement === document.body;
}

/** Sets what the form's live region says (nothing: empty). */
export function announce(ctx: FormContext, text: string | undefined): void {
  ctx.status.textContent = text ?? '';
}
