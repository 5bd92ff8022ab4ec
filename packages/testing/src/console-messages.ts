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

const FAILED_RESOURCE = /^Failed to load resource: the server responded with a status of 400\b/;
const PAYMENT_PATH = /^\/v1\/checkouts\/[^/]+\/payment$/;

/** The URL's path, or undefined for what is no URL. */
function pathOf(url: string): string | undefined {
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
}

/**
 * True for the console error a browser logs when the gateway answers the
 * widget's payment (`POST /v1/checkouts/{id}/payment`, that path exactly)
 * with a 400: what a declined card, insufficient funds, an expired card and
 * so on leave, every time. Any other message is false: another status (a
 * 404 for a checkout the gateway does not know, a 5xx), another path, a
 * payment URL only named in another URL's query.
 */
export function isGatewayDeclineMessage(message: PlaywrightConsoleMessage): boolean {
  return message.type() === 'error' && FAILED_RESOURCE.test(message.text()) && PAYMENT_PATH.test(pathOf(message.location().url) ?? '');
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
