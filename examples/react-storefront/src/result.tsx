// The page the shopper returns to after paying: the resourcePath is taken
// from this URL and checked by @wpwl/core, then the merchant server reads and
// verifies the payment; the page shows success or the classified failure.
import { useEffect, useState } from 'react';
import { readShopperResult } from '@wpwl/core';
import { getPaymentStatus, type PaymentStatus } from '../../shared/shop-api.js';

/** What a shopper should read for each group of result codes. */
const EXPLANATIONS: Record<string, string> = {
  successNeedsReview: 'Your payment went through and is being reviewed; we will confirm your order shortly.',
  pending: 'Your payment is still being processed. This page updates in a moment.',
  pendingMayChange: 'Your payment is pending and may take a few days to complete.',
  rejectedBank: 'Your bank declined the payment. Try another card.',
  rejected3DSecure: 'The card authentication (3-D Secure) did not succeed.',
  rejected3DSecureRisk: 'The payment was refused by the card authentication or a risk check.',
  softDecline: 'Your bank asks for additional authentication. Please try again.',
  rejectedCommunication: 'The payment could not reach the bank. Please try again.',
  systemError: 'The payment service had a problem. Please try again later.',
  throttled: 'The payment service is busy. Please try again in a minute.',
  blacklist: 'This payment was refused.',
  formatValidation: 'The payment details were not accepted.',
};
const PENDING = new Set(['pending', 'pendingMayChange']);
const POLLS = 5;
const POLL_INTERVAL_MS = 3000;

interface View {
  state: 'loading' | 'pending' | 'success' | 'failure';
  title: string;
  detail: string;
  mismatches?: PaymentStatus['mismatches'];
}

function describe(status: PaymentStatus): View {
  if (status.ok) {
    const review = status.needsReview ? ` ${EXPLANATIONS.successNeedsReview}` : '';
    return {
      state: 'success',
      title: 'Thank you, your payment is confirmed',
      detail: `Order ${status.orderId}: ${status.amount} ${status.currency} paid (${status.code}).${review}`,
    };
  }
  const reason = EXPLANATIONS[status.classification] ?? 'The payment did not go through.';
  const description = status.description ? `: ${status.description}` : '';
  return {
    state: 'failure',
    title: 'Your payment did not go through',
    detail: `${reason} (${status.classification}, ${status.code}${description})`,
    mismatches: status.mismatches,
  };
}

export function ResultPage() {
  const [view, setView] = useState<View>({ state: 'loading', title: 'Checking your payment…', detail: '' });

  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = (next: View) => current && setView(next);
    async function check(attempt: number) {
      let resourcePath: string;
      try {
        ({ resourcePath } = readShopperResult(location.href));
      } catch (error) {
        return show({ state: 'failure', title: 'No payment to show', detail: `This address does not carry a payment result (${(error as Error).message}).` });
      }
      let status: PaymentStatus;
      try {
        status = await getPaymentStatus(resourcePath);
      } catch (error) {
        return show({ state: 'failure', title: 'We could not check your payment', detail: (error as Error).message });
      }
      if (PENDING.has(status.classification) && attempt < POLLS) {
        show({ state: 'pending', title: 'Your payment is being processed', detail: EXPLANATIONS[status.classification] ?? '' });
        if (current) timer = setTimeout(() => void check(attempt + 1), POLL_INTERVAL_MS);
        return;
      }
      show(describe(status));
    }
    void check(0);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, []);

  return (
    <section id="result" data-state={view.state} aria-labelledby="result-title" aria-live="polite">
      <h2 id="result-title">{view.title}</h2>
      <p id="result-detail">{view.detail}</p>
      {view.mismatches && view.mismatches.length > 0 && (
        <ul className="error">
          {view.mismatches.map((m) => (
            <li key={m.field}>
              {m.field}: expected {m.expected}, got {m.actual ?? 'nothing'}
            </li>
          ))}
        </ul>
      )}
      <p>
        <a href={import.meta.env.BASE_URL}>Back to the shop</a>
      </p>
    </section>
  );
}
