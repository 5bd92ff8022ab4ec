// widgetLeftovers(): what the widget left on the page, as a merchant's test
// checks it after unmounting a checkout.
import { createPaymentWidget, type PaymentWidgetController } from '@wpwl/core';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { installFakeWidget, widgetLeftovers, type FakeWidget } from '../src/index.js';

let widget: FakeWidget;
let controller: PaymentWidgetController | undefined;

beforeEach(() => {
  widget = installFakeWidget();
});

afterEach(async () => {
  controller?.destroy();
  document.body.innerHTML = '';
  await widget.uninstall();
});

const CLEAN = { scripts: 0, widgetNodes: 0, globals: [] };

it('counts the script tags, card form and globals of a loaded widget, and nothing once it is taken down', async () => {
  expect(widgetLeftovers()).toEqual(CLEAN);
  const container = document.body.appendChild(document.createElement('div'));
  controller = createPaymentWidget({
    checkoutId: '8a8294174b7ecb28014b9699220015ca',
    brands: 'VISA',
    shopperResultUrl: 'https://shop.example/result',
    baseUrl: 'https://test.gateway.example',
  });
  controller.mount(container);
  await widget.ready();
  const loaded = widgetLeftovers();
  // paymentWidgets.js and its follow-up script; the widget's nodes; both globals.
  expect(loaded.scripts).toBe(2);
  expect(loaded.widgetNodes).toBeGreaterThan(1);
  expect(loaded.globals).toEqual(['wpwlOptions', 'wpwl']);

  controller.destroy();
  controller = undefined;
  await widget.act(() => {});
  expect(widgetLeftovers()).toEqual(CLEAN);
});

it('reports what a component that cleans up badly leaves behind', async () => {
  const target = document.body.appendChild(document.createElement('form'));
  target.className = 'paymentWidgets';
  (globalThis as { wpwlOptions?: object }).wpwlOptions = {};
  try {
    expect(widgetLeftovers()).toEqual({ scripts: 0, widgetNodes: 1, globals: ['wpwlOptions'] });
  } finally {
    delete (globalThis as { wpwlOptions?: object }).wpwlOptions;
  }
});
