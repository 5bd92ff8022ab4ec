// Owns PaymentWidgetHarness: <wpwl-payment-widget> as an Angular CDK component
// harness, read and driven through the DOM only (its status attribute, its two
// announced regions, the widget's pay button), so the same test code runs in a
// TestBed and in a browser.
import { ComponentHarness, HarnessPredicate, type BaseHarnessFilters } from '@angular/cdk/testing';
import type { WidgetStatus } from '@wpwl/core';

/** What {@link PaymentWidgetHarness.with} can look for, besides the CDK's `selector` and `ancestor`. */
export interface PaymentWidgetHarnessFilters extends BaseHarnessFilters {
  /** Only widgets in this status (`ready`, `error` …). */
  status?: WidgetStatus;
}

/**
 * A component harness for `<wpwl-payment-widget>` (`@angular/cdk/testing`).
 *
 * @example
 * const widget = await TestbedHarnessEnvironment.loader(fixture).getHarness(PaymentWidgetHarness);
 * expect(await widget.getStatus()).toBe('loading');
 * // … once the widget script has loaded:
 * expect(await widget.isReady()).toBe(true);
 * await widget.pay();
 */
export class PaymentWidgetHarness extends ComponentHarness {
  static hostSelector = 'wpwl-payment-widget';

  /** A predicate for `getHarness` / `getAllHarnesses`: `PaymentWidgetHarness.with({ status: 'ready' })`. */
  static with(options: PaymentWidgetHarnessFilters = {}): HarnessPredicate<PaymentWidgetHarness> {
    return new HarnessPredicate(PaymentWidgetHarness, options).addOption(
      'status',
      options.status,
      async (harness, status) => (await harness.getStatus()) === status,
    );
  }

  // The component's own regions (its children), not any inside the widget's form.
  private readonly statusRegion = this.locatorFor('wpwl-payment-widget > [role="status"]');
  private readonly alertRegion = this.locatorFor('wpwl-payment-widget > [role="alert"]');
  // The card form's: with stored cards the registrations form comes first, with its own pay button.
  private readonly payButton = this.locatorForOptional('.wpwl-form-card .wpwl-button-pay');
  private readonly alertButton = this.locatorForOptional('wpwl-payment-widget > [role="alert"] button');

  /** The widget's status: `idle`, `loading`, `ready`, `submitting`, `error`, `expired` or `destroyed`. */
  async getStatus(): Promise<WidgetStatus> {
    return ((await (await this.host()).getAttribute('data-wpwl-status')) ?? 'idle') as WidgetStatus;
  }

  /** True once the shopper can type in the card form. */
  async isReady(): Promise<boolean> {
    return (await this.getStatus()) === 'ready';
  }

  /** True while the form is up and the checkout ends within `warnBeforeExpiryMs`. */
  async isExpiringSoon(): Promise<boolean> {
    return (await (await this.host()).getAttribute('data-wpwl-expiring-soon')) !== null;
  }

  /** The text of the content marked `wpwlLoading`, as announced; empty once the form is up. */
  async getLoadingText(): Promise<string> {
    return (await (await this.statusRegion()).text()).trim();
  }

  /**
   * The text of the content shown in the alert region, as announced: `wpwlError`'s
   * in `error`, `wpwlExpired`'s in `expired`, `wpwlExpiringSoon`'s; empty otherwise.
   */
  async getErrorText(): Promise<string> {
    return (await (await this.alertRegion()).text()).trim();
  }

  /** The host's `lang` and `dir` (from the widget's locale), `null` without one. */
  async getLanguage(): Promise<{ lang: string | null; dir: string | null }> {
    const host = await this.host();
    return { lang: await host.getAttribute('lang'), dir: await host.getAttribute('dir') };
  }

  /**
   * Presses the widget's own pay button, as the shopper would. False when
   * there is none (the form is not shown).
   */
  async pay(): Promise<boolean> {
    const button = await this.payButton();
    if (!button) return false;
    await button.click();
    return true;
  }

  /**
   * Presses the first button of the alert region's content: your "Try again"
   * in `wpwlError` (or "Get more time" in `wpwlExpiringSoon`). False when
   * there is none.
   */
  async retry(): Promise<boolean> {
    const button = await this.alertButton();
    if (!button) return false;
    await button.click();
    return true;
  }
}
