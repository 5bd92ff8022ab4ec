// size-limit budgets: what each kind of user ships, measured with the anchors doing the same job.
// bench/src/size.ts reads the same list for bench/results.md.
import { angularProductionBuild } from './packages/angular/scripts/production-build.mjs';

/** The module <PaymentWidget> comes in when WpwlPlugin loads it lazily: not part of what the plugin alone ships. */
const lazyVueComponent = (config) => ({ ...config, external: [...(config.external ?? []), './PaymentWidget.js'] });

const entries = [
  {
    name: '@wpwl/core loadPaymentWidgets (the loader alone)',
    path: 'packages/core/dist/index.js',
    import: '{ loadPaymentWidgets }',
    gzip: true,
    limit: '2.0 KB',
  },
  {
    name: '@wpwl/core createPaymentWidget (the controller every binding ships)',
    path: 'packages/core/dist/index.js',
    import: '{ createPaymentWidget }',
    gzip: true,
    limit: '8.4 KB',
  },
  {
    name: '@wpwl/core (all)',
    path: 'packages/core/dist/index.js',
    import: '*',
    gzip: true,
    limit: '11.1 KB',
  },
  {
    name: 'React storefront: <PaymentWidget> with core (React left out)',
    path: 'bench/size/react-storefront.js',
    ignore: ['react', 'react-dom'],
    gzip: true,
    limit: '10.2 KB',
  },
  {
    name: 'Vue storefront: <PaymentWidget> and WpwlPlugin with core (Vue left out)',
    path: 'bench/size/vue-storefront.js',
    ignore: ['vue'],
    gzip: true,
    limit: '10.3 KB',
  },
  {
    name: 'static page: <wpwl-widget> standalone (Lit and core bundled)',
    path: 'packages/lit/dist/wpwl-widget.js',
    gzip: true,
    limit: '13.3 KB',
  },
  {
    name: 'React provider alone: <WpwlProvider> in a root layout (React left out)',
    path: 'packages/react/dist/index.js',
    import: '{ WpwlProvider }',
    ignore: ['react', 'react-dom'],
    gzip: true,
    limit: '0.5 KB',
  },
  {
    name: 'Vue plugin alone: app.use(WpwlPlugin) (Vue left out; <PaymentWidget> is a lazy chunk)',
    path: 'packages/vue/dist/index.js',
    import: '{ WpwlPlugin }',
    ignore: ['vue'],
    gzip: true,
    limit: '0.5 KB',
  },
  {
    name: 'Nuxt plugin alone: @wpwl/nuxt on every route (Vue and Nuxt left out; <PaymentWidget> comes with the pages that use it)',
    path: 'packages/nuxt/dist/runtime/plugin.js',
    ignore: ['vue', '#imports'],
    gzip: true,
    limit: '0.5 KB',
  },
  {
    name: '@wpwl/react alone (core and React left out)',
    path: 'packages/react/dist/index.js',
    import: '*',
    ignore: ['react', 'react-dom', '@wpwl/core'],
    gzip: true,
    limit: '1.6 KB',
  },
  {
    name: '@wpwl/vue alone (core and Vue left out)',
    path: 'packages/vue/dist/index.js',
    import: '*',
    ignore: ['vue', '@wpwl/core'],
    gzip: true,
    // 1.35 KB before express checkout: the createCheckout prop, and a kept-alive widget mounted again when shown.
    limit: '1.4 KB',
  },
  {
    // As an Angular app's production build ships it to the browser: linked by the Angular linker,
    // development-only and server-only code out, an ES module (no CommonJS interop helper).
    name: '@wpwl/angular alone (core and Angular left out)',
    path: 'packages/angular/dist/fesm2022/wpwl-angular.mjs',
    import: '*',
    ignore: ['@angular/core', '@angular/common', '@wpwl/core'],
    modifyEsbuildConfig: angularProductionBuild,
    gzip: true,
    limit: '2.0 KB',
  },
  {
    name: '@wpwl/lit alone (core and Lit left out)',
    path: 'packages/lit/dist/index.js',
    import: '*',
    ignore: ['@lit/reactive-element', 'lit', '@wpwl/core'],
    gzip: true,
    // 1,958 B before express checkout's createCheckout property and attributes (+59 B).
    limit: '2.05 KB',
  },
  {
    name: 'anchor: React storefront on @stripe/react-stripe-js + @stripe/stripe-js/pure (React left out)',
    path: 'bench/size/anchor-react-stripe.js',
    ignore: ['react', 'react-dom'],
    gzip: true,
  },
  {
    name: 'anchor: React storefront on @paypal/react-paypal-js (React left out)',
    path: 'bench/size/anchor-react-paypal.js',
    ignore: ['react', 'react-dom'],
    gzip: true,
  },
  {
    name: 'anchor: Vue storefront or static page on @stripe/stripe-js/pure (loadStripe; no Vue binding or element exists)',
    path: 'bench/size/anchor-stripe-loader.js',
    gzip: true,
  },
  {
    name: 'anchor: Vue storefront or static page on @paypal/paypal-js (loadScript; no Vue binding or element exists)',
    path: 'bench/size/anchor-paypal-loader.js',
    gzip: true,
  },
];

export default entries.map((entry) =>
  entry.name.startsWith('Vue plugin alone') ? { ...entry, modifyEsbuildConfig: lazyVueComponent } : entry,
);
