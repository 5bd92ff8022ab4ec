// The @wpwl/angular/testing entry: what an app's tests use, kept out of the main entry.
export { PaymentWidgetHarness, type PaymentWidgetHarnessFilters } from './payment-widget-harness.js';
