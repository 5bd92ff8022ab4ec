// The hand-written Lit control: a merchant's own LitElement around the
// widget, no wpwl code. It renders its form into the page (no shadow root:
// the widget looks for its form in the document), loads the widget into it
// once first rendered, reloads it when the checkout id changes, and unloads it
// when the element leaves the document.
import { LitElement, html, type PropertyValues } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { loadWidget, unloadWidget, type HandWrittenCallbacks } from './hand-written.js';
import { brands, shopperResultUrl } from './page.js';

export class HandWrittenWidget extends LitElement {
  static override properties = { checkoutId: { attribute: 'checkout-id' } };

  declare checkoutId: string;
  /** The widget's callbacks, set by the page before the element is added. */
  callbacks?: HandWrittenCallbacks;

  constructor() {
    super();
    this.checkoutId = '';
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  protected override render(): unknown {
    // Keyed on the checkout, so the widget's DOM from the last checkout goes with its form.
    return keyed(this.checkoutId, html`<form class="paymentWidgets" action=${shopperResultUrl} data-brands=${brands}></form>`);
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (!changed.has('checkoutId')) return;
    // The first render loads into the new form; a later checkout id unloads the last widget first.
    if (changed.get('checkoutId') !== undefined) unloadWidget();
    loadWidget(this.checkoutId, {
      onReady: () => this.callbacks?.onReady(),
      onError: (error) => this.callbacks?.onError(error),
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    unloadWidget();
  }
}

customElements.define('hand-written-widget', HandWrittenWidget);

declare global {
  interface HTMLElementTagNameMap {
    'hand-written-widget': HandWrittenWidget;
  }
}
