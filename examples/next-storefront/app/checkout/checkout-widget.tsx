'use client';
// The client wrapper a Server Component page needs for callbacks: functions
// cannot cross from the server page to a client component, so this one owns
// them. It shows the widget's status in words next to the form (from
// onStatusChange) and takes every other prop, plain data, from the page.
import { useState } from 'react';
import { PaymentWidget, type PaymentWidgetProps, type WidgetStatus } from '@wpwl/react';

const STATUS_TEXT: Partial<Record<WidgetStatus, string>> = {
  ready: 'Enter your card details.',
  submitting: 'Sending your payment…',
};

export function CheckoutWidget(props: PaymentWidgetProps) {
  const [status, setStatus] = useState<WidgetStatus>('idle');
  return (
    <>
      <p id="payment-status" aria-live="polite">
        {STATUS_TEXT[status] ?? ''}
      </p>
      <PaymentWidget {...props} onStatusChange={(snapshot) => setStatus(snapshot.status)} />
    </>
  );
}
