// Owns the browser guard: the access token this package holds must never be
// shipped to a shopper's browser, so every entry point refuses to run where a
// DOM exists. The browser build (browser.ts) throws the same error on import.
import { WpwlServerError } from './errors.js';

/** The error every entry point throws in a browser. One message, so it is recognisable. */
export function browserNotSupportedError(): WpwlServerError {
  return new WpwlServerError(
    'BROWSER_NOT_SUPPORTED',
    '@wpwl/server runs only on a server: it holds the gateway access token, which must never reach a browser. ' +
      'Call it from your backend (e.g. an API route) and send only the checkout id to the page; ' +
      'in the browser use @wpwl/core or a framework binding instead.',
  );
}

/** True where `window` or `document` exists (browsers, and DOM emulations such as jsdom or happy-dom). */
export function hasBrowserGlobals(): boolean {
  const scope = globalThis as { window?: unknown; document?: unknown };
  return typeof scope.window !== 'undefined' || typeof scope.document !== 'undefined';
}

/** Throws BROWSER_NOT_SUPPORTED where browser globals exist. */
export function assertServerEnvironment(): void {
  if (hasBrowserGlobals()) throw browserNotSupportedError();
}
