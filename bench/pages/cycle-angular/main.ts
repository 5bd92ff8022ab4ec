// The Angular cycle page: one app whose only child is <wpwl-payment-widget>
// (or nothing), driven through a signal. Compiled ahead of time (scripts/angular.mjs).
import { ChangeDetectionStrategy, Component } from '@angular/core';
import { PaymentWidgetComponent } from '@wpwl/angular';
import { checkoutId, exposeAngularCycles } from '../shared/angular-cycles.js';
import { signalError, signalReady } from '../shared/cycles.js';
import { baseUrl, brands, locale, options, shopperResultUrl } from '../shared/page.js';

@Component({
  selector: 'bench-app',
  imports: [PaymentWidgetComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `@if (checkoutId(); as id) {
    <wpwl-payment-widget
      [checkoutId]="id"
      [brands]="brands"
      [baseUrl]="baseUrl"
      [shopperResultUrl]="shopperResultUrl"
      [locale]="locale"
      [options]="options"
      (ready)="signalReady()"
      (paymentError)="signalError($event)"
    />
  }`,
})
class CyclePage {
  protected readonly checkoutId = checkoutId;
  protected readonly brands = brands;
  protected readonly baseUrl = baseUrl;
  protected readonly shopperResultUrl = shopperResultUrl;
  protected readonly locale = locale;
  protected readonly options = { ...options };
  protected readonly signalReady = signalReady;
  protected readonly signalError = signalError;
}

void exposeAngularCycles(CyclePage);
