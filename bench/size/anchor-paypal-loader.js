// Anchor for a Vue storefront or a static page on PayPal: its framework-free loader alone.
export { loadScript } from '@paypal/paypal-js';
