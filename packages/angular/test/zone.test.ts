// <wpwl-payment-widget> in an app with zone.js change detection: the outputs
// are emitted inside Angular's zone (a handler that sets a plain field updates
// the page), and the widget's timers and script run outside it, so the app
// becomes stable while the widget is shown (hydration, service workers and
// tests wait for that).
import 'zone.js';
// Before anything of Angular: its packages are partially compiled and compile on first use.
import '@angular/compiler';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { NgZone, provideZoneChangeDetection, type ApplicationRef } from '@angular/core';
import { flush, installFakeWidget, type FakeWidget } from '../../core/test/support/fake-widget.js';
import { bootstrapHost } from './host.js';

const ID = '8a8294174b7ecb28014b9699220015ca';

// zone.js wraps MutationObserver by copying the enumerable methods of an
// instance: browsers' are enumerable, happy-dom's (class methods) are not,
// so the wrapper would have no observe(). happy-dom's own class, as zone.js kept it.
const unpatched = (globalThis as Record<string, unknown>)[Zone.__symbol__('MutationObserver')];
if (unpatched) globalThis.MutationObserver = unpatched as typeof MutationObserver;

let widget: FakeWidget;
let app: ApplicationRef | undefined;
beforeEach(() => {
  widget = installFakeWidget();
});
afterEach(async () => {
  app?.destroy();
  await flush();
  expect(widget.leftovers()).toEqual({ scripts: 0, widgetNodes: 0, globals: [] });
  await widget.uninstall();
});

/** Whether the app reports itself stable within `ms`. */
const stableWithin = (target: ApplicationRef, ms: number) =>
  Promise.race([target.whenStable().then(() => 'stable'), new Promise((resolve) => setTimeout(() => resolve('still busy'), ms))]);

it('emits its outputs in the zone (plain fields update the page) and keeps its 30-minute timer out of it (the app gets stable)', async () => {
  const test = await bootstrapHost(
    `<wpwl-payment-widget #payment [checkoutId]="id" brands="VISA" shopperResultUrl="https://shop.example/result" baseUrl="https://test.gateway.example"
       (ready)="onReady()" (statusChange)="status = $event.status">
       <button wpwlError id="retry" (click)="payment.retry()">Try again</button>
     </wpwl-payment-widget>
     <p id="said">{{ said }} / {{ status }}</p>`,
    () => ({
      id: ID,
      said: 'waiting',
      status: 'idle',
      inZone: undefined as boolean | undefined,
      onReady(this: { said: string; inZone?: boolean }) {
        this.said = 'ready';
        this.inZone = NgZone.isInAngularZone();
      },
    }),
    [provideZoneChangeDetection({ eventCoalescing: true })],
  );
  app = test.app;
  expect(test.app.injector.get(NgZone)).toBeInstanceOf(NgZone);
  await widget.failLoad();
  await stableWithin(test.app, 500);
  expect(document.querySelector('#said')!.textContent).toBe('waiting / error');

  // Pressed in the page: Angular's zone, where the widget must not stay.
  document.querySelector<HTMLButtonElement>('#retry')!.click();
  await widget.finishLoad();
  await stableWithin(test.app, 500);
  expect((test.host as { inZone?: boolean }).inZone).toBe(true);
  expect(document.querySelector('#said')!.textContent).toBe('ready / ready');
  // Shown and ready, with its expiry timer running: nothing keeps the zone busy.
  await expect(stableWithin(test.app, 500)).resolves.toBe('stable');
});
