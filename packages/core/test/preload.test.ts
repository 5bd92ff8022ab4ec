// happy-dom does not fetch preloads of scripts while script loading is off,
// and knows neither `integrity` nor `nonce` on a link (they stay plain
// properties there): these tests check what the link carries, which is what
// decides whether a browser hands its response to the loader's tag.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  loadPaymentWidgets,
  preloadPaymentWidgets,
  removeWidgetScripts,
  widgetScriptUrl,
  type Wpwl,
  type WpwlError,
} from '../src/index.js';

const BASE = 'https://gateway.example.com';
const ID = '8A82944A4CC25EBF014CC2C782423202';
const ID2 = '8A82944A4CC25EBF014CC2C782423203';
const SRC = `${BASE}/v1/paymentWidgets.js?checkoutId=${ID}`;
const SHA384 = 'sha384-OLBgp1GsljhM2TJ+sbHjaiH9txEUvgdDTAzHv2P24donTt6/529l+9Ua0vFImLlb';

const page = window as unknown as { wpwl?: Wpwl };
const links = () => [...document.querySelectorAll('link')];

function thrown(action: () => unknown): WpwlError {
  try {
    action();
  } catch (error) {
    return error as WpwlError;
  }
  throw new Error('expected a throw');
}

beforeAll(() => {
  // Makes happy-dom's own (unseen) event for the loader's tag a `load` rather than an `error` it logs.
  (
    window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }
  ).happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;
});

beforeEach(() => {
  document.head.innerHTML = '';
});

afterEach(() => {
  document.head.innerHTML = '';
  delete page.wpwl;
});

describe('preloadPaymentWidgets', () => {
  it('adds one <link rel="preload" as="script"> to <head> for the exact URL the loader asks for', () => {
    const link = preloadPaymentWidgets({ baseUrl: `${BASE}/`, checkoutId: ID });
    expect(links()).toEqual([link]);
    expect(link!.parentNode).toBe(document.head);
    expect(link!.rel).toBe('preload');
    expect(link!.as).toBe('script');
    expect(link!.getAttribute('href')).toBe(SRC);
    expect(link!.href).toBe(widgetScriptUrl(BASE, ID));
    // No integrity, no CORS request: the loader's plain tag would not reuse a CORS response.
    expect(link!.hasAttribute('crossorigin')).toBe(false);
    expect((link as HTMLLinkElement & { integrity?: string }).integrity ?? '').toBe('');
    expect(link!.nonce ?? '').toBe('');
  });

  it('carries integrity with crossOrigin="anonymous" and the nonce as a property, exactly like the loader’s tag', async () => {
    const options = { baseUrl: BASE, checkoutId: ID, integrity: SHA384, nonce: 'r4nd0m+/=' };
    const link = preloadPaymentWidgets(options)! as HTMLLinkElement & { integrity?: string };
    const loading = loadPaymentWidgets(options);
    const tag = document.querySelector<HTMLScriptElement>('script[data-wpwl-script]')!;
    expect(link.integrity).toBe(SHA384);
    expect(link.crossOrigin).toBe('anonymous');
    expect(link.nonce).toBe('r4nd0m+/=');
    expect(link.getAttribute('nonce')).toBeNull();
    expect([link.href, link.integrity, link.crossOrigin, link.nonce]).toEqual([tag.src, tag.integrity, tag.crossOrigin, tag.nonce]);
    page.wpwl = { unload: () => {} };
    tag.dispatchEvent(new Event('load'));
    await loading;
  });

  it('one link per URL: a second call returns the link already there; another checkout gets its own', () => {
    const first = preloadPaymentWidgets({ baseUrl: BASE, checkoutId: ID });
    expect(preloadPaymentWidgets({ baseUrl: `${BASE}//`, checkoutId: ID })).toBe(first);
    expect(links()).toHaveLength(1);
    const second = preloadPaymentWidgets({ baseUrl: BASE, checkoutId: ID2 });
    expect(second).not.toBe(first);
    expect(links()).toEqual([first, second]);
  });

  it('validates like the loader and adds nothing for bad input', () => {
    expect(thrown(() => preloadPaymentWidgets({ baseUrl: 'http://gateway.example.com', checkoutId: ID })).code).toBe('INVALID_BASE_URL');
    expect(thrown(() => preloadPaymentWidgets({ baseUrl: BASE, checkoutId: 'x"]' })).code).toBe('INVALID_CHECKOUT_ID');
    expect(thrown(() => preloadPaymentWidgets({ baseUrl: BASE, checkoutId: ID, integrity: 'sha1-abc' })).code).toBe('INVALID_INTEGRITY');
    const nonce = thrown(() => preloadPaymentWidgets({ baseUrl: BASE, checkoutId: ID, nonce: '"><script>' }));
    expect(nonce).toMatchObject({ code: 'INVALID_NONCE', details: { field: 'nonce' } });
    expect(nonce.message).not.toContain('<script>');
    expect(links()).toHaveLength(0);
  });

  it('removeWidgetScripts removes the preload with the scripts, and leaves the page’s own links', () => {
    const link = preloadPaymentWidgets({ baseUrl: BASE, checkoutId: ID })!;
    const preconnect = Object.assign(document.createElement('link'), { rel: 'preconnect', href: BASE });
    const pagePreload = Object.assign(document.createElement('link'), { rel: 'preload', as: 'script', href: `${BASE}/app.js` });
    document.head.append(preconnect, pagePreload);
    removeWidgetScripts(BASE);
    expect(link.isConnected).toBe(false);
    expect(links()).toEqual([preconnect, pagePreload]);
    // Gone means gone: the next call adds a new link.
    expect(preloadPaymentWidgets({ baseUrl: BASE, checkoutId: ID })).not.toBe(link);
  });
});
