// Owns how the binding's tests put Angular on the page: a host component
// compiled just in time from a template (the way an app's component would use
// <wpwl-payment-widget>), bootstrapped as a real application into happy-dom,
// zoneless unless the test provides zone.js change detection.
import '@angular/compiler';
import { Component, provideZonelessChangeDetection, type ApplicationRef, type EnvironmentProviders, type Provider } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { PaymentWidgetComponent } from '@wpwl/angular';

/** Host components made so far: each gets a selector of its own (Angular warns about two alike). */
let hosts = 0;

/** A running test application and its host component's instance. */
export interface TestApp<T> {
  app: ApplicationRef;
  host: T;
  /** The `<wpwl-payment-widget>` element. */
  element(): HTMLElement;
  /** Lets Angular render what changed, and the widget react to it. */
  settle(): Promise<void>;
}

/**
 * Bootstraps a host component with `template` and the fields of `state` (call
 * `signal()` inside `state` to get fresh signals), into `document.body`.
 */
export async function bootstrapHost<T extends object>(
  template: string,
  state: () => T,
  providers: Array<Provider | EnvironmentProviders> = [provideZonelessChangeDetection()],
  imports: unknown[] = [PaymentWidgetComponent],
): Promise<TestApp<T>> {
  const selector = `test-host-${++hosts}`;
  class Host {
    constructor() {
      Object.assign(this, state());
    }
  }
  Component({ selector, template, imports: imports as never[] })(Host);
  document.body.innerHTML = `<${selector}></${selector}>`;
  const app = await bootstrapApplication(Host, { providers });
  const settle = async () => {
    await app.whenStable();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await app.whenStable();
  };
  await settle();
  return {
    app,
    host: app.components[0]!.instance as T,
    element: () => document.querySelector<HTMLElement>('wpwl-payment-widget')!,
    settle,
  };
}
