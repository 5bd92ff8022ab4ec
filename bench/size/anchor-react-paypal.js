// Anchor: a React storefront on PayPal's wrapper (provider and buttons).
export { PayPalScriptProvider, PayPalButtons } from '@paypal/react-paypal-js';
