// The React cycle page: one root whose only child is <PaymentWidget> (or
// nothing), inside StrictMode, so that a development build shows what
// StrictMode's double mount costs and a production build what users ship.
import { StrictMode, createElement, useEffect } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { PaymentWidget } from '@wpwl/react';
import { exposeBench, signalError, signalReady } from '../shared/cycles.js';
import { baseUrl, brands, locale, options, shopperResultUrl } from '../shared/page.js';

declare global {
  interface Window {
    /** How often the probe's mount effect ran: twice per mount where StrictMode double-mounts. */
    __benchEffectRuns?: number;
  }
}

const root = createRoot(document.getElementById('app')!);

/** Mounted next to the widget, so the runner can see StrictMode's double mount happen. */
function EffectProbe(): null {
  useEffect(() => {
    window.__benchEffectRuns = (window.__benchEffectRuns ?? 0) + 1;
  }, []);
  return null;
}

function render(checkoutId: string | undefined): void {
  const widget =
    checkoutId &&
    createElement(PaymentWidget, {
      checkoutId,
      brands,
      baseUrl,
      shopperResultUrl,
      locale,
      // A new object on every render, as inline props are: compared by value.
      options: { ...options },
      onReady: signalReady,
      onError: signalError,
    });
  // Synchronous, so that an unmount has run its effect cleanups when it returns.
  flushSync(() => root.render(createElement(StrictMode, null, widget, widget && createElement(EffectProbe))));
}

exposeBench({ mount: render, change: render, unmount: () => render(undefined) });
