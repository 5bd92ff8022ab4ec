// The React variant of the time-to-ready page: <PaymentWidget> and nothing
// else, configured like the hand-written baseline.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { PaymentWidget } from '@wpwl/react';
import { readyPageConfig } from '../shared/page.js';

createRoot(document.getElementById('app')!).render(createElement(PaymentWidget, readyPageConfig));
