// Owns the bridge between a Lit host's lifecycle and one @wpwl/core widget
// controller: created once the host has a config, mounted after the host's
// update while it is connected, updated when the config object changes,
// destroyed when the host leaves the DOM. Every widget decision stays in core.

import type { ReactiveController, ReactiveControllerHost } from '@lit/reactive-element';
import { createPaymentWidget, type PaymentWidgetConfig, type PaymentWidgetController, type WidgetSnapshot } from '@wpwl/core';

/** What {@link WpwlWidgetController} reads from its host. */
export interface WpwlWidgetControllerOptions {
  /**
   * The widget's config, or `undefined` while there is nothing to pay yet.
   * Return the same object until an input changes: a new object is handed to
   * core's `update`, which then decides by value whether to re-mount.
   */
  config(): PaymentWidgetConfig | undefined;
  /** Where the widget renders; default: the host element itself (light DOM). */
  container?(): HTMLElement;
}

const IDLE: WidgetSnapshot = Object.freeze({ status: 'idle' });

/**
 * A Lit `ReactiveController` over core's `createPaymentWidget`. The host
 * re-renders on every snapshot change; read {@link snapshot} in `render()`.
 *
 * @example
 * class CheckoutStep extends LitElement {
 *   widget = new WpwlWidgetController(this, { config: () => this.config });
 *   render() { return html`<p>${this.widget.snapshot.status}</p>`; }
 * }
 */
export class WpwlWidgetController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #options: WpwlWidgetControllerOptions;
  #widget: PaymentWidgetController | undefined;
  #config: PaymentWidgetConfig | undefined;
  #connected = false;
  #mounted = false;

  constructor(host: ReactiveControllerHost & HTMLElement, options: WpwlWidgetControllerOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  /** The widget's current state; `idle` until the host first has a config. */
  get snapshot(): WidgetSnapshot {
    return this.#widget?.getSnapshot() ?? IDLE;
  }

  /** After a failed load or a widget error: loads the widget again. */
  retry(): void {
    this.#widget?.retry();
  }

  /** Pays from the page's own button (see `pay()` of core's controller); false when nothing was submitted. */
  pay(): boolean {
    return this.#widget?.pay() ?? false;
  }

  hostConnected(): void {
    this.#connected = true;
    // A re-inserted host mounts again on its next update.
    this.#host.requestUpdate();
  }

  hostUpdated(): void {
    this.#sync();
  }

  hostDisconnected(): void {
    this.#connected = false;
    // At once, not on the next update: core defers the real teardown by a
    // task, so a host that is only moved in the DOM re-adopts its widget.
    this.#sync();
  }

  #sync(): void {
    const config = this.#connected ? this.#options.config() : undefined;
    if (!config) {
      if (this.#mounted) {
        this.#mounted = false;
        this.#widget!.destroy();
      }
      return;
    }
    if (!this.#widget) {
      this.#widget = createPaymentWidget(config);
      this.#widget.subscribe(() => this.#host.requestUpdate());
    } else if (config !== this.#config) {
      this.#widget.update(config);
    }
    this.#config = config;
    if (!this.#mounted) {
      this.#mounted = true;
      this.#widget.mount(this.#options.container?.() ?? this.#host);
    }
  }
}
