// The React control for the soak: the cycle-react page (production build,
// StrictMode) with the merchant's own hand-written component in place of
// <PaymentWidget>. What it keeps per cycle is React's and the widget's.
import { StrictMode, createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { exposeBench, signalError, signalReady } from '../shared/cycles.js';
import { HandWrittenWidget } from '../shared/hand-written-react.js';

const root = createRoot(document.getElementById('app')!);

function render(checkoutId: string | undefined): void {
  const widget = checkoutId && createElement(HandWrittenWidget, { checkoutId, onReady: signalReady, onError: signalError });
  flushSync(() => root.render(createElement(StrictMode, null, widget)));
}

exposeBench({ mount: render, change: render, unmount: () => render(undefined) });
