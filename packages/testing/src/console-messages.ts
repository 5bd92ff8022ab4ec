// Owns telling a browser test's console errors apart: the ones a payment
// the gateway refused always leaves (Chromium logs "Failed to load resource:
// the server responded with a status of 400 (Bad Request)" for the widget's
// payment POST that the gateway answers with a 4xx, as the sandbox does for
// a declined card), and every other error, which a "no console errors" test
// is about.

/** What the helpers use of a Playwright `ConsoleMessage`. */
export interface PlaywrightConsoleMessage {
  type(): string;
  text(): string;
  location(): { url: string };
}

/** What {@link watchConsoleErrors} uses of a Playwright `Page`. */
export interface PlaywrightPageEvents {
  on(event: 'console', listener: (message: PlaywrightConsoleMessage) => void): unknown;
  on(event: 'pageerror', listener: (error: Error) => void): unknown;
}

const FAILED_RESOURCE = /^Failed to load resource: the server responded with a status of 4\d\d\b/;
const PAYMENT_URL = /\/v1\/checkouts\/[^/?#]+\/payment(?:[?#]|$)/;

/**
 * True for the console error a browser logs when the gateway answers the
 * widget's payment (`POST /v1/checkouts/{id}/payment`) with a 4xx: what a
 * declined card, insufficient funds, an expired card and so on leave, every
 * time. Any other message, including a 4xx or 5xx of another URL, is false.
 */
export function isGatewayDeclineMessage(message: PlaywrightConsoleMessage): boolean {
  return message.type() === 'error' && FAILED_RESOURCE.test(message.text()) && PAYMENT_URL.test(message.location().url);
}

/** Options of {@link watchConsoleErrors}. */
export interface WatchConsoleErrorsOptions {
  /** Also keep the console errors of payments the gateway refused ({@link isGatewayDeclineMessage}). Default `false`. */
  includeGatewayDeclines?: boolean;
}

/**
 * Collects the page's console errors and uncaught exceptions from now on,
 * as `text (url)` and `uncaught: message`, leaving out the errors of
 * payments the gateway refused: assert the list is empty at the end of a
 * test. Call it before the page navigates.
 */
export function watchConsoleErrors(page: PlaywrightPageEvents, options: WatchConsoleErrorsOptions = {}): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (!options.includeGatewayDeclines && isGatewayDeclineMessage(message)) return;
    const where = message.location().url;
    errors.push(where ? `${message.text()} (${where})` : message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}
