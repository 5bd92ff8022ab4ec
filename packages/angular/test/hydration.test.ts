// The server's page hydrated in the browser: Angular takes over the server's
// elements (no mismatch, nothing re-created), then the widget loads into the
// hydrated element, adopting the server's preload link for its script, and
// takes that link away with it.
// Before anything of Angular: its packages are partially compiled and compile on first use.
import '@angular/compiler';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Type } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { flush, installFakeWidget, page, type FakeWidget } from '../../core/test/support/fake-widget.js';
import { BASE, ID, appConfig, checkoutPage, expressPage, renderOnServer } from './ssr-app.js';

let widget: FakeWidget;
beforeEach(() => {
  widget = installFakeWidget();
});
afterEach(async () => {
  await widget.uninstall();
});

/**
 * The server's HTML, rendered in this test's realm. Angular's server platform
 * puts its own DOM's classes (Element, Node …) on the global object for the
 * render; a server process keeps them, a browser never sees them: put
 * happy-dom's back.
 */
async function serverHtml(app: Type<unknown> = checkoutPage()): Promise<string> {
  const scope = globalThis as Record<string, unknown>;
  // Read through the global object: happy-dom's globals write through to its window.
  const before = new Map(Object.getOwnPropertyNames(scope).map((name) => [name, scope[name]]));
  try {
    return await renderOnServer(app);
  } finally {
    for (const name of Object.getOwnPropertyNames(scope)) {
      if (!before.has(name)) delete scope[name];
      else if (!Object.is(scope[name], before.get(name))) scope[name] = before.get(name);
    }
  }
}

it('hydrates the server markup without a mismatch, then loads the widget into it with the preloaded script', async () => {
  const html = await serverHtml();
  const served = new DOMParser().parseFromString(html, 'text/html');
  document.head.innerHTML = served.head.innerHTML;
  document.body.innerHTML = served.body.innerHTML;
  const serverElement = document.querySelector('wpwl-payment-widget');
  const preload = `link[rel="preload"][href="${BASE}/v1/paymentWidgets.js?checkoutId=${ID}"]`;
  expect(document.querySelectorAll(preload)).toHaveLength(1);

  const log = vi.spyOn(console, 'log');
  const warn = vi.spyOn(console, 'warn');
  const error = vi.spyOn(console, 'error');
  const app = await bootstrapApplication(checkoutPage(), appConfig());
  await app.whenStable();

  // Angular's own count: the root and the widget's component hydrated, nothing skipped or re-created.
  expect(log.mock.calls.map(([text]) => String(text)).find((text) => text.startsWith('Angular hydrated'))).toMatch(
    /^Angular hydrated 2 component\(s\) and \d+ node\(s\), 0 component\(s\) were skipped/,
  );
  expect(warn).not.toHaveBeenCalled();
  expect(error).not.toHaveBeenCalled();
  expect(document.querySelector('wpwl-payment-widget')).toBe(serverElement);
  expect(serverElement!.querySelector('form.paymentWidgets')).not.toBeNull();
  // The script tag the loader added, and still one preload link: the server's, adopted.
  expect(widget.liveScripts()).toHaveLength(1);
  expect(document.querySelectorAll(preload)).toHaveLength(1);

  await widget.finishLoad();
  await app.whenStable();
  expect(serverElement!.getAttribute('data-wpwl-status')).toBe('ready');
  expect(serverElement!.querySelector('.loading')).toBeNull();

  app.destroy();
  await flush();
  // The server's transfer state is the page's own script, not the widget's.
  document.getElementById('ng-state')?.remove();
  expect(widget.leftovers()).toEqual({ scripts: 0, widgetNodes: 0, globals: [] });
  expect(document.querySelectorAll(preload)).toHaveLength(0);
});

it('an express page hydrates, then loads the script once (the preloaded one, no checkout id) and answers a wallet press', async () => {
  const html = await serverHtml(expressPage());
  const served = new DOMParser().parseFromString(html, 'text/html');
  document.head.innerHTML = served.head.innerHTML;
  document.body.innerHTML = served.body.innerHTML;
  const serverElement = document.querySelector('wpwl-payment-widget');
  const preload = `link[rel="preload"][href="${BASE}/v1/paymentWidgets.js"]`;
  expect(document.querySelectorAll(preload)).toHaveLength(1);

  const error = vi.spyOn(console, 'error');
  vi.spyOn(console, 'log').mockImplementation(() => {});
  const app = await bootstrapApplication(expressPage(), appConfig());
  await app.whenStable();
  expect(document.querySelector('wpwl-payment-widget')).toBe(serverElement);
  expect(widget.createdScripts()).toEqual([`${BASE}/v1/paymentWidgets.js`]);
  expect(document.querySelectorAll(preload)).toHaveLength(1);
  await widget.finishLoad();
  await app.whenStable();
  expect(serverElement!.getAttribute('data-wpwl-status')).toBe('ready');
  await expect(Promise.resolve(page.wpwlOptions!.createCheckout({ brand: 'GOOGLEPAY' }))).resolves.toBe(ID);
  expect(error).not.toHaveBeenCalled();

  app.destroy();
  await flush();
  document.getElementById('ng-state')?.remove();
  expect(widget.leftovers()).toEqual({ scripts: 0, widgetNodes: 0, globals: [] });
});
