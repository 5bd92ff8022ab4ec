// Server markup hydrated in the browser: no mismatch, and the widget loads
// into the hydrated element afterwards.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createSSRApp, h, nextTick } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { PaymentWidget, WpwlPlugin } from '../src/index.js';
import { flush, installFakeWidget, type FakeWidget } from '@wpwl/test-utils/fake-widget';

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
afterEach(() => {
  widget.uninstall();
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
