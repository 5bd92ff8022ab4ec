// Owns what a browser test does on an express-checkout page of the
// sandbox's widget (loaded without a checkout id): press a wallet button,
// pay in or close the sandbox's stand-in wallet sheet, and offer Apple Pay
// in a browser that has none (the sandbox's stand-in `ApplePaySession`,
// added before the page's scripts run). Found by role and by the widget's
// class names; the wallet button also by its accessible name, which starts
// with the brand's name in every language (the sheet's buttons are named
// in the widget's language, so by role and class only).
import { importPeer, WpwlTestingError } from './errors.js';
import { WALLET_BRAND_NAMES, type WalletBrand } from './fake-wallets.js';

export type { WalletBrand } from './fake-wallets.js';

/** The roles the wallet helpers look for. */
type WalletRole = 'button' | 'dialog';

/** What the wallet helpers use of a Playwright `Locator`. */
export interface PlaywrightWalletLocator {
  click(options?: { timeout?: number }): Promise<void>;
  waitFor(options?: { state?: 'attached' | 'detached' | 'visible' | 'hidden'; timeout?: number }): Promise<void>;
  getByRole(role: WalletRole, options?: { name?: string | RegExp; exact?: boolean }): PlaywrightWalletLocator;
  locator(selector: string): PlaywrightWalletLocator;
  and(locator: PlaywrightWalletLocator): PlaywrightWalletLocator;
}

/** What the wallet helpers use of a Playwright `Page` (Playwright Test's `page` fixture, or playwright-core's). */
export interface PlaywrightWalletPage {
  getByRole(role: WalletRole, options?: { name?: string | RegExp; exact?: boolean }): PlaywrightWalletLocator;
  locator(selector: string): PlaywrightWalletLocator;
}

/** What {@link offerApplePay} uses of a Playwright `Page` or `BrowserContext`. */
export interface PlaywrightInitScripts {
  addInitScript(script: string): Promise<unknown>;
}

/** The stand-in wallet sheet: a modal dialog with the widget's class. */
function walletSheet(page: PlaywrightWalletPage): PlaywrightWalletLocator {
  return page.getByRole('dialog').and(page.locator('div.wpwl-wallet-sheet'));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Presses the wallet button of `brand` (the button named "{Brand name}: …",
 * e.g. "Google Pay: Pay now", of class `wpwl-button-brand-{BRAND}`). The
 * widget then calls the page's `createCheckout`; with a checkout id it opens
 * the wallet sheet: {@link approveWalletSheet} or {@link cancelWalletSheet}.
 * Apple Pay's buttons are shown only where the browser offers Apple Pay: see
 * {@link offerApplePay}.
 */
export async function pressWallet(page: PlaywrightWalletPage, brand: WalletBrand, options: { timeout?: number } = {}): Promise<void> {
  const name = WALLET_BRAND_NAMES[brand];
  if (!name) {
    throw new WpwlTestingError(
      'WALLET_NOT_SHOWN',
      `pressWallet: ${JSON.stringify(brand)} is no wallet brand (${Object.keys(WALLET_BRAND_NAMES).join(', ')})`,
    );
  }
  const button = page.getByRole('button', { name: new RegExp(`^${escapeRegExp(name)}:`) }).and(page.locator(`.wpwl-button-brand-${brand}`));
  await button.click({ timeout: options.timeout });
}

/**
 * Pays in the open wallet sheet (its pay button, "Pay {amount} {currency}" in English): the
 * widget sends the payment and the shopper on to the result URL, which
 * `readResult` reads. Waits for the sheet to open.
 */
export async function approveWalletSheet(page: PlaywrightWalletPage, options: { timeout?: number } = {}): Promise<void> {
  const sheet = walletSheet(page);
  await sheet.getByRole('button').and(sheet.locator('.wpwl-wallet-sheet-pay')).click({ timeout: options.timeout });
}

/**
 * Closes the open wallet sheet (its cancel button), as a shopper changing
 * their mind: the widget reports `{ name: 'WidgetError', brand, event: 'closed' }`
 * through `onError`. Waits for the sheet to open, then for it to be gone.
 */
export async function cancelWalletSheet(page: PlaywrightWalletPage, options: { timeout?: number } = {}): Promise<void> {
  const sheet = walletSheet(page);
  await sheet.getByRole('button').and(sheet.locator('.wpwl-wallet-sheet-cancel')).click({ timeout: options.timeout });
  await sheet.waitFor({ state: 'detached', timeout: options.timeout });
}

/**
 * Makes the browser offer Apple Pay to the pages opened from now on: adds
 * `@wpwl/sandbox`'s stand-in `ApplePaySession` (`APPLE_PAY_SESSION_STAND_IN`)
 * as an init script of the page (or of a whole browser context), so the
 * sandbox's widget shows its `APPLEPAY` and `APPLEPAYTKN` buttons. Call it
 * before `page.goto(…)`. Chromium has no Apple Pay of its own: without this,
 * the widget shows no Apple Pay button, as in any browser without it.
 *
 * @throws WpwlTestingError `PEER_DEPENDENCY_MISSING` when `@wpwl/sandbox` is not installed, or is a version without
 *   the stand-in
 */
export async function offerApplePay(target: PlaywrightInitScripts): Promise<void> {
  // Read by name: a @wpwl/sandbox from before express checkout has no stand-in.
  const sandbox: Readonly<Record<string, unknown>> = await importPeer('@wpwl/sandbox', 'offerApplePay()', () => import('@wpwl/sandbox'));
  const script = sandbox.APPLE_PAY_SESSION_STAND_IN;
  if (typeof script !== 'string') {
    throw new WpwlTestingError(
      'PEER_DEPENDENCY_MISSING',
      'offerApplePay() needs a @wpwl/sandbox that exports APPLE_PAY_SESSION_STAND_IN (express checkout): update @wpwl/sandbox',
    );
  }
  await target.addInitScript(script);
}
