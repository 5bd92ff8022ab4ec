// Owns the server-rendered checkout page the SSR and hydration tests share: a
// zoneless app with hydration, <wpwl-payment-widget> for a checkout prepared
// with integrity, and the defaults from provideWpwl, rendered by Angular's
// renderApplication as a server would for a request.
import '@angular/compiler';
import { Component, CSP_NONCE, provideZonelessChangeDetection, type ApplicationConfig, type Provider, type Type } from '@angular/core';
import { bootstrapApplication, provideClientHydration, type BootstrapContext } from '@angular/platform-browser';
import { provideServerRendering, renderApplication } from '@angular/platform-server';
import { PaymentWidgetComponent, provideWpwl } from '@wpwl/angular';

export const BASE = 'https://test.gateway.example';
export const ID = '8a8294174b7ecb28014b9699220015ca';
export const INTEGRITY = `sha384-${'A'.repeat(64)}`;
/** This response's CSP nonce, as the server hands it to Angular. */
export const NONCE = 'cmVxdWVzdC1ub25jZQ==';

/** The checkout page: a heading, the widget with its loading content (and, with `outputs`, handlers of every output). */
export function checkoutPage(checkoutId = ID, outputs = false) {
  class CheckoutPage {
    readonly checkoutId = checkoutId;
    readonly integrity = INTEGRITY;
    said(what: unknown) {
      return what;
    }
  }
  const handlers = outputs
    ? `(paymentError)="said($event)" (ready)="said('ready')" (expired)="said('expired')" (statusChange)="said($event)" (expiringSoon)="said($event)"`
    : '';
  return Component({
    selector: 'app-root',
    imports: [PaymentWidgetComponent],
    template: `<h1>Pay for your order</h1>
      <wpwl-payment-widget #payment [checkoutId]="checkoutId" brands="VISA MASTER" shopperResultUrl="https://shop.example/result" [integrity]="integrity" ${handlers}>
        <p wpwlLoading class="loading">Loading the payment form…</p>
        <p wpwlError class="failed">{{ payment.widget.error()?.message }}</p>
      </wpwl-payment-widget>
      ${outputs ? `<button type="button" (click)="said('click')">Place order</button>` : ''}`,
  })(CheckoutPage);
}

/** An express checkout page: wallet buttons for the cart, no checkout id; createCheckout prepares one at a press. */
export function expressPage() {
  class ExpressPage {
    readonly createCheckout = () => Promise.resolve({ id: ID, amount: '12.50', currency: 'EUR' });
  }
  return Component({
    selector: 'app-root',
    imports: [PaymentWidgetComponent],
    template: `<h1>Your cart</h1>
      <wpwl-payment-widget brands="GOOGLEPAY PAYPAL" shopperResultUrl="https://shop.example/result" amount="12.50" currency="EUR" [createCheckout]="createCheckout">
        <p wpwlLoading class="loading">Loading the wallet buttons…</p>
      </wpwl-payment-widget>`,
  })(ExpressPage);
}

/** What both sides provide: hydration, zoneless, the gateway from provideWpwl, the nonce as Angular's CSP_NONCE. */
export const appConfig = (): ApplicationConfig => ({
  providers: [
    provideClientHydration(),
    provideZonelessChangeDetection(),
    provideWpwl({ baseUrl: BASE }),
    { provide: CSP_NONCE, useValue: NONCE } satisfies Provider,
  ],
});

/** The page's HTML as the server sends it for `/checkout` (with `providers`, those on top: event replay, say). */
export function renderOnServer(page: Type<unknown> = checkoutPage(), providers: ApplicationConfig['providers'] = []): Promise<string> {
  const config = appConfig();
  return renderApplication(
    (context: BootstrapContext) =>
      bootstrapApplication(page, { providers: [...config.providers, ...providers, provideServerRendering()] }, context),
    {
      document: '<!doctype html><html lang="en"><head><title>Checkout</title></head><body><app-root></app-root></body></html>',
      url: '/checkout',
    },
  );
}
