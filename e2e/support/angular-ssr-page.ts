// Owns the server-rendered Angular checkout page of the end-to-end tests, as
// one module for both sides: the page component (compiled just in time, on
// the server and in the browser alike, so the two render the same tree), the
// checkout it shows as an injection token each side provides, and the
// providers both share (hydration, zoneless, the gateway through provideWpwl).
import { Component, InjectionToken, inject, provideZonelessChangeDetection, type Provider } from '@angular/core';
import { provideClientHydration } from '@angular/platform-browser';
import { PaymentWidgetComponent, provideWpwl } from '@wpwl/angular';

/** The checkout the page shows: prepared by the server for this response. */
export interface PageCheckout {
  checkoutId: string;
  integrity?: string;
  baseUrl: string;
  shopperResultUrl: string;
}

export const PAGE_CHECKOUT = new InjectionToken<PageCheckout>('the checkout of this page');

class CheckoutPage {
  protected readonly checkout = inject(PAGE_CHECKOUT);
}

/** `<app-root>`: a heading and <wpwl-payment-widget> for the page's checkout, with its loading text. */
export const CheckoutPageComponent = Component({
  selector: 'app-root',
  imports: [PaymentWidgetComponent],
  template: `<h1>Pay for your order</h1>
    <wpwl-payment-widget
      [checkoutId]="checkout.checkoutId"
      [integrity]="checkout.integrity"
      brands="VISA MASTER"
      [shopperResultUrl]="checkout.shopperResultUrl"
    >
      <p wpwlLoading>Loading the payment form…</p>
    </wpwl-payment-widget>`,
})(CheckoutPage);

/** What the server and the browser both provide. */
export const pageProviders = (checkout: PageCheckout): Provider[] =>
  [
    provideClientHydration(),
    provideZonelessChangeDetection(),
    provideWpwl({ baseUrl: checkout.baseUrl }),
    { provide: PAGE_CHECKOUT, useValue: checkout },
  ] as Provider[];
