// The basket: what the shopper is about to pay for, the way to checkout, and
// the express checkout's wallet buttons (streamed in once the gateway's script
// hash is read; a client component), in the shopper's language (amounts
// written for it).
import { Suspense } from 'react';
import { BASKET, CURRENCY, basketTotal } from '../../shared/basket';
import { formatAmount } from '../../shared/shop-language';
import { requestLanguage } from '../lib/language';
import { requestOrigin } from '../lib/origin';
import { expressSettings } from '../lib/gateway';
import { ExpressCheckout } from './express-checkout';
import { CheckoutLink, WalletPaymentProvider } from './wallet-payment';

export default async function BasketPage() {
  const { language, tag, texts } = await requestLanguage();
  return (
    // The way to the card checkout is closed while a wallet pays (wallet-payment.tsx).
    <WalletPaymentProvider>
      <main>
        <h1>{texts.yourBasket}</h1>
        <ul className="cart-lines">
          {BASKET.map((line) => (
            <li key={line.names.en}>
              <span>
                {line.quantity} × {line.names[language]}
              </span>
              <span>
                {formatAmount(tag, line.price)} {CURRENCY}
              </span>
            </li>
          ))}
        </ul>
        <p>
          {texts.total} <strong id="cart-total">{formatAmount(tag, basketTotal())}</strong> {CURRENCY}
        </p>
        <CheckoutLink>{texts.goToCheckout}</CheckoutLink>
        <Suspense>
          <Express />
        </Suspense>
      </main>
    </WalletPaymentProvider>
  );
}

/** The wallet buttons, for a basket with something in it (this one always has). */
async function Express() {
  if (BASKET.length === 0) return null;
  const { language } = await requestLanguage();
  return <ExpressCheckout settings={await expressSettings()} language={language} shopperResultUrl={`${await requestOrigin()}/result`} />;
}
