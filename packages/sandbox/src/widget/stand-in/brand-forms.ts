// Owns the forms of non-card brands: one container per brand
// (form.wpwl-form-{kind}-{BRAND}) with a brand button, and STC_PAY's inner
// groups as real markup has them: how to pay (a QR code or the mobile number)
// and the number. Integrations pick the mobile mode in onReady (check
// .wpwl-control-radio-mobile and click it) and hide the choice.
import { BRAND_NAMES, type OtherBrandKind } from '../../brands.js';
import { el, formContainer, group, hidden, input, insert, listen, submitGroup } from './dom.js';
import { widget } from './state.js';
import { listenForSubmits, syncFields } from './submit.js';
import type { BrandForm } from './types.js';

const HOOKS: Record<OtherBrandKind, string> = {
  directDebit: 'onBeforeSubmitDirectDebit',
  onlineTransfer: 'onBeforeSubmitOnlineTransfer',
  virtualAccount: 'onBeforeSubmitVirtualAccount',
};

export function renderBrandForm(merchantForm: HTMLFormElement, brand: string, kind: OtherBrandKind): BrandForm {
  const { container, form, status } = formContainer(
    `wpwl-container-${kind} wpwl-container-${kind}-${brand}`,
    `wpwl-form-${kind} wpwl-form-${kind}-${brand}`,
  );
  hidden(form, 'paymentBrand').value = brand;
  const name = BRAND_NAMES[brand] ?? brand;
  const button = el('button', `wpwl-button wpwl-button-brand wpwl-button-brand-${brand}`);
  button.type = 'submit';
  button.setAttribute('aria-label', `${name}: ${widget.texts.labels.submit}`);
  button.appendChild(el('div', `wpwl-brand wpwl-brand-${brand}`)).textContent = name;
  const ctx: BrandForm = {
    kind,
    hook: HOOKS[kind],
    brand,
    merchantForm,
    container,
    form,
    button,
    resultUrl: hidden(form, 'shopperResultUrl'),
    groups: {},
    controls: {},
    message: null,
    status,
    submitting: false,
    mirrors: [],
  };
  if (brand === 'STC_PAY') renderStcPayGroups(ctx);
  submitGroup(ctx, button, false);
  listenForSubmits(ctx);
  insert(container, merchantForm.parentNode as Node, merchantForm);
  syncFields(ctx);
  return ctx;
}

function renderStcPayGroups(ctx: BrandForm): void {
  const modeGroup = group(ctx, 'paymentMode', null);
  (['qrcode', 'mobile'] as const).forEach((mode, index) => {
    const modeWrapper = modeGroup.appendChild(el('div', `wpwl-wrapper wpwl-wrapper-radio-${mode}`));
    const label = modeWrapper.appendChild(el('label', `wpwl-label wpwl-label-radio-${mode}`));
    const radio = label.appendChild(el('input', `wpwl-control wpwl-control-radio-${mode}`));
    radio.type = 'radio';
    radio.name = 'paymentMode';
    radio.value = mode;
    radio.checked = index === 0;
    label.appendChild(document.createTextNode(` ${widget.texts.labels[mode === 'qrcode' ? 'qrCode' : 'mobilePhone']}`));
    listen(radio, 'click', () => showMobilePhone(ctx));
    listen(radio, 'change', () => showMobilePhone(ctx));
  });
  ctx.mobilePhone = input(ctx, 'mobilePhone', 'mobilePhone', 'virtualAccount.accountId', 'tel', 'tel');
  showMobilePhone(ctx);
}

/** The number only in the mobile mode; in the QR-code mode it is neither shown nor sent. */
function showMobilePhone(ctx: BrandForm): void {
  const mobile = ctx.form.querySelector<HTMLInputElement>('.wpwl-control-radio-mobile');
  const chosen = !!mobile?.checked;
  const phoneGroup = ctx.groups.mobilePhone;
  if (phoneGroup) phoneGroup.style.display = chosen ? '' : 'none';
  if (ctx.mobilePhone) ctx.mobilePhone.disabled = !chosen;
}
