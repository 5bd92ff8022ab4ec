// Owns what happens after the gateway answered a payment: a card's 3-D Secure
// in an iframe in the widget (or the window paymentTarget names), a payment
// (success or decline) to the shopper result URL, a refused request back to
// the form with its errors, throttling and an expired checkout said so.
import { el, listen, nextContainerNumber } from './dom.js';
import { announce, focusIsLost, setSubmitting, showFieldErrors, showMessage } from './feedback.js';
import { call, fireError } from './options.js';
import { widget } from './state.js';
import type { FormContext, GatewayAnswer } from './types.js';

export function handlePaymentResponse(ctx: FormContext, response: GatewayAnswer): void {
  const { options, texts } = widget;
  const body = response.body || {};
  const result = body.result || {};
  const code = String(result.code || '');
  const description = String(result.description || code);
  if (body.redirect && body.redirect.url) {
    // A card's 3-D Secure opens in an iframe in the widget by default, in a window
    // only when paymentTarget names one; other brands (wallets, bank transfers) leave the page.
    const target = typeof options.paymentTarget === 'string' ? options.paymentTarget : '';
    const inPage = (ctx.kind === 'card' || ctx.kind === 'registration') && !target;
    if (inPage) openThreeDIframe(ctx, redirectLocation(body.redirect));
    else navigate(redirectLocation(body.redirect), target);
    return;
  }
  if (code === '800.120.100') {
    setSubmitting(ctx, false);
    showMessage(ctx, texts.messages.throttled);
    return;
  }
  // The gateway answers an expired or unknown checkout with 404. 200.300.404 on
  // its own is any invalid parameter (a custom parameter's name may well say
  // "checkout"), which the shopper or merchant can correct.
  if (response.status === 404) {
    // An expired checkout stays unpayable: the merchant has to create a new one.
    showMessage(ctx, texts.messages.invalidCheckout);
    fireError({ name: 'InvalidCheckoutIdError', message: description || texts.messages.invalidCheckout || '' });
    return;
  }
  if (!response.body || response.status >= 500) {
    setSubmitting(ctx, false);
    showMessage(ctx, texts.messages.requestFailed);
    fireError({
      name: 'WidgetError',
      brand: ctx.brand,
      event: 'payment',
      message: `The gateway answered HTTP ${response.status}${code ? ` (${code})` : ''}`,
    });
    return;
  }
  // A 400 without a payment in it is a rejected request (bad field, duplicate):
  // nothing was charged, so the shopper stays here and can correct it.
  // A 400 carrying a payment is a decline and goes to the result URL like a success.
  const isPayment = Boolean(body.paymentType || body.paymentBrand || body.amount);
  if (response.status >= 400 && !isPayment) {
    setSubmitting(ctx, false);
    if (!showFieldErrors(ctx, result.parameterErrors || body.parameterErrors, description)) showMessage(ctx, description);
    return;
  }
  navigate(resultLocation(ctx), options.shopperResultTarget);
}

/**
 * The challenge in the page: the widget's form gives way to an iframe of the
 * issuer's page (titled in the widget's language), sized by threeDIframeSize;
 * once the shopper is done, that page sends the shopperResultTarget window
 * (default the whole page, _top) to the shopper result URL. onLoadThreeDIframe
 * runs, with this = the iframe, once it has loaded. The focus, lost with the
 * form it was in, goes into the issuer's page, where the shopper goes on.
 */
function openThreeDIframe(ctx: FormContext, url: string): void {
  const { shopperResultTarget, threeDIframeSize } = widget.options;
  const src = new URL(url);
  src.searchParams.set('target', typeof shopperResultTarget === 'string' && shopperResultTarget ? shopperResultTarget : '_top');
  const holder = el('div', 'wpwl-group wpwl-group-threeDSecure wpwl-clearfix');
  const frame = holder.appendChild(el('iframe', 'wpwl-control-threeDSecure'));
  frame.name = `wpwl-threeds-${nextContainerNumber()}`;
  frame.title = widget.texts.labels.threeDSecure ?? '';
  const size = (threeDIframeSize && typeof threeDIframeSize === 'object' ? threeDIframeSize : {}) as { width?: unknown; height?: unknown };
  frame.setAttribute('width', String(size.width || '100%'));
  frame.setAttribute('height', String(size.height || 420));
  let loaded = false;
  listen(frame, 'load', () => {
    if (loaded) return;
    loaded = true;
    call('onLoadThreeDIframe', frame, []);
    if (focusIsLost() || ctx.container.contains(document.activeElement)) frame.focus();
  });
  frame.src = src.href;
  ctx.form.style.display = 'none';
  announce(ctx, '');
  ctx.container.appendChild(holder);
  ctx.threeDSecure = holder;
}

function redirectLocation(redirect: { url: string; parameters?: unknown }): string {
  const url = new URL(redirect.url, `${widget.baseUrl}/`);
  if (Array.isArray(redirect.parameters)) {
    for (const parameter of redirect.parameters as Array<{ name?: unknown; value?: unknown } | null>) {
      if (parameter && parameter.name)
        url.searchParams.append(String(parameter.name), parameter.value == null ? '' : String(parameter.value));
    }
  }
  return url.href;
}

/** `{merchant form action}?id={checkoutId}&resourcePath=/v1/checkouts/{id}/payment`. */
function resultLocation(ctx: FormContext): string {
  const url = new URL(ctx.merchantForm.action, document.baseURI);
  url.searchParams.set('id', widget.checkoutId);
  url.searchParams.set('resourcePath', widget.paymentPath);
  return url.href;
}

function navigate(url: string, target: unknown): void {
  if (typeof target === 'string' && target && target !== '_self') window.open(url, target);
  else window.location.assign(url);
}
