// PaymentWidgetHarness (@wpwl/angular/testing) in a TestBed, as an app's
// component test would use it: the status, the loading and error text, the
// host's language, the widget's pay button and the retry button, and the
// `status` filter, against the fake widget script.
// Before anything of Angular: its packages are partially compiled and compile on first use.
import '@angular/compiler';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component, provideZonelessChangeDetection, signal } from '@angular/core';
import { TestBed, type ComponentFixture } from '@angular/core/testing';
import { BrowserTestingModule, platformBrowserTesting } from '@angular/platform-browser/testing';
import { TestbedHarnessEnvironment } from '@angular/cdk/testing/testbed';
import { PaymentWidgetComponent, provideWpwl } from '@wpwl/angular';
import { PaymentWidgetHarness } from '@wpwl/angular/testing';
import { flush, installFakeWidget, type FakeWidget } from '../../core/test/support/fake-widget.js';

const BASE = 'https://test.gateway.example';
const ID = '8a8294174b7ecb28014b9699220015ca';

@Component({
  selector: 'app-checkout',
  imports: [PaymentWidgetComponent],
  template: ` <wpwl-payment-widget
    [checkoutId]="checkoutId"
    brands="VISA"
    shopperResultUrl="https://shop.example/result"
    [locale]="locale()"
    [beforeSubmit]="beforeSubmit"
  >
    <p wpwlLoading>Loading the payment form…</p>
    <p wpwlError><button type="button" (click)="retried = retried + 1">Try again</button> The payment form did not load.</p>
  </wpwl-payment-widget>`,
})
class CheckoutComponent {
  readonly checkoutId = ID;
  readonly locale = signal<string | undefined>(undefined);
  readonly beforeSubmit = vi.fn(() => true);
  retried = 0;
}

let widget: FakeWidget;
let fixture: ComponentFixture<CheckoutComponent>;

beforeAll(() => {
  TestBed.initTestEnvironment(BrowserTestingModule, platformBrowserTesting());
});
beforeEach(() => {
  widget = installFakeWidget();
  TestBed.configureTestingModule({ providers: [provideZonelessChangeDetection(), provideWpwl({ baseUrl: BASE })] });
  fixture = TestBed.createComponent(CheckoutComponent);
});
afterEach(async () => {
  TestBed.resetTestingModule();
  await flush();
  await widget.uninstall();
});

const harness = () => TestbedHarnessEnvironment.loader(fixture).getHarness(PaymentWidgetHarness);

describe('PaymentWidgetHarness', () => {
  it('reads the loading content and the status, then ready; pay() presses the widget pay button', async () => {
    const payment = await harness();
    expect(await payment.getStatus()).toBe('loading');
    expect(await payment.isReady()).toBe(false);
    expect(await payment.getLoadingText()).toBe('Loading the payment form…');
    expect(await payment.getErrorText()).toBe('');

    const { submitted } = await widget.finishLoad();
    await fixture.whenStable();
    expect(await payment.getStatus()).toBe('ready');
    expect(await payment.isReady()).toBe(true);
    expect(await payment.getLoadingText()).toBe('');

    expect(await payment.pay()).toBe(true);
    expect(fixture.componentInstance.beforeSubmit).toHaveBeenCalledOnce();
    expect(submitted).toHaveLength(1);
  });

  it('reads the error content after a failed load; retry() presses its first button', async () => {
    const payment = await harness();
    await widget.failLoad();
    await fixture.whenStable();
    expect(await payment.getStatus()).toBe('error');
    expect(await payment.getErrorText()).toBe('Try again The payment form did not load.');
    expect(await payment.pay()).toBe(false);

    expect(await payment.retry()).toBe(true);
    expect(fixture.componentInstance.retried).toBe(1);
  });

  it("reads the host's language, and filters by status", async () => {
    fixture.componentInstance.locale.set('ar');
    const payment = await harness();
    expect(await payment.getLanguage()).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(await payment.retry()).toBe(false);

    const loader = TestbedHarnessEnvironment.loader(fixture);
    expect(await loader.getAllHarnesses(PaymentWidgetHarness.with({ status: 'ready' }))).toEqual([]);
    await widget.finishLoad();
    expect(await loader.getAllHarnesses(PaymentWidgetHarness.with({ status: 'ready' }))).toHaveLength(1);
  });
});
