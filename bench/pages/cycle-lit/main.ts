// The custom-element cycle page: a <wpwl-widget> from the standalone build
// created, given a new checkout-id attribute, and removed from the document.
import '@wpwl/lit/standalone';
import { exposeBench, signalError, signalReady } from '../shared/cycles.js';
import { baseUrl, brands, locale, options, shopperResultUrl } from '../shared/page.js';

const app = document.getElementById('app')!;
let widget: HTMLElement | undefined;

exposeBench({
  mount(checkoutId) {
    const element = document.createElement('wpwl-widget');
    element.options = { ...options };
    element.addEventListener('wpwl-ready', signalReady);
    element.addEventListener('wpwl-error', (event) =>
      signalError((event as CustomEvent<{ error: { code: string; message: string } }>).detail.error),
    );
    element.setAttribute('brands', brands);
    element.setAttribute('base-url', baseUrl);
    element.setAttribute('shopper-result-url', shopperResultUrl);
    element.setAttribute('locale', locale);
    element.setAttribute('checkout-id', checkoutId);
    app.append(element);
    widget = element;
  },
  change: (checkoutId) => widget?.setAttribute('checkout-id', checkoutId),
  unmount() {
    widget?.remove();
    widget = undefined;
  },
});
