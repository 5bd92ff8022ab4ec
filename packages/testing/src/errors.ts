// Owns the errors the kit throws where a test can act on them: each carries
// a stable `code` to match on, and its message names what to do.

/** The stable codes of {@link WpwlTestingError}. */
export type WpwlTestingErrorCode =
  /** An entry needs a package that is not installed (an optional peer dependency); the message names it. */
  | 'PEER_DEPENDENCY_MISSING'
  /** The page requested a widget script the test did not expect (`installFakeWidget`'s `baseUrl`, `maxLoads`). */
  | 'UNEXPECTED_WIDGET_SCRIPT'
  /** An option of `installFakeWidget` is malformed; the message names it and the rule. */
  | 'INVALID_OPTION'
  /** A per-test answer (`widget.use(...)`) or a test card choice is malformed; the message names the field. */
  | 'INVALID_ANSWER'
  /** A wallet button the test pressed is not shown (not in `data-brands`, Apple Pay not available, no express widget ready). */
  | 'WALLET_NOT_SHOWN'
  /** The test approved or cancelled a wallet sheet while none is open. */
  | 'NO_WALLET_SHEET';

/** An error of `@wpwl/testing` with a stable `code`. */
export class WpwlTestingError extends Error {
  override readonly name = 'WpwlTestingError';
  /** What went wrong, stable across versions: match on this, not on the message. */
  readonly code: WpwlTestingErrorCode;

  constructor(code: WpwlTestingErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/**
 * Imports the optional peer dependency `name` for `feature`.
 *
 * @throws WpwlTestingError `PEER_DEPENDENCY_MISSING` naming the package to install, when it is not installed
 */
export async function importPeer<T>(name: string, feature: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'ERR_MODULE_NOT_FOUND' && String((error as Error).message).includes(name)) {
      throw new WpwlTestingError(
        'PEER_DEPENDENCY_MISSING',
        `${feature} needs ${name}, which is not installed: add it to your dev dependencies (npm install -D ${name})`,
        { cause: error },
      );
    }
    throw error;
  }
}
