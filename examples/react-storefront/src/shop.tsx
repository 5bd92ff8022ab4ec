// The shop page: the server's products, a cart of product ids and quantities
// with its express checkout (wallet buttons), and — once the merchant server
// has prepared a checkout for the cart — the payment widget.
import { useEffect, useRef, useState } from 'react';
import { PaymentWidget, type WidgetStatus } from '@wpwl/react';
import {
  ShopError,
  createCheckout,
  getExpressSettings,
  getProducts,
  isStillPayable,
  type Checkout,
  type ExpressSettings,
  type Product,
} from '../../shared/shop-api.js';
import { orderPageUrl } from '../../shared/result-view.js';
import { cartKey, clearCart, loadCart, saveCart } from '../../shared/cart-storage.js';
import { formatAmount } from '../../shared/shop-language.js';
import { useLanguage } from './language.js';
import { ExpressCheckout } from './express-checkout.js';

/** "12.90" → 1290; display arithmetic only, the server computes the amount charged. */
const toMinor = (price: string) => {
  const [whole = '0', cents = '0'] = price.split('.');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
};
const fromMinor = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** The result page, for the card payment and the wallets alike. */
const RESULT_PATH = `${import.meta.env.BASE_URL}result`;

// A load timeout for this page, e.g. `?timeoutMs=1500`; without it the widget's default applies.
const timeoutMs = Number(new URLSearchParams(location.search).get('timeoutMs')) || undefined;

/**
 * A "save my card" box in the widget's card form, as store plugins add it in
 * onReady: the widget sends a ticked box with the payment
 * (createRegistration=true), the gateway stores the card, and the merchant
 * server offers it on this shopper's next checkout (one-click).
 */
function addSaveCardBox(paymentForms: unknown, text: string) {
  const forms = Array.isArray(paymentForms) ? (paymentForms as HTMLFormElement[]) : [];
  const form = forms.find((candidate) => candidate.classList.contains('wpwl-form-card'));
  if (!form || form.querySelector('input[name="createRegistration"]')) return;
  const label = document.createElement('label');
  label.className = 'save-card';
  const box = label.appendChild(document.createElement('input'));
  box.type = 'checkbox';
  box.name = 'createRegistration';
  box.value = 'true';
  label.append(` ${text}`);
  form.insertBefore(label, form.querySelector('.wpwl-group-submit'));
}

export function ShopPage() {
  const { language, tag, texts } = useLanguage();
  const amount = (value: string) => formatAmount(tag, value);
  const [catalogue, setCatalogue] = useState<{ products: Product[]; currency: string }>();
  // Kept in this tab, so a shopper back from a declined payment finds the same cart.
  const [cart, setCart] = useState<ReadonlyMap<string, number>>(loadCart);
  useEffect(() => saveCart(cart), [cart]);
  const [checkout, setCheckout] = useState<Checkout>();
  // The checkout shown last (also one left with "Back to the cart"): a new one replaces it.
  const lastCheckoutId = useRef<string>(undefined);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [status, setStatus] = useState<WidgetStatus>('idle');
  // The status as the widget last reported it, for a checkout answer that arrives later.
  const latestStatus = useRef(status);
  // The wallet widget's status: `submitting` while a wallet payment is on its way (the sheet up, the payment sent).
  const [expressStatus, setExpressStatus] = useState<WidgetStatus>('idle');
  const latestExpressStatus = useRef(expressStatus);
  const [expired, setExpired] = useState(false);
  const [expiringSoon, setExpiringSoon] = useState(false);
  /** The checkout was paid meanwhile (in another tab): where to see the order. */
  const [paidElsewhere, setPaidElsewhere] = useState<string>();
  /** What the cart's wallet buttons need; without it (the server offers none) the cart has none. */
  const [express, setExpress] = useState<ExpressSettings>();

  useEffect(() => {
    let current = true;
    getExpressSettings().then(
      (answer) => current && setExpress(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    let current = true;
    getProducts(language).then(
      (answer) => current && setCatalogue(answer),
      (error: Error) => current && setProblem(texts.productsFailed(error.message)),
    );
    return () => {
      current = false;
    };
  }, [language, texts]);

  const products = new Map(catalogue?.products.map((product) => [product.id, product]));
  const change = (id: string, quantity: number) =>
    setCart((previous) => {
      const next = new Map(previous);
      if (quantity > 0) next.set(id, quantity);
      else next.delete(id);
      return next;
    });
  let total = 0;
  for (const [id, quantity] of cart) total += toMinor(products.get(id)?.price ?? '0') * quantity;

  async function pay() {
    setBusy(true);
    setProblem(undefined);
    try {
      // A new checkout for the same cart (also after expiry) goes to the same widget, which loads it;
      // not while a payment the shopper sent meanwhile is on its way.
      const next = await createCheckout(cart, RESULT_PATH, cartKey(), lastCheckoutId.current);
      if (latestStatus.current === 'submitting') return;
      // Nor while a wallet payment is on its way: the card payment would take its widget away.
      if (latestExpressStatus.current === 'submitting') return;
      lastCheckoutId.current = next.checkoutId;
      setCheckout(next);
      setExpired(false);
      setExpiringSoon(false);
    } catch (error) {
      if (error instanceof ShopError && error.code === 'CART_ALREADY_PAID') {
        // Paid in another tab: this cart is done; the next one starts empty.
        clearCart();
        setCart(new Map());
        setProblem(texts.alreadyPaid);
        return;
      }
      if (error instanceof ShopError && error.code === 'PAYMENT_BEING_CONFIRMED') {
        // A payment for this cart is being confirmed: no second checkout (it could charge twice).
        // The cart stays: should that payment be declined, the same cart is paid again.
        setProblem(texts.paymentBeingConfirmed);
        return;
      }
      if (error instanceof ShopError && error.code === 'TOO_MANY_OPEN_CHECKOUTS') {
        // Each open checkout may have been paid in another tab, and the shop reads them all first: the cart stays.
        setProblem(texts.tooManyCheckouts);
        return;
      }
      setProblem(texts.couldNotStart((error as Error).message));
    } finally {
      setBusy(false);
    }
  }

  // The checkout was priced for this cart: the cart is locked while it is open, and while a wallet pays it
  // (a changed cart or the card payment would take the wallet's widget away, and with it the shopper's way
  // to the result page).
  const locked = checkout !== undefined || expressStatus === 'submitting';
  // A payment on its way must not lose its widget: the gateway may charge the
  // card, and only the widget's redirect brings the shopper to the result.
  const sending = status === 'submitting';
  return (
    <>
      <section aria-labelledby="products-title">
        <h2 id="products-title">{texts.products}</h2>
        <ul className="products">
          {catalogue?.products.map((product) => (
            <li key={product.id}>
              <span>
                {product.name} · {amount(product.price)} {catalogue.currency}
                <small>{product.description}</small>
              </span>
              <button
                type="button"
                data-product-id={product.id}
                aria-label={texts.addToCartNamed(product.name)}
                disabled={locked}
                onClick={() => change(product.id, (cart.get(product.id) ?? 0) + 1)}
              >
                {texts.addToCart}
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="cart-title">
        <h2 id="cart-title">{texts.cart}</h2>
        {cart.size === 0 && <p>{texts.cartEmpty}</p>}
        <ul className="cart-lines">
          {[...cart].map(([id, quantity]) => (
            <li key={id} data-product-id={id}>
              <span>
                {quantity} × {products.get(id)?.name}
              </span>
              <button type="button" className="secondary" disabled={locked} onClick={() => change(id, 0)}>
                {texts.remove}
              </button>
            </li>
          ))}
        </ul>
        <p className="total">
          {texts.total} <output id="cart-total">{amount(fromMinor(total))}</output> {catalogue?.currency}
        </p>
        <button type="button" id="checkout" data-wpwl-checkout disabled={cart.size === 0 || busy || locked} onClick={() => void pay()}>
          {texts.goToPayment}
        </button>
        {/* In the page before any text, so that screen readers announce what arrives. */}
        <p id="checkout-error" className="error" role="alert">
          {problem}
        </p>
      </section>

      {/* The cart's wallet buttons, until the shopper goes to the card payment: the page has one widget. */}
      {!checkout && express && catalogue && cart.size > 0 && (
        <ExpressCheckout
          settings={express}
          cart={cart}
          amount={fromMinor(total)}
          currency={catalogue.currency}
          resultPath={RESULT_PATH}
          onStatusChange={(next) => {
            latestExpressStatus.current = next;
            setExpressStatus(next);
          }}
        />
      )}

      {checkout && (
        <section aria-labelledby="payment-title">
          <h2 id="payment-title">{texts.payment}</h2>
          <p>
            {texts.amountDue}{' '}
            <strong id="amount-due">
              {amount(checkout.amount)} {checkout.currency}
            </strong>
          </p>
          <PaymentWidget
            className="widget"
            checkoutId={checkout.checkoutId}
            baseUrl={checkout.baseUrl}
            brands={checkout.brands}
            shopperResultUrl={checkout.shopperResultUrl}
            integrity={checkout.integrity}
            expiresInMs={checkout.expiresInMs}
            options={{
              labels: { submit: texts.payAmount(amount(checkout.amount), checkout.currency) },
              // A stored card (offered when this shopper saved one) is paid with its CVV.
              registrations: { requireCvv: true },
              onReady: (paymentForms?: unknown) => addSaveCardBox(paymentForms, texts.saveCard),
            }}
            customParameters={{ SHOPPER_orderId: checkout.orderId }}
            timeoutMs={timeoutMs}
            onStatusChange={({ status: next }) => {
              latestStatus.current = next;
              setStatus(next);
            }}
            onExpired={() => setExpired(true)}
            onExpiringSoon={() => setExpiringSoon(true)}
            onBeforeSubmit={async () => {
              if (await isStillPayable(checkout.checkoutId)) return true;
              setPaidElsewhere(orderPageUrl(checkout));
              return false;
            }}
            fallback={({ status: current, error, retry }) =>
              current === 'error' ? (
                <p className="error" data-wpwl-error-code={error?.code}>
                  {texts.formNotLoaded(error?.message)}{' '}
                  <button type="button" data-wpwl-retry onClick={retry}>
                    {texts.tryAgain}
                  </button>
                </p>
              ) : current === 'expired' ? (
                <p className="error" data-wpwl-error-code={error?.code}>
                  {texts.sessionExpired}
                </p>
              ) : (
                <p className="status">{texts.status.loading}</p>
              )
            }
          />
          <p id="widget-status" className="status" aria-live="polite">
            {status === 'ready' || status === 'submitting' ? texts.status[status] : ''}
          </p>
          {paidElsewhere && (
            <p className="error" role="alert" data-wpwl-already-paid>
              {texts.alreadyPaid} <a href={paidElsewhere}>{texts.seeYourOrder}</a>
            </p>
          )}
          {expiringSoon && !expired && !sending && (
            <p className="warning" role="status" data-wpwl-expiry-warning>
              {texts.endsSoon}{' '}
              <button type="button" data-wpwl-more-time disabled={busy} onClick={() => void pay()}>
                {texts.moreTime}
              </button>
            </p>
          )}
          {expired && (
            <p className="error" data-wpwl-expired>
              {texts.expiredGetNew}
            </p>
          )}
          <button type="button" data-wpwl-new-checkout disabled={busy || sending} onClick={() => void pay()}>
            {texts.newSession}
          </button>{' '}
          <button type="button" className="secondary" data-wpwl-cancel disabled={sending} onClick={() => setCheckout(undefined)}>
            {texts.backToCart}
          </button>
        </section>
      )}
    </>
  );
}
