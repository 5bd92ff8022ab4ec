// Owns the doctor's own errors: a stable `code` for each way a run cannot
// happen (bad arguments, no Chromium, a page that does not load, an
// unreadable inventory), as opposed to findings about the page.

/** Why a run could not happen. */
export type DoctorErrorCode =
  'INVALID_ARGUMENT' | 'INVALID_STEP' | 'CHROMIUM_NOT_FOUND' | 'PAGE_NOT_LOADED' | 'PAGE_TIMED_OUT' | 'STEP_FAILED' | 'INVALID_INVENTORY';

/** An error of the doctor: `code` is stable, `message` names the field or step and the rule. */
export class DoctorError extends Error {
  readonly code: DoctorErrorCode;

  constructor(code: DoctorErrorCode, message: string) {
    super(message);
    this.name = 'DoctorError';
    this.code = code;
  }
}
