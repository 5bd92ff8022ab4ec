// Owns the state of one load of the widget script: where it came from, the
// options and texts it read, the checkout it renders and the forms it
// rendered, and everything it added to the page (nodes, listeners, requests),
// so that unload() can take all of it back. Each load of paymentWidgets.js
// runs its own copy of this module.
import type { FormContext, PageGlobals, Texts, WidgetOptions, WidgetSession, WpwlApi } from './types.js';

export const page = window as Window & PageGlobals;

export const widget = {
  /** The gateway's base URL, from the widget's own script tag. */
  baseUrl: '',
  /** Empty when loaded without one (express mode) until a wallet button's checkout is read. */
  checkoutId: '',
  /** Loaded without a checkoutId: wallet buttons that ask the page for a checkout when pressed (express.ts). */
  express: false,
  /** The CSP nonce of the widget's script tag, passed on to what it adds. */
  nonce: '',
  /** `/v1/checkouts/{id}/payment`. */
  paymentPath: '',
  /** `wpwlOptions`, read once (see options.ts). */
  options: {} as WidgetOptions,
  locale: 'en',
  texts: undefined as unknown as Texts,
  styleName: 'card',
  session: null as WidgetSession | null,
  contexts: [] as FormContext[],
  unloaded: false,
  api: undefined as unknown as WpwlApi,
};

/** What the widget added, taken back by unload(). */
export const added = {
  nodes: [] as Node[],
  listeners: [] as Array<[target: EventTarget, type: string, handler: EventListener]>,
  requests: [] as AbortController[],
  /** Brand lists taken from a merchant form's text, put back on unload. */
  texts: [] as Array<[element: Element, text: string]>,
};
