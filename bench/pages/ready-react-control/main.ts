// The React control of the time-to-ready page: the same page as ready-react,
// with the merchant's own hand-written component in place of <PaymentWidget>.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { HandWrittenWidget } from '../shared/hand-written-react.js';
import { initialCheckoutId, markError, markReady } from '../shared/page.js';

createRoot(document.getElementById('app')!).render(
  createElement(HandWrittenWidget, { checkoutId: initialCheckoutId ?? '', onReady: markReady, onError: markError }),
);
