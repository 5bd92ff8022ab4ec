// The shopper result page: the gateway sends the shopper here with ?id=…&resourcePath=…;
// a real shop passes resourcePath to its backend, which reads the status with its token.
document.getElementById('resource-path').textContent = new URLSearchParams(window.location.search).get('resourcePath') || '(none)';
