// The floor of every binding on the time-to-ready page: @wpwl/core's
// controller created and mounted straight from the page's module, with no
// framework and no element around it, configured like the hand-written
// baseline. What a binding adds is measured against this and its own
// framework's control; what core adds, against the hand-written page.
import { createPaymentWidget } from '@wpwl/core';
import { readyPageConfig } from '../shared/page.js';

createPaymentWidget(readyPageConfig).mount(document.getElementById('app')!);
