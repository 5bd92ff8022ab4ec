// Owns what a browser test does with the sandbox's widget, in Playwright
// (Playwright Test or playwright-core): fill in a test card chosen by
// outcome, press pay, pass or fail the 3-D Secure challenge, choose a stored
// card, and read the result the widget sent the shopper to; on an
// express-checkout page, the wallet helpers of playwright-wallets.ts. The helpers take
// Playwright's `Page` as they find it (typed by the members they use), so
// neither Playwright package is a dependency of this one.
import { readPaymentStatus, type PaymentStatus, type SandboxAccess } from './sandbox.js';
import type { TestCard } from './outcomes.js';
import { testCardEntry, type FillTestCardOptions as TestCardOptions, type TestCardChoice } from './test-card-choice.js';

export * from './sandbox.js';
export * from './console-messages.js';
export * from './playwright-wallets.js';
export { WpwlTestingError, type WpwlTestingErrorCode } from './errors.js';
export type { TestCardChoice } from './test-card-choice.js';
export { TEST_CARDS, testCard, verdictOf, type CardOutcome, type ResultVerdict, type TestCard, type TestCardBrand } from './outcomes.js';

/** What the helpers use of a Playwright `Locator`. */
export interface PlaywrightLocator {
  fill(value: string, options?: { timeout?: number }): Promise<void>;
  click(options?: { timeout?: number }): Promise<void>;
  check(options?: { timeout?: number }): Promise<void>;
  waitFor(options?: { state?: 'attached' | 'detached' | 'visible' | 'hidden'; timeout?: number }): Promise<void>;
  count(): Promise<number>;
  isVisible(): Promise<boolean>;
  inputValue(options?: { timeout?: number }): Promise<string>;
  selectOption(values: string, options?: { timeout?: number }): Promise<string[]>;
  locator(selector: string): PlaywrightLocator;
  filter(options: { hasText?: string | RegExp }): PlaywrightLocator;
  nth(index: number): PlaywrightLocator;
  first(): PlaywrightLocator;
}

/** What the helpers use of a Playwright `Page` (Playwright Test's `page` fixture, or playwright-core's). */
export interface PlaywrightPage {
  locator(selector: string): PlaywrightLocator;
  frameLocator(selector: string): { locator(selector: string): PlaywrightLocator };
  url(): string;
  waitForURL(url: (url: URL) => boolean, options?: { timeout?: number }): Promise<void>;
}

/** The widget's card form, in the sandbox's widget. */
const CARD_FORM = 'form.wpwl-form-card';
/** The stored cards' form. */
const STORED_CARDS_FORM = 'form.wpwl-form-registrations';

/** Options of {@link fillTestCard}: which test card, and how long each step may wait. */
export interface FillTestCardOptions extends TestCardOptions {
  timeout?: number;
}

/**
 * Fills the widget's card form with the sandbox test card for an outcome
 * (`'declined'`), a card of `TEST_CARDS`, or options, with a holder, a future
 * expiry and a CVV, and selects the card's brand where the shopper would.
 * Does not press pay. The component tests' fake widget takes the same
 * choice: `widget.fillTestCard(…)`.
 */
export async function fillTestCard(page: PlaywrightPage, choice: TestCardChoice | FillTestCardOptions = {}): Promise<TestCard> {
  const { card, holder, expiry, cvv } = testCardEntry(choice);
  const timeout = typeof choice === 'object' && 'timeout' in choice ? choice.timeout : undefined;
  const form = page.locator(CARD_FORM).first();
  await form.locator('.wpwl-control-cardNumber').fill(card.number, { timeout });
  // The widget picks the brand from the number; where it shows a select that did not follow, the shopper picks it.
  const brand = form.locator('select.wpwl-control-brand');
  if ((await brand.isVisible()) && (await brand.inputValue()) !== card.brand) await brand.selectOption(card.brand, { timeout });
  await form.locator('.wpwl-control-expiry').fill(expiry, { timeout });
  await form.locator('.wpwl-control-cardHolder').fill(holder, { timeout });
  await form.locator('.wpwl-control-cvv').fill(cvv, { timeout });
  return card;
}

/** Presses the widget's pay button: of the card form, or of the stored cards' form. */
export async function pressPay(page: PlaywrightPage, options: { storedCard?: boolean; timeout?: number } = {}): Promise<void> {
  const form = page.locator(options.storedCard ? STORED_CARDS_FORM : CARD_FORM).first();
  await form.locator('.wpwl-button-pay').click({ timeout: options.timeout });
}

/** {@link fillTestCard}, then {@link pressPay}. */
export async function payWithTestCard(page: PlaywrightPage, choice: TestCardChoice | FillTestCardOptions = {}): Promise<TestCard> {
  const card = await fillTestCard(page, choice);
  const timeout = typeof choice === 'object' && 'timeout' in choice ? choice.timeout : undefined;
  await pressPay(page, { timeout });
  return card;
}

/**
 * Answers the sandbox issuer's 3-D Secure page (after a payment with the
 * `3ds` test card): passes it (the payment is approved) or fails it. The
 * page opens in the widget's frame by default, or as the whole page with
 * `paymentTarget: '_top'`; either is found.
 */
export async function completeThreeDSecure(page: PlaywrightPage, options: { pass?: boolean; timeout?: number } = {}): Promise<void> {
  const button = `button#${options.pass === false ? 'fail' : 'complete'}[name="outcome"]`;
  const candidates = [page.frameLocator('iframe.wpwl-control-threeDSecure').locator(button), page.locator(button)];
  const shown = await Promise.any(
    candidates.map((candidate) => candidate.waitFor({ timeout: options.timeout }).then(() => candidate)),
  ).catch((error: unknown) => {
    throw new Error('no 3-D Secure page was shown (in the widget or as the page): pay with the "3ds" test card first', {
      cause: error,
    });
  });
  await shown.click({ timeout: options.timeout });
}

/** Options of {@link chooseStoredCard}. */
export interface ChooseStoredCardOptions {
  /** The stored card ending in these digits; default the first one shown. */
  last4?: string;
  /** The stored card at this position (from 0), when `last4` is not given. */
  index?: number;
  /** The CVV, where the widget asks for one (`registrations.requireCvv`); default `123`. */
  cvv?: string;
  timeout?: number;
}

/**
 * Chooses one of the shopper's stored cards in the widget (a checkout
 * prepared with `registrations[n].id`) and types its CVV when the widget asks
 * for it. Press pay with `pressPay(page, { storedCard: true })`.
 */
export async function chooseStoredCard(page: PlaywrightPage, options: ChooseStoredCardOptions = {}): Promise<void> {
  const { timeout } = options;
  const cards = page.locator(`${STORED_CARDS_FORM} .wpwl-group-registration`);
  const card = options.last4 ? cards.filter({ hasText: options.last4 }).first() : cards.nth(options.index ?? 0);
  await card.locator('input[name="registrationId"]').check({ timeout });
  const cvv = card.locator('.wpwl-wrapper-registration-cvv input');
  if ((await cvv.count()) > 0) await cvv.fill(options.cvv ?? '123', { timeout });
}

/** Where the widget sent the shopper after paying: the merchant's result URL. */
export interface ShopperResult {
  /** The whole URL. */
  url: string;
  /** The checkout id (`id`). */
  id: string;
  /** Where the status is read: `/v1/checkouts/{id}/payment`. */
  resourcePath: string;
  /** The status read from the sandbox, when one was given. */
  status?: PaymentStatus;
}

/**
 * Waits until the widget has sent the shopper to the result URL (one with
 * `resourcePath` in its query) and reads it; with `sandbox`, also reads the
 * payment's status from it, as the merchant backend would.
 */
export async function readResult(
  page: PlaywrightPage,
  options: { sandbox?: SandboxAccess; timeout?: number } = {},
): Promise<ShopperResult> {
  await page.waitForURL((url) => url.searchParams.has('resourcePath'), { timeout: options.timeout });
  const url = new URL(page.url());
  const resourcePath = url.searchParams.get('resourcePath')!;
  const result: ShopperResult = { url: url.href, id: url.searchParams.get('id') ?? '', resourcePath };
  if (options.sandbox) result.status = await readPaymentStatus(options.sandbox, resourcePath);
  return result;
}
