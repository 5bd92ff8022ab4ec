// <wpwl-payment-widget> in a zoneless app in happy-dom, against the fake
// widget script: the outputs and the projected content follow the status,
// pay() from the page's own button, a new checkout id re-mounts once, equal
// options do not, expiry, and a component that leaves takes everything with it.
// Before anything of Angular: its packages are partially compiled and compile on first use.
import '@angular/compiler';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_ID, provideZonelessChangeDetection, signal, type ApplicationRef } from '@angular/core';
import type { WpwlError } from '@wpwl/core';
import { flush, installFakeWidget, type FakeWidget } from '../../core/test/support/fake-widget.js';
import { bootstrapHost } from './host.js';

const BASE = 'https://test.gateway.example';
const ID = '8a8294174b7ecb28014b9699220015ca';
const ID2 = '8a8294174b7ecb28014b9699220015cb';
const CLEAN = { scripts: 0, widgetNodes: 0, globals: [] };

let widget: FakeWidget;
let consoleError: ReturnType<typeof vi.spyOn>;
let consoleWarn: ReturnType<typeof vi.spyOn>;
const apps: ApplicationRef[] = [];

beforeEach(() => {
  widget = installFakeWidget();
  consoleError = vi.spyOn(console, 'error');
  consoleWarn = vi.spyOn(console, 'warn');
});
afterEach(async () => {
  apps.splice(0).forEach((app) => app.destroy());
  await flush();
  expect(widget.leftovers()).toEqual(CLEAN);
  // Nothing Angular reports as an error (an output emitted after destroy, say).
  expect(consoleError).not.toHaveBeenCalled();
  expect(consoleWarn).not.toHaveBeenCalled();
  consoleWarn.mockRestore();
  consoleError.mockRestore();
  await widget.uninstall();
});

const WIDGET = `
  @if (shown()) {
    <wpwl-payment-widget #payment
      [checkoutId]="checkoutId()" brands="VISA MASTER" shopperResultUrl="https://shop.example/result" baseUrl="${BASE}"
      [options]="options()" [beforeSubmit]="beforeSubmit" [expiresInMs]="expiresInMs()" [warnBeforeExpiryMs]="warnBeforeExpiryMs()"
      (statusChange)="statuses.push($event.status)" (ready)="readies = readies + 1" (paymentError)="errors.push($event)"
      (expired)="expired = expired + 1" (expiringSoon)="expiringSoonAt = $event">
      <p wpwlLoading class="loading">Loading…</p>
      <p wpwlError class="failed">{{ payment.widget.error()?.code }} <button class="retry" (click)="payment.retry()">Try again</button></p>
      <p wpwlExpired class="expired-note">This payment session expired.</p>
    </wpwl-payment-widget>
    <button id="place-order" [disabled]="payment.widget.status() !== 'ready'" (click)="placed = payment.pay()">Place order</button>
  }`;

function state() {
  return {
    shown: signal(true),
    checkoutId: signal(ID),
    options: signal<Record<string, unknown>>({ style: 'card' }),
    expiresInMs: signal<number | undefined>(undefined),
    warnBeforeExpiryMs: signal<number | undefined>(undefined),
    beforeSubmit: vi.fn(() => true),
    statuses: [] as string[],
    errors: [] as WpwlError[],
    readies: 0,
    expired: 0,
    expiringSoonAt: undefined as number | undefined,
    placed: undefined as boolean | undefined,
  };
}

async function render() {
  const test = await bootstrapHost(WIDGET, state);
  apps.push(test.app);
  return test;
}

async function renderReady() {
  const test = await render();
  const loaded = await widget.finishLoad();
  await test.settle();
  return { ...test, ...loaded };
}

const placeOrder = () => document.querySelector<HTMLButtonElement>('#place-order')!;

describe('<wpwl-payment-widget>', () => {
  it('loads into its element, shows the loading content until ready, and reports the status through its outputs', async () => {
    const { element, host, settle } = await render();
    expect(element().getAttribute('data-wpwl-status')).toBe('loading');
    expect(element().querySelector('.loading')).not.toBeNull();
    expect(element().querySelector('form.paymentWidgets')).not.toBeNull();
    expect(widget.liveScripts()).toHaveLength(1);
    expect(widget.liveScripts()[0]!.src).toBe(`${BASE}/v1/paymentWidgets.js?checkoutId=${ID}`);

    await widget.finishLoad();
    await settle();
    expect(element().getAttribute('data-wpwl-status')).toBe('ready');
    expect(element().querySelector('.loading')).toBeNull();
    expect(host.statuses).toEqual(['loading', 'ready']);
    expect(host.readies).toBe(1);
    expect(host.errors).toEqual([]);
  });

  it("pay() from the page's own button: disabled until ready, then one payment through beforeSubmit", async () => {
    const test = await render();
    expect(placeOrder().disabled).toBe(true);
    const { host, submitted, settle } = { ...test, ...(await widget.finishLoad()) };
    await settle();
    expect(placeOrder().disabled).toBe(false);

    placeOrder().click();
    await settle();
    expect(host.placed).toBe(true);
    expect(host.beforeSubmit).toHaveBeenCalledOnce();
    expect(host.beforeSubmit).toHaveBeenCalledWith(expect.objectContaining({ checkoutId: ID, kind: 'Card' }));
    expect(submitted).toHaveLength(1);
  });

  it('a blocking beforeSubmit stops the payment', async () => {
    const { host, submitted, pay, settle } = await renderReady();
    host.beforeSubmit.mockReturnValue(false);
    pay();
    await settle();
    expect(host.beforeSubmit).toHaveBeenCalledOnce();
    expect(submitted).toEqual([]);
  });

  it('equal options re-mount nothing; a new checkout id re-mounts once, for the new id', async () => {
    const { host, settle } = await renderReady();
    host.options.set({ style: 'card' });
    await settle();
    expect(widget.createdScripts()).toHaveLength(1);

    host.checkoutId.set(ID2);
    await settle();
    await flush();
    expect(widget.createdScripts()).toHaveLength(2);
    expect(widget.liveScripts()).toHaveLength(1);
    expect(widget.liveScripts()[0]!.src).toContain(`checkoutId=${ID2}`);
    expect(document.querySelectorAll('form.paymentWidgets')).toHaveLength(1);
  });

  it('a failed load shows the error content with its code; retry() loads again', async () => {
    const { element, host, settle } = await render();
    await widget.failLoad();
    await settle();
    expect(element().getAttribute('data-wpwl-status')).toBe('error');
    expect(host.errors.map((error) => error.code)).toEqual(['SCRIPT_LOAD_FAILED']);
    expect(element().querySelector('.failed')?.textContent).toContain('SCRIPT_LOAD_FAILED');
    expect(element().querySelector('.loading')).toBeNull();

    element().querySelector<HTMLButtonElement>('.retry')!.click();
    await settle();
    expect(element().getAttribute('data-wpwl-status')).toBe('loading');
    expect(widget.liveScripts()).toHaveLength(1);
    await widget.finishLoad();
    await settle();
    expect(element().getAttribute('data-wpwl-status')).toBe('ready');
  });

  it("a DOM error event on the host (an image's, bubbling or dispatched) reaches no paymentError handler", async () => {
    const { element, host, settle } = await renderReady();
    element().dispatchEvent(new Event('error', { bubbles: true }));
    element()
      .querySelector('form')!
      .dispatchEvent(new Event('error', { bubbles: true }));
    await settle();
    expect(host.errors).toEqual([]);
    expect(element().getAttribute('data-wpwl-status')).toBe('ready');
  });

  it('warns before the checkout ends (expiringSoon with expiresAt), then shows the expired content and emits expired', async () => {
    const test = await bootstrapHost(WIDGET, () => ({ ...state(), expiresInMs: signal(400), warnBeforeExpiryMs: signal(300) }));
    apps.push(test.app);
    await widget.finishLoad();
    const { element, host, settle } = test;
    await vi.waitFor(() => expect(host.expiringSoonAt).toBeTypeOf('number'), { timeout: 2000 });
    await settle();
    expect(element().hasAttribute('data-wpwl-expiring-soon')).toBe(true);
    expect(host.expiringSoonAt! - Date.now()).toBeLessThanOrEqual(300);

    await vi.waitFor(() => expect(host.expired).toBe(1), { timeout: 2000 });
    await settle();
    expect(element().getAttribute('data-wpwl-status')).toBe('expired');
    expect(element().querySelector('.expired-note')).not.toBeNull();
    expect(host.errors.map((error) => error.code)).toEqual(['CHECKOUT_EXPIRED']);
    // The widget was unloaded with the checkout.
    expect(widget.liveScripts()).toEqual([]);
  });

  it('leaving the page (the component destroyed) removes the widget, its scripts and its globals', async () => {
    const { host, settle, unload } = await renderReady();
    host.shown.set(false);
    await settle();
    await flush();
    expect(unload).toHaveBeenCalledOnce();
    expect(widget.leftovers()).toEqual(CLEAN);
    // No status is emitted by a component that is gone.
    expect(host.statuses).toEqual(['loading', 'ready']);
  });
});

describe('<wpwl-payment-widget> for assistive technology', () => {
  const region = (element: HTMLElement, role: 'status' | 'alert') => element.querySelector<HTMLElement>(`:scope > [role="${role}"]`)!;
  const expireFromWidget = () =>
    (window as unknown as { wpwlOptions: { onError(error: object): void } }).wpwlOptions.onError({ name: 'InvalidCheckoutIdError' });

  it('announces the loading content politely and the error content as an alert, with a retry button named by its text', async () => {
    const { element, settle } = await render();
    expect(region(element(), 'status').textContent?.trim()).toBe('Loading…');
    expect(region(element(), 'alert').textContent?.trim()).toBe('');
    await widget.failLoad();
    await settle();
    expect(region(element(), 'status').textContent?.trim()).toBe('');
    expect(region(element(), 'alert').textContent).toContain('SCRIPT_LOAD_FAILED');
    expect(region(element(), 'alert').querySelector('button')?.textContent).toBe('Try again');
  });

  it('focus in the form when the checkout expires moves to the expiry message, not to <body>', async () => {
    const { element, settle } = await renderReady();
    document.querySelector<HTMLInputElement>('input[name="card.holder"]')!.focus();
    expireFromWidget();
    await settle();
    const alert = region(element(), 'alert');
    expect(alert.textContent?.trim()).toBe('This payment session expired.');
    expect(document.activeElement).toBe(alert);
  });

  it('focus on a retry button that a new failure replaces goes to the new retry button', async () => {
    const { element, settle } = await render();
    await widget.failLoad();
    await settle();
    const button = element().querySelector<HTMLButtonElement>('.retry')!;
    button.focus();
    button.click();
    await settle();
    expect(button.isConnected).toBe(false);
    await widget.failLoad();
    await settle();
    expect(document.activeElement).toBe(element().querySelector('.retry'));
  });

  it('never takes focus from elsewhere on the page', async () => {
    const { element, settle } = await renderReady();
    placeOrder().focus();
    expireFromWidget();
    await settle();
    expect(region(element(), 'alert').textContent?.trim()).toBe('This payment session expired.');
    expect(document.activeElement).toBe(placeOrder());
  });

  it('content marked wpwlExpiringSoon is an alert while the form is up; the host carries the locale’s lang and dir', async () => {
    const test = await bootstrapHost(
      `<wpwl-payment-widget [checkoutId]="id" brands="VISA" shopperResultUrl="https://shop.example/result" baseUrl="${BASE}"
         [locale]="locale()" [expiresInMs]="60000" [warnBeforeExpiryMs]="120000">
         <p wpwlExpiringSoon>Two minutes left.</p>
       </wpwl-payment-widget>`,
      () => ({ id: ID, locale: signal('ar') }),
    );
    apps.push(test.app);
    await widget.finishLoad();
    await test.settle();
    expect(region(test.element(), 'alert').textContent?.trim()).toBe('Two minutes left.');
    expect([test.element().getAttribute('lang'), test.element().getAttribute('dir')]).toEqual(['ar', 'rtl']);
    test.host.locale.set('gr');
    await test.settle();
    await widget.finishLoad();
    await test.settle();
    expect([test.element().getAttribute('lang'), test.element().getAttribute('dir')]).toEqual(['el', 'ltr']);
  });

  it("takes its language from the app's LOCALE_ID when no locale is given; its locale input wins", async () => {
    const test = await bootstrapHost(
      `<wpwl-payment-widget [checkoutId]="id" brands="VISA" shopperResultUrl="https://shop.example/result" baseUrl="${BASE}" [locale]="locale()" />`,
      () => ({ id: ID, locale: signal<string | undefined>(undefined) }),
      [provideZonelessChangeDetection(), { provide: LOCALE_ID, useValue: 'ar-SA' }],
    );
    apps.push(test.app);
    await widget.finishLoad();
    await test.settle();
    expect([test.element().getAttribute('lang'), test.element().getAttribute('dir')]).toEqual(['ar', 'rtl']);
    expect((window as unknown as { wpwlOptions: { locale?: string } }).wpwlOptions.locale).toBe('ar');
    test.host.locale.set('fr');
    await test.settle();
    await widget.finishLoad();
    await test.settle();
    expect([test.element().getAttribute('lang'), test.element().getAttribute('dir')]).toEqual(['fr', 'ltr']);
    expect((window as unknown as { wpwlOptions: { locale?: string } }).wpwlOptions.locale).toBe('fr');
  });
});
