// The custom-element variant of the time-to-ready page: @wpwl/lit's
// standalone build (Lit and core in one file, what a static page loads) and
// one <wpwl-widget>, configured like the hand-written baseline.
import '@wpwl/lit/standalone';
import { baseUrl, brands, initialCheckoutId, locale, markError, markReady, options, shopperResultUrl } from '../shared/page.js';

const widget = document.createElement('wpwl-widget');
widget.options = options;
widget.addEventListener('wpwl-ready', markReady);
widget.addEventListener('wpwl-error', (event) =>
  markError((event as CustomEvent<{ error: { code: string; message: string } }>).detail.error),
);
widget.setAttribute('brands', brands);
widget.setAttribute('base-url', baseUrl);
widget.setAttribute('shopper-result-url', shopperResultUrl);
widget.setAttribute('locale', locale);
widget.setAttribute('checkout-id', initialCheckoutId ?? '');
document.getElementById('app')!.append(widget);
