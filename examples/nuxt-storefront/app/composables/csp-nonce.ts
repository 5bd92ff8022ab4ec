// Owns the page's CSP nonce on both sides: the one server/plugins/csp.ts made
// for this response, carried to the browser in Nuxt's payload, so the widget's
// script tags (added in the browser too) carry the nonce of the page's policy.

/** The CSP nonce of the page's response. */
export function useCspNonce() {
  return useState<string | undefined>('csp-nonce', () => useRequestEvent()?.context.cspNonce as string | undefined);
}
