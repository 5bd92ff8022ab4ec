// The React variant of the time-to-ready page: <PaymentWidget> and nothing
// else, configured like the hand-written baseline.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { PaymentWidget } from '@wpwl/react';
import { baseUrl, brands, initialCheckoutId, locale, markError, markReady, options, shopperResultUrl } from '../shared/page.js';

createRoot(document.getElementById('app')!).render(
  createElement(PaymentWidget, {
    checkoutId: initialCheckoutId ?? '',
    brands,
    baseUrl,
    shopperResultUrl,
    locale,
    options,
    onReady: markReady,
    onError: markError,
  }),
);
