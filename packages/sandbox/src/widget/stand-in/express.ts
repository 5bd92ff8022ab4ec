// Owns the express mode: the widget loaded without a checkoutId renders one
// wallet button per wallet brand of each form.paymentWidgets (Apple Pay only
// where the browser has an ApplePaySession that can pay), and a press asks the
// page for the checkout (wpwlOptions.createCheckout({ brand }): an id, or any
// thenable of one), reads it from the gateway, opens the stand-in wallet
// sheet, and pays with the total the sheet showed. No id, a rejection or a
// throw stops quietly; the button is usable again whenever a press ends
// without leaving the page. One press at a time across all the widget's
// wallet buttons, as a browser shows one wallet sheet at a time.
import { BRAND_NAMES } from '../../brands.js';
import { el, formContainer, hidden, insert, listen, submitGroup } from './dom.js';
import { setSubmitting, showMessage } from './feedback.js';
import { call, describe, fireError } from './options.js';
import { handlePaymentResponse } from './payment-response.js';
import { brandsOf } from './render.js';
import { request } from './request.js';
import { page, widget } from './state.js';
import type { BrandForm, GatewayAnswer, WidgetSession } from './types.js';
import { openWalletSheet, walletSheetOpen } from './wallet-sheet.js';

/** The brands an express form shows: the wallets. */
export const WALLET_BRANDS: readonly string[] = ['APPLEPAY', 'APPLEPAYTKN', 'GOOGLEPAY', 'PAYPAL'];

/** The gateway's checkout ids: what createCheckout must give. */
const CHECKOUT_ID_RULE = /^[A-Za-z0-9.-]{32,48}$/;

const isApplePay = (brand: string) => brand === 'APPLEPAY' || brand === 'APPLEPAYTKN';

/** Renders the wallet buttons of every form.paymentWidgets, then onReady(forms); refuses a page without createCheckout. */
export function renderExpress(): void {
  if (typeof widget.options.createCheckout !== 'function') {
    fireError({
      name: 'WidgetError',
      event: 'createCheckout',
      message:
        'paymentWidgets.js was loaded without a checkoutId, so wpwlOptions.createCheckout must be a function that prepares the checkout when a wallet button is pressed',
    });
    return;
  }
  const forms = document.querySelectorAll<HTMLFormElement>('form.paymentWidgets');
  if (forms.length === 0) console.warn('[wpwl] no <form class="paymentWidgets"> found in the page');
  forms.forEach(renderExpressForm);
  call('onReady', window, [widget.contexts.map((ctx) => ctx.form)]);
}

/** As Safari's widget checks: an ApplePaySession that says it can make payments. */
function applePayAvailable(): boolean {
  const session = (page as { ApplePaySession?: { canMakePayments?: unknown } }).ApplePaySession;
  if (!session || typeof session.canMakePayments !== 'function') return false;
  try {
    return (session.canMakePayments as () => unknown).call(session) === true;
  } catch {
    return false;
  }
}

function renderExpressForm(merchantForm: HTMLFormElement): void {
  const shown: string[] = [];
  for (const brand of brandsOf(merchantForm)) {
    if (shown.includes(brand)) continue;
    if (!WALLET_BRANDS.includes(brand)) {
      console.warn(
        `[wpwl] ${brand} in data-brands is skipped: a widget loaded without a checkoutId shows wallet buttons only (${WALLET_BRANDS.join(', ')})`,
      );
      continue;
    }
    if (isApplePay(brand) && !applePayAvailable()) {
      console.info(`[wpwl] ${brand} is not shown: this browser has no ApplePaySession that can make payments`);
      continue;
    }
    shown.push(brand);
    widget.contexts.push(renderWalletButton(merchantForm, brand));
  }
}

/** `div.wpwl-container-virtualAccount-{BRAND} > form > button.wpwl-button-brand-{BRAND}`, before the merchant's form. */
function renderWalletButton(merchantForm: HTMLFormElement, brand: string): BrandForm {
  const { container, form, status } = formContainer(
    `wpwl-container-virtualAccount wpwl-container-virtualAccount-${brand}`,
    `wpwl-form-virtualAccount wpwl-form-virtualAccount-${brand}`,
  );
  hidden(form, 'paymentBrand').value = brand;
  const resultUrl = hidden(form, 'shopperResultUrl');
  resultUrl.value = merchantForm.action;
  const name = BRAND_NAMES[brand] ?? brand;
  const button = el('button', `wpwl-button wpwl-button-brand wpwl-button-brand-${brand}`);
  button.type = 'submit';
  button.setAttribute('aria-label', `${name}: ${widget.texts.labels.submit}`);
  button.appendChild(el('div', `wpwl-brand wpwl-brand-${brand}`)).textContent = name;
  const ctx: BrandForm = {
    kind: 'virtualAccount',
    hook: 'onBeforeSubmitVirtualAccount',
    brand,
    merchantForm,
    container,
    form,
    button,
    resultUrl,
    groups: {},
    controls: {},
    message: null,
    status,
    submitting: false,
    mirrors: [],
  };
  submitGroup(ctx, button, false);
  // The button, Enter, form.requestSubmit() and wpwl.executePayment() all arrive here.
  listen<SubmitEvent>(form, 'submit', (event) => {
    event.preventDefault();
    press(ctx);
  });
  insert(container, merchantForm.parentNode as Node, merchantForm);
  return ctx;
}

/** The button usable again, the focus back on it when the shopper was there (or nowhere). */
function release(ctx: BrandForm, focus: boolean): void {
  setSubmitting(ctx, false);
  if (focus) ctx.button.focus();
}

/** True while a press of any of the widget's wallet buttons is on its way (checkout, sheet or payment). */
function pressUnderWay(): boolean {
  return widget.contexts.some((other) => other.submitting) || walletSheetOpen();
}

/** A press: the page's checkout, then the gateway's record of it, then the sheet. */
function press(ctx: BrandForm): void {
  if (widget.unloaded || pressUnderWay()) return;
  setSubmitting(ctx, true);
  const answer = call('createCheckout', window, [{ brand: ctx.brand }]);
  settle(
    answer,
    (value) => onCheckoutId(ctx, value),
    (error) => {
      if (widget.unloaded) return;
      console.warn(`[wpwl] wpwlOptions.createCheckout was refused (${describe(error)}): the payment stops`);
      release(ctx, false);
    },
  );
}

/** Calls `done` with a plain value, or with what a thenable (a native Promise, a jQuery deferred) settles to, once. */
function settle(answer: unknown, done: (value: unknown) => void, failed: (error: unknown) => void): void {
  const then = answer && (typeof answer === 'object' || typeof answer === 'function') ? (answer as { then?: unknown }).then : undefined;
  if (typeof then !== 'function') return done(answer);
  let settled = false;
  const once =
    <T>(handler: (value: T) => void) =>
    (value: T) => {
      if (settled) return;
      settled = true;
      handler(value);
    };
  try {
    then.call(answer, once(done), once(failed));
  } catch (error) {
    once(failed)(error);
  }
}

function onCheckoutId(ctx: BrandForm, value: unknown): void {
  if (widget.unloaded) return;
  // No id: the page stopped the payment (terms not accepted, the cart empty).
  if (value === undefined || value === null || value === '') return release(ctx, false);
  if (typeof value !== 'string' || !CHECKOUT_ID_RULE.test(value)) {
    release(ctx, false);
    const given = typeof value === 'string' ? JSON.stringify(value) : `a ${typeof value}`;
    fireError({
      name: 'InvalidCheckoutIdError',
      message: `wpwlOptions.createCheckout gave ${given}, which is no checkout id (32 to 48 letters, digits, dots or hyphens)`,
    });
    return;
  }
  request('GET', `/v1/checkouts/${encodeURIComponent(value)}/widget-session`, null).then(
    (answer) => onCheckout(ctx, value, answer),
    (error: unknown) => {
      if (widget.unloaded) return;
      release(ctx, false);
      fireError({ name: 'WidgetError', event: 'session', message: `The widget could not reach the gateway: ${describe(error)}` });
    },
  );
}

function onCheckout(ctx: BrandForm, id: string, response: GatewayAnswer): void {
  if (widget.unloaded) return;
  const body = response.body || {};
  const code = body.result && body.result.code;
  if (response.status === 404 || code === '200.300.404') {
    release(ctx, false);
    fireError({
      name: 'InvalidCheckoutIdError',
      message: (body.result && body.result.description) || widget.texts.messages.invalidCheckout || '',
    });
    return;
  }
  if (response.status !== 200 || !body.id) {
    release(ctx, false);
    fireError({
      name: 'WidgetError',
      event: 'session',
      message: `The gateway answered HTTP ${response.status}${code ? ` (${code})` : ''} for the checkout`,
    });
    return;
  }
  const session = body as WidgetSession;
  widget.session = session;
  widget.checkoutId = id;
  widget.paymentPath = `/v1/checkouts/${encodeURIComponent(id)}/payment`;
  ctx.form.action = widget.baseUrl + widget.paymentPath;
  Object.assign(widget.api.checkout, {
    id,
    amount: session.amount,
    currency: session.currency,
    paymentType: session.paymentType,
    expiresAt: session.expiresAt,
  });
  const amount = sheetAmount(ctx.brand, session);
  const currency = session.currency ?? '';
  openWalletSheet({
    brand: ctx.brand,
    amount,
    currency,
    onPay: () => pay(ctx, amount, currency),
    onCancel: () => {
      release(ctx, true);
      fireError({
        name: 'WidgetError',
        brand: ctx.brand,
        event: 'closed',
        message: `The shopper closed the ${BRAND_NAMES[ctx.brand]} sheet`,
      });
    },
  });
}

/** A stated amount: a non-empty string or a finite number, as text. */
function amountOf(source: unknown): string | undefined {
  const amount = source && typeof source === 'object' ? (source as { amount?: unknown }).amount : undefined;
  if (typeof amount === 'string' && amount.trim()) return amount.trim();
  if (typeof amount === 'number' && Number.isFinite(amount)) return String(amount);
  return undefined;
}

/** What the sheet authorises: Apple Pay's total for Apple Pay, else the page's checkout amount, else the checkout's. */
function sheetAmount(brand: string, session: WidgetSession): string {
  const applePay = widget.options.applePay;
  const appleTotal = isApplePay(brand) && applePay && typeof applePay === 'object' ? (applePay as { total?: unknown }).total : undefined;
  return amountOf(appleTotal) ?? amountOf(widget.options.checkout) ?? session.amount ?? '';
}

/** The payment with the stand-in token: the total the sheet showed, then as any brand form's payment. */
function pay(ctx: BrandForm, amount: string, currency: string): void {
  const body = new URLSearchParams();
  body.append('paymentBrand', ctx.brand);
  body.append('wallet.amount', amount);
  body.append('wallet.currency', currency);
  body.append('shopperResultUrl', ctx.merchantForm.action);
  // The button stays busy (and so cannot hold the focus) until the gateway answered; a refused
  // payment makes it usable again and gives it back the focus (setSubmitting).
  request('POST', widget.paymentPath, body).then(
    (answer) => {
      if (!widget.unloaded) handlePaymentResponse(ctx, answer);
    },
    (error: unknown) => {
      if (widget.unloaded) return;
      release(ctx, true);
      showMessage(ctx, widget.texts.messages.requestFailed);
      fireError({ name: 'WidgetError', brand: ctx.brand, event: 'payment', message: `The payment request failed: ${describe(error)}` });
    },
  );
}
