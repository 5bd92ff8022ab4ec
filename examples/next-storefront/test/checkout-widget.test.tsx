// The Next.js storefront's checkout client component (app/checkout/
// checkout-widget.tsx, the client wrapper around @wpwl/react's
// <PaymentWidget>) as a merchant tests it: rendered with Testing Library
// inside the root layout's <WpwlProvider> (its brands and locale) with the
// props the checkout page gives it (both Server Components, not rendered
// here), the payment widget faked by @wpwl/testing, everything found by what
// the shopper reads. Covers the status in words next to the form, the
// layout's brands offered, the payment and where it sends the shopper, a
// declined card, a widget that fails to load and its retry, and a checkout
// that runs out (fake timers).
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { WpwlProvider } from '@wpwl/react';
import { installFakeWidget, type FakeWidget } from '@wpwl/testing/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENGLISH } from '../../shared/shop-language';
import { CHECKOUT_ID, paidResultUrl } from '../../shared/test-support';
import { CheckoutWidget } from '../app/checkout/checkout-widget';

const { texts } = ENGLISH;
const RESULT_URL = 'http://127.0.0.1:3000/result';

/** The checkout widget as the checkout page renders it in the root layout, for a checkout with `expiresInMs` left. */
function renderCheckout(expiresInMs = 30 * 60_000) {
  return render(
    <WpwlProvider brands="VISA MASTER AMEX" locale={ENGLISH.locale}>
      <CheckoutWidget
        statusTexts={texts.status}
        serverStart
        className="payment-widget"
        checkoutId={CHECKOUT_ID}
        baseUrl="http://127.0.0.1:8080"
        shopperResultUrl={RESULT_URL}
        expiresInMs={expiresInMs}
        loadingContent={<p data-wpwl-loading>{texts.status.loading}</p>}
        errorContent={<p data-wpwl-error>{texts.formNotLoaded()}</p>}
        retryLabel={texts.tryAgain}
        expiredContent={
          <p data-wpwl-expired>
            {texts.checkoutExpired} <a href="/checkout">{texts.startNewCheckout}</a>
          </p>
        }
      />
    </WpwlProvider>,
  );
}

let widget: FakeWidget;
beforeEach(() => {
  widget = installFakeWidget();
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await widget.uninstall();
});

describe('Next.js storefront: the checkout widget', () => {
  it('says what the form is doing, in words, and sends the shopper to the result page after paying', async () => {
    renderCheckout();
    expect(screen.getByText('Loading the payment form…')).toBeTruthy();
    await widget.ready();
    expect(screen.queryByText('Loading the payment form…')).toBeNull();
    expect(screen.getByText('Enter your card details.')).toBeTruthy();
    // The brands the layout sets for every widget of the shop.
    const brands = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Brand' });
    expect([...brands.options].map((option) => option.value)).toEqual(['VISA', 'MASTER', 'AMEX']);
    fireEvent.change(screen.getByRole('textbox', { name: 'Card holder' }), { target: { value: 'Jane Jones' } });

    const payment = await widget.submit();
    expect(payment?.fields['card.holder']).toBe('Jane Jones');
    expect(payment?.resultUrl).toBe(paidResultUrl(RESULT_URL, CHECKOUT_ID));
    expect(screen.getByText('Sending your payment…')).toBeTruthy();
    expect(screen.queryByText('Enter your card details.')).toBeNull();
  });

  it('a declined card goes to the result page too, which asks the server how the payment went', async () => {
    renderCheckout();
    await widget.ready();
    fireEvent.change(screen.getByRole('textbox', { name: 'Card Number' }), { target: { value: '4000 0000 0000 0002' } });
    const payment = await widget.submit();
    expect(payment?.outcome).toBe('declined');
    expect(payment?.resultUrl).toContain(`${RESULT_URL}?id=${CHECKOUT_ID}`);
    // Nothing here says declined: the result page asks the server, which asks the gateway.
    expect(screen.getByText('Sending your payment…')).toBeTruthy();
  });

  it('a payment form that did not load says so; "Try again" loads it', async () => {
    renderCheckout();
    await widget.failLoad();
    expect(screen.getByText('The payment form could not be loaded.')).toBeTruthy();
    expect(screen.queryByText('Enter your card details.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await widget.ready();
    expect(screen.queryByText('The payment form could not be loaded.')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Card Number' })).toBeTruthy();
    expect(screen.getByText('Enter your card details.')).toBeTruthy();
  });

  it('a checkout that runs out takes the form away and links to a new checkout', async () => {
    vi.useFakeTimers();
    renderCheckout(10 * 60_000);
    await widget.ready();
    await widget.act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(screen.getByText('This checkout has expired.', { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start a new checkout' }).getAttribute('href')).toBe('/checkout');
    expect(screen.queryByRole('textbox', { name: 'Card Number' })).toBeNull();
    expect(screen.queryByText('Enter your card details.')).toBeNull();
  });
});
