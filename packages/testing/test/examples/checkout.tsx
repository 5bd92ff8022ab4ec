// The `./checkout` module the kit's React examples import: a merchant's
// checkout over @wpwl/react's <PaymentWidget> (which renders status and alert
// regions of its own), its own status line, the binding's retry, a message
// when the session expired and its own "Place order" button.
import { PaymentWidget, type PaymentWidgetHandle, type WidgetStatus } from '@wpwl/react';
import { useRef, useState } from 'react';

export function Checkout({ checkoutId = '8a8294174b7ecb28014b9699220015ca', expiresInMs }: { checkoutId?: string; expiresInMs?: number }) {
  const widget = useRef<PaymentWidgetHandle>(null);
  const [status, setStatus] = useState<WidgetStatus>('idle');
  const [expired, setExpired] = useState(false);
  return (
    <section aria-label="Payment">
      <PaymentWidget
        ref={widget}
        checkoutId={checkoutId}
        brands="VISA MASTER"
        shopperResultUrl="https://shop.example/order/result"
        baseUrl="https://eu-test.oppwa.com"
        customParameters={{ SHOPPER_orderId: 'A-1042' }}
        expiresInMs={expiresInMs}
        onStatusChange={(snapshot) => setStatus(snapshot.status)}
        onExpired={() => setExpired(true)}
        errorContent="The payment form could not be loaded."
        retryLabel="Try again"
      />
      <p role="status">{status === 'submitting' ? 'Sending your payment…' : ''}</p>
      {expired && <p role="alert">Your payment session expired.</p>}
      <button type="button" onClick={() => widget.current?.pay()}>
        Place order
      </button>
    </section>
  );
}
