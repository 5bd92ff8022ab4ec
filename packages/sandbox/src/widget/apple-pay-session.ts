// Owns the stand-in for Safari's `window.ApplePaySession`: the source text a
// test page runs (Playwright's `page.addInitScript`, or a <script> loading
// `/sandbox/apple-pay-session.js`) so that the stand-in widget offers Apple Pay
// in any browser. It answers the checks a widget makes before it shows the
// button, and nothing more: the stand-in widget shows its own wallet sheet, so
// a session is never begun.

/** Where the sandbox serves {@link APPLE_PAY_SESSION_STAND_IN}. */
export const APPLE_PAY_SESSION_PATH = '/sandbox/apple-pay-session.js';

/**
 * JavaScript source defining `window.ApplePaySession` as a stand-in that says
 * this browser can pay: `ApplePaySession.canMakePayments()` and
 * `ApplePaySession.supportsVersion(version)` return true,
 * `canMakePaymentsWithActiveCard()` resolves true. It leaves a real
 * `ApplePaySession` (Safari) alone. Starting a session (`begin()`) throws:
 * only the sandbox's stand-in widget, which shows its own sheet, is meant to
 * be tested with it.
 *
 * @example
 * await page.addInitScript(APPLE_PAY_SESSION_STAND_IN);
 */
export const APPLE_PAY_SESSION_STAND_IN: string = `/*! ApplePaySession - sandbox stand-in: says this browser can pay with Apple Pay */
(function () {
  'use strict';
  if (typeof window === 'undefined' || typeof window.ApplePaySession !== 'undefined') return;
  function ApplePaySession(version, request) {
    if (!(this instanceof ApplePaySession)) throw new TypeError("Failed to construct 'ApplePaySession': use new");
    this.version = version;
    this.request = request;
  }
  ApplePaySession.canMakePayments = function () { return true; };
  ApplePaySession.canMakePaymentsWithActiveCard = function () { return Promise.resolve(true); };
  ApplePaySession.supportsVersion = function () { return true; };
  ApplePaySession.STATUS_SUCCESS = 0;
  ApplePaySession.STATUS_FAILURE = 1;
  ApplePaySession.prototype.begin = function () {
    throw new Error('ApplePaySession (sandbox stand-in): no payment sheet here; the sandbox widget shows its own');
  };
  ApplePaySession.prototype.abort = function () {};
  ApplePaySession.sandboxStandIn = true;
  Object.defineProperty(window, 'ApplePaySession', { value: ApplePaySession, configurable: true, writable: true });
})();
`;
