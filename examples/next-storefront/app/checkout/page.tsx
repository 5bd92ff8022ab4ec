// The checkout page, a Server Component: it prepares a checkout for the
// basket with @wpwl/server while rendering (the access token stays here) and
// hands the id, the script's integrity hash and the time left to the widget.
// Everything it passes is plain data (content included); the one callback it
// wants, the status in words, lives in a small client wrapper
// (checkout-widget.tsx). React 19 puts the widget script's preload link into
// this page's server HTML, and `serverStart` the widget itself (its form, its
// options and its script tag), so the browser runs the widget while it parses
// the page, as a hand-written page does, instead of after hydration; the
// component takes it over when the page hydrates.
import Link from 'next/link';
import { headers } from 'next/headers';
import { connection } from 'next/server';
import { CheckoutWidget } from './checkout-widget';
import { checkoutForBasket, widgetBaseUrl } from '../../lib/gateway';

// The checkout is in the server's first flush, not in a <Suspense> boundary
// streamed after the page's shell: React reveals a streamed boundary up to
// 300 ms after the shell, and the widget the server started would wait for
// that (and its iframes be moved). With Cache Components, per-request data
// outside <Suspense> needs this opt-out: the page may block on its checkout
// (one request to the gateway) rather than show a loading shell first.
export const instant = false;

export default function CheckoutPage() {
  return (
    <main>
      <h1>Checkout</h1>
      <Checkout />
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
        serverStart
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
