// The checkout page, a Server Component: it prepares a checkout for the
// basket with @wpwl/server while rendering (the access token stays here) and
// hands the id, the script's integrity hash and the time left to the widget.
// Everything it passes is plain data (content included); the one callback it
// wants, the status in words, lives in a small client wrapper
// (checkout-widget.tsx). React 19 puts the widget script's preload link into
// this page's server HTML, and `serverStart` the widget itself (its form, its
// options and its script tag), so the browser runs the widget while it parses
// the page, as a hand-written page does, instead of after hydration; the
// component takes it over when the page hydrates. Its texts and amount are
// in the shopper's language (the root layout gives the widget its locale).
import Link from 'next/link';
import { connection } from 'next/server';
import { CheckoutWidget } from './checkout-widget';
import { checkoutForBasket, widgetBaseUrl } from '../../lib/gateway';
import { requestLanguage } from '../../lib/language';
import { requestOrigin } from '../../lib/origin';
import { formatAmount } from '../../../shared/shop-language';

// The checkout is in the server's first flush, not in a <Suspense> boundary
// streamed after the page's shell: React reveals a streamed boundary up to
// 300 ms after the shell, and the widget the server started would wait for
// that (and its iframes be moved). With Cache Components, per-request data
// outside <Suspense> needs this opt-out: the page may block on its checkout
// (one request to the gateway) rather than show a loading shell first.
export const instant = false;

export default async function CheckoutPage() {
  const { texts } = await requestLanguage();
  return (
    <main>
      <h1>{texts.checkout}</h1>
      <Checkout />
      <p>
        <Link id="back-to-basket" href="/">
          {texts.backToBasket}
        </Link>
      </p>
    </main>
  );
}

async function Checkout() {
  // A new checkout per visit: never prerendered or cached.
  await connection();
  const checkout = await checkoutForBasket();
  const { tag, texts } = await requestLanguage();
  return (
    <section id="payment">
      <p>
        {texts.amountDue} <strong id="amount-due">{formatAmount(tag, checkout.amount)}</strong> {checkout.currency}
      </p>
      <CheckoutWidget
        statusTexts={texts.status}
        serverStart
        className="payment-widget"
        checkoutId={checkout.checkoutId}
        integrity={checkout.integrity}
        baseUrl={widgetBaseUrl()}
        shopperResultUrl={`${await requestOrigin()}/result`}
        expiresInMs={checkout.expiresInMs}
        loadingContent={<p data-wpwl-loading>{texts.status.loading}</p>}
        errorContent={<p data-wpwl-error>{texts.formNotLoaded()}</p>}
        retryLabel={texts.tryAgain}
        expiredContent={
          <p data-wpwl-expired>
            {texts.checkoutExpired} <a href="/checkout">{texts.startNewCheckout}</a>
          </p>
        }
      />
    </section>
  );
}
