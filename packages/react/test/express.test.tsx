// Express checkout through <PaymentWidget> and usePaymentWidget in happy-dom,
// over the shared fake paymentWidgets.js: the wallet buttons' widget loaded
// without a checkout id, the merchant's createCheckout answered as the widget
// expects (a press is the widget calling wpwlOptions.createCheckout), its
// failures in onError and in the rendered state, StrictMode, and new inline
// functions.
import * as ReactModule from 'react';
import { StrictMode, useState, type ComponentType, type ReactNode } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeWidget, flush, page, type FakeWidget } from '../../core/test/support/fake-widget.js';
import { PaymentWidget, usePaymentWidget, type CreateCheckout, type PaymentWidgetProps, type WpwlError } from '../src/index.js';
import { BASE, ID, ID2, RESULT_URL } from './widget-config.js';

let fake: FakeWidget;
beforeEach(() => {
  fake = installFakeWidget();
});
afterEach(async () => {
  cleanup();
  if (vi.isFakeTimers()) await vi.runAllTimersAsync();
  vi.useRealTimers();
  await flush();
  await fake.uninstall();
  vi.restoreAllMocks();
});

/** The props of an express widget: wallets, and createCheckout in place of a checkout id. */
type ExpressProps = Extract<PaymentWidgetProps, { createCheckout: CreateCheckout }>;
const expressProps = (overrides: Partial<ExpressProps> = {}): ExpressProps => ({
  createCheckout: () => ID,
  brands: 'GOOGLEPAY PAYPAL',
  shopperResultUrl: RESULT_URL,
  baseUrl: BASE,
  ...overrides,
});
const statusOf = (container: HTMLElement) => container.querySelector('[data-wpwl-status]')?.getAttribute('data-wpwl-status');
/** Presses a wallet as the widget does: calls wpwlOptions.createCheckout with `{ brand }`; resolves to what the widget gets. */
const press = (brand = 'GOOGLEPAY'): Promise<unknown> =>
  act(() => Promise.resolve((page.wpwlOptions!.createCheckout as (json: { brand: string }) => unknown)({ brand })));
/** Presses without waiting for the answer (one that takes a while); resolves to what the widget gets. */
function startPress(brand = 'GOOGLEPAY'): Promise<unknown> {
  let answered!: Promise<unknown>;
  act(() => {
    answered = Promise.resolve((page.wpwlOptions!.createCheckout as (json: { brand: string }) => unknown)({ brand }));
  });
  return answered;
}
const finishLoad = () => act(async () => void (await fake.finishLoad()));

/** Renders an express <PaymentWidget> with an onError spy and loads it. */
async function mountExpress(overrides: Partial<ExpressProps> = {}) {
  const onError = vi.fn<(error: WpwlError) => void>();
  const rendered = render(<PaymentWidget {...expressProps({ onError, ...overrides })} />);
  await finishLoad();
  return { ...rendered, onError };
}

describe('an express <PaymentWidget>', () => {
  it('loads the widget script without a checkout id, the wallets in data-brands, the stated total for the wallet sheets', async () => {
    const { container } = render(
      <PaymentWidget {...expressProps({ brands: ['APPLEPAY', 'GOOGLEPAY'], amount: '89.8', currency: 'EUR' })} />,
    );
    expect(fake.liveScripts().map((script) => script.src)).toEqual([`${BASE}/v1/paymentWidgets.js`]);
    const form = container.querySelector<HTMLFormElement>('form.paymentWidgets')!;
    expect(form.dataset.brands).toBe('APPLEPAY GOOGLEPAY');
    expect(form.getAttribute('action')).toBe(RESULT_URL);
    expect(page.wpwlOptions).toMatchObject({ checkout: { amount: '89.80' }, applePay: { total: { amount: '89.80' } } });
    await finishLoad();
    expect(statusOf(container)).toBe('ready');
    // No checkout yet, so no expiry.
    expect(container.querySelector('[data-wpwl-status]')!.hasAttribute('data-wpwl-expiring-soon')).toBe(false);
  });

  // A jQuery deferred's then, as far as the widget uses it (untyped merchant code hands such objects over).
  const jQueryLike = (value: string) =>
    ({ then: (done: (v: string) => void) => setTimeout(() => done(value), 0) }) as unknown as PromiseLike<string>;
  it.each([
    ['an id', () => ID],
    ['a promise of an id', () => Promise.resolve(ID)],
    ['a jQuery-like thenable of an id', () => jQueryLike(ID)],
    ['a promise of a checkout with its amount', () => Promise.resolve({ id: ID, amount: '12.50', currency: 'EUR' })],
  ])('answered with %s: the widget gets the id for the pressed brand, submitting meanwhile', async (name, answer) => {
    const createCheckout = vi.fn(answer);
    const stated = name.includes('amount') ? { amount: '12.5', currency: 'EUR' } : {};
    const { container, onError } = await mountExpress({ createCheckout, ...stated });
    await expect(press('PAYPAL')).resolves.toBe(ID);
    expect(createCheckout).toHaveBeenCalledTimes(1);
    expect(createCheckout).toHaveBeenCalledWith({ brand: 'PAYPAL' });
    // The wallet sheet is up until the widget pays or the shopper closes it.
    expect(statusOf(container)).toBe('submitting');
    expect(onError).not.toHaveBeenCalled();
  });

  it('answered with nothing (terms not accepted yet): the payment stops quietly, ready again, and the next press works', async () => {
    let accepted = false;
    const { container, onError } = await mountExpress({ createCheckout: () => (accepted ? ID : undefined) });
    await expect(press()).resolves.toBeUndefined();
    expect(statusOf(container)).toBe('ready');
    expect(onError).not.toHaveBeenCalled();
    accepted = true;
    await expect(press()).resolves.toBe(ID);
  });

  it.each([
    ['a rejection', () => Promise.reject(new Error('HTTP 503')), 'CREATE_CHECKOUT_FAILED', 'HTTP 503'],
    ['a throw', () => { throw new TypeError('fetch failed'); }, 'CREATE_CHECKOUT_FAILED', 'fetch failed'], // prettier-ignore
    ['an id that breaks the id rule', () => 'abc', 'INVALID_CHECKOUT_ID', undefined],
  ])('answered with %s: reported once through onError, ready again, the next press works', async (_name, answer, code, cause) => {
    let calls = 0;
    const { container, onError } = await mountExpress({ createCheckout: () => (++calls === 1 ? answer() : ID) });
    await expect(press()).resolves.toBeUndefined();
    expect(onError).toHaveBeenCalledTimes(1);
    const [error] = onError.mock.calls[0]!;
    expect(error.code).toBe(code);
    // What the merchant's function failed with stays with the error; a bad id is named.
    if (cause) expect((error.cause as Error).message).toBe(cause);
    else expect(error.message).toContain('"abc"');
    expect(statusOf(container)).toBe('ready');
    await expect(press()).resolves.toBe(ID);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('answered too late: CREATE_CHECKOUT_TIMEOUT after createCheckoutTimeoutMs, and the late id is never paid', async () => {
    let answer!: (id: string) => void;
    const { container, onError } = await mountExpress({
      createCheckoutTimeoutMs: 5_000,
      createCheckout: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    vi.useFakeTimers();
    const answered = startPress();
    await act(() => vi.advanceTimersByTimeAsync(4_999));
    expect(onError).not.toHaveBeenCalled();
    expect(statusOf(container)).toBe('submitting');
    await act(() => vi.advanceTimersByTimeAsync(1));
    await expect(answered).resolves.toBeUndefined();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0]).toMatchObject({
      code: 'CREATE_CHECKOUT_TIMEOUT',
      message: expect.stringContaining('5000 ms'),
    });
    expect(statusOf(container)).toBe('ready');
    answer(ID);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('a new inline createCheckout on every render: no re-mount, and the newest one answers', async () => {
    function Cart({ id }: { id: string }): ReactNode {
      return <PaymentWidget {...expressProps({ createCheckout: () => id })} />;
    }
    const { container, rerender } = render(<Cart id={ID} />);
    await finishLoad();
    const unload = vi.spyOn(page.wpwl!, 'unload');
    rerender(<Cart id={ID2} />);
    await act(flush);
    await expect(press()).resolves.toBe(ID2);
    expect(fake.createdScripts()).toHaveLength(1);
    expect(unload).not.toHaveBeenCalled();
    expect(container.querySelectorAll('form.paymentWidgets')).toHaveLength(1);
  });

  it('StrictMode makes one script request and keeps the loaded widget, which answers once per press', async () => {
    const createCheckout = vi.fn(() => ID);
    const onReady = vi.fn();
    const { container } = render(
      <StrictMode>
        <PaymentWidget {...expressProps({ createCheckout, onReady })} />
      </StrictMode>,
    );
    await act(flush); // past the deferred teardown of StrictMode's simulated unmount
    expect(fake.createdScripts()).toEqual([`${BASE}/v1/paymentWidgets.js`]);
    await finishLoad();
    const unload = vi.spyOn(page.wpwl!, 'unload');
    expect(statusOf(container)).toBe('ready');
    expect(container.querySelectorAll('form.paymentWidgets')).toHaveLength(1);
    expect(onReady).toHaveBeenCalledTimes(1);
    await expect(press()).resolves.toBe(ID);
    expect(createCheckout).toHaveBeenCalledTimes(1);
    expect(unload).not.toHaveBeenCalled();
  });
});

describe('the amount rule', () => {
  /** A cart of the merchant's own: its message line shows the widget's error, as a shop renders it. */
  function Cart(props: { createCheckout: CreateCheckout; onError?: (error: WpwlError) => void }): ReactNode {
    const { ref, status, error } = usePaymentWidget({ ...expressProps(props), amount: '12.50', currency: 'EUR' });
    return (
      <section>
        <p role="alert" data-code={error?.code}>
          {error?.message}
        </p>
        <output>{status}</output>
        <div ref={ref} />
      </section>
    );
  }

  it('a checkout prepared for another amount is refused before anything is paid: onError and the rendered error say so', async () => {
    const onError = vi.fn<(error: WpwlError) => void>();
    const { container } = render(<Cart createCheckout={() => Promise.resolve({ id: ID, amount: '13.00' })} onError={onError} />);
    await finishLoad();
    await expect(press()).resolves.toBeUndefined();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]![0].code).toBe('AMOUNT_MISMATCH');
    const alert = screen.getByRole('alert');
    expect(alert.dataset.code).toBe('AMOUNT_MISMATCH');
    expect(alert.textContent).toBe(onError.mock.calls[0]![0].message);
    expect(alert.textContent).toMatch(/12\.50.*13\.00/);
    expect(container.querySelector('output')!.textContent).toBe('ready');
  });

  it('the stated amount with its currency passes; another currency is refused', async () => {
    let currency = 'SAR';
    const onError = vi.fn<(error: WpwlError) => void>();
    render(<Cart createCheckout={() => ({ id: ID, amount: '12.5', currency })} onError={onError} />);
    await finishLoad();
    await expect(press()).resolves.toBeUndefined();
    expect(screen.getByRole('alert').dataset.code).toBe('AMOUNT_MISMATCH');
    currency = 'EUR';
    await expect(press()).resolves.toBe(ID);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('a new cart total re-loads the widget with it, and the newest createCheckout is compared with it', async () => {
    function Totals(): ReactNode {
      const [amount, setAmount] = useState('12.50');
      return (
        <>
          <button type="button" onClick={() => setAmount('15.00')}>
            Add one
          </button>
          <PaymentWidget {...expressProps({ amount, createCheckout: () => ({ id: ID, amount }) })} />
        </>
      );
    }
    render(<Totals />);
    await finishLoad();
    expect(page.wpwlOptions!.checkout).toEqual({ amount: '12.50' });
    act(() => screen.getByRole('button', { name: 'Add one' }).click());
    await act(flush);
    expect(page.wpwlOptions!.checkout).toEqual({ amount: '15.00' });
    await finishLoad();
    await expect(press()).resolves.toBe(ID);
  });
});

// React 19.2's <Activity>: Next.js keeps the basket page (wallet buttons)
// hidden while the checkout page (card form) shows, and the other way round.
// The page has one widget slot: the widget shown keeps it.
const Activity = (ReactModule as { Activity?: ComponentType<{ mode: 'visible' | 'hidden'; children: ReactNode }> }).Activity;

describe.skipIf(!Activity)('an express widget and a card widget on two pages, one hidden (React 19.2+)', () => {
  const Shown = Activity!;
  const card = { checkoutId: ID2, brands: 'VISA', shopperResultUrl: RESULT_URL, baseUrl: BASE };
  const pages = (shown: 'basket' | 'checkout') => (
    <>
      <Shown mode={shown === 'basket' ? 'visible' : 'hidden'}>
        <section id="basket">
          <PaymentWidget {...expressProps()} />
        </section>
      </Shown>
      {shown === 'checkout' && (
        <Shown mode="visible">
          <section id="checkout">
            <PaymentWidget {...card} />
          </section>
        </Shown>
      )}
    </>
  );

  it('to the checkout: the card form shows and stays; the hidden basket does not take the slot back', async () => {
    const { container, rerender } = render(pages('basket'));
    await finishLoad();
    rerender(pages('checkout'));
    await act(flush);
    await act(flush);
    expect(fake.createdScripts()).toEqual([`${BASE}/v1/paymentWidgets.js`, `${BASE}/v1/paymentWidgets.js?checkoutId=${ID2}`]);
    await finishLoad();
    expect(statusOf(container.querySelector('#checkout')!)).toBe('ready');
    expect(container.querySelector('#checkout .wpwl-form-card')).not.toBeNull();
    expect(container.querySelector('#basket form')).toBeNull();
  });

  it('back to the basket: the wallet buttons load again, and the hidden checkout does not take the slot back', async () => {
    const { container, rerender } = render(pages('checkout'));
    await finishLoad();
    rerender(
      <>
        <Shown mode="visible">
          <section id="basket">
            <PaymentWidget {...expressProps()} />
          </section>
        </Shown>
        <Shown mode="hidden">
          <section id="checkout">
            <PaymentWidget {...card} />
          </section>
        </Shown>
      </>,
    );
    await act(flush);
    await act(flush);
    expect(fake.liveScripts().map((script) => script.src)).toEqual([`${BASE}/v1/paymentWidgets.js`]);
    await finishLoad();
    expect(statusOf(container.querySelector('#basket')!)).toBe('ready');
    expect(container.querySelector('#checkout form')).toBeNull();
    await expect(press()).resolves.toBe(ID);
  });
});
