// The payment view of hobex/payon-react-spa (src/Payment.js) in our own code,
// with a small app around it: the shop shows one checkout at a time, can swap
// it for a new one (the view re-renders with another checkout id) and can
// leave the payment view (the view unmounts).
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

const gatewayUrl = new URLSearchParams(location.search).get('gateway');

// What react-helmet does with the view's <script> head tag: one tag per render,
// the previous one taken out when the checkout id changes.
function useHeadScript(src) {
  useEffect(() => {
    const tag = document.createElement('script');
    tag.src = src;
    document.head.appendChild(tag);
    return () => tag.remove();
  }, [src]);
}

// The view's own cleanup: unload the widget and drop its follow-up script.
function unloadWidget() {
  if (window.wpwl !== undefined && window.wpwl.unload !== undefined) {
    window.wpwl.unload();
    document.querySelectorAll('script').forEach((script) => {
      if (script.src.indexOf('static.min.js') !== -1) script.remove();
    });
  }
}

function Payment({ checkoutId }) {
  window.wpwlOptions = {};
  useEffect(() => () => unloadWidget(), []);
  useHeadScript(`${gatewayUrl}/v1/paymentWidgets.js?checkoutId=${checkoutId}`);
  return (
    <>
      <span id="showing">Payment for Checkout: {checkoutId}</span>
      <div key={checkoutId} style={{ width: '500px' }}>
        <form className="paymentWidgets" action={`${location.origin}/result.html`} method="POST" data-brands="VISA MASTER" />
      </div>
    </>
  );
}

function App() {
  const [checkoutId, setCheckoutId] = useState(new URLSearchParams(location.search).get('checkout'));
  // The test drives the app as the shop's own code would.
  window.showCheckout = setCheckoutId;
  return checkoutId ? <Payment checkoutId={checkoutId} /> : <p id="left">Back to the shop</p>;
}

createRoot(document.getElementById('app')).render(<App />);
