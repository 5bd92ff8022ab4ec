// The Angular control of the time-to-ready page: the same page as
// ready-angular, with the merchant's own hand-written component in place of
// <wpwl-payment-widget>. Compiled ahead of time (scripts/angular.mjs).
import { ChangeDetectionStrategy, Component, provideZonelessChangeDetection } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { HandWrittenWidget } from '../shared/hand-written-angular.js';
import { initialCheckoutId, markError, markReady } from '../shared/page.js';

@Component({
  selector: 'bench-app',
  imports: [HandWrittenWidget],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `<bench-hand-written-widget [checkoutId]="checkoutId" (ready)="markReady()" (failed)="markError($event)" />`,
})
class BenchApp {
  protected readonly checkoutId = initialCheckoutId ?? '';
  protected readonly markReady = markReady;
  protected readonly markError = markError;
}

bootstrapApplication(BenchApp, { providers: [provideZonelessChangeDetection()] }).catch(markError);
