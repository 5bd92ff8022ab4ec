// The checkout page, a Server Component like the storefront's: it prepares a
// checkout while rendering (in the server's first flush, `instant = false`,
// as the storefront's page) and hands its id to the merchant's own client
// component, which loads the widget once the page has hydrated.
import { connection } from 'next/server';
import { headers } from 'next/headers';
import { HandWrittenWidget } from './hand-written-widget';
import { prepareCheckout, widgetBaseUrl } from './gateway';

export const instant = false;

export default function CheckoutPage() {
  return (
    <main>
      <h1>Checkout</h1>
      <Checkout />
    </main>
  );
}

async function Checkout() {
  // A new checkout per visit: never prerendered or cached.
  await connection();
  const checkout = await prepareCheckout();
  const host = (await headers()).get('host');
  return (
    <section id="payment">
      <p>
        Amount due <strong id="amount-due">55.20</strong> EUR
      </p>
      <HandWrittenWidget
        checkoutId={checkout.id}
        integrity={checkout.integrity}
        baseUrl={widgetBaseUrl()}
        shopperResultUrl={`http://${host}/result`}
      />
    </section>
  );
}
