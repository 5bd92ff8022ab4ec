// The kit as a React merchant uses it: a checkout component written over
// @wpwl/react, tested with Testing Library by what the shopper sees
// (accessible names), the fake widget driven through @wpwl/testing/react so
// every change is rendered inside act and React warns about nothing.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { PaymentWidget, usePaymentWidget } from '@wpwl/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeWidget, type FakeWidget } from '../src/react.js';

const BASE = 'https://test.gateway.example';
const ID = '8a8294174b7ecb28014b9699220015ca';
const RESULT_URL = 'https://shop.example/result';

/** A merchant's checkout: the widget, its status in words, a retry, and the merchant's own "Place order" button. */
function Checkout({ expiresInMs }: { expiresInMs?: number }) {
  const [message, setMessage] = useState('');
  const { ref, status, error, retry, pay } = usePaymentWidget({
    checkoutId: ID,
    brands: 'VISA MASTER',
    shopperResultUrl: RESULT_URL,
    baseUrl: BASE,
    expiresInMs,
    options: { labels: { submit: 'Pay 12.00 EUR' } },
    onExpired: () => setMessage('Your payment session expired.'),
  });
  return (
    <section aria-label="Payment">
      <div ref={ref} />
      <p role="status">{status === 'submitting' ? 'Sending your payment…' : status === 'ready' ? 'Enter your card details.' : ''}</p>
      {status === 'error' && error?.code !== 'CHECKOUT_EXPIRED' && (
        <p role="alert">
          The payment form could not be loaded.{' '}
          <button type="button" onClick={retry}>
            Try again
          </button>
        </p>
      )}
      {message && <p role="alert">{message}</p>}
      <button type="button" onClick={() => pay()}>
        Place order
      </button>
    </section>
  );
}

let widget: FakeWidget;
let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  widget = installFakeWidget();
  consoleError = vi.spyOn(console, 'error');
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await widget.uninstall();
  // No "not wrapped in act(...)" warning, nor any other.
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});

describe('a React checkout, tested with the fake widget', () => {
  it('shows the card form by its accessible names once the widget is ready', async () => {
    render(<Checkout />);
    expect(screen.queryByRole('textbox', { name: 'Card Number' })).toBeNull();
    await widget.ready();
    expect(screen.getByRole('status').textContent).toBe('Enter your card details.');
    for (const name of ['Card Number', 'Expiry Date', 'Card holder', 'CVV']) expect(screen.getByRole('textbox', { name })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Brand' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay 12.00 EUR' })).toBeTruthy();
  });

  it('an approved payment from the widget: the page says it is sending, the shopper goes to the result URL', async () => {
    render(<Checkout />);
    await widget.ready();
    fireEvent.change(screen.getByRole('textbox', { name: 'Card holder' }), { target: { value: 'Jane Jones' } });
    const payment = await widget.submit();
    expect(screen.getByRole('status').textContent).toBe('Sending your payment…');
    expect(payment).toMatchObject({ outcome: 'approved', fields: { 'card.holder': 'Jane Jones' } });
    expect(payment!.resultUrl).toBe(`${RESULT_URL}?id=${ID}&resourcePath=%2Fv1%2Fcheckouts%2F${ID}%2Fpayment`);
  });

  it('a declined test card typed by the shopper, paid with the pay button', async () => {
    render(<Checkout />);
    await widget.ready();
    fireEvent.change(screen.getByRole('textbox', { name: 'Card Number' }), { target: { value: '4000 0000 0000 0002' } });
    const next = widget.nextPayment();
    fireEvent.click(screen.getByRole('button', { name: 'Pay 12.00 EUR' }));
    await expect(next).resolves.toMatchObject({ outcome: 'declined', resultCode: '800.100.151' });
  });

  it("pay() from the merchant's own button", async () => {
    render(<Checkout />);
    await widget.ready();
    const next = widget.nextPayment();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await expect(next).resolves.toMatchObject({ outcome: 'approved' });
    expect(screen.getByRole('status').textContent).toBe('Sending your payment…');
  });

  it('a load failure shows the retry; retry loads the widget again', async () => {
    render(<Checkout />);
    await widget.failLoad();
    expect(screen.getByRole('alert').textContent).toContain('could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await widget.ready();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Card Number' })).toBeTruthy();
    expect(widget.requests()).toHaveLength(2);
  });

  it('the checkout expires with fake timers: the form goes and the page says so', async () => {
    vi.useFakeTimers();
    render(<Checkout expiresInMs={10 * 60_000} />);
    await widget.ready();
    await widget.act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(screen.getByRole('alert').textContent).toBe('Your payment session expired.');
    expect(screen.queryByRole('textbox', { name: 'Card Number' })).toBeNull();
  });

  it('3-D Secure: the issuer frame is shown by its title, then the shopper goes on', async () => {
    render(<PaymentWidget checkoutId={ID} brands="VISA" shopperResultUrl={RESULT_URL} baseUrl={BASE} />);
    await widget.ready();
    await widget.submit({ outcome: '3ds' });
    expect(screen.getByTitle('3-D Secure')).toBeTruthy();
    await expect(widget.completeThreeDSecure({ pass: false })).resolves.toMatchObject({ resultCode: '100.380.401' });
  });
});
