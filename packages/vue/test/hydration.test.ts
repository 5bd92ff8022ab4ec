// Server markup hydrated in the browser: no mismatch, and the widget loads
// into the hydrated element afterwards.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createSSRApp, h, nextTick } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { PaymentWidget, WpwlPlugin } from '../src/index.js';
import { flush, installFakeWidget, type FakeWidget } from '../../core/test/support/fake-widget.js';

const ID = '8a8294174b7ecb28014b9699220015ca';
const makeApp = () =>
  createSSRApp({
    render: () =>
      h(
        PaymentWidget,
        { checkoutId: ID, brands: 'VISA', shopperResultUrl: 'https://shop.example/result' },
        {
          loading: () => h('p', { class: 'loading' }, 'Loading…'),
        },
      ),
  }).use(WpwlPlugin, { baseUrl: 'https://test.gateway.example' });

let widget: FakeWidget;
beforeEach(() => {
  widget = installFakeWidget();
});
afterEach(async () => {
  await widget.uninstall();
});

it('hydrates the server markup without a mismatch, then loads the widget into it', async () => {
  const html = await renderToString(makeApp());
  expect(widget.createdScripts()).toHaveLength(0);
  const root = document.body.appendChild(document.createElement('div'));
  root.innerHTML = html;
  const serverWrapper = root.firstElementChild;
  const warn = vi.spyOn(console, 'warn');
  const error = vi.spyOn(console, 'error');

  const app = makeApp();
  app.mount(root);
  await nextTick();
  expect(warn.mock.calls.filter(([text]) => String(text).includes('ydration'))).toEqual([]);
  expect(error.mock.calls.filter(([text]) => String(text).includes('ydration'))).toEqual([]);
  expect(root.firstElementChild).toBe(serverWrapper);
  expect(root.querySelector('form.paymentWidgets')).not.toBeNull();
  expect(widget.liveScripts()).toHaveLength(1);

  await widget.finishLoad();
  await nextTick();
  expect(root.querySelector('.loading')).toBeNull();
  expect(root.firstElementChild?.getAttribute('data-wpwl-status')).toBe('ready');
  app.unmount();
  await flush();
  expect(widget.leftovers()).toEqual({ scripts: 0, widgetNodes: 0, globals: [] });
});

/**
 * The server's HTML as the browser gets it: rendered where there is no
 * document (as on the server), put into the page, and its inline scripts run
 * as the parser runs them, each as `document.currentScript` (happy-dom runs none).
 */
async function serverRendered(app: ReturnType<typeof createSSRApp>): Promise<HTMLElement> {
  vi.stubGlobal('document', undefined);
  let html: string;
  try {
    html = await renderToString(app);
  } finally {
    vi.unstubAllGlobals();
  }
  const root = document.body.appendChild(document.createElement('div'));
  root.innerHTML = html;
  for (const script of root.querySelectorAll('script')) {
    Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
    try {
      new Function(script.textContent!)();
    } finally {
      delete (document as { currentScript?: unknown }).currentScript;
    }
  }
  return root;
}

const makeStartedApp = (listeners: Record<string, unknown> = {}) =>
  createSSRApp({
    render: () =>
      h(
        PaymentWidget,
        { checkoutId: ID, brands: 'VISA', shopperResultUrl: 'https://shop.example/result', serverStart: true, ...listeners },
        { loading: () => h('p', { class: 'loading' }, 'Loading…') },
      ),
  }).use(WpwlPlugin, { baseUrl: 'https://test.gateway.example' });

it('server-start: the widget the server started is ready before hydration, which keeps it without a warning and takes it over', async () => {
  const root = await serverRendered(makeStartedApp());
  const serverForm = root.querySelector('form.paymentWidgets');
  expect(serverForm).not.toBeNull();
  expect(widget.liveScripts()).toHaveLength(1);
  const loaded = await widget.finishLoad();
  expect(root.querySelector('[data-wpwl-early]')!.getAttribute('data-wpwl-status')).toBe('ready');
  // The shopper presses pay before the app has hydrated: held back.
  loaded.pay();
  expect(loaded.submitted).toHaveLength(0);

  const warn = vi.spyOn(console, 'warn');
  const error = vi.spyOn(console, 'error');
  const onReady = vi.fn();
  const beforeSubmit = vi.fn(() => true);
  const app = makeStartedApp({ onReady, beforeSubmit });
  app.mount(root);
  await nextTick();
  expect(warn.mock.calls.filter(([text]) => String(text).includes('ydration'))).toEqual([]);
  expect(error.mock.calls.filter(([text]) => String(text).includes('ydration'))).toEqual([]);
  expect(onReady).toHaveBeenCalledTimes(1);
  expect(beforeSubmit).toHaveBeenCalledTimes(1);
  expect(loaded.submitted).toHaveLength(1);
  expect(widget.createdScripts()).toHaveLength(1);
  expect([...root.querySelectorAll('form.paymentWidgets')]).toEqual([serverForm]);
  expect(root.firstElementChild?.getAttribute('data-wpwl-status')).toBe('submitting');
  app.unmount();
  await flush();
  expect(widget.leftovers()).toEqual({ scripts: 0, widgetNodes: 0, globals: [] });
});

it('server-start: hydrated before the widget loaded, the component follows the server’s script', async () => {
  const root = await serverRendered(makeStartedApp());
  const app = makeStartedApp();
  app.mount(root);
  await nextTick();
  expect(root.firstElementChild?.getAttribute('data-wpwl-status')).toBe('loading');
  await widget.finishLoad();
  await nextTick();
  expect(root.firstElementChild?.getAttribute('data-wpwl-status')).toBe('ready');
  expect(widget.createdScripts()).toHaveLength(1);
  app.unmount();
  await flush();
  expect(widget.leftovers()).toEqual({ scripts: 0, widgetNodes: 0, globals: [] });
});

it('express checkout with server-start: the server wrote no widget, and the hydrated component loads the one script without a checkout id', async () => {
  const makeExpressApp = () =>
    createSSRApp({
      render: () =>
        h(PaymentWidget, {
          brands: 'GOOGLEPAY',
          shopperResultUrl: 'https://shop.example/result',
          serverStart: true,
          createCheckout: () => ID,
        }),
    }).use(WpwlPlugin, { baseUrl: 'https://test.gateway.example' });
  const root = await serverRendered(makeExpressApp());
  expect(root.querySelector('form.paymentWidgets')).toBeNull();
  expect(widget.createdScripts()).toHaveLength(0);
  const warn = vi.spyOn(console, 'warn');
  const error = vi.spyOn(console, 'error');
  const app = makeExpressApp();
  app.mount(root);
  await nextTick();
  expect(warn.mock.calls.filter(([text]) => String(text).includes('ydration'))).toEqual([]);
  expect(error.mock.calls.filter(([text]) => String(text).includes('ydration'))).toEqual([]);
  expect(widget.createdScripts()).toEqual(['https://test.gateway.example/v1/paymentWidgets.js']);
  await widget.finishLoad();
  await nextTick();
  expect(root.firstElementChild?.getAttribute('data-wpwl-status')).toBe('ready');
  app.unmount();
  await flush();
  expect(widget.leftovers()).toEqual({ scripts: 0, widgetNodes: 0, globals: [] });
});
