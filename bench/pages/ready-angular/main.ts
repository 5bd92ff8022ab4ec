// The Angular variant of the time-to-ready page: <wpwl-payment-widget> and
// nothing else, configured like the hand-written baseline, in a zoneless app
// (what a new Angular app is). Compiled ahead of time (scripts/angular.mjs).
import { ChangeDetectionStrategy, Component, provideZonelessChangeDetection } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { PaymentWidgetComponent } from '@wpwl/angular';
import { baseUrl, brands, initialCheckoutId, locale, markError, markReady, options, shopperResultUrl } from '../shared/page.js';

@Component({
  selector: 'bench-app',
  imports: [PaymentWidgetComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `<wpwl-payment-widget
    [checkoutId]="checkoutId"
    [brands]="brands"
    [baseUrl]="baseUrl"
    [shopperResultUrl]="shopperResultUrl"
    [locale]="locale"
    [options]="options"
    (ready)="markReady()"
    (paymentError)="markError($event)"
  />`,
})
class BenchApp {
  protected readonly checkoutId = initialCheckoutId ?? '';
  protected readonly brands = brands;
  protected readonly baseUrl = baseUrl;
  protected readonly shopperResultUrl = shopperResultUrl;
  protected readonly locale = locale;
  protected readonly options = options;
  protected readonly markReady = markReady;
  protected readonly markError = markError;
}

bootstrapApplication(BenchApp, { providers: [provideZonelessChangeDetection()] }).catch(markError);
