// Owns removing the fake widget after each test without the test asking,
// where the test framework's hooks are globals: Jest, and Vitest with
// `globals: true` (Testing Library cleans up the same way). In Vitest the
// cleanup is a `beforeEach` teardown, which runs after every `afterEach`,
// so components are unmounted first (Testing Library's `cleanup` is an
// `afterEach`) and the widget controller's own teardown still finds the fake
// to unload. Set WPWL_TESTING_SKIP_AUTO_CLEANUP=true to do it yourself.
// The one module of the package with a side effect: importing it registers
// the hook.

/** Something installed for one test. */
interface Installed {
  uninstall(): Promise<void>;
}

const installed = new Set<Installed>();

/** Keeps `item` until it is uninstalled. */
export function track(item: Installed): void {
  installed.add(item);
}

/** Forgets `item` (it was uninstalled). */
export function untrack(item: Installed): void {
  installed.delete(item);
}

/** What is installed now. */
export function trackedCount(): number {
  return installed.size;
}

/**
 * Uninstalls every fake widget still installed. The automatic cleanup calls
 * it after each test; call it yourself in an `afterEach` when your test
 * framework has no global hooks.
 */
export async function cleanupFakeWidgets(): Promise<void> {
  for (const item of [...installed]) await item.uninstall();
}

type Hook = (fn: () => unknown) => void;
const scope = globalThis as typeof globalThis & {
  afterEach?: Hook;
  beforeEach?: Hook;
  /** Vitest's `vi`, a global where its hooks are (`globals: true`); Jest has none. */
  vi?: object;
  process?: { env?: Record<string, string | undefined> };
};
if (!scope.process?.env?.WPWL_TESTING_SKIP_AUTO_CLEANUP) {
  if (typeof scope.vi === 'object' && typeof scope.beforeEach === 'function') scope.beforeEach(() => cleanupFakeWidgets);
  else if (typeof scope.afterEach === 'function') scope.afterEach(cleanupFakeWidgets);
}
