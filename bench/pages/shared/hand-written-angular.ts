// The hand-written Angular control: a merchant's own component around the
// widget, no wpwl code. It loads the widget into its form once rendered,
// reloads it when the checkout id changes, and unloads it before it goes.
import { ChangeDetectionStrategy, Component, afterRenderEffect, input, output, untracked, type OnDestroy } from '@angular/core';
import { loadWidget, unloadWidget } from './hand-written.js';
import { brands, shopperResultUrl } from './page.js';

@Component({
  selector: 'bench-hand-written-widget',
  changeDetection: ChangeDetectionStrategy.OnPush,
  // The form is rendered anew for a new checkout (tracked by id): the widget loads into that one.
  template: `@for (id of [checkoutId()]; track id) {
    <form class="paymentWidgets" [action]="shopperResultUrl" [attr.data-brands]="brands"></form>
  }`,
})
export class HandWrittenWidget implements OnDestroy {
  readonly checkoutId = input.required<string>();
  readonly ready = output<void>();
  readonly failed = output<{ code?: string; message: string }>();
  protected readonly brands = brands;
  protected readonly shopperResultUrl = shopperResultUrl;
  #loaded: string | undefined;

  constructor() {
    // After the render that put the form in the page.
    afterRenderEffect(() => {
      const id = this.checkoutId();
      untracked(() => {
        if (this.#loaded !== undefined) unloadWidget();
        this.#loaded = id;
        loadWidget(id, { onReady: () => this.ready.emit(), onError: (error) => this.failed.emit(error) });
      });
    });
  }

  ngOnDestroy(): void {
    unloadWidget();
  }
}
