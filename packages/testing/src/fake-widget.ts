// Owns the fake paymentWidgets.js for unit and component tests: it answers
// the widget script tags @wpwl/core adds (kept off the network by
// intercept.ts), and the test decides what happens: the load finishes or
// fails, the widget detects a brand, a payment is approved, declined, left
// pending, sent through 3-D Secure, refused as invalid, or the checkout has
// expired. It plays the real widget's side of the contract: `window.wpwl`
// (`unload`, `executePayment`, `checkout.id`), its follow-up script, a card
// form rendered before each `form.paymentWidgets`, the `wpwlOptions`
// callbacks with the arguments and `this` the widget gives them, and the
// redirect to the shopper result URL, which it records instead of leaving
// the page. Loaded without a checkout id (express checkout), it renders the
// wallet buttons instead, asks the page's `createCheckout` for a checkout
// when one is pressed, and opens the stand-in wallet sheet the test approves
// or cancels.

import { AnswerBook, resolveAnswer, type FakeAnswer, type FakeAnswerInit, type ResolvedAnswer } from './answers.js';
import { track, trackedCount, untrack } from './auto-cleanup.js';
import { WpwlTestingError } from './errors.js';
import {
  cardFields,
  clearMarks,
  markCardNumberInvalid,
  renderCardForm,
  selectBrand,
  showThreeDSecure,
  textsFor,
  type CardForm,
  type FakeFormTexts,
} from './fake-form.js';
import {
  isApplePay,
  isWalletBrand,
  openWalletSheet,
  renderWalletButton,
  sheetAmount,
  WALLET_BRAND_NAMES,
  type WalletBrand,
  type WalletButton,
  type WalletSheet,
} from './fake-wallets.js';
import { INERT_SCRIPT_TYPE, interceptWidgetScripts } from './intercept.js';
import { PENDING_RESULT_CODE, THREE_D_SECURE_FAILED_RESULT_CODE, outcomeOfCardNumber, testCard, type PaymentOutcome } from './outcomes.js';
import { checkExpectations, reportUnexpected, unexpectedScript, type ScriptExpectations } from './script-expectations.js';
import { settle, timersAreFake } from './settle.js';
import { testCardEntry, type TestCardChoice } from './test-card-choice.js';
import type { TestCard } from './outcomes.js';

/** Runs a change the fake drives so the UI framework sees it: React's `act`. */
export type ActFunction = (callback: () => Promise<void>) => unknown;

/** Options of {@link installFakeWidget}. */
export interface FakeWidgetOptions extends ScriptExpectations {
  /**
   * What payments are answered with, unless `submit({ outcome })` or an
   * answer given with `widget.use(…)` says otherwise, or the shopper typed
   * one of the sandbox's test card numbers
   * (`TEST_CARDS`), which decides as it does in the sandbox. Default
   * `approved`. Change it later through `widget.outcome`.
   */
  outcome?: PaymentOutcome;
  /**
   * Told where the widget sends the shopper after a payment (the result URL
   * with `id` and `resourcePath`). The fake never leaves the page: route your
   * app there yourself if the test goes on to the result page.
   */
  onRedirect?(url: string, payment: FakePayment): void;
  /** Wraps every change the fake drives; `@wpwl/testing/react` passes React's `act`. */
  act?: ActFunction;
  /**
   * Whether the browser offers Apple Pay: the widget shows its `APPLEPAY`
   * and `APPLEPAYTKN` buttons only then, as the real one does where
   * `ApplePaySession.canMakePayments()` is true. Default `false`, as in a
   * browser without Apple Pay. Change it later through
   * `widget.applePayAvailable` (read when the widget renders: before `ready()`).
   */
  applePayAvailable?: boolean;
}

/** A payment the fake widget sent: the hooks let it through and the fields passed. */
export interface FakePayment {
  /** The checkout paid. */
  readonly checkoutId: string;
  /** How the gateway answers it. */
  readonly outcome: Exclude<PaymentOutcome, 'invalid' | 'expired'>;
  /** The brand sent (`paymentBrand`). */
  readonly brand: string;
  /**
   * What the widget sent: `paymentBrand`, `card.number` (digits only),
   * `card.holder`, `card.expiryMonth`, `card.expiryYear` (four digits),
   * `card.cvv`, `shopperResultUrl`, the `customParameters[…]` @wpwl/core
   * wrote, and every input merchant code put into the widget's form (such as
   * `createRegistration`). For a wallet payment: `paymentBrand`,
   * `shopperResultUrl`, and `wallet.amount`, the total the wallet sheet
   * showed (when the page's options state one).
   */
  readonly fields: Readonly<Record<string, string>>;
  /** `/v1/checkouts/{id}/payment`: where the merchant backend reads the status. */
  readonly resourcePath: string;
  /** The result code a status read gives now (pending while a 3-D Secure challenge is open). */
  readonly resultCode: string;
  /** Where the widget sent the shopper: `{shopperResultUrl}?id=…&resourcePath=…`; undefined while 3-D Secure is open. */
  readonly resultUrl: string | undefined;
}

/** The `onError` argument of the widget, as it reports an error. */
export interface WidgetErrorReport {
  /** `InvalidCheckoutIdError`, `WidgetError`, `PciIframeSubmitError` … */
  name: string;
  message?: string;
  /** For a `WidgetError`: the brand it concerns, e.g. `GOOGLEPAY`. */
  brand?: string;
  /** For a `WidgetError`: what happened, e.g. `closed` (the shopper closed a wallet sheet). */
  event?: string;
}

/** Drives the fake widget for one test. Every method waits until the page has caught up. */
export interface FakeWidget {
  /** Finishes the newest widget script load: the widget renders its card form and calls `onReady`. */
  ready(): Promise<void>;
  /** Fails the newest widget script load (the tag's `error` event, as for a network failure). */
  failLoad(): Promise<void>;
  /** The widget detects `brand` from the typed number: selects it when offered (`onChangeBrand`), then calls `onDetectBrand`. */
  detectBrand(brand: string): Promise<void>;
  /**
   * Presses the widget's pay button. Resolves with the payment it sent, or
   * undefined when nothing was sent: the before-submit hooks blocked it (or
   * are still waiting: see {@link FakeWidget.nextPayment}), or the outcome
   * was `invalid` or `expired`.
   */
  submit(options?: FakeAnswerInit): Promise<FakePayment | undefined>;
  /**
   * Fills the card form as a shopper would, with the test card for an
   * outcome (`'declined'`), a card of `TEST_CARDS`, or options (`outcome`,
   * `brand`, `holder`, `expiry`, `cvv`): the same choice as the browser
   * helper `fillTestCard` of `@wpwl/testing/playwright`. Fires `input` and
   * `change` on each field, and the widget detects the card's brand
   * (`onChangeBrand`, `onDetectBrand`). Does not press pay. Resolves with the card.
   */
  fillTestCard(choice?: TestCardChoice): Promise<TestCard>;
  /**
   * Answers later payments as `answers` say, before the defaults (the typed
   * test card, then {@link FakeWidget.outcome}) and before answers given
   * earlier; `submit({ … })` still comes first. For this test only: the
   * next test's fake starts without them.
   *
   * @example widget.use({ resultCode: '800.100.171', once: true })
   * @throws WpwlTestingError `INVALID_ANSWER` for an answer without outcome or result code, or a malformed one
   */
  use(...answers: FakeAnswer[]): void;
  /** Drops the answers given with {@link FakeWidget.use}. */
  resetAnswers(): void;
  /** Answers the open 3-D Secure challenge: passed (approved) by default, or failed; the widget then sends the shopper on. */
  completeThreeDSecure(options?: { pass?: boolean }): Promise<FakePayment>;
  /** The gateway no longer knows the checkout: the widget reports `InvalidCheckoutIdError`. */
  expire(): Promise<void>;
  /** The widget reports an error through `onError`, e.g. `{ name: 'WidgetError', brand: 'GOOGLEPAY', event: 'closed' }`. */
  reportError(error: WidgetErrorReport): Promise<void>;
  /**
   * Express checkout (the widget loaded without a checkout id): presses the
   * wallet button of `brand` as the shopper would. The widget disables it
   * and calls the page's `createCheckout({ brand })`, waiting for the
   * thenable it returns (a native Promise or a jQuery deferred). With a
   * checkout id it opens the wallet sheet; with no id (nothing, `null`, `''`),
   * a rejection or a throw it stops quietly and the button can be pressed
   * again; with an id the gateway would not take, it reports
   * `InvalidCheckoutIdError` through `onError`. Pressing a button that is
   * disabled (a press still waiting, a sheet open, a payment sent) does
   * nothing. Resolves once that is settled: with the checkout id the sheet
   * is open for, or undefined when none is.
   *
   * @throws WpwlTestingError `WALLET_NOT_SHOWN` when the widget shows no button of `brand` (not in the form's
   *   `data-brands`, Apple Pay not available, the page not loaded for express checkout, or not `ready()` yet)
   */
  pressWallet(brand: WalletBrand): Promise<string | undefined>;
  /**
   * Pays in the open wallet sheet: the widget sends the payment for the
   * checkout `createCheckout` gave and sends the shopper to the result URL,
   * answered as a card payment is (`options`, then the answers given with
   * {@link FakeWidget.use}, then {@link FakeWidget.outcome}). Resolves with the
   * payment sent, or undefined for the outcome `expired` (the widget reports
   * `InvalidCheckoutIdError` and sends nothing).
   *
   * @throws WpwlTestingError `NO_WALLET_SHEET` when no wallet sheet is open (press a wallet button first)
   * @throws WpwlTestingError `INVALID_ANSWER` for the outcomes a wallet payment cannot have: `invalid`
   *   (a refused card number) and `3ds`
   */
  approveWalletSheet(options?: FakeAnswerInit): Promise<FakePayment | undefined>;
  /**
   * The shopper closes the open wallet sheet: the widget reports
   * `{ name: 'WidgetError', brand, event: 'closed' }` through `onError`, and
   * the wallet button can be pressed again.
   *
   * @throws WpwlTestingError `NO_WALLET_SHEET` when no wallet sheet is open
   */
  cancelWalletSheet(): Promise<void>;
  /** Whether the browser offers Apple Pay (see {@link FakeWidgetOptions.applePayAvailable}). */
  applePayAvailable: boolean;
  /**
   * Runs `change` as the fake runs its own, then lets the page catch up:
   * inside React's `act` with `@wpwl/testing/react`. For changes of the
   * test's own that the widget's controller reacts to, such as advancing
   * fake timers to the checkout's expiry.
   */
  act(change: () => unknown): Promise<void>;
  /** What later payments are answered with (see {@link FakeWidgetOptions.outcome}). */
  outcome: PaymentOutcome;
  /** Every payment sent since install, in order. */
  readonly payments: readonly FakePayment[];
  /** Waits for the next payment not yet handed out by this method (the first call: the first payment), however it was submitted. */
  nextPayment(): Promise<FakePayment>;
  /** The widget script URLs requested since install, in order (a retry adds one). */
  requests(): string[];
  /** The fake widget is loaded on the page now (ready, and not unloaded since). */
  readonly loaded: boolean;
  /**
   * Removes the fake: waits one task first on real timers (the controller
   * takes an unmounted widget down one task later), then removes what the
   * widget added and stops intercepting. Called after each test for you
   * where the test framework's hooks are globals.
   */
  uninstall(): Promise<void>;
}

/** The widget's options, as the fake reads them. */
type WidgetOptions = { labels?: Record<string, unknown>; errorMessages?: Record<string, unknown>; [key: string]: unknown };
/** The page's two globals. */
const page = globalThis as unknown as { wpwlOptions?: WidgetOptions; wpwl?: unknown };

const EXPIRED_MESSAGE = 'This checkout has expired or does not exist.';
const MISSING_CREATE_CHECKOUT_MESSAGE = 'wpwlOptions.createCheckout must be a function: the widget was loaded without a checkout id';
const INVALID_ID_MESSAGE = 'createCheckout returned an invalid checkout id.';
const SHEET_CLOSED_MESSAGE = 'The shopper closed the payment sheet.';
/** The gateway's rule for a checkout id. */
const CHECKOUT_ID = /^[A-Za-z0-9.-]{32,48}$/;

/** The widget loaded on the page. */
interface LoadedWidget {
  checkoutId: string;
  /** Loaded without a checkout id: the wallet buttons, no card form. */
  express: boolean;
  cards: Array<{ card: CardForm; shopperResultUrl: string }>;
  wallets: WalletButton[];
  staticScript: HTMLScriptElement;
  wpwl: object;
  texts: FakeFormTexts;
}

/**
 * Installs the fake widget: from now on the widget script tags are answered
 * by the test, and nothing goes to the network. Call it before rendering the
 * checkout (in `beforeEach` or at the start of the test). One at a time.
 *
 * @throws Error outside a DOM (run the test in happy-dom or jsdom), or while another fake widget is installed
 */
export function installFakeWidget(options: FakeWidgetOptions = {}): FakeWidget {
  if (typeof document === 'undefined') {
    throw new Error(
      'installFakeWidget needs a DOM: run the test in happy-dom or jsdom (Vitest: environment "happy-dom"; Jest: testEnvironment "jsdom")',
    );
  }
  if (trackedCount() > 0) {
    throw new Error(
      'a fake widget is already installed: uninstall() it first. After each test that happens by itself only where the test ' +
        "framework's hooks are globals (Jest; Vitest with globals: true); otherwise call uninstall() or cleanupFakeWidgets() in afterEach",
    );
  }
  checkExpectations(options);
  const tags: HTMLScriptElement[] = [];
  const answered = new WeakSet<HTMLScriptElement>();
  /** A widget script the test did not expect, until a method of the fake has thrown it. */
  let unexpected: WpwlTestingError | undefined;
  const interception = interceptWidgetScripts((tag, url) => {
    tags.push(tag);
    const error = unexpectedScript(url, tags.length, options);
    if (error && reportUnexpected(error, options.onUnexpectedScript)) {
      // Never answered: the page waits for it as for a gateway that does not answer.
      answered.add(tag);
      unexpected ??= error;
    }
  });
  const answers = new AnswerBook();
  const payments: FakePayment[] = [];
  const waiting: Array<() => void> = [];
  let handedOut = 0;
  let loaded: LoadedWidget | undefined;
  /** The answer `submit()` asked for, until a payment attempt gets past the hooks. */
  let chosen: ResolvedAnswer | undefined;
  let challenge: { card: CardForm; payment: Payment; shopperResultUrl: string } | undefined;
  /** The wallet sheet open now, for the checkout `createCheckout` gave. */
  let sheet: OpenSheet | undefined;
  /** The press of a wallet button the last click started, until the test has waited for it. */
  let lastPress: Promise<void> | undefined;
  let uninstalled = false;

  const throwUnexpected = () => {
    const error = unexpected;
    if (!error) return;
    unexpected = undefined;
    throw error;
  };

  const run = async (change: () => Promise<void>): Promise<void> => {
    if (uninstalled) throw new Error('this fake widget was uninstalled');
    throwUnexpected();
    if (options.act) await options.act(change);
    else await change();
  };

  const pendingTag = (action: string): HTMLScriptElement => {
    const tag = [...tags].reverse().find((candidate) => candidate.isConnected && !answered.has(candidate));
    if (!tag) {
      const hint =
        tags.length === 0
          ? 'no widget script was requested: render the checkout first'
          : 'every widget script requested was answered (a checkout mounted again with the same config reuses the loaded widget)';
      throw new Error(`cannot ${action}: ${hint}`);
    }
    answered.add(tag);
    return tag;
  };

  const firstCard = (action: string) => {
    const first = loaded?.cards[0];
    if (!first)
      throw new Error(`cannot ${action}: the widget shows no card form (call ready() first; the form needs a card brand in data-brands)`);
    return first;
  };

  const redirect = (payment: Payment, shopperResultUrl: string) => {
    const url = new URL(shopperResultUrl, document.baseURI);
    url.searchParams.set('id', payment.checkoutId);
    url.searchParams.set('resourcePath', payment.resourcePath);
    payment.resultUrl = url.href;
    options.onRedirect?.(url.href, payment);
  };

  const pay = (widget: LoadedWidget, card: CardForm, shopperResultUrl: string, event: Event) => {
    if (card.pay.disabled) return;
    let allowed: boolean;
    try {
      allowed = callOption('onBeforeSubmitCard', card.form, event) !== false;
    } catch {
      // As the widget does: a hook that throws stops the payment.
      allowed = false;
    }
    if (!allowed) return;
    clearMarks(card);
    const request = cardFields(card, shopperResultUrl);
    const answer =
      chosen ?? answers.take({ checkoutId: widget.checkoutId, brand: request.paymentBrand ?? card.brand.value, fields: request });
    const outcome = answer?.outcome ?? outcomeOfCardNumber(card.number.value) ?? api.outcome;
    chosen = undefined;
    if (outcome === 'invalid') return markCardNumberInvalid(card, widget.texts.cardNumberError);
    if (outcome === 'expired') {
      card.pay.disabled = true;
      return void callOption('onError', undefined, { name: 'InvalidCheckoutIdError', message: EXPIRED_MESSAGE });
    }
    callOption('onAfterSubmit', card.form);
    card.pay.disabled = true;
    const fields = cardFields(card, shopperResultUrl);
    const brand = fields.paymentBrand ?? card.brand.value;
    const payment: Payment = {
      checkoutId: widget.checkoutId,
      outcome,
      brand,
      fields,
      resourcePath: `/v1/checkouts/${widget.checkoutId}/payment`,
      resultCode: answer?.resultCode ?? (outcome === 'pending' || outcome === '3ds' ? PENDING_RESULT_CODE : testCard(outcome).resultCode),
      resultUrl: undefined,
    };
    payments.push(payment);
    waiting.splice(0).forEach((wake) => wake());
    if (outcome === '3ds') {
      challenge = { card, payment, shopperResultUrl };
      callOption('onLoadThreeDIframe', showThreeDSecure(card));
    } else if (answer?.redirect !== false) redirect(payment, shopperResultUrl);
  };

  const closeSheet = (open: OpenSheet) => {
    open.view.dialog.remove();
    if (sheet === open) sheet = undefined;
    if (open.wallet.button.isConnected) open.wallet.button.focus();
  };

  const cancelSheet = (open: OpenSheet) => {
    if (sheet !== open) return;
    open.wallet.button.disabled = false;
    closeSheet(open);
    callOption('onError', undefined, { name: 'WidgetError', brand: open.wallet.brand, event: 'closed', message: SHEET_CLOSED_MESSAGE });
  };

  const payInSheet = (open: OpenSheet) => {
    if (sheet !== open) return;
    const { wallet, checkoutId } = open;
    const fields: Record<string, string> = { paymentBrand: wallet.brand, shopperResultUrl: wallet.shopperResultUrl };
    if (open.view.amount !== undefined) fields['wallet.amount'] = open.view.amount;
    const answer = chosen ?? answers.take({ checkoutId, brand: wallet.brand, fields });
    chosen = undefined;
    const outcome = answer?.outcome ?? api.outcome;
    if (outcome === 'invalid' || outcome === '3ds') {
      // Reported by the next method of the fake (approveWalletSheet() at once); the sheet stays open.
      unexpected ??= new WpwlTestingError(
        'INVALID_ANSWER',
        `a wallet payment cannot have the outcome "${outcome}" (${outcome === 'invalid' ? 'a refused card number' : 'a 3-D Secure challenge'} is the card form's): choose another`,
      );
      return;
    }
    if (outcome === 'expired') {
      wallet.button.disabled = false;
      closeSheet(open);
      return void callOption('onError', undefined, { name: 'InvalidCheckoutIdError', message: EXPIRED_MESSAGE });
    }
    closeSheet(open);
    const payment: Payment = {
      checkoutId,
      outcome,
      brand: wallet.brand,
      fields,
      resourcePath: `/v1/checkouts/${checkoutId}/payment`,
      resultCode: answer?.resultCode ?? (outcome === 'pending' ? PENDING_RESULT_CODE : testCard(outcome).resultCode),
      resultUrl: undefined,
    };
    payments.push(payment);
    waiting.splice(0).forEach((wake) => wake());
    if (answer?.redirect !== false) redirect(payment, wallet.shopperResultUrl);
  };

  /** A press of a wallet button, as the widget handles it. */
  const press = async (widget: LoadedWidget, wallet: WalletButton): Promise<void> => {
    // One sheet at a time, as a wallet shows one.
    if (wallet.button.disabled || sheet) return;
    wallet.button.disabled = true;
    let answer: unknown;
    try {
      // `await` takes any thenable: a native Promise, a jQuery deferred.
      answer = await callOption('createCheckout', window, { brand: wallet.brand });
    } catch {
      // A rejection or a throw stops the payment quietly, as no id does.
      answer = undefined;
    }
    if (loaded !== widget) return;
    if (answer === undefined || answer === null || answer === '') {
      wallet.button.disabled = false;
      return;
    }
    if (typeof answer !== 'string' || !CHECKOUT_ID.test(answer)) {
      wallet.button.disabled = false;
      return void callOption('onError', undefined, { name: 'InvalidCheckoutIdError', message: INVALID_ID_MESSAGE });
    }
    widget.checkoutId = answer;
    (widget.wpwl as { checkout: { id: string } }).checkout.id = answer;
    const open: OpenSheet = {
      wallet,
      checkoutId: answer,
      view: openWalletSheet(wallet.brand, sheetAmount(wallet.brand, page.wpwlOptions)),
    };
    open.view.pay.addEventListener('click', () => payInSheet(open));
    open.view.cancel.addEventListener('click', () => cancelSheet(open));
    sheet = open;
  };

  /** Renders the wallet buttons of a widget loaded without a checkout id. */
  const renderWallets = (widget: LoadedWidget) => {
    if (typeof page.wpwlOptions?.createCheckout !== 'function') {
      callOption('onError', undefined, { name: 'WidgetError', event: 'createCheckout', message: MISSING_CREATE_CHECKOUT_MESSAGE });
      return;
    }
    for (const target of document.querySelectorAll<HTMLFormElement>('form.paymentWidgets')) {
      const brands = new Set((target.dataset.brands ?? '').split(/\s+/).filter(Boolean));
      for (const brand of brands) {
        if (!isWalletBrand(brand)) {
          console.warn(`[wpwl] ${brand} in data-brands is skipped: a widget loaded without a checkoutId shows wallet buttons only`);
          continue;
        }
        if (isApplePay(brand) && !api.applePayAvailable) continue;
        const wallet = renderWalletButton(target, brand, widget.texts.submit);
        wallet.form.addEventListener('submit', (event) => {
          event.preventDefault();
          lastPress = press(widget, wallet);
        });
        widget.wallets.push(wallet);
      }
    }
    callOption(
      'onReady',
      undefined,
      widget.wallets.map((wallet) => wallet.form),
    );
  };

  const whyNotShown = (brand: string): string => {
    if (!loaded) return 'the widget is not loaded (call ready() first)';
    if (!loaded.express) return 'the widget was loaded with a checkout id: wallet buttons are shown on a page loaded without one';
    const shown = loaded.wallets.map((wallet) => wallet.brand);
    const list = shown.length > 0 ? `it shows ${shown.join(', ')}` : 'it shows no wallet button';
    if (isWalletBrand(brand) && isApplePay(brand) && !api.applePayAvailable) {
      return `${list}; Apple Pay is shown only where the browser offers it (installFakeWidget({ applePayAvailable: true }))`;
    }
    return `${list} (the wallet brands of data-brands: ${Object.keys(WALLET_BRAND_NAMES).join(', ')})`;
  };

  const openSheet = (action: string): OpenSheet => {
    if (!sheet) {
      throw new WpwlTestingError(
        'NO_WALLET_SHEET',
        `cannot ${action}: no wallet sheet is open (pressWallet(brand) first, with createCheckout giving an id)`,
      );
    }
    return sheet;
  };

  const unload = () => {
    if (!loaded) return;
    for (const { card } of loaded.cards) card.container.remove();
    for (const wallet of loaded.wallets) wallet.container.remove();
    if (sheet) closeSheet(sheet);
    loaded.staticScript.remove();
    if (page.wpwl === loaded.wpwl) delete page.wpwl;
    loaded = undefined;
    challenge = undefined;
  };

  const api: FakeWidget = {
    outcome: options.outcome ?? 'approved',
    applePayAvailable: options.applePayAvailable ?? false,
    payments,
    get loaded() {
      return !!loaded && page.wpwl === loaded.wpwl;
    },
    requests: () => tags.map((tag) => tag.src),

    ready: () =>
      run(async () => {
        // A framework may mount the widget a moment after rendering (Vue's post-flush watchers).
        await settle();
        const tag = pendingTag('finish the load');
        const src = new URL(tag.src, document.baseURI);
        const base = src.href.slice(0, src.href.indexOf('/v1/paymentWidgets.js'));
        const checkoutId = src.searchParams.get('checkoutId') ?? '';
        const express = checkoutId === '';
        unload();
        const wpwl = {
          checkout: { id: checkoutId },
          unload,
          executePayment(containerClass: string) {
            const forms = [...(loaded?.cards.map(({ card }) => card) ?? []), ...(loaded?.wallets ?? [])];
            const target = forms.find(({ container }) => container.classList.contains(containerClass));
            target?.form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
          },
        };
        page.wpwl = wpwl;
        const staticScript = document.createElement('script');
        staticScript.type = INERT_SCRIPT_TYPE;
        staticScript.src = `${base}/v1/static.min.js`;
        document.head.append(staticScript);
        const widget: LoadedWidget = {
          checkoutId,
          express,
          cards: [],
          wallets: [],
          staticScript,
          wpwl,
          texts: textsFor(page.wpwlOptions),
        };
        loaded = widget;
        tag.dispatchEvent(new Event('load'));
        await settle();
        // Like the widget, it reads the options after its own files have loaded, then renders.
        widget.texts = textsFor(page.wpwlOptions);
        if (express) {
          renderWallets(widget);
          await settle();
          return;
        }
        for (const target of document.querySelectorAll<HTMLFormElement>('form.paymentWidgets')) {
          const shopperResultUrl = new URL(target.getAttribute('action') ?? '', document.baseURI).href;
          const card = renderCardForm(target, `${base}/v1/checkouts/${checkoutId}/payment`, widget.texts);
          if (!card) continue;
          card.form.addEventListener('submit', (event) => {
            event.preventDefault();
            pay(widget, card, shopperResultUrl, event);
          });
          widget.cards.push({ card, shopperResultUrl });
        }
        callOption(
          'onReady',
          undefined,
          widget.cards.map(({ card }) => card.form),
        );
        await settle();
      }),

    failLoad: () =>
      run(async () => {
        await settle();
        pendingTag('fail the load').dispatchEvent(new Event('error'));
        await settle();
      }),

    detectBrand: (brand) =>
      run(async () => {
        const { card } = firstCard('detect a brand');
        if (selectBrand(card, brand)) callOption('onChangeBrand', card.form, brand);
        callOption('onDetectBrand', card.form, [brand], card.brand.value);
        await settle();
      }),

    async submit(submitOptions = {}) {
      throwUnexpected();
      const { card } = firstCard('submit');
      chosen = resolveAnswer(submitOptions, 'submit()');
      const before = payments.length;
      await run(async () => {
        card.pay.click();
        await settle();
      });
      return payments[before];
    },

    async completeThreeDSecure({ pass = true } = {}) {
      const open = challenge;
      if (!open) throw new Error('cannot complete 3-D Secure: no challenge is open (submit with outcome "3ds" first)');
      await run(async () => {
        challenge = undefined;
        open.payment.resultCode = pass ? testCard('3ds').resultCode : THREE_D_SECURE_FAILED_RESULT_CODE;
        redirect(open.payment, open.shopperResultUrl);
        await settle();
      });
      return open.payment;
    },

    async fillTestCard(choice) {
      const entry = testCardEntry(choice);
      const { card } = firstCard('fill in a test card');
      await run(async () => {
        const type = (field: HTMLInputElement, value: string) => {
          field.focus();
          field.value = value;
          field.dispatchEvent(new Event('input', { bubbles: true }));
          field.dispatchEvent(new Event('change', { bubbles: true }));
        };
        type(card.number, entry.card.number);
        // The widget recognises the brand from the number, as it does when the shopper types it.
        if (selectBrand(card, entry.card.brand)) callOption('onChangeBrand', card.form, entry.card.brand);
        callOption('onDetectBrand', card.form, [entry.card.brand], card.brand.value);
        type(card.expiry, entry.expiry);
        type(card.holder, entry.holder);
        type(card.cvv, entry.cvv);
        card.cvv.blur();
        await settle();
      });
      return entry.card;
    },

    use(...given) {
      answers.use(given);
    },

    resetAnswers() {
      answers.reset();
    },

    expire: () =>
      run(async () => {
        for (const { card } of loaded?.cards ?? []) card.pay.disabled = true;
        callOption('onError', undefined, { name: 'InvalidCheckoutIdError', message: EXPIRED_MESSAGE });
        await settle();
      }),

    reportError: (error) =>
      run(async () => {
        callOption('onError', undefined, { ...error });
        await settle();
      }),

    async pressWallet(brand) {
      throwUnexpected();
      const wallet = loaded?.wallets.find((candidate) => candidate.brand === brand);
      if (!wallet) throw new WpwlTestingError('WALLET_NOT_SHOWN', `cannot press ${brand}: ${whyNotShown(brand)}`);
      await run(async () => {
        lastPress = undefined;
        wallet.button.click();
        await lastPress;
        lastPress = undefined;
        await settle();
      });
      return sheet?.wallet === wallet ? sheet.checkoutId : undefined;
    },

    async approveWalletSheet(approveOptions = {}) {
      throwUnexpected();
      const open = openSheet('approve the wallet sheet');
      chosen = resolveAnswer(approveOptions, 'approveWalletSheet()');
      const before = payments.length;
      await run(async () => {
        open.view.pay.click();
        await settle();
      });
      chosen = undefined;
      throwUnexpected();
      return payments[before];
    },

    async cancelWalletSheet() {
      throwUnexpected();
      const open = openSheet('cancel the wallet sheet');
      await run(async () => {
        open.view.cancel.click();
        await settle();
      });
    },

    act: (change) =>
      run(async () => {
        await change();
        await settle();
      }),

    nextPayment() {
      const index = handedOut++;
      return new Promise<FakePayment>((resolve) => {
        const check = () => (payments[index] ? resolve(payments[index]) : waiting.push(check));
        check();
      });
    },

    async uninstall() {
      if (uninstalled) return;
      uninstalled = true;
      // An unmounted widget is taken down by its controller one task later: let it unload the fake first.
      if (!timersAreFake()) await settle();
      unload();
      for (const tag of tags) tag.remove();
      interception.release();
      untrack(api);
      // A widget script the test did not expect fails the test, even when no method of the fake ran after it.
      throwUnexpected();
    },
  };
  track(api);
  return api;
}

/** A wallet sheet open for a checkout. */
interface OpenSheet {
  wallet: WalletButton;
  checkoutId: string;
  view: WalletSheet;
}

/** A payment as the fake keeps it: the result changes when 3-D Secure is answered. */
type Payment = { -readonly [K in keyof FakePayment]: FakePayment[K] };

/** Calls the page's `wpwlOptions[name]`, if it is a function, with `self` as `this`. */
function callOption(name: string, self: unknown, ...args: unknown[]): unknown {
  const callback = page.wpwlOptions?.[name];
  return typeof callback === 'function' ? (callback as (...a: unknown[]) => unknown).apply(self, args) : undefined;
}
