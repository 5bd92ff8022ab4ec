// @ts-check
// The shop page: lists the server's products, keeps a cart of product ids and
// quantities, offers the cart's wallet buttons (express checkout: a second
// <wpwl-widget> without checkout-id, whose createCheckout asks the merchant
// server for the checkout when one is pressed), asks the merchant server for a
// checkout (the server prices the cart), then hands the checkout to
// <wpwl-widget> through its attributes and follows the payment through the
// element's events, all in the shopper's language (language.js: English, or
// Arabic right to left). No framework, no bundler.

/** @typedef {{ id: string, name: string, description: string, price: string }} Product */

import { requestExpressCheckout } from '/shared/express-checkout.js';
import { formatAmount, pageLanguage, texts, translatePage } from './language.js';

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
/**
 * <wpwl-widget>: configured through attributes, `nonce` as a property;
 * `status` and `error` are read-only.
 * @type {HTMLElement & { nonce: string, readonly status: string, readonly error?: { code: string, message: string }, retry(): void }}
 */
const widget = /** @type {any} */ ($('widget'));

/** @type {Map<string, Product>} */
const products = new Map();
// The cart, its key and the paid-elsewhere check work as in examples/shared (the
// React and Vue storefronts' module); this page, served without a bundler, keeps its own copy.
const CART_KEY = 'wpwl-example-cart';
const CART_KEY_KEY = 'wpwl-example-cart-key';
/**
 * Product id → quantity, shared by the shopper's tabs and kept across the
 * trip to the gateway, so that a shopper back from a declined payment finds
 * the same cart.
 * @type {Map<string, number>}
 */
const cart = new Map(
  (() => {
    try {
      const entries = JSON.parse(localStorage.getItem(CART_KEY) ?? '[]');
      return Array.isArray(entries)
        ? entries.filter(([id, quantity]) => typeof id === 'string' && Number.isInteger(quantity) && quantity > 0)
        : [];
    } catch {
      return [];
    }
  })(),
);
let paying = false;

// This response's CSP nonce, as the browser keeps it for our own script tag,
// for the widget's script tag.
const nonce = /** @type {HTMLScriptElement | null} */ (document.querySelector('script[nonce]'))?.nonce || '';

/** "12.90" → 1290, display arithmetic only: the server computes the amount charged. */
const toMinor = (/** @type {string} */ price) => {
  const [whole = '0', cents = '0'] = price.split('.');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
};
const fromMinor = (/** @type {number} */ minor) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

// The checkout's alert region is in the page, empty, before any text: screen readers announce what arrives.
function showError(/** @type {string} */ text) {
  $('checkout-error').textContent = text;
}

translatePage(`${texts.shopName} · static page with <wpwl-widget>`);

// The express section is in the page only while it can be used (see renderExpress).
const expressSection = $('express-checkout');
expressSection.remove();
/**
 * The wallet buttons' element: configured through attributes, `createCheckout` and `nonce` as properties.
 * @type {HTMLElement & { nonce: string, createCheckout?: (request: { brand: string }) => unknown }}
 */
const expressWidget = /** @type {any} */ (expressSection.querySelector('wpwl-widget'));
/** What the wallet buttons need (GET /api/express); undefined until it has loaded, or when it could not be had. @type {{ baseUrl: string, brands: string, integrity?: string } | undefined} */
let expressSettings;
/** The cart's currency, from the catalogue. @type {string | undefined} */
let currency;

async function loadProducts() {
  // The names and descriptions in the page's language (the server's English where it has none).
  const response = await fetch(pageLanguage.language === 'en' ? '/api/products' : `/api/products?lang=${pageLanguage.language}`);
  if (!response.ok) throw new Error(`products: HTTP ${response.status}`);
  const answer = await response.json();
  currency = answer.currency;
  $('currency').textContent = answer.currency;
  for (const product of /** @type {Product[]} */ (answer.products)) {
    products.set(product.id, product);
    const li = document.createElement('li');
    const label = document.createElement('span');
    label.textContent = `${product.name} · ${formatAmount(product.price)} ${answer.currency}`;
    const small = document.createElement('small');
    small.textContent = product.description;
    label.append(small);
    const add = document.createElement('button');
    add.type = 'button';
    add.textContent = texts.addToCart;
    add.dataset.productId = product.id;
    add.setAttribute('aria-label', texts.addToCartNamed(product.name));
    add.addEventListener('click', () => {
      cart.set(product.id, (cart.get(product.id) ?? 0) + 1);
      renderCart();
    });
    li.append(label, add);
    $('products').append(li);
  }
}

function renderCart() {
  const ul = $('cart-lines');
  ul.replaceChildren();
  let total = 0;
  for (const [id, quantity] of cart) {
    const product = products.get(id);
    if (!product) continue;
    total += toMinor(product.price) * quantity;
    const li = document.createElement('li');
    li.dataset.productId = id;
    const text = document.createElement('span');
    text.textContent = `${quantity} × ${product.name}`;
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.className = 'secondary';
    remove.textContent = texts.remove;
    remove.addEventListener('click', () => {
      cart.delete(id);
      renderCart();
    });
    li.append(text, remove);
    ul.append(li);
  }
  $('cart-total').textContent = formatAmount(fromMinor(total));
  localStorage.setItem(CART_KEY, JSON.stringify([...cart]));
  $('cart-empty').hidden = cart.size > 0;
  $('cart-locked').hidden = !paying;
  renderExpress(fromMinor(total));
  renderCartLock();
}

/** A wallet payment is on its way: the express widget is submitting from the press until the sheet is closed or the payment answered. */
const walletPaying = () => expressSection.isConnected && /** @type {any} */ (expressWidget).status === 'submitting';

/**
 * The cart's buttons and "Go to payment", usable or not. The open checkout was
 * prepared for this cart: the widget would charge its amount whatever the
 * cart says now (back to the cart to change it). A wallet payment on its way
 * must keep its widget: a changed cart or the card payment would take it away,
 * and with it the shopper's way to the result page.
 */
function renderCartLock() {
  const locked = paying || walletPaying();
  /** @type {HTMLButtonElement} */ ($('checkout')).disabled = cart.size === 0 || locked;
  for (const button of document.querySelectorAll('#products button, #cart-lines button')) {
    /** @type {HTMLButtonElement} */ (button).disabled = locked;
  }
}

/**
 * The express section: in the page, after the cart, while the cart has items,
 * the wallet settings have loaded and the shopper is not at the card payment
 * (the page runs one widget at a time); out of it otherwise, which takes its
 * widget down. Its widget states the cart total the wallet sheet shows.
 * @param {string} total the cart total ("89.80"), as the server prices it
 */
function renderExpress(total) {
  if (!expressSettings || !currency || cart.size === 0 || paying) {
    expressSection.remove();
    return;
  }
  expressWidget.nonce = nonce;
  expressWidget.setAttribute('base-url', expressSettings.baseUrl);
  expressWidget.setAttribute('brands', expressSettings.brands);
  if (expressSettings.integrity) expressWidget.setAttribute('integrity', expressSettings.integrity);
  expressWidget.setAttribute('shopper-result-url', new URL('result.html', location.href).href);
  expressWidget.setAttribute('locale', pageLanguage.locale);
  expressWidget.setAttribute('amount', total);
  expressWidget.setAttribute('currency', currency);
  if (!expressSection.isConnected) $('cart').after(expressSection);
}

/**
 * A wallet button was pressed: nothing until the terms are ticked (the
 * payment stops quietly and the shopper reads why), then the cart's checkout,
 * prepared now by the merchant server, as the widget compares it with the
 * total its sheet shows: `{ id, amount, currency }`. A refusal is a rejection,
 * which the element reports as a coded wpwl-error.
 * @param {{ brand: string }} request
 */
expressWidget.createCheckout = async ({ brand }) => {
  $('express-message').textContent = '';
  if (!(/** @type {HTMLInputElement} */ ($('express-terms')).checked)) {
    $('express-message').textContent = texts.termsFirst;
    return undefined;
  }
  return requestExpressCheckout(cart, cartKey(), brand);
};
// Its status locks the cart while a wallet pays (a section taken out of the page takes its widget down: the cart renders then).
expressWidget.addEventListener('wpwl-status-change', () => {
  if (expressSection.isConnected) renderCartLock();
});
expressWidget.addEventListener('wpwl-error', (event) => {
  const { error } = /** @type {CustomEvent} */ (event).detail;
  $('express-message').textContent = texts.formProblem(error.code, error.message);
});

// A load timeout for this page, e.g. `?timeoutMs=1500`; without it the widget's default applies.
const timeoutMs = new URLSearchParams(location.search).get('timeoutMs');

/** Asks the merchant server for a checkout of the cart: it prices the cart and answers what the widget needs. */
/** The checkout left with "Back to the cart", if any. @type {string | undefined} */
let lastCheckoutId;

/** @param {string} [renew] the checkout shown now, to be replaced by a new one (after expiry, or for more time) */
async function requestCheckout(renew) {
  const response = await fetch('/api/checkout', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      items: [...cart].map(([productId, quantity]) => ({ productId, quantity })),
      resultPath: new URL('result.html', location.href).pathname,
      // The same cart gets the same open checkout, whichever of the shopper's tabs asks.
      cartKey: cartKey(),
      renew,
    }),
  });
  const body = await response.json();
  if (body.error?.code === 'CART_ALREADY_PAID') {
    // Paid in another tab: this cart is done; the next one starts empty.
    localStorage.removeItem(CART_KEY);
    localStorage.removeItem(CART_KEY_KEY);
    cart.clear();
    throw new ShopperNotice(texts.alreadyPaid);
  }
  if (body.error?.code === 'PAYMENT_BEING_CONFIRMED') {
    // A payment for this cart is being confirmed: no second checkout (it could charge twice).
    // The cart stays: should that payment be declined, the same cart is paid again.
    throw new ShopperNotice(texts.paymentBeingConfirmed);
  }
  if (body.error?.code === 'TOO_MANY_OPEN_CHECKOUTS') {
    // Each open checkout may have been paid in another tab, and the shop reads them all first: the cart stays.
    throw new ShopperNotice(texts.tooManyCheckouts);
  }
  if (!response.ok) throw new Error(body.error?.message ?? `HTTP ${response.status}`);
  return body;
}

/** A refused checkout the shopper reads as it is, not as a failure to start the payment. */
class ShopperNotice extends Error {}

/** The key the merchant server knows this cart by. */
function cartKey() {
  let key = localStorage.getItem(CART_KEY_KEY);
  if (!key) localStorage.setItem(CART_KEY_KEY, (key = crypto.randomUUID()));
  return key;
}

/**
 * Before the widget submits: false once the checkout has a payment (paid in
 * another tab, say), so the shopper reads why instead of the gateway's
 * refusal. If the answer cannot be had the payment goes ahead: the gateway
 * takes one payment per checkout whatever happens.
 * @param {string} checkoutId
 * @param {string} shopperResultUrl
 */
async function stillPayable(checkoutId, shopperResultUrl) {
  const resourcePath = `/v1/checkouts/${checkoutId}/payment`;
  try {
    const response = await fetch(`/api/payment-status?resourcePath=${encodeURIComponent(resourcePath)}`);
    const status = await response.json();
    if (!response.ok || (!status.ok && String(status.code).startsWith('000.200'))) return true;
  } catch {
    return true;
  }
  const link = /** @type {HTMLAnchorElement} */ ($('already-paid-link'));
  link.href = `${shopperResultUrl}?resourcePath=${encodeURIComponent(resourcePath)}`;
  $('already-paid').hidden = false;
  return false;
}

/** Hands a checkout answer to the element: everything as attributes, `checkout-id` last, since it starts the widget. */
function configureWidget(/** @type {any} */ checkout) {
  $('amount-due').textContent = `${formatAmount(checkout.amount)} ${checkout.currency}`;
  $('expired').hidden = true;
  $('expiring-soon').hidden = true;
  $('already-paid').hidden = true;
  // The nonce as a property: an attribute would put it into the DOM.
  widget.nonce = nonce;
  widget.setAttribute('base-url', checkout.baseUrl);
  widget.setAttribute('brands', checkout.brands);
  widget.setAttribute('shopper-result-url', checkout.shopperResultUrl);
  if (checkout.integrity) widget.setAttribute('integrity', checkout.integrity);
  else widget.removeAttribute('integrity');
  // The shopper's language, if the widget has it; English otherwise.
  widget.setAttribute('locale', pageLanguage.locale);
  if (timeoutMs) widget.setAttribute('timeout-ms', timeoutMs);
  // The time left as the server counted it: this device's clock may be off.
  widget.setAttribute('expires-in-ms', String(checkout.expiresInMs));
  // The amount on the pay button: the shopper sees what will be charged.
  /** @type {any} */ (widget).options = { labels: { submit: texts.payAmount(formatAmount(checkout.amount), checkout.currency) } };
  widget.setAttribute('checkout-id', checkout.checkoutId);
}

async function startPayment() {
  if (walletPaying()) return;
  $('checkout-error').textContent = '';
  paying = true;
  renderCart();
  try {
    // A checkout left with "Back to the cart" is replaced, not shown again.
    configureWidget(await requestCheckout(lastCheckoutId));
  } catch (failure) {
    paying = false;
    renderCart();
    throw failure;
  }
  $('payment').hidden = false;
}

/** A new checkout for the same cart, handed to the same element (after expiry, say). */
async function renewCheckout() {
  const checkout = await requestCheckout(widget.getAttribute('checkout-id') ?? undefined);
  // The shopper may have gone back to the cart meanwhile, or sent a payment, which keeps its widget.
  if (paying && widget.status !== 'submitting') configureWidget(checkout);
}

/** Removing checkout-id takes the widget down; the cart is usable again. */
function closePayment() {
  lastCheckoutId = widget.getAttribute('checkout-id') ?? undefined;
  widget.removeAttribute('checkout-id');
  paying = false;
  $('payment').hidden = true;
  renderCart();
}

/** Shows the element's status, its coded error and the retry button. */
function renderWidget() {
  const { status, error } = widget;
  widget.dataset.wpwlStatus = status;
  $('widget-status').textContent = texts.status[status] ?? '';
  const message = $('widget-error');
  if (error) {
    message.dataset.wpwlErrorCode = error.code;
    message.textContent = status === 'expired' ? texts.sessionExpired : texts.formProblem(error.code, error.message);
  } else {
    delete message.dataset.wpwlErrorCode;
  }
  message.hidden = !error;
  $('retry').hidden = status !== 'error';
  // A payment on its way must not lose its widget: the gateway may charge the
  // card, and only the widget's redirect brings the shopper to the result.
  for (const id of ['new-checkout', 'cancel', 'more-time']) /** @type {HTMLButtonElement} */ ($(id)).disabled = status === 'submitting';
}

widget.addEventListener('wpwl-status-change', renderWidget);
widget.addEventListener('wpwl-error', renderWidget);
widget.addEventListener('wpwl-expired', () => {
  $('expired').hidden = false;
  $('expiring-soon').hidden = true;
});
widget.addEventListener('wpwl-expiring-soon', () => {
  $('expiring-soon').hidden = false;
});
widget.addEventListener('wpwl-before-submit', (event) => {
  const terms = /** @type {HTMLInputElement} */ ($('terms'));
  $('terms-hint').hidden = terms.checked;
  if (!terms.checked) {
    // Canceling the event blocks the payment; the shopper stays on the form.
    event.preventDefault();
    terms.focus();
    return;
  }
  // A checkout paid meanwhile (in another tab) is not sent again: false blocks.
  const { checkoutId } = /** @type {CustomEvent} */ (event).detail;
  /** @type {CustomEvent} */ (event).detail.waitUntil(stillPayable(checkoutId, widget.getAttribute('shopper-result-url') ?? ''));
});
$('terms').addEventListener('change', () => {
  if (/** @type {HTMLInputElement} */ ($('terms')).checked) $('terms-hint').hidden = true;
});

const showFailure = (/** @type {unknown} */ failure) =>
  showError(
    failure instanceof ShopperNotice ? failure.message : texts.couldNotStart(failure instanceof Error ? failure.message : String(failure)),
  );

$('checkout').addEventListener('click', () => {
  startPayment().catch(showFailure);
});
$('retry').addEventListener('click', () => widget.retry());
$('more-time').addEventListener('click', () => {
  renewCheckout().catch(showFailure);
});
$('new-checkout').addEventListener('click', () => {
  renewCheckout().catch(showFailure);
});
$('cancel').addEventListener('click', closePayment);

loadProducts().then(renderCart, (/** @type {Error} */ failure) => showError(texts.productsFailed(failure.message)));
// Without the wallet settings the cart simply has no wallet buttons; the card payment stays.
fetch('/api/express')
  .then((response) => (response.ok ? response.json() : undefined))
  .then((settings) => {
    expressSettings = settings;
    // Once the catalogue is in: the cart total is priced from it.
    if (currency) renderCart();
  })
  .catch(() => undefined);
