// Owns which widget scripts a test expects, onUnhandledRequest-style: the
// gateway base URL the page must load the widget from and how many loads
// the test allows (a retry, a new checkout and a remount each load again).
// A script outside them is reported as the test chose: an error that fails
// the test (the default), a warning, or nothing.
import { WpwlTestingError } from './errors.js';

/** What a test does with a widget script it did not expect. */
export type UnexpectedScriptMode = 'error' | 'warn' | 'bypass' | ((error: WpwlTestingError) => void);

/** The widget scripts a test expects (options of `installFakeWidget`). */
export interface ScriptExpectations {
  /**
   * The gateway the page must load the widget from, e.g.
   * `https://eu-test.oppwa.com`: a `paymentWidgets.js` from any other base
   * URL is unexpected. Default: any.
   */
  baseUrl?: string;
  /** How many widget script loads the test allows at most (each retry, new checkout or remount is one). Default: any number. */
  maxLoads?: number;
  /**
   * What happens with a widget script the test did not expect:
   * - `error` (default): logged with `console.error`, and the test fails:
   *   the next method of the fake (and `uninstall()`, after each test)
   *   rejects with a `WpwlTestingError` of code `UNEXPECTED_WIDGET_SCRIPT`;
   *   the script is never answered;
   * - `warn`: logged with `console.warn`, then answered as any other;
   * - `bypass`: answered as any other, nothing said;
   * - a function: called with the error, then answered as any other.
   */
  onUnexpectedScript?: UnexpectedScriptMode;
}

/**
 * Checks the options.
 *
 * @throws WpwlTestingError `INVALID_OPTION` naming the option and the rule
 */
export function checkExpectations(expectations: ScriptExpectations): void {
  const { baseUrl, maxLoads, onUnexpectedScript } = expectations;
  if (baseUrl !== undefined && (typeof baseUrl !== 'string' || !/^https?:\/\/[^/?#]+(\/[^?#]*)?$/.test(baseUrl))) {
    throw new WpwlTestingError('INVALID_OPTION', `installFakeWidget: baseUrl must be an http(s) URL, not ${JSON.stringify(baseUrl)}`);
  }
  if (maxLoads !== undefined && !(Number.isInteger(maxLoads) && maxLoads >= 1)) {
    throw new WpwlTestingError('INVALID_OPTION', `installFakeWidget: maxLoads must be a whole number from 1, not ${String(maxLoads)}`);
  }
  if (
    onUnexpectedScript !== undefined &&
    typeof onUnexpectedScript !== 'function' &&
    !['error', 'warn', 'bypass'].includes(onUnexpectedScript)
  ) {
    throw new WpwlTestingError(
      'INVALID_OPTION',
      `installFakeWidget: onUnexpectedScript must be 'error', 'warn', 'bypass' or a function, not ${JSON.stringify(onUnexpectedScript)}`,
    );
  }
}

/** Why the `count`-th widget script load (from 1), of `url`, is unexpected; undefined when it is expected. */
export function unexpectedScript(url: string, count: number, expectations: ScriptExpectations): WpwlTestingError | undefined {
  const { baseUrl, maxLoads } = expectations;
  const href = new URL(url, document.baseURI).href;
  if (baseUrl !== undefined && !href.startsWith(`${baseUrl.replace(/\/+$/, '')}/v1/paymentWidgets.js`)) {
    return new WpwlTestingError(
      'UNEXPECTED_WIDGET_SCRIPT',
      `the page requested the widget script ${href}, not from the expected baseUrl ${baseUrl}: check the baseUrl your checkout passes`,
    );
  }
  if (maxLoads !== undefined && count > maxLoads) {
    return new WpwlTestingError(
      'UNEXPECTED_WIDGET_SCRIPT',
      `the page requested the widget script ${count} times, more than the ${maxLoads} the test allows (maxLoads); the last: ${href}`,
    );
  }
  return undefined;
}

/** Reports `error` as `mode` says; true when the script must stay unanswered and the test fail. */
export function reportUnexpected(error: WpwlTestingError, mode: UnexpectedScriptMode = 'error'): boolean {
  if (typeof mode === 'function') mode(error);
  else if (mode === 'warn') console.warn(`[@wpwl/testing] ${error.message}`);
  else if (mode === 'error') console.error(`[@wpwl/testing] ${error.message}`);
  return mode === 'error';
}
