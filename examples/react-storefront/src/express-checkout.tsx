// The cart's express checkout: wallet buttons (Apple Pay, Google Pay, PayPal)
// before any checkout exists. A press asks the merchant server for the cart's
// checkout at that moment (once the terms of sale are accepted); the wallet
// sheet shows the cart's total, which that checkout must charge.
import { useState } from 'react';
import { PaymentWidget, type WidgetStatus } from '@wpwl/react';
import { createExpressCheckout, type ExpressSettings } from '../../shared/shop-api.js';
import { cartKey } from '../../shared/cart-storage.js';
import { useLanguage } from './language.js';

export interface ExpressCheckoutProps {
  /** What the wallet buttons need from the merchant server (`GET /api/express`). */
  settings: ExpressSettings;
  cart: ReadonlyMap<string, number>;
  /** The cart's total as the server prices it, two decimals (`89.80`), and its currency. */
  amount: string;
  currency: string;
  /** The result page's path, as the card payment's. */
  resultPath: string;
  /** The wallet widget's status: `submitting` from a press until the sheet is closed or the payment answered. */
  onStatusChange?: (status: WidgetStatus) => void;
}

export function ExpressCheckout({ settings, cart, amount, currency, resultPath, onStatusChange }: ExpressCheckoutProps) {
  const { locale, texts } = useLanguage();
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [message, setMessage] = useState('');
  return (
    <section id="express-checkout" aria-labelledby="express-checkout-title">
      <h2 id="express-checkout-title">{texts.expressCheckout}</h2>
      <p>{texts.expressHint}</p>
      <p>
        <input type="checkbox" id="express-terms" checked={termsAccepted} onChange={(event) => setTermsAccepted(event.target.checked)} />{' '}
        <label htmlFor="express-terms">{texts.acceptTerms}</label>
      </p>
      <p id="express-message" className="error" role="alert">
        {message}
      </p>
      <PaymentWidget
        className="widget"
        baseUrl={settings.baseUrl}
        brands={settings.brands}
        integrity={settings.integrity}
        amount={amount}
        currency={currency}
        locale={locale}
        shopperResultUrl={new URL(resultPath, location.href).href}
        // Read from the latest render: the cart and the box as they are at the press.
        createCheckout={({ brand }) => {
          setMessage('');
          if (termsAccepted) return createExpressCheckout(cart, resultPath, cartKey(), brand);
          // No checkout: the widget stops the payment quietly, and the button can be pressed again.
          setMessage(texts.termsFirst);
          return undefined;
        }}
        onError={(error) => setMessage(texts.formProblem(error.code, error.message))}
        onStatusChange={({ status }) => onStatusChange?.(status)}
        // A failed load is said in the message above (onError); the buttons come back with a retry (its own
        // marker: `data-wpwl-retry` is the card form's).
        fallback={({ status, retry }) =>
          status === 'error' ? (
            <button type="button" data-express-retry onClick={retry}>
              {texts.tryAgain}
            </button>
          ) : (
            <p className="status">{texts.status.loading}</p>
          )
        }
      />
    </section>
  );
}
