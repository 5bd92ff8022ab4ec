// A Vue storefront on wpwl: the component and the plugin, with @wpwl/core bundled in (Vue left out).
export { PaymentWidget, WpwlPlugin } from '@wpwl/vue';
