// The checkout page, a Server Component: it prepares a checkout for the
// basket with @wpwl/server while rendering (the access token stays here) and
// hands the id, the script's integrity hash and the time left to the widget.
// Everything it passes is plain data (content included); the one callback it
// wants, the status in words, lives in a small client wrapper
// (checkout-widget.tsx). React 19 puts the widget script's preload link into
// this page's server HTML, so the browser fetches the script while the page's
// own JavaScript still loads.
import { Suspense } from 'react';
import Link from 'next/link';
import { headers } from 'next/headers';
import { connection } from 'next/server';
import { CheckoutWidget } from './checkout-widget';
import { checkoutForBasket, widgetBaseUrl } from '../../lib/gateway';

export default function CheckoutPage() {
  return (
    <main>
      <h1>Checkout</h1>
      <Suspense fallback={<p>Preparing your checkout…</p>}>
        <Checkout />
      </Suspense>
      <p>
        <Link id="back-to-basket" href="/">
          Back to the basket
        </Link>
      </p>
    </main>
  );
}

async function Checkout() {
  // A new checkout per visit: never prerendered or cached.
  await connection();
  const checkout = await checkoutForBasket();
  return (
    <section id="payment">
      <p>
        Amount due: <strong id="amount-due">{checkout.amount}</strong> {checkout.currency}
      </p>
      <CheckoutWidget
        className="payment-widget"
        checkoutId={checkout.checkoutId}
        integrity={checkout.integrity}
        baseUrl={widgetBaseUrl()}
        shopperResultUrl={`${await origin()}/result`}
        expiresInMs={checkout.expiresInMs}
        loadingContent={<p data-wpwl-loading>Loading the payment form…</p>}
        errorContent={<p data-wpwl-error>The payment form could not be loaded.</p>}
        retryLabel="Try again"
        expiredContent={
          <p data-wpwl-expired>
            This checkout has expired. <a href="/checkout">Start a new checkout</a>
          </p>
        }
      />
    </section>
  );
}

/** This shop's origin as the shopper reached it, for the result URL the gateway sends them back to. */
async function origin(): Promise<string> {
  const list = await headers();
  const host = list.get('x-forwarded-host') ?? list.get('host');
  const proto = list.get('x-forwarded-proto') ?? 'http';
  return process.env.PUBLIC_URL?.replace(/\/$/, '') ?? `${proto}://${host}`;
}
