// Anchor: a React storefront on Stripe's wrapper, with the loader that does not inject at import (stripe-js/pure).
export { Elements, PaymentElement } from '@stripe/react-stripe-js';
export { loadStripe } from '@stripe/stripe-js/pure';
