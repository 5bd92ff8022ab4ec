// Anchor for a Vue storefront or a static page on Stripe: its framework-free loader alone.
export { loadStripe } from '@stripe/stripe-js/pure';
