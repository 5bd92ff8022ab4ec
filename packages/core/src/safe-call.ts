// Owns running the page's own callbacks from inside the controller: what one
// throws is reported, never passed on. Internal: the package entry does not
// re-export it.

import { WpwlError } from './errors.js';

/**
 * Runs a callback of the page's own code. What it throws is reported on the
 * console as a `CALLBACK_FAILED` WpwlError and goes no further: a throwing
 * listener must never leave the controller half-way through a change.
 */
export function callSafely(name: string, callback: () => void): void {
  try {
    callback();
  } catch (error) {
    console.error(new WpwlError('CALLBACK_FAILED', name + ' threw', { cause: error, details: { field: name } }));
  }
}
