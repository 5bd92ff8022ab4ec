'use client';
// The basket's express checkout, a client component (its callbacks live
// here, as the checkout page's do in checkout-widget.tsx): wallet buttons
// before any checkout exists. A press runs the Server Action that prepares the
// basket's checkout (once the terms of sale are accepted); the wallet sheet
// shows the basket's total, which that checkout must charge. The server
// renders the section with the widget's placeholder; the widget loads in the
// browser. While a wallet pays, the basket's way to the card checkout is
// closed (wallet-payment.tsx).
import { useEffect, useState } from 'react';
import { PaymentWidget } from '@wpwl/react';
import { SHOP_TEXTS, type TextLanguage } from '../../shared/shop-texts';
import type { ExpressSettings } from '../lib/gateway';
import { prepareExpressCheckout } from './express-checkout-action';
import { useWalletPayment } from './wallet-payment';

export interface ExpressCheckoutProps {
  settings: ExpressSettings;
  /** The page's language: the texts here are the client's copy of the shop's. */
  language: TextLanguage;
  /** The result page, as the card payment's. */
  shopperResultUrl: string;
}

export function ExpressCheckout({ settings, language, shopperResultUrl }: ExpressCheckoutProps) {
  const texts = SHOP_TEXTS[language];
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [message, setMessage] = useState('');
  // A wallet payment on its way closes the basket's way to the card checkout (wallet-payment.tsx), until it ends.
  const { setPaying } = useWalletPayment();
  useEffect(() => () => setPaying(false), [setPaying]);
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
        className="payment-widget"
        baseUrl={settings.baseUrl}
        brands={settings.brands}
        integrity={settings.integrity}
        amount={settings.amount}
        currency={settings.currency}
        shopperResultUrl={shopperResultUrl}
        // Read from the latest render: the box as it is at the press.
        createCheckout={({ brand }) => {
          setMessage('');
          if (termsAccepted) return prepareExpressCheckout(brand);
          // No checkout: the widget stops the payment quietly, and the button can be pressed again.
          setMessage(texts.termsFirst);
          return undefined;
        }}
        onError={(error) => setMessage(texts.formProblem(error.code, error.message))}
        onStatusChange={({ status }) => setPaying(status === 'submitting')}
        // A failed load is said in the message above (onError); the buttons come back with a retry. Its own
        // marker, not the card form's: Next keeps this page hidden, retry button included, behind the checkout page.
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
