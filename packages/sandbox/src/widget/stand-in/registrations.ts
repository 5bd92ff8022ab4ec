// Owns the stored cards' form (one-click, a checkout prepared with
// registrations[n].id). Real markup: .wpwl-container-registration >
// form.wpwl-form-registrations with one .wpwl-group-registration per stored
// card (a radio named registrationId, the shopper's choice with the keyboard
// as with the mouse, named by the card's details; its CVV when
// registrations.requireCvv), .wpwl-selected on the chosen one, and the pay
// button. It submits like the card form (onBeforeSubmitCard with this = the
// form) and sends registrationId instead of card details.
import { BRAND_NAMES } from '../../brands.js';
import { el, formContainer, hidden, insert, listen, nextContainerNumber, payButton, submitGroup, uniqueId } from './dom.js';
import { clearError } from './feedback.js';
import { registrationsFlag } from './options.js';
import { widget } from './state.js';
import { listenForSubmits, syncFields } from './submit.js';
import type { FormContext, RegistrationEntry, RegistrationForm, StoredCardView } from './types.js';

const MASKED = '\u2022\u2022\u2022\u2022';

export function renderRegistrationForm(merchantForm: HTMLFormElement, registrations: StoredCardView[]): RegistrationForm {
  const { container, form, status } = formContainer(
    'wpwl-container-registration wpwl-clearfix',
    'wpwl-form-registrations wpwl-form-has-inputs wpwl-clearfix',
  );
  container.id = `registration_${nextContainerNumber()}`;
  form.setAttribute('aria-label', widget.texts.labels.storedCards ?? '');
  const button = payButton();
  const ctx: RegistrationForm = {
    kind: 'registration',
    hook: 'onBeforeSubmitCard',
    brand: registrations[0]?.paymentBrand ?? '',
    merchantForm,
    container,
    form,
    button,
    groups: {},
    controls: {},
    message: null,
    status,
    submitting: false,
    mirrors: [],
    requireCvv: registrationsFlag('requireCvv'),
    entries: [],
    selected: undefined,
    cvvValue: undefined as unknown as HTMLInputElement,
    resultUrl: undefined as unknown as HTMLInputElement,
  };
  for (const registration of registrations) ctx.entries.push(registrationGroup(ctx, registration));
  ctx.cvvValue = hidden(form, 'card.cvv');
  ctx.resultUrl = hidden(form, 'shopperResultUrl');
  submitGroup(ctx, button);
  listenForSubmits(ctx);
  insert(container, merchantForm.parentNode as Node, merchantForm);
  if (ctx.entries[0]) selectRegistration(ctx, ctx.entries[0]);
  return ctx;
}

function registrationGroup(ctx: RegistrationForm, registration: StoredCardView): RegistrationEntry {
  const { texts, options } = widget;
  const node = el('div', 'wpwl-group wpwl-group-registration wpwl-clearfix');
  const label = node.appendChild(el('label', 'wpwl-registration'));
  const choice = label.appendChild(el('div', 'wpwl-wrapper-registration wpwl-wrapper-registration-registrationId'));
  const radio = choice.appendChild(el('input', 'wpwl-control wpwl-control-registrationId'));
  radio.type = 'radio';
  // Named as in the real markup, where merchant code finds them (input[name=registrationId]).
  radio.name = 'registrationId';
  radio.value = registration.id;
  const brand = registration.paymentBrand;
  const brandName = BRAND_NAMES[brand] ?? brand;
  const logo = label.appendChild(
    el('div', `wpwl-wrapper-registration wpwl-wrapper-registration-brand wpwl-brand wpwl-brand-card wpwl-brand-${brand}`),
  );
  logo.id = uniqueId('registration-brand');
  logo.textContent = brandName;
  const details = label.appendChild(el('div', 'wpwl-wrapper-registration wpwl-wrapper-registration-details'));
  const detail = (part: string, text: string): HTMLElement => {
    const element = details.appendChild(el('div', `wpwl-wrapper-registration wpwl-wrapper-registration-${part}`));
    element.id = uniqueId(`registration-${part}`);
    element.textContent = text;
    return element;
  };
  const shown = [logo, detail('number', `${MASKED} ${registration.last4Digits}`)];
  if (registration.holder) shown.push(detail('holder', registration.holder));
  shown.push(detail('expiry', `${texts.labels.expires} ${registration.expiryMonth}/${String(registration.expiryYear).slice(-2)}`));
  // The radio is named by what the row shows of the card, not by the whole
  // label, which would read the CVV typed into it as well.
  radio.setAttribute('aria-labelledby', shown.map((part) => part.id).join(' '));
  const entry: RegistrationEntry = { registration, group: node, radio, cvv: null };
  if (ctx.requireCvv) {
    const cvvWrapper = label.appendChild(el('div', 'wpwl-wrapper-registration wpwl-wrapper-registration-cvv'));
    const cvv = cvvWrapper.appendChild(el('input', 'wpwl-control wpwl-control-cvv'));
    cvv.type = options.maskCvv === true ? 'password' : 'text';
    cvv.id = uniqueId('registration-cvv');
    cvv.setAttribute('dir', 'auto');
    cvv.setAttribute('autocomplete', 'cc-csc');
    cvv.setAttribute('inputmode', 'numeric');
    cvv.setAttribute('aria-label', `${texts.labels.cvv}, ${brandName} ${texts.labels.endingIn} ${registration.last4Digits}`);
    if (options.showPlaceholders !== false) cvv.placeholder = texts.placeholders.cvv ?? '';
    listen(cvv, 'input', () => clearError(ctx, 'registration'));
    entry.cvv = cvv;
  }
  ctx.form.appendChild(node);
  listen(radio, 'change', () => {
    if (radio.checked) selectRegistration(ctx, entry);
  });
  return entry;
}

function selectRegistration(ctx: RegistrationForm, entry: RegistrationEntry): void {
  clearError(ctx, 'registration');
  ctx.selected = entry;
  ctx.brand = entry.registration.paymentBrand;
  // Errors show on the chosen card, at its CVV.
  ctx.groups.registration = entry.group;
  ctx.controls.registration = entry.cvv ?? undefined;
  for (const other of ctx.entries) {
    other.group.classList.toggle('wpwl-selected', other === entry);
    other.radio.checked = other === entry;
  }
  syncFields(ctx);
}

/**
 * registrations.hideInitialPaymentForms: the new-card and other forms wait
 * behind a button ("Pay with another card", a sandbox name) until the shopper
 * asks for them; the button then goes, and the focus it had moves to the
 * first field of the forms it showed.
 */
export function hideInitialForms(registrationForm: RegistrationForm, initial: FormContext[]): void {
  if (initial.length === 0) return;
  for (const ctx of initial) ctx.container.style.display = 'none';
  const show = registrationForm.container.appendChild(el('button', 'wpwl-button wpwl-button-otherPaymentMethods'));
  show.type = 'button';
  show.textContent = widget.texts.labels.otherPaymentMethods ?? '';
  listen(show, 'click', () => {
    const hadFocus = document.activeElement === show;
    for (const ctx of initial) ctx.container.style.display = '';
    show.remove();
    const first = initial[0]?.form.querySelector<HTMLElement>(':is(input:not([type=hidden]), select, button):not([tabindex="-1"])');
    if (hadFocus) first?.focus();
  });
}
