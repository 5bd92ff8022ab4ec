// The hardening page for @wpwl/angular: one zoneless application, each widget
// a <wpwl-payment-widget> created into its host with createComponent, every
// config field bound to its input (from the component's own input list) and
// the callbacks to its outputs; an update sets the config signal the inputs read.
import { createComponent, inputBinding, outputBinding, provideZonelessChangeDetection, reflectComponentType, signal } from '@angular/core';
import { createApplication } from '@angular/platform-browser';
import { PaymentWidgetComponent } from '@wpwl/angular';
import { installHarness } from './harness.js';

const app = await createApplication({ providers: [provideZonelessChangeDetection()] });
const INPUTS = reflectComponentType(PaymentWidgetComponent)!.inputs.map((input) => input.templateName);

installHarness('angular', {
  mount(el, config, callbacks) {
    const current = signal(config);
    const ref = createComponent(PaymentWidgetComponent, {
      environmentInjector: app.injector,
      hostElement: el.appendChild(document.createElement('wpwl-payment-widget')),
      bindings: [
        ...INPUTS.map((name) => inputBinding(name, () => current()[name])),
        outputBinding('ready', callbacks.onReady),
        outputBinding('paymentError', callbacks.onError),
        outputBinding('expired', callbacks.onExpired),
        outputBinding('statusChange', callbacks.onStatusChange),
      ],
    });
    app.attachView(ref.hostView);
    app.tick();
    return {
      status: () => el.querySelector('[data-wpwl-status]')?.getAttribute('data-wpwl-status') ?? 'absent',
      unmount: () => {
        app.detachView(ref.hostView);
        ref.destroy();
      },
      update: (next) => {
        current.set(next);
        app.tick();
      },
      // The page's own "Place order" button: the component's pay().
      pay: () => ref.instance.pay(),
    };
  },
});
