// The Angular control for the soak: the cycle-angular page with the
// merchant's own hand-written component in place of <wpwl-payment-widget>.
// What it keeps per cycle is Angular's and the widget's.
import { ChangeDetectionStrategy, Component } from '@angular/core';
import { checkoutId, exposeAngularCycles } from '../shared/angular-cycles.js';
import { signalError, signalReady } from '../shared/cycles.js';
import { HandWrittenWidget } from '../shared/hand-written-angular.js';

@Component({
  selector: 'bench-app',
  imports: [HandWrittenWidget],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `@if (checkoutId(); as id) {
    <bench-hand-written-widget [checkoutId]="id" (ready)="signalReady()" (failed)="signalError($event)" />
  }`,
})
class CycleControlPage {
  protected readonly checkoutId = checkoutId;
  protected readonly signalReady = signalReady;
  protected readonly signalError = signalError;
}

void exposeAngularCycles(CycleControlPage);
