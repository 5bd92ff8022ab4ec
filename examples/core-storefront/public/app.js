// @ts-check
// The shop page: lists the server's products, keeps a cart of product ids and
// quantities, offers the cart's wallet buttons (express checkout: a widget
// without a checkout id, whose createCheckout asks the merchant server for the
// checkout when one is pressed), asks the merchant server for a checkout (the
// server prices the cart) and mounts the payment widget with @wpwl/core, all
// in the shopper's language (language.js: English, or Arabic right to left).
// One widget at a time: the wallet buttons give way to the card form.
import { createPaymentWidget, localeDirection } from '@wpwl/core';
import { requestExpressCheckout } from '/shared/express-checkout.js';
import { formatAmount, pageLanguage, texts, translatePage } from './language.js';

/** @typedef {{ id: string, name: string, description: string, price: string }} Product */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

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
/** @type {import('@wpwl/core').PaymentWidgetController | undefined} */
let widget;

// The CSP nonce of this response, for the widget's script tag (readable as a property, not as an attribute).
const nonce = /** @type {HTMLScriptElement | null} */ (document.querySelector('script[nonce]'))?.nonce || undefined;

/** "12.90" → 1290, display arithmetic only: the server computes the amount charged. */
const toMinor = (/** @type {string} */ price) => {
  const [whole = '0', cents = '0'] = price.split('.');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
};
const fromMinor = (/** @type {number} */ minor) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

translatePage(`${texts.shopName} · wpwl core storefront`);

// The express section is in the page only while it can be used (see renderExpress).
const expressSection = $('express-checkout');
expressSection.remove();
/** The wallet buttons' widget, while the express section is in the page. @type {import('@wpwl/core').PaymentWidgetController | undefined} */
let expressWidget;
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
  const ul = $('products');
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
    ul.append(li);
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
  $('cart-locked').hidden = widget === undefined;
  renderExpress(fromMinor(total));
  renderCartLock();
}

/** A wallet payment is on its way: the express widget is submitting from the press until the sheet is closed or the payment answered. */
const walletPaying = () => expressWidget?.getSnapshot().status === 'submitting';

/**
 * The cart's buttons and "Go to payment", usable or not. The open checkout was
 * prepared for this cart: the widget would charge its amount whatever the
 * cart says now (back to the cart to change it). A wallet payment on its way
 * must keep its widget: a changed cart or the card payment would take it away,
 * and with it the shopper's way to the result page.
 */
function renderCartLock() {
  const locked = widget !== undefined || walletPaying();
  /** @type {HTMLButtonElement} */ ($('checkout')).disabled = cart.size === 0 || locked;
  for (const button of document.querySelectorAll('#products button, #cart-lines button')) {
    /** @type {HTMLButtonElement} */ (button).disabled = locked;
  }
}

/**
 * The express section: in the page, after the cart, while the cart has items,
 * the wallet settings have loaded and no card payment is open (the page runs
 * one widget at a time); out of it otherwise, its widget destroyed. Its
 * widget states the cart total the wallet sheet shows; a new total re-mounts
 * it (core decides), anything else it keeps.
 * @param {string} total the cart total ("89.80"), as the server prices it
 */
function renderExpress(total) {
  if (!expressSettings || !currency || cart.size === 0 || widget) return removeExpress();
  /** @type {import('@wpwl/core').PaymentWidgetConfig} */
  const config = {
    createCheckout: createExpressCheckout,
    baseUrl: expressSettings.baseUrl,
    brands: expressSettings.brands,
    integrity: expressSettings.integrity,
    shopperResultUrl: new URL('result.html', location.href).href,
    locale: pageLanguage.locale,
    nonce,
    amount: total,
    currency,
    onError: (error) => {
      $('express-message').textContent = texts.formProblem(error.code, error.message);
    },
  };
  if (expressWidget) return expressWidget.update(config);
  $('cart').after(expressSection);
  expressWidget = createPaymentWidget(config);
  const shown = expressWidget;
  shown.subscribe(() => {
    $('express-widget').dataset.wpwlStatus = shown.getSnapshot().status;
    renderCartLock();
  });
  shown.mount($('express-widget'));
}

/** Takes the express section out of the page, its widget destroyed. */
function removeExpress() {
  expressWidget?.destroy();
  expressWidget = undefined;
  expressSection.remove();
}

/**
 * A wallet button was pressed: nothing until the terms are ticked (the
 * payment stops quietly and the shopper reads why), then the cart's checkout,
 * prepared now by the merchant server, as core compares it with the total the
 * wallet sheet shows: `{ id, amount, currency }`. A refusal is a rejection,
 * which core reports as a coded error (onError).
 * @param {{ brand: string }} request
 */
async function createExpressCheckout({ brand }) {
  $('express-message').textContent = '';
  if (!(/** @type {HTMLInputElement} */ ($('express-terms')).checked)) {
    $('express-message').textContent = texts.termsFirst;
    return undefined;
  }
  return requestExpressCheckout(cart, cartKey(), brand);
}

// A load timeout for this page, e.g. `?timeoutMs=1500`; without it the widget's default applies.
const timeoutMs = Number(new URLSearchParams(location.search).get('timeoutMs')) || undefined;

/** Asks the merchant server for a checkout of the cart: it prices the cart and answers what the widget needs. */
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

/** The last checkout answer, for a change of language. */
/** @type {any} */
let lastCheckout;

/** The widget's config for a checkout answer. */
function widgetConfig(/** @type {any} */ body) {
  lastCheckout = body;
  $('amount-due').textContent = `${formatAmount(body.amount)} ${body.currency}`;
  $('expired').hidden = true;
  $('expiring-soon').hidden = true;
  $('already-paid').hidden = true;
  const locale = chosenLocale();
  // The form's direction follows its language, whatever the page's: a French form on an Arabic page is left to right.
  $('widget').dir = localeDirection(locale);
  return {
    checkoutId: body.checkoutId,
    baseUrl: body.baseUrl,
    brands: body.brands,
    shopperResultUrl: body.shopperResultUrl,
    integrity: body.integrity,
    nonce,
    timeoutMs,
    // The time left as the server counted it: this device's clock may be off.
    expiresInMs: body.expiresInMs,
    locale,
    // The amount on the pay button: the shopper sees what will be charged.
    options: { labels: { submit: texts.payAmount(formatAmount(body.amount), body.currency) } },
    onExpired: () => {
      $('expired').hidden = false;
      $('expiring-soon').hidden = true;
    },
    onExpiringSoon: () => {
      $('expiring-soon').hidden = false;
    },
    onBeforeSubmit: () => stillPayable(body.checkoutId, body.shopperResultUrl),
  };
}

/** Shows the widget's status, its coded error and the retry button. */
function renderWidget() {
  if (!widget) return;
  const { status, error } = widget.getSnapshot();
  $('widget').dataset.wpwlStatus = status;
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
  for (const id of ['new-checkout', 'restart', 'more-time']) /** @type {HTMLButtonElement} */ ($(id)).disabled = status === 'submitting';
}

async function startPayment() {
  if (walletPaying()) return;
  $('checkout-error').textContent = '';
  /** @type {HTMLButtonElement} */ ($('checkout')).disabled = true;
  let body;
  try {
    // A checkout left with "Back to the cart" is replaced, not shown again.
    body = await requestCheckout(lastCheckout?.checkoutId);
  } catch (failure) {
    renderCart();
    throw failure;
  }
  // Not while a wallet payment the shopper started meanwhile is on its way: the card form would take its widget.
  if (walletPaying()) return renderCart();
  // One widget at a time: the wallet buttons go before the card form comes.
  removeExpress();
  $('payment').hidden = false;
  widget = createPaymentWidget(widgetConfig(body));
  widget.subscribe(renderWidget);
  renderWidget();
  widget.mount($('widget'));
  renderCart();
}

/** A new checkout for the same cart, handed to the mounted widget (after expiry, say). */
async function renewCheckout() {
  const current = widget;
  const body = await requestCheckout(lastCheckout?.checkoutId);
  // The shopper may have gone back to the cart meanwhile, or sent a payment, which keeps its widget.
  if (current && widget === current && current.getSnapshot().status !== 'submitting') current.update(widgetConfig(body));
}

function closePayment() {
  widget?.destroy();
  widget = undefined;
  $('widget').dataset.wpwlStatus = 'destroyed';
  $('payment').hidden = true;
  renderCart();
}

const showFailure = (/** @type {unknown} */ failure) => {
  $('checkout-error').textContent =
    failure instanceof ShopperNotice ? failure.message : texts.couldNotStart(failure instanceof Error ? failure.message : String(failure));
};

$('checkout').addEventListener('click', () => {
  startPayment().catch(showFailure);
});
$('retry').addEventListener('click', () => widget?.retry());
$('new-checkout').addEventListener('click', () => {
  renewCheckout().catch(showFailure);
});
$('more-time').addEventListener('click', () => {
  renewCheckout().catch(showFailure);
});
$('restart').addEventListener('click', closePayment);

/** The form's language: the shopper's choice, else their browser's first language the widget has (English otherwise). */
function chosenLocale() {
  const chosen = /** @type {HTMLSelectElement} */ ($('language')).value;
  return chosen || pageLanguage.locale;
}
// A new language re-renders the payment form in it (the same checkout; core re-mounts once).
$('language').addEventListener('change', () => {
  if (!widget || !lastCheckout) return;
  widget.update(widgetConfig(lastCheckout));
});

loadProducts().then(renderCart, (failure) => {
  $('checkout-error').textContent = texts.productsFailed(failure.message);
});
// Without the wallet settings the cart simply has no wallet buttons; the card payment stays.
fetch('/api/express')
  .then((response) => (response.ok ? response.json() : undefined))
  .then((settings) => {
    expressSettings = settings;
    // Once the catalogue is in: the cart total is priced from it.
    if (currency) renderCart();
  })
  .catch(() => undefined);
