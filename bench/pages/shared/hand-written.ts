// The hand-written integration every control page shares: what a careful
// merchant writes without a wrapper. To show the widget: set wpwlOptions, put
// the form in place, add the script tag. To take it down: wpwl.unload(), then
// remove the script tags (unload leaves them: the widget's own and its
// follow-up static script) and the globals; the form goes with its page or
// component. The framework controls call these from an effect (React) or
// mounted / unmounted hooks (Vue), as a merchant's own component would.
import { baseUrl, brands, locale, options, shopperResultUrl } from './page.js';

const page = window as unknown as { wpwlOptions?: unknown; wpwl?: { unload(): void } };

/** The callbacks the widget calls: onReady, and onError with the widget's error. */
export interface HandWrittenCallbacks {
  onReady(): void;
  onError(error: { code?: string; message: string }): void;
}

/** A `<form class="paymentWidgets">` as the gateway's guide writes it. */
export function paymentForm(): HTMLFormElement {
  const form = document.createElement('form');
  form.className = 'paymentWidgets';
  form.action = shopperResultUrl;
  form.dataset.brands = brands;
  return form;
}

/** Sets wpwlOptions and adds the widget's script tag for `checkoutId` (the form must be in the page). */
export function loadWidget(checkoutId: string, callbacks: HandWrittenCallbacks): void {
  page.wpwlOptions = {
    ...options,
    locale,
    onReady: callbacks.onReady,
    onError: (error: { name: string; message: string }) => callbacks.onError({ code: error.name, message: error.message }),
  };
  const script = document.createElement('script');
  script.src = `${baseUrl}/v1/paymentWidgets.js?checkoutId=${encodeURIComponent(checkoutId)}`;
  document.head.append(script);
}

/** Unloads the widget and removes what it and loadWidget added to the document and window. */
export function unloadWidget(): void {
  page.wpwl?.unload();
  for (const script of Array.from(document.scripts)) if (script.src.startsWith(`${baseUrl}/`)) script.remove();
  delete page.wpwlOptions;
  delete page.wpwl;
}
