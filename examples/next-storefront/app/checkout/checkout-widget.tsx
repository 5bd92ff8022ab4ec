'use client';
// The client wrapper a Server Component page needs for callbacks: functions
// cannot cross from the server page to a client component, so this one owns
// them. It shows the widget's status in words next to the form (from
// onStatusChange, in the words the page hands it) and takes every other
// prop, plain data, from the page.
import { useState } from 'react';
import { PaymentWidget, type PaymentWidgetProps, type WidgetStatus } from '@wpwl/react';

export type CheckoutWidgetProps = PaymentWidgetProps & {
  /** The status in words, in the page's language. */
  statusTexts: { ready: string; submitting: string };
};

export function CheckoutWidget({ statusTexts, ...props }: CheckoutWidgetProps) {
  const [status, setStatus] = useState<WidgetStatus>('idle');
  return (
    <>
      <p id="payment-status" aria-live="polite">
        {status === 'ready' || status === 'submitting' ? statusTexts[status] : ''}
      </p>
      <PaymentWidget {...props} onStatusChange={(snapshot) => setStatus(snapshot.status)} />
    </>
  );
}
