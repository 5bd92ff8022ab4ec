// <PaymentWidget>, usePaymentWidget and <WpwlProvider> in happy-dom, over the
// shared fake paymentWidgets.js: what a React app would notice (script
// requests, re-mounts, leftovers, fallback and retry, provider defaults).
import * as ReactModule from 'react';
import { StrictMode, useLayoutEffect, useState, version as reactVersion, type ComponentType, type ReactNode } from 'react';
import { version as reactDomVersion } from 'react-dom';
import { hydrateRoot, type HydrationOptions, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeWidget, flush, page, type FakeWidget } from '../../core/test/support/fake-widget.js';
import { NOT_PLAIN_RECORDS } from '../../core/test/support/config-samples.js';
import type { CustomParameters } from '@wpwl/core';
import { PaymentWidget, usePaymentWidget, WpwlProvider, type PaymentWidgetProps } from '../src/index.js';
import { BASE, EXPECTED_REACT_MAJOR, ID, ID2, RESULT_URL } from './widget-config.js';

let fake: FakeWidget;
beforeEach(() => {
  fake = installFakeWidget();
});
afterEach(async () => {
  cleanup();
  await flush();
  const links = document.querySelectorAll('link').length;
  await fake.uninstall();
  // Unmounted means gone: the widget script's preload link too.
  expect(links).toBe(0);
});

/** The props of a widget for a checkout prepared beforehand (not express checkout). */
type CardProps = Extract<PaymentWidgetProps, { checkoutId: string }>;
const props = (overrides: Partial<CardProps> = {}): CardProps => ({
  checkoutId: ID,
  brands: ['VISA', 'MASTER'],
  shopperResultUrl: RESULT_URL,
  baseUrl: BASE,
  ...overrides,
});
const preloads = () => [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => link.href);
const statusOf = (container: HTMLElement) => container.querySelector('[data-wpwl-status]')?.getAttribute('data-wpwl-status');
/** Runs the fake widget's load inside act, so React sees the status changes. */
const finishLoad = async () => {
  let loaded!: Awaited<ReturnType<FakeWidget['finishLoad']>>;
  await act(async () => {
    loaded = await fake.finishLoad();
  });
  return loaded;
};

it(`runs against React ${EXPECTED_REACT_MAJOR}`, () => {
  expect(reactVersion.split('.')[0]).toBe(EXPECTED_REACT_MAJOR);
  expect(reactDomVersion.split('.')[0]).toBe(EXPECTED_REACT_MAJOR);
});

describe('<PaymentWidget>', () => {
  it('renders the form, loads the script once and becomes ready', async () => {
    const onReady = vi.fn();
    const { container } = render(<PaymentWidget {...props({ onReady, className: 'pay' })} fallback="Loading…" />);
    expect(statusOf(container)).toBe('loading');
    expect(screen.getByText('Loading…')).toBeTruthy();
    const form = container.querySelector<HTMLFormElement>('.pay form.paymentWidgets')!;
    expect(form.getAttribute('action')).toBe(RESULT_URL);
    expect(form.dataset.brands).toBe('VISA MASTER');
    expect(fake.liveScripts().map((s) => s.src)).toEqual([`${BASE}/v1/paymentWidgets.js?checkoutId=${ID}`]);

    await finishLoad();
    expect(statusOf(container)).toBe('ready');
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(container.querySelector('.wpwl-form-card')).not.toBeNull();
    expect(onReady).toHaveBeenCalledTimes(1);
  });

  it('starts the script download during the first render and mounts in the commit, before any effect runs', async () => {
    const seen: { inRender?: string[]; inLayoutEffect?: number } = {};
    function After(): ReactNode {
      // Rendered after <PaymentWidget>; its layout effect runs after the widget element was attached.
      seen.inRender ??= preloads();
      useLayoutEffect(() => {
        seen.inLayoutEffect ??= fake.liveScripts().length;
      });
      return null;
    }
    render(
      <>
        <PaymentWidget {...props()} />
        <After />
      </>,
    );
    expect(seen.inRender).toEqual([`${BASE}/v1/paymentWidgets.js?checkoutId=${ID}`]);
    expect(seen.inLayoutEffect).toBe(1);
    expect(fake.createdScripts()).toHaveLength(1);
    await finishLoad();
  });

  it('StrictMode makes exactly one script request per mount and keeps the loaded widget', async () => {
    const onReady = vi.fn();
    const { container } = render(
      <StrictMode>
        <PaymentWidget {...props({ onReady })} />
      </StrictMode>,
    );
    await act(flush); // past the deferred teardown of StrictMode's simulated unmount
    expect(fake.createdScripts()).toHaveLength(1);
    expect(preloads()).toHaveLength(1);
    const { unload } = await finishLoad();
    expect(statusOf(container)).toBe('ready');
    expect(unload).not.toHaveBeenCalled();
    expect(container.querySelectorAll('form.paymentWidgets')).toHaveLength(1);
    expect(onReady).toHaveBeenCalledTimes(1);
  });

  it('new inline callbacks and an equal options object do not re-mount; the newest callbacks are called', async () => {
    const first = { onReady: vi.fn(), onChangeBrand: vi.fn(), onStatusChange: vi.fn() };
    const { rerender } = render(
      <PaymentWidget
        {...props({ onReady: () => first.onReady(), onStatusChange: (s) => first.onStatusChange(s) })}
        options={{ labels: { submit: 'Pay' }, onChangeBrand: (b: string) => first.onChangeBrand(b) }}
      />,
    );
    const latest = { onReady: vi.fn(), onChangeBrand: vi.fn(), onStatusChange: vi.fn() };
    rerender(
      <PaymentWidget
        {...props({ onReady: () => latest.onReady(), onStatusChange: (s) => latest.onStatusChange(s) })}
        options={{ labels: { submit: 'Pay' }, onChangeBrand: (b: string) => latest.onChangeBrand(b) }}
      />,
    );
    const { unload } = await finishLoad();
    page.wpwlOptions!.onChangeBrand!.call(undefined, 'VISA');
    expect(fake.createdScripts()).toHaveLength(1);
    expect(unload).not.toHaveBeenCalled();
    expect(latest.onReady).toHaveBeenCalledTimes(1);
    expect(latest.onChangeBrand).toHaveBeenCalledWith('VISA');
    expect(latest.onStatusChange).toHaveBeenCalledWith({ status: 'ready', expiresAt: expect.any(Number) });
    expect(first.onReady).not.toHaveBeenCalled();
    expect(first.onChangeBrand).not.toHaveBeenCalled();
  });

  it('a changed checkoutId re-mounts once: one unload, one new script', async () => {
    const { container, rerender } = render(<PaymentWidget {...props()} />);
    const { unload } = await finishLoad();
    rerender(<PaymentWidget {...props({ checkoutId: ID2 })} />);
    expect(unload).toHaveBeenCalledTimes(1);
    expect(statusOf(container)).toBe('loading');
    expect(fake.liveScripts().map((s) => s.src)).toEqual([`${BASE}/v1/paymentWidgets.js?checkoutId=${ID2}`]);
    expect(fake.createdScripts()).toHaveLength(2);
    await finishLoad();
    rerender(<PaymentWidget {...props({ checkoutId: ID2 })} />);
    expect(statusOf(container)).toBe('ready');
    expect(unload).toHaveBeenCalledTimes(1);
    expect(fake.createdScripts()).toHaveLength(2);
    expect(container.querySelectorAll('form.paymentWidgets')).toHaveLength(1);
  });

  it('unmount leaves no script, widget node or global behind', async () => {
    const { unmount } = render(<PaymentWidget {...props()} />);
    const { unload } = await finishLoad();
    unmount();
    await flush();
    expect(unload).toHaveBeenCalledTimes(1);
    expect(fake.leftovers()).toEqual({ scripts: 0, widgetNodes: 0, globals: [] });
  });

  it('a load failure shows the fallback with retry, and retry reaches ready', async () => {
    const onError = vi.fn();
    const { container } = render(
      <PaymentWidget
        {...props({ onError })}
        fallback={({ status, error, retry }) =>
          status === 'error' ? (
            <button type="button" onClick={retry}>
              Try again ({error?.code})
            </button>
          ) : (
            <p>Loading…</p>
          )
        }
      />,
    );
    await act(() => fake.failLoad());
    expect(statusOf(container)).toBe('error');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'SCRIPT_LOAD_FAILED' }));

    fireEvent.click(screen.getByRole('button', { name: 'Try again (SCRIPT_LOAD_FAILED)' }));
    expect(statusOf(container)).toBe('loading');
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(fake.liveScripts()).toHaveLength(1);
    await finishLoad();
    expect(statusOf(container)).toBe('ready');
    expect(screen.queryByRole('button', { name: /Try again/ })).toBeNull();
  });

  it('content a Server Component can pass: loading, error with a built-in retry button, none once ready', async () => {
    // Only serializable props: no function crosses from a server page to this client component.
    const { container } = render(
      <PaymentWidget
        {...props()}
        loadingContent={<p>Loading the form…</p>}
        errorContent={<p>It did not load.</p>}
        retryLabel="Try again"
        expiredContent="Expired"
      />,
    );
    expect(screen.getByText('Loading the form…')).toBeTruthy();
    await act(() => fake.failLoad());
    expect(statusOf(container)).toBe('error');
    expect(screen.getByText('It did not load.')).toBeTruthy();
    expect(screen.queryByText('Loading the form…')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(statusOf(container)).toBe('loading');
    expect(screen.getByText('Loading the form…')).toBeTruthy();
    await finishLoad();
    expect(statusOf(container)).toBe('ready');
    expect(container.querySelector('[data-wpwl-retry]')).toBeNull();
    expect(screen.queryByText('Loading the form…')).toBeNull();
  });

  it('expiredContent when the checkout expired; a fallback, when given, wins over the content props', async () => {
    const { container, rerender } = render(
      <PaymentWidget {...props({ expiresInMs: 1 })} expiredContent="This payment session expired." loadingContent="…" />,
    );
    await act(flush);
    await act(flush);
    expect(statusOf(container)).toBe('expired');
    expect(screen.getByText('This payment session expired.')).toBeTruthy();
    rerender(<PaymentWidget {...props({ expiresInMs: 1 })} expiredContent="This payment session expired." fallback="Own fallback" />);
    expect(screen.getByText('Own fallback')).toBeTruthy();
    expect(screen.queryByText('This payment session expired.')).toBeNull();
  });

  it('an invalid config is an error state: fallback shown, nothing injected, no render loop', async () => {
    const onError = vi.fn();
    const renders = vi.fn();
    function Probe(): ReactNode {
      renders();
      return (
        <PaymentWidget
          {...props({ onError, customParameters: { orderId: '42' } as CustomParameters })}
          fallback={({ error }) => <p>{error?.code}</p>}
        />
      );
    }
    const { container, rerender } = render(<Probe />);
    rerender(<Probe />);
    await act(flush);
    expect(statusOf(container)).toBe('error');
    expect(screen.getByRole('alert').textContent).toBe('INVALID_CUSTOM_PARAMETER');
    expect(fake.createdScripts()).toHaveLength(0);
    expect(preloads()).toEqual([]);
    expect(page.wpwlOptions).toBeUndefined();
    expect(renders.mock.calls.length).toBeLessThan(6);
    expect(onError.mock.calls.length).toBeLessThanOrEqual(2);
  });

  it.each(NOT_PLAIN_RECORDS)('%s given as %s is an error naming it, with nothing injected', async (field, _, value, code) => {
    const { container } = render(
      <PaymentWidget {...props({ [field]: value as never })} fallback={({ error }) => <p data-code={error?.code}>{error?.message}</p>} />,
    );
    await act(flush);
    expect(statusOf(container)).toBe('error');
    // The component's alert region holds the fallback.
    const alert = screen.getByRole('alert').firstElementChild as HTMLElement;
    expect(alert.dataset.code).toBe(code);
    expect(alert.textContent).toMatch(new RegExp(`^${field} must be a plain object`));
    expect(fake.createdScripts()).toHaveLength(0);
    expect(page.wpwlOptions).toBeUndefined();
  });

  it('onBeforeSubmit returning false blocks the payment; the newest handler is asked', async () => {
    const stale = vi.fn(() => true);
    const { container, rerender } = render(<PaymentWidget {...props({ onBeforeSubmit: stale })} />);
    const block = vi.fn(() => false);
    rerender(<PaymentWidget {...props({ onBeforeSubmit: block })} />);
    const { pay, submitted } = await finishLoad();
    act(pay);
    expect(block).toHaveBeenCalledWith(expect.objectContaining({ kind: 'Card', checkoutId: ID }));
    expect(stale).not.toHaveBeenCalled();
    expect(submitted).toHaveLength(0);
    expect(statusOf(container)).toBe('ready');
  });
});

// React 19.2's <Activity>: a hidden page keeps its DOM and state while its
// effects (and refs) are cleaned up, then re-runs them when shown. Next.js
// keeps the page one navigates away from in it, and shows it again on the way
// back, often with a new checkout.
const Activity = (ReactModule as { Activity?: ComponentType<{ mode: 'visible' | 'hidden'; children: ReactNode }> }).Activity;

describe.skipIf(!Activity)('<Activity> hidden, then shown again (React 19.2+)', () => {
  const Shown = Activity!;
  const page = (mode: 'visible' | 'hidden', overrides: Partial<CardProps> = {}) => (
    <Shown mode={mode}>
      <PaymentWidget {...props(overrides)} />
    </Shown>
  );

  it('keeps the loaded widget while hidden; shown again with the same checkout: no request, ready at once, nothing logged', async () => {
    const errors = vi.spyOn(console, 'error');
    const { container, rerender } = render(page('visible'));
    const { unload } = await finishLoad();
    rerender(page('hidden'));
    await act(flush); // past any deferred teardown
    expect(unload).not.toHaveBeenCalled();
    expect(container.querySelectorAll('.wpwl-form-card')).toHaveLength(1);
    rerender(page('visible'));
    await act(flush);
    expect(statusOf(container)).toBe('ready');
    expect(unload).not.toHaveBeenCalled();
    expect(fake.createdScripts()).toHaveLength(1);
    expect(errors).not.toHaveBeenCalled();
  });

  it('shown again with a new checkout: the old one unloaded once, one request for the new one, nothing logged', async () => {
    const errors = vi.spyOn(console, 'error');
    const { container, rerender } = render(page('visible'));
    const { unload } = await finishLoad();
    rerender(page('hidden'));
    await act(flush);
    rerender(page('visible', { checkoutId: ID2 }));
    await act(flush);
    expect(unload).toHaveBeenCalledTimes(1);
    expect(fake.createdScripts()).toEqual([
      `${BASE}/v1/paymentWidgets.js?checkoutId=${ID}`,
      `${BASE}/v1/paymentWidgets.js?checkoutId=${ID2}`,
    ]);
    await finishLoad();
    expect(statusOf(container)).toBe('ready');
    expect(container.querySelectorAll('form.paymentWidgets')).toHaveLength(1);
    expect(errors).not.toHaveBeenCalled();
  });

  it('unmounted while hidden: nothing of the widget is left', async () => {
    const { rerender, unmount } = render(page('visible'));
    const { unload } = await finishLoad();
    rerender(page('hidden'));
    await act(flush);
    unmount();
    // Noticed when the hidden element leaves the page, then torn down a task later.
    await act(flush);
    await act(flush);
    expect(unload).toHaveBeenCalledTimes(1);
    expect(fake.leftovers()).toEqual({ scripts: 0, widgetNodes: 0, globals: [] });
  });
});

describe('<PaymentWidget> for assistive technology', () => {
  const expireFromWidget = () => act(() => page.wpwlOptions!.onError!({ name: 'InvalidCheckoutIdError', message: 'expired' }));

  it('announces loading politely and errors as an alert; the retry button is a button named by its label', async () => {
    render(<PaymentWidget {...props()} loadingContent="Loading the form…" errorContent="It did not load." retryLabel="Try again" />);
    expect(screen.getByRole('status').textContent).toBe('Loading the form…');
    expect(screen.getByRole('alert').textContent).toBe('');
    await act(() => fake.failLoad());
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.getByRole('alert').textContent).toContain('It did not load.');
    expect(screen.getByRole('button', { name: 'Try again' }).getAttribute('type')).toBe('button');
  });

  it('a fallback goes in the same regions: status while loading, alert once expired', async () => {
    render(<PaymentWidget {...props()} fallback={({ status }) => (status === 'expired' ? 'Expired' : 'Loading')} />);
    expect(screen.getByRole('status').textContent).toBe('Loading');
    await finishLoad();
    await expireFromWidget();
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.getByRole('alert').textContent).toBe('Expired');
  });

  it('focus in the form when the checkout expires moves to the expiry message, not to <body>', async () => {
    render(<PaymentWidget {...props()} expiredContent={<p>This payment session expired.</p>} />);
    await finishLoad();
    document.querySelector<HTMLInputElement>('input[name="card.holder"]')!.focus();
    await expireFromWidget();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('This payment session expired.');
    expect(document.activeElement).toBe(alert);
  });

  it('focus on the retry button that a new failure replaces goes to the new retry button', async () => {
    render(<PaymentWidget {...props()} errorContent="It did not load." retryLabel="Try again" />);
    await act(() => fake.failLoad());
    const button = screen.getByRole('button', { name: 'Try again' });
    button.focus();
    fireEvent.click(button);
    expect(button.isConnected).toBe(false);
    await act(() => fake.failLoad());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Try again' }));
  });

  it('never takes focus from elsewhere on the page', async () => {
    render(
      <>
        <input aria-label="Coupon" />
        <PaymentWidget {...props()} expiredContent="Expired" errorContent="Failed" retryLabel="Try again" />
      </>,
    );
    const coupon = screen.getByRole('textbox', { name: 'Coupon' });
    coupon.focus();
    await act(() => fake.failLoad());
    expect(document.activeElement).toBe(coupon);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await finishLoad();
    coupon.focus();
    await expireFromWidget();
    expect(screen.getByRole('alert').textContent).toBe('Expired');
    expect(document.activeElement).toBe(coupon);
  });

  it('expiringSoonContent is an alert while the form is up', async () => {
    render(<PaymentWidget {...props({ expiresInMs: 60_000, warnBeforeExpiryMs: 120_000 })} expiringSoonContent="Two minutes left." />);
    await finishLoad();
    expect(screen.getByRole('alert').textContent).toBe('Two minutes left.');
  });

  it('the wrapper carries the locale’s lang and dir: Arabic right to left, from the prop, the options or the provider', () => {
    const { container, rerender } = render(<PaymentWidget {...props({ locale: 'ar' })} className="pay" />);
    const wrapper = container.querySelector('.pay')!;
    expect([wrapper.getAttribute('lang'), wrapper.getAttribute('dir')]).toEqual(['ar', 'rtl']);
    rerender(<PaymentWidget {...props({ options: { locale: 'dk' } })} className="pay" />);
    expect([wrapper.getAttribute('lang'), wrapper.getAttribute('dir')]).toEqual(['da', 'ltr']);
    rerender(
      <WpwlProvider locale="ar-SA">
        <PaymentWidget {...props()} className="pay" />
      </WpwlProvider>,
    );
    expect(container.querySelector('.pay')!.getAttribute('dir')).toBe('rtl');
    rerender(<PaymentWidget {...props()} className="pay" />);
    expect(container.querySelector('.pay')!.hasAttribute('dir')).toBe(false);
  });
});

describe('usePaymentWidget', () => {
  it('pay() from the page\'s own "Place order" button submits the widget\'s card form once, through the hooks', async () => {
    const onBeforeSubmit = vi.fn(() => true);
    function OwnButton(): ReactNode {
      const { ref, status, pay } = usePaymentWidget({
        checkoutId: ID,
        brands: 'VISA',
        shopperResultUrl: RESULT_URL,
        baseUrl: BASE,
        onBeforeSubmit,
      });
      return (
        <main>
          <section ref={ref} />
          <button disabled={status !== 'ready'} onClick={() => pay()}>
            Place order
          </button>
        </main>
      );
    }
    render(<OwnButton />);
    const { submitted } = await finishLoad();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(submitted).toHaveLength(1);
    expect(onBeforeSubmit).toHaveBeenCalledTimes(1);
  });

  /** The widget's container appears only once the shopper asks to pay by card. */
  function Checkout(): ReactNode {
    const [open, setOpen] = useState(false);
    const { ref, status } = usePaymentWidget({ checkoutId: ID, brands: 'VISA', shopperResultUrl: RESULT_URL, baseUrl: BASE });
    return (
      <main>
        <output>{status}</output>
        {open ? <section ref={ref} /> : <button onClick={() => setOpen(true)}>Pay by card</button>}
      </main>
    );
  }

  it('mounts into a container that appears later and exposes status and retry', async () => {
    const { container } = render(<Checkout />);
    expect(container.querySelector('output')!.textContent).toBe('idle');
    expect(fake.createdScripts()).toHaveLength(0);
    // Downloading, not running: the script runs once there is a container.
    expect(preloads()).toEqual([`${BASE}/v1/paymentWidgets.js?checkoutId=${ID}`]);
    fireEvent.click(screen.getByRole('button', { name: 'Pay by card' }));
    expect(container.querySelector('section form.paymentWidgets')).not.toBeNull();
    expect(container.querySelector('output')!.textContent).toBe('loading');
    await finishLoad();
    expect(container.querySelector('output')!.textContent).toBe('ready');
  });

  it('unmounted before its container ever appeared: the preload link goes too; StrictMode keeps it until then', async () => {
    const first = render(<Checkout />);
    expect(preloads()).toHaveLength(1);
    first.unmount();
    await act(flush);
    expect(preloads()).toEqual([]);

    const { container } = render(
      <StrictMode>
        <Checkout />
      </StrictMode>,
    );
    await act(flush); // past anything StrictMode's simulated unmount may have scheduled
    expect(container.querySelector('output')!.textContent).toBe('idle');
    expect(preloads()).toEqual([`${BASE}/v1/paymentWidgets.js?checkoutId=${ID}`]);
    fireEvent.click(screen.getByRole('button', { name: 'Pay by card' }));
    expect(fake.createdScripts()).toHaveLength(1);
    await finishLoad();
    expect(container.querySelector('output')!.textContent).toBe('ready');
  });

  it('a new container element takes the loaded widget over: no second request', async () => {
    function Checkout({ place }: { place: string }): ReactNode {
      const { ref, status } = usePaymentWidget({ checkoutId: ID, brands: 'VISA', shopperResultUrl: RESULT_URL, baseUrl: BASE });
      return (
        <main>
          <output>{status}</output>
          <section key={place} id={place} ref={ref} />
        </main>
      );
    }
    const { container, rerender } = render(<Checkout place="left" />);
    const { unload } = await finishLoad();
    const rendered = container.querySelector('.wpwl-form-card');
    rerender(<Checkout place="right" />);
    await act(flush);
    expect(container.querySelector('#right .wpwl-form-card')).toBe(rendered);
    expect(container.querySelector('output')!.textContent).toBe('ready');
    expect(fake.createdScripts()).toHaveLength(1);
    expect(unload).not.toHaveBeenCalled();
  });
});

describe('<WpwlProvider>', () => {
  it('supplies baseUrl, locale and nonce; a widget’s own props win', async () => {
    const provided = 'https://eu-test.gateway.example';
    render(
      <WpwlProvider baseUrl={provided} locale="de-AT" nonce="cHJvdmlkZWQ=" options={{ style: 'plain' }}>
        <PaymentWidget checkoutId={ID} brands="VISA" shopperResultUrl={RESULT_URL} />
      </WpwlProvider>,
    );
    const [script] = fake.liveScripts();
    expect(script!.src).toBe(`${provided}/v1/paymentWidgets.js?checkoutId=${ID}`);
    expect(script!.nonce).toBe('cHJvdmlkZWQ=');
    expect(page.wpwlOptions).toMatchObject({ locale: 'de', style: 'plain' });
    cleanup();
    await flush();

    render(
      <WpwlProvider baseUrl={provided} locale="de-AT" nonce="cHJvdmlkZWQ=">
        <PaymentWidget checkoutId={ID2} brands="VISA" shopperResultUrl={RESULT_URL} baseUrl={BASE} locale="fr" nonce="b3du" />
      </WpwlProvider>,
    );
    const [own] = fake.liveScripts();
    expect(own!.src).toBe(`${BASE}/v1/paymentWidgets.js?checkoutId=${ID2}`);
    expect(own!.nonce).toBe('b3du');
    expect(page.wpwlOptions?.locale).toBe('fr');
  });

  it('without a base URL anywhere the widget reports INVALID_BASE_URL', () => {
    render(<PaymentWidget checkoutId={ID} brands="VISA" shopperResultUrl={RESULT_URL} fallback={({ error }) => error?.code} />);
    expect(screen.getByText('INVALID_BASE_URL')).toBeTruthy();
    expect(fake.createdScripts()).toHaveLength(0);
  });
});

describe('server-rendered markup', () => {
  it('hydrates without a mismatch and then loads the widget', async () => {
    const app = (
      <WpwlProvider baseUrl={BASE}>
        <PaymentWidget checkoutId={ID} brands="VISA" shopperResultUrl={RESULT_URL} className="pay" fallback="Loading…" />
      </WpwlProvider>
    );
    const host = document.body.appendChild(document.createElement('div'));
    host.innerHTML = renderToString(app);
    expect(fake.createdScripts()).toHaveLength(0);
    const onRecoverableError = vi.fn();
    const root = await act(async () => hydrateRoot(host, app, { onRecoverableError }));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(statusOf(host)).toBe('loading');
    expect(fake.liveScripts()).toHaveLength(1);
    await finishLoad();
    expect(statusOf(host)).toBe('ready');
    act(() => root.unmount());
    await flush();
    expect(fake.leftovers()).toEqual({ scripts: 0, widgetNodes: 0, globals: [] });
  });
});

/**
 * A server's HTML as the browser gets it: rendered where there is no document
 * (as on the server), put into the page, and its inline scripts run as the
 * parser runs them, each as `document.currentScript` (happy-dom runs none).
 */
function serverRendered(app: ReactNode): HTMLElement {
  vi.stubGlobal('document', undefined);
  let html: string;
  try {
    html = renderToString(app);
  } finally {
    vi.unstubAllGlobals();
  }
  const host = document.body.appendChild(document.createElement('div'));
  host.innerHTML = html;
  for (const script of host.querySelectorAll('script')) {
    Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
    try {
      new Function(script.textContent!)();
    } finally {
      delete (document as { currentScript?: unknown }).currentScript;
    }
  }
  return host;
}

describe('serverStart: the widget started by the server’s HTML', () => {
  const roots: Root[] = [];
  const hydrate = async (host: HTMLElement, element: ReactNode, options?: HydrationOptions) => {
    const root = await act(async () => hydrateRoot(host, element, options));
    roots.push(root);
    return root;
  };
  afterEach(async () => {
    for (const root of roots.splice(0)) act(() => root.unmount());
    await flush();
  });
  const app = (callbacks: Partial<CardProps> = {}) => (
    <WpwlProvider baseUrl={BASE}>
      <PaymentWidget
        serverStart
        checkoutId={ID}
        brands="VISA"
        shopperResultUrl={RESULT_URL}
        className="pay"
        fallback="Loading…"
        {...callbacks}
      />
    </WpwlProvider>
  );

  it('ready before hydration; hydrates without a warning and takes it over: ready at once, one script, the server’s form', async () => {
    const host = serverRendered(app());
    const serverForm = host.querySelector('form.paymentWidgets');
    expect(fake.liveScripts()).toHaveLength(1);
    await fake.finishLoad();
    expect(host.querySelector('[data-wpwl-early]')!.getAttribute('data-wpwl-status')).toBe('ready');

    const onReady = vi.fn();
    const onRecoverableError = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    await hydrate(host, app({ onReady }), { onRecoverableError });
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(host.querySelector('.pay')!.getAttribute('data-wpwl-status')).toBe('ready');
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(fake.createdScripts()).toHaveLength(1);
    expect([...host.querySelectorAll('form.paymentWidgets')]).toEqual([serverForm]);
    expect(host.querySelector('.wpwl-form-card')).not.toBeNull();
    act(() => roots.pop()!.unmount());
    await flush();
    expect(fake.leftovers()).toEqual({ scripts: 0, widgetNodes: 0, globals: [] });
  });

  it('hydrated before the widget loaded: follows the server’s script, ready with it', async () => {
    const host = serverRendered(app());
    const onReady = vi.fn();
    await hydrate(host, app({ onReady }));
    expect(statusOf(host)).toBe('loading');
    await finishLoad();
    expect(statusOf(host)).toBe('ready');
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(fake.createdScripts()).toHaveLength(1);
  });

  it('pay pressed before hydration waits for it, then goes through onBeforeSubmit', async () => {
    const host = serverRendered(app());
    const loaded = await fake.finishLoad();
    loaded.pay();
    expect(loaded.submitted).toHaveLength(0);
    const onBeforeSubmit = vi.fn(() => true);
    await hydrate(host, app({ onBeforeSubmit }));
    expect(onBeforeSubmit).toHaveBeenCalledTimes(1);
    expect(loaded.submitted).toHaveLength(1);
    expect(statusOf(host)).toBe('submitting');
  });

  it('rendered in the browser (a client-side navigation), it loads the widget itself', async () => {
    const { container } = render(app());
    expect(container.querySelector('[data-wpwl-early]')).toBeNull();
    expect(fake.liveScripts()).toHaveLength(1);
    await finishLoad();
    expect(statusOf(container)).toBe('ready');
  });
});
