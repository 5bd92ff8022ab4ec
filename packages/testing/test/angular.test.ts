// The kit under <wpwl-payment-widget> (@wpwl/angular), as an Angular
// merchant's component test would use it: an application bootstrapped into
// happy-dom around a template of one's own, read by accessible name.
// Before anything of Angular: its packages are partially compiled and compile on first use.
import '@angular/compiler';
import { getAllByRole, getByRole, queryAllByRole } from '@testing-library/dom';
import { Component, provideZonelessChangeDetection, signal, type ApplicationRef } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { PaymentWidgetComponent } from '@wpwl/angular';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeWidget, type FakeWidget } from '../src/index.js';

const TEMPLATE = `
  <wpwl-payment-widget #payment checkoutId="8a8294174b7ecb28014b9699220015ca" brands="VISA MASTER"
      shopperResultUrl="https://shop.example/result" baseUrl="https://test.gateway.example"
      (statusChange)="status.set($event.status)">
    <p wpwlError>The payment form did not load. <button (click)="payment.retry()">Try again</button></p>
  </wpwl-payment-widget>
  <p role="status">{{ status() === 'submitting' ? 'Sending your payment…' : '' }}</p>
  <button [disabled]="status() !== 'ready'" (click)="payment.pay()">Place order</button>`;

/** The merchant's checkout component. */
class Checkout {
  readonly status = signal('idle');
}
Component({ selector: 'shop-checkout', template: TEMPLATE, imports: [PaymentWidgetComponent] })(Checkout);

let widget: FakeWidget;
let app: ApplicationRef | undefined;
const body = () => document.body;

beforeEach(async () => {
  widget = installFakeWidget();
  document.body.innerHTML = '<shop-checkout></shop-checkout>';
  app = await bootstrapApplication(Checkout, { providers: [provideZonelessChangeDetection()] });
});
afterEach(async () => {
  app?.destroy();
  app = undefined;
  await widget.uninstall();
  document.body.replaceChildren();
});

describe('an Angular checkout, tested with the fake widget', () => {
  it("shows the labelled card form when ready; the merchant's own button pays", async () => {
    await widget.ready();
    await widget.act(() => app!.whenStable());
    expect(getByRole(body(), 'textbox', { name: 'Card Number' })).toBeTruthy();
    const paid = widget.nextPayment();
    await widget.act(() => getByRole(body(), 'button', { name: 'Place order' }).click());
    await expect(paid).resolves.toMatchObject({ outcome: 'approved' });
    await widget.act(() => app!.whenStable());
    // Ours, beside the binding's own status region.
    expect(getAllByRole(body(), 'status').map((status) => status.textContent)).toContain('Sending your payment…');
  });

  it('a load failure shows the error content; its retry loads the widget again', async () => {
    await widget.failLoad();
    await widget.act(() => app!.whenStable());
    await widget.act(() => getByRole(body(), 'button', { name: 'Try again' }).click());
    await widget.ready();
    await widget.act(() => app!.whenStable());
    // The binding's alert region stays, with nothing in it to announce.
    expect(queryAllByRole(body(), 'alert').map((alert) => alert.textContent?.trim())).toEqual(['']);
    expect(getByRole(body(), 'textbox', { name: 'Card Number' })).toBeTruthy();
  });
});
