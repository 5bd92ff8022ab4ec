// The integration merchants write by hand, as the gateway documents it: a
// global wpwlOptions first, then the widget's script tag, with the form in
// the page. Only the gateway base URL and the checkout id (made server-side)
// are taken from this page's query string: ?base=…&checkoutId=…
// A separate file rather than inline scripts, so the page runs under a strict CSP.
(function () {
  var query = new URLSearchParams(window.location.search);

  window.wpwlOptions = {
    locale: 'en',
    style: 'card',
    onReady: function () {
      document.documentElement.setAttribute('data-wpwl-ready', '');
    },
  };

  var script = document.createElement('script');
  script.src = query.get('base') + '/v1/paymentWidgets.js?checkoutId=' + encodeURIComponent(query.get('checkoutId') || '');
  document.head.appendChild(script);
})();
