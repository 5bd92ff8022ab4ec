// Angular's server rendering (renderApplication, hydration on) of a checkout
// page with <wpwl-payment-widget>, in Node: nothing touches a browser global,
// the page's <head> carries the widget script's preload (and a preconnect)
// from core's widgetPreloadHtml with the integrity, CORS mode and nonce the
// loader's tag will have, the widget's element carries `idle` and the loading
// content, and the markup has hydration's annotations.
// Before anything of Angular: its packages are partially compiled and compile on first use.
import '@angular/compiler';
import { describe, expect, it } from 'vitest';
import { provideClientHydration, withEventReplay } from '@angular/platform-browser';
import { BASE, ID, INTEGRITY, NONCE, checkoutPage, expressPage, renderOnServer } from './ssr-app.js';

const head = (html: string) => html.slice(html.indexOf('<head>'), html.indexOf('</head>'));

describe('server rendering', () => {
  it("puts the widget script's preload and a preconnect in the page's head", async () => {
    expect(typeof window).toBe('undefined');
    const html = await renderOnServer();
    const links = head(html).match(/<link\b[^>]*>/g) ?? [];
    expect(links).toContain(`<link rel="preconnect" href="${BASE}" crossorigin="anonymous">`);
    expect(links).toContain(
      `<link rel="preload" as="script" href="${BASE}/v1/paymentWidgets.js?checkoutId=${ID}" integrity="${INTEGRITY}" crossorigin="anonymous" nonce="${NONCE}">`,
    );
    // Nothing of the widget ran: no globals, no script tag.
    expect(globalThis).not.toHaveProperty('wpwlOptions');
    expect(html).not.toContain('<script src=');
  });

  it('renders the widget idle with its loading content, annotated for hydration', async () => {
    const html = await renderOnServer();
    expect(html).toMatch(/<wpwl-payment-widget [^>]*data-wpwl-status="idle"[^>]*>/);
    expect(html).toContain('<p wpwlloading="" class="loading">Loading the payment form…</p>');
    // Hydration's data: the root's annotation and the transferred state.
    expect(html).toMatch(/<app-root [^>]*ngh="\d+"/);
    expect(html).toContain('<script id="ng-state" type="application/json">');
  });

  it('express checkout (no checkout id) preloads the script without one, and starts nothing on the server', async () => {
    const html = await renderOnServer(expressPage());
    const links = head(html).match(/<link\b[^>]*>/g) ?? [];
    expect(links).toContain(`<link rel="preload" as="script" href="${BASE}/v1/paymentWidgets.js" nonce="${NONCE}">`);
    expect(html).not.toContain('checkoutId=');
    expect(html).toMatch(/<wpwl-payment-widget [^>]*data-wpwl-status="idle"[^>]*>/);
    expect(html).toContain('Loading the wallet buttons…');
    expect(globalThis).not.toHaveProperty('wpwlOptions');
    expect(html).not.toContain('<script src=');
  });

  it('an invalid checkout id renders the page without a preload (the browser reports the error)', async () => {
    const html = await renderOnServer(checkoutPage('not a checkout id'));
    expect(head(html)).not.toContain('<link');
    expect(html).toContain('data-wpwl-status="idle"');
  });

  it('under event replay the widget\'s host is marked for no DOM event of an output\'s name (no jsaction="error:")', async () => {
    // As Angular's server build defines it: event replay's browser half stays out.
    const global = globalThis as { ngServerMode?: boolean };
    global.ngServerMode = true;
    let html: string;
    try {
      html = await renderOnServer(checkoutPage(ID, true), [provideClientHydration(withEventReplay())]);
    } finally {
      delete global.ngServerMode;
    }
    // Event replay is on: the page's own button is marked for its clicks.
    expect(html).toMatch(/<button [^>]*jsaction="click:;"/);
    const host = /<wpwl-payment-widget [^>]*>/.exec(html)?.[0];
    expect(host).toBeDefined();
    // Event replay marks the DOM events an element listens to; the outputs are none of them.
    expect(host).not.toContain('jsaction');
    expect(html).not.toContain('jsaction="error');
  });
});
