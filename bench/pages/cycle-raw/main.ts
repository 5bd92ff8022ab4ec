// The hand-written control for the soak: what a careful merchant writes
// without a wrapper — set wpwlOptions, add the form and the script tag; to
// change the checkout, unload and start again; to leave, wpwl.unload() and
// remove the tags, the form and the globals. Whatever the soak finds here
// belongs to the browser and the widget, not to wpwl.
import { exposeBench, signalError, signalReady } from '../shared/cycles.js';
import { baseUrl, brands, locale, options, shopperResultUrl } from '../shared/page.js';

const page = window as unknown as { wpwlOptions?: unknown; wpwl?: { unload(): void } };
const app = document.getElementById('app')!;

function mount(checkoutId: string): void {
  page.wpwlOptions = {
    ...options,
    locale,
    onReady: signalReady,
    onError: (error: { name: string; message: string }) => signalError({ code: error.name, message: error.message }),
  };
  const form = document.createElement('form');
  form.className = 'paymentWidgets';
  form.action = shopperResultUrl;
  form.dataset.brands = brands;
  app.append(form);
  const script = document.createElement('script');
  script.src = `${baseUrl}/v1/paymentWidgets.js?checkoutId=${encodeURIComponent(checkoutId)}`;
  document.head.append(script);
}

function unmount(): void {
  page.wpwl?.unload();
  // unload() leaves the script tags: the widget's own and its follow-up static script.
  for (const script of Array.from(document.scripts)) if (script.src.startsWith(`${baseUrl}/`)) script.remove();
  app.replaceChildren();
  delete page.wpwlOptions;
  delete page.wpwl;
}

exposeBench({
  mount,
  change(checkoutId) {
    unmount();
    mount(checkoutId);
  },
  unmount,
});
