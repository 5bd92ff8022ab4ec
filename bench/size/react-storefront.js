// A React storefront on wpwl: the component, with @wpwl/core bundled in (React left out).
export { PaymentWidget } from '@wpwl/react';
