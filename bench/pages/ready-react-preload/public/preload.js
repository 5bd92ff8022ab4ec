// Early loading: asks for the widget script while the page is still being
// parsed, as a server would with a preload link in the HTML it renders for
// the checkout. The script tag core adds later for the same URL (no
// integrity here, so no CORS mode either) takes this response instead of a
// second request. The checkout id comes from the query string, like the
// hand-written page's.
(function () {
  var query = new URLSearchParams(window.location.search);
  var link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = query.get('base') + '/v1/paymentWidgets.js?checkoutId=' + query.get('checkoutId');
  document.head.appendChild(link);
})();
