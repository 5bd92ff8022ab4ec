// The hand-written React control: a merchant's own component around the
// widget, no wpwl code. An effect keyed on the checkout id loads the widget
// into the form the component renders, and its cleanup unloads it, as the
// React guide to third-party scripts would have it.
import { createElement, useEffect, useRef, type ReactElement } from 'react';
import { loadWidget, unloadWidget, type HandWrittenCallbacks } from './hand-written.js';
import { brands, shopperResultUrl } from './page.js';

export function HandWrittenWidget({ checkoutId, ...callbacks }: { checkoutId: string } & HandWrittenCallbacks): ReactElement {
  const latest = useRef(callbacks);
  latest.current = callbacks;
  useEffect(() => {
    loadWidget(checkoutId, {
      onReady: () => latest.current.onReady(),
      onError: (error) => latest.current.onError(error),
    });
    return unloadWidget;
  }, [checkoutId]);
  // Keyed on the checkout, so the widget's DOM from the last checkout goes with its form.
  return createElement('form', { key: checkoutId, className: 'paymentWidgets', action: shopperResultUrl, 'data-brands': brands });
}
