// injectPaymentWidget in a component of one's own, and provideWpwl's app-wide
// defaults: nothing loads before there is a checkout, the widget goes when the
// config does, the defaults (a signal among them) fill what the widget leaves
// unset, and Angular's own CSP nonce reaches the script tag.
// Before anything of Angular: its packages are partially compiled and compile on first use.
import '@angular/compiler';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CSP_NONCE, LOCALE_ID, provideZonelessChangeDetection, signal, type ApplicationRef, type Provider } from '@angular/core';
import { injectPaymentWidget, provideWpwl } from '@wpwl/angular';
import type { PaymentWidgetDefaults, WpwlOptions } from '@wpwl/core';
import { flush, installFakeWidget, page, type FakeWidget } from '../../core/test/support/fake-widget.js';
import { bootstrapHost } from './host.js';

const BASE = 'https://test.gateway.example';
const ID = '8a8294174b7ecb28014b9699220015ca';
const CLEAN = { scripts: 0, widgetNodes: 0, globals: [] };

let widget: FakeWidget;
const apps: ApplicationRef[] = [];
beforeEach(() => {
  widget = installFakeWidget();
});
afterEach(async () => {
  apps.splice(0).forEach((app) => app.destroy());
  await flush();
  expect(widget.leftovers()).toEqual(CLEAN);
  await widget.uninstall();
});

/** A component of one's own: its template has the element, its class the widget. */
async function renderOwn(checkoutId: string | undefined, providers: Provider[] = [], defaults?: Parameters<typeof provideWpwl>[0]) {
  const test = await bootstrapHost(
    `<div id="payment"></div><p id="status">{{ widget.status() }}</p>
     <button id="place-order" [disabled]="widget.status() !== 'ready'" (click)="widget.pay()">Place order</button>`,
    () => {
      const checkout = signal(checkoutId);
      const widget = injectPaymentWidget(
        () => {
          const id = checkout();
          return id === undefined ? undefined : { checkoutId: id, brands: 'VISA', shopperResultUrl: 'https://shop.example/result' };
        },
        () => document.querySelector<HTMLElement>('#payment') ?? undefined,
      );
      return { checkout, widget };
    },
    [provideZonelessChangeDetection(), ...(defaults ? [provideWpwl(defaults)] : []), ...providers],
    [],
  );
  apps.push(test.app);
  return test;
}

const statusText = () => document.querySelector('#status')!.textContent;

describe('injectPaymentWidget', () => {
  it('loads nothing while the config is undefined, loads once it is set, and takes the widget away when it is unset', async () => {
    const { host, settle } = await renderOwn(undefined, [], { baseUrl: BASE });
    expect(widget.createdScripts()).toEqual([]);
    expect(statusText()).toBe('idle');
    expect(host.widget.config()).toBeUndefined();

    host.checkout.set(ID);
    await settle();
    expect(widget.liveScripts()).toHaveLength(1);
    expect(document.querySelector('#payment form.paymentWidgets')).not.toBeNull();
    const { unload } = await widget.finishLoad();
    await settle();
    expect(statusText()).toBe('ready');
    expect(host.widget.expiresAt()).toBeGreaterThan(Date.now());

    host.checkout.set(undefined);
    await settle();
    await flush();
    expect(unload).toHaveBeenCalledOnce();
    expect(widget.leftovers()).toEqual(CLEAN);
    expect(statusText()).toBe('destroyed');
  });

  it('without a base URL anywhere: the error state with the coded error, and no script', async () => {
    const { host } = await renderOwn(ID);
    expect(statusText()).toBe('error');
    expect(host.widget.error()?.code).toBe('INVALID_BASE_URL');
    expect(widget.createdScripts()).toEqual([]);
  });
});

describe('provideWpwl', () => {
  it("gives every widget the app's base URL, locale and nonce", async () => {
    const { host } = await renderOwn(ID, [], { baseUrl: BASE, locale: 'de-AT', nonce: 'bm9uY2UtZnJvbS1hcHA=' });
    // The config the widget gets, for a template of one's own (its lang and dir, say).
    expect(host.widget.config()).toMatchObject({ checkoutId: ID, brands: 'VISA', baseUrl: BASE, locale: 'de-AT' });
    const [script] = widget.liveScripts();
    expect(script!.src).toBe(`${BASE}/v1/paymentWidgets.js?checkoutId=${ID}`);
    expect(script!.nonce).toBe('bm9uY2UtZnJvbS1hcHA=');
    expect((page.wpwlOptions as WpwlOptions).locale).toBe('de');
  });

  it('follows a signal: an app-wide locale switch re-mounts the widget in the new language', async () => {
    const defaults = signal<PaymentWidgetDefaults>({ baseUrl: BASE, locale: 'de' });
    const { settle } = await renderOwn(ID, [], defaults);
    await widget.finishLoad();
    await settle();
    expect((page.wpwlOptions as WpwlOptions).locale).toBe('de');

    defaults.set({ baseUrl: BASE, locale: 'fr' });
    await settle();
    await flush();
    expect(widget.createdScripts()).toHaveLength(2);
    expect((page.wpwlOptions as WpwlOptions).locale).toBe('fr');
  });

  it("takes Angular's CSP_NONCE when no nonce is given, and a given nonce over it", async () => {
    await renderOwn(ID, [{ provide: CSP_NONCE, useValue: 'YW5ndWxhci1ub25jZQ==' }], { baseUrl: BASE });
    expect(widget.liveScripts()[0]!.nonce).toBe('YW5ndWxhci1ub25jZQ==');
    apps.splice(0).forEach((app) => app.destroy());
    await flush();

    await renderOwn(ID, [{ provide: CSP_NONCE, useValue: 'YW5ndWxhci1ub25jZQ==' }], { baseUrl: BASE, nonce: 'b3duLW5vbmNl' });
    expect(widget.liveScripts()[0]!.nonce).toBe('b3duLW5vbmNl');
  });
});

describe("the app's LOCALE_ID", () => {
  const locale = (id: string): Provider => ({ provide: LOCALE_ID, useValue: id });
  const widgetLocale = () => (page.wpwlOptions as WpwlOptions).locale;

  it('gives the widget its language when none is given: de-AT → de, da → dk, ar → ar', async () => {
    for (const [id, code] of [
      ['de-AT', 'de'],
      ['da', 'dk'],
      ['ar', 'ar'],
    ]) {
      const { host } = await renderOwn(ID, [locale(id!)], { baseUrl: BASE });
      expect(host.widget.config()?.options?.locale).toBe(code);
      expect(widgetLocale()).toBe(code);
      apps.splice(0).forEach((app) => app.destroy());
      await flush();
    }
  });

  it("loses to provideWpwl's locale and options.locale", async () => {
    await renderOwn(ID, [locale('de-AT')], { baseUrl: BASE, locale: 'fr' });
    expect(widgetLocale()).toBe('fr');
    apps.splice(0).forEach((app) => app.destroy());
    await flush();

    await renderOwn(ID, [locale('de-AT')], { baseUrl: BASE, options: { locale: 'it' } });
    expect(widgetLocale()).toBe('it');
  });

  it("Angular's default en-US, and a language the widget lacks, give no locale: the widget's default, no error", async () => {
    const { host } = await renderOwn(ID, [], { baseUrl: BASE });
    expect(host.widget.config()?.options?.locale).toBeUndefined();
    expect(widgetLocale()).toBeUndefined();
    apps.splice(0).forEach((app) => app.destroy());
    await flush();

    const other = await renderOwn(ID, [locale('uk-UA')], { baseUrl: BASE });
    expect(other.host.widget.config()?.options?.locale).toBeUndefined();
    expect(widgetLocale()).toBeUndefined();
    await widget.finishLoad();
    await other.settle();
    expect(statusText()).toBe('ready');
  });
});
