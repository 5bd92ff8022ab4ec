// Owns the page's single widget slot and the session in it. A session is one
// loaded (or loading) widget: its root element and form, the load's abort,
// and the `wpwlOptions` hooks, which report to whichever controller owns the
// session at the time. The globals `wpwlOptions` and `wpwl` are page-wide, so
// the page shows one checkout at a time. A controller whose config is equal by
// value adopts the session in the slot instead of loading the widget again
// (React StrictMode's unmount + mount, an element moved in the DOM). A widget
// the server's HTML started before the page's JavaScript ran
// (server-start.ts) is taken over the same way by the first session opened
// for it.
//
// Names starting with `_` are internal: the build shortens them.

import { fingerprint, type CheckedConfig } from './config.js';
import type { WpwlError } from './errors.js';
import { answerCreateCheckout, type CreateCheckoutRequest } from './express.js';
import { toWpwlOptions, type SubmitKind, type WpwlOptions, type WpwlOptionsInput } from './options.js';
import { callSafely } from './safe-call.js';
import { loadPaymentWidgets, removeWidgetScripts, type Wpwl } from './script.js';
import type { PaymentWidgetConfig, WidgetStatus } from './widget-types.js';

/** What a session reads from, and reports to, the controller showing it. */
export interface SessionOwner {
  /** The owner's latest config, for the page's callbacks. */
  _callbacks(): Partial<PaymentWidgetConfig>;
  /** The custom parameters to submit, as the owner checked them. */
  _customParameters(): Readonly<Record<string, string>> | undefined;
  _setStatus(status: WidgetStatus, error?: WpwlError): void;
  /** The widget reported an error (classified). */
  _widgetError(error: WpwlError): void;
  /** The widget script failed to load. */
  _loadFailed(error: WpwlError): void;
  /** Express checkout: `createCheckout` failed, or its answer was refused; the payment stopped. */
  _expressFailed(error: WpwlError): void;
  /** Another controller takes the page's slot: let go of the session. */
  _release(): void;
  /** The widget rendered another checkout: take it down and load this one again. */
  _reload(): void;
}

/** One widget on the page. */
export interface WidgetSession {
  /** What it was loaded with. */
  readonly _config: CheckedConfig;
  /** The element holding the widget's form, moved into whichever container shows the session. */
  readonly _root: HTMLElement;
  readonly _abort: AbortController;
  _owner: SessionOwner | undefined;
  /** The widget called onReady. */
  _ready: boolean;
  /** The load failed, or the widget rendered another checkout: never adopted. */
  _failed: boolean;
  /** A payment the hooks let through is on its way: expiry waits for the widget's answer. */
  _paymentSent: boolean;
  /** Express checkout: the checkout `createCheckout` prepared for the payment on its way, once answered. */
  _checkoutId?: string | undefined;
  /** Express checkout: a `createCheckout` call is waiting for the merchant's answer. */
  _creating?: boolean;
  /** The teardown a release deferred. */
  _teardownTimer: ReturnType<typeof setTimeout> | undefined;
  /** Its script has run: a `wpwl` on the page may be its own. */
  _loaded?: boolean;
  /** Calls the widget made before this session took it over from the server's HTML, answered once it loads. */
  _early?: EarlyCall[] | undefined;
}

/** A call the widget made to a callback of the server's `wpwlOptions`: its name, `this` and arguments. */
export type EarlyCall = [name: string, self: unknown, args: ArrayLike<unknown>];

/**
 * What the server's HTML leaves on the page for the session that takes its
 * widget over (the global `wpwlEarly`): the fingerprint of the config it
 * started, the calls its callbacks queued meanwhile, and where the session
 * puts its own options, to which those callbacks then forward.
 */
export interface EarlyStart {
  k: string;
  q: EarlyCall[];
  t?: WpwlOptions;
}

const page = globalThis as unknown as { wpwlOptions?: unknown; wpwl?: Wpwl; wpwlEarly?: EarlyStart };

/** The page's one widget slot. */
let slot: WidgetSession | undefined;

/**
 * Hands the session in the page's slot to `owner` when it was loaded with the
 * same inputs and did not fail; otherwise undefined. The slot's previous owner
 * lets go of it first, either way.
 */
export function adoptSession(config: CheckedConfig, owner: SessionOwner): WidgetSession | undefined {
  slot?._owner?._release();
  if (!slot || slot._config._key !== config._key || slot._failed) return undefined;
  clearTimeout(slot._teardownTimer);
  slot._owner = owner;
  return slot;
}

/**
 * Takes the page's slot for a new widget: whatever widget the page has goes,
 * the widget's form goes into `container`, and `wpwlOptions` is set to report
 * to `owner`. {@link loadSession} then loads the script.
 */
export function openSession(config: CheckedConfig, owner: SessionOwner, container: HTMLElement): WidgetSession {
  // The server's HTML started this very widget in this container: taken over, not loaded again.
  const early = page.wpwlEarly;
  const earlyRoot = container.querySelector<HTMLElement>(':scope > [data-wpwl-early]');
  const adopt = !slot && early && earlyRoot && early.k === fingerprint(config._key) && earlyRoot;
  delete page.wpwlEarly;
  if (slot) teardownSession(slot);
  // A script that arrived after its widget was torn down sets up a widget of
  // its own; the next script would take that for itself and render nothing.
  else if (page.wpwl && !adopt) clearPage(config._baseUrl);
  // The server's form for another config: the widget it started is gone with it.
  if (!adopt) earlyRoot?.remove();

  let root = adopt;
  // From here on the status is the controller's.
  if (root) root.removeAttribute('data-wpwl-status');
  else {
    root = document.createElement('div');
    const form = root.appendChild(document.createElement('form'));
    form.className = 'paymentWidgets';
    form.action = config._shopperResultUrl;
    form.dataset.brands = config._brands.join(' ');
    container.append(root);
  }
  const session: WidgetSession = {
    _config: config,
    _root: root,
    _abort: new AbortController(),
    _owner: owner,
    _ready: false,
    _failed: false,
    _paymentSent: false,
    _teardownTimer: undefined,
  };
  slot = session;
  watchRefusedPayment(session);
  const options = toWpwlOptions(liveOptions(session), sessionHooks(session));
  page.wpwlOptions = options;
  if (adopt) {
    early!.t = options;
    session._early = early!.q;
  }
  return session;
}

/** Loads the widget script of a session {@link openSession} made. */
export function loadSession(session: WidgetSession): void {
  const { _baseUrl, _checkoutId, _integrity, _nonce, _timeoutMs, _retries } = session._config;
  const load = {
    baseUrl: _baseUrl,
    checkoutId: _checkoutId,
    integrity: _integrity,
    nonce: _nonce,
    timeoutMs: _timeoutMs,
    retries: _retries,
  };
  loadPaymentWidgets({ ...load, signal: session._abort.signal }).then(
    () => {
      session._loaded = true;
    },
    (error: unknown) => {
      // Ready already: the widget came from a script that arrived before this one.
      if (session._ready) return;
      session._failed = true;
      // The loader rejects with coded WpwlErrors only. A torn-down (aborted) session has no owner.
      session._owner?._loadFailed(error as WpwlError);
    },
  );
  // What the widget the server started did before this session took it over:
  // its callbacks (ready, an error) are answered now, and a payment the shopper
  // tried meanwhile, held back then, is submitted again through this session's hooks.
  const options = page.wpwlOptions as Record<string, ((...args: unknown[]) => unknown) | undefined>;
  let held: HTMLFormElement | undefined;
  for (const [name, self, args] of session._early?.splice(0) ?? []) {
    if (name.startsWith('onBeforeSubmit')) held = self as HTMLFormElement;
    else options[name]?.apply(self, args as unknown[]);
  }
  if (held?.isConnected) held.requestSubmit();
}

/**
 * Lets go of `session`: it is taken down one task later, so that an immediate
 * mount with the same config (React StrictMode's unmount + mount) adopts the
 * loaded widget instead of downloading it again.
 */
export function releaseSession(session: WidgetSession): void {
  session._owner = undefined;
  session._teardownTimer = setTimeout(() => teardownSession(session), 0);
}

/** Takes `session` down now: its load aborted, and, while it holds the page's slot, the widget and its globals. */
export function teardownSession(session: WidgetSession): void {
  clearTimeout(session._teardownTimer);
  if (!session._ready) clearLateScript(session);
  session._abort.abort();
  // Its hooks may still settle (a pending before-submit): they must not reach the owner's next session.
  session._owner = undefined;
  if (slot !== session) return;
  slot = undefined;
  clearPage(session._config._baseUrl, session._root);
}

/**
 * A script still on its way runs when it arrives, removed tag or not, and sets
 * up a widget with its follow-up script and stylesheet. If nothing has taken
 * the page's slot by then, all of that goes at once. If a session has taken it
 * and its own script has not run yet, the late widget is unloaded before that
 * script runs: it would take the late one for an earlier load of its own and
 * refuse to render, leaving the shopper waiting for a form for ever.
 */
function clearLateScript(session: WidgetSession): void {
  if (typeof document === 'undefined') return;
  const { _baseUrl, _checkoutId } = session._config;
  const src = `${_baseUrl}/v1/paymentWidgets.js` + (_checkoutId ? `?checkoutId=${_checkoutId}` : '');
  for (const tag of document.querySelectorAll<HTMLScriptElement>('script[data-wpwl-state="pending"]')) {
    if (!tag.src.startsWith(src)) continue;
    tag.addEventListener('load', () => (slot ? slot._loaded || unloadWidget() : clearPage(_baseUrl)), { once: true });
  }
}

/** Unloads whatever widget the page has, and removes its scripts, `root` and the globals. */
function clearPage(baseUrl: string, root?: HTMLElement): void {
  try {
    unloadWidget();
  } finally {
    removeWidgetScripts(baseUrl);
    root?.remove();
    delete page.wpwlOptions;
    delete page.wpwlEarly;
  }
}

/** Unloads whatever widget the page has and forgets `wpwl`; its files stay until the slot's teardown. */
function unloadWidget(): void {
  try {
    page.wpwl?.unload();
  } finally {
    delete page.wpwl;
  }
}

/**
 * The hooks let a payment through, then the widget refused it after all: it
 * marks fields (or shows a message) with `wpwl-has-error` and sends nothing,
 * without a callback. Back to ready, or the page would say "sending" for ever
 * and expiry would wait on a payment that never left. (The widget clears its
 * old marks before it checks the fields again.)
 */
function watchRefusedPayment(session: WidgetSession): void {
  new MutationObserver(() => {
    if (!session._paymentSent || !session._root.querySelector('.wpwl-has-error')) return;
    session._paymentSent = false;
    session._owner?._setStatus('ready');
  }).observe(session._root, { subtree: true, childList: true, attributes: true });
}

/**
 * The session's widget options with each top-level callback running through
 * the latest config of whoever owns the session: new inline functions need no
 * re-mount.
 */
function liveOptions(session: WidgetSession): WpwlOptionsInput {
  // Indexed by name: every key, listed in the type or not, is the widget's.
  const live: Record<string, unknown> = { ...session._config._widgetOptions };
  for (const name in live) {
    if (typeof live[name] !== 'function') continue;
    live[name] = function (this: unknown, ...args: unknown[]) {
      const given = session._owner?._callbacks().options as Record<string, unknown> | undefined;
      const current = given?.[name] as ((...a: unknown[]) => unknown) | undefined;
      return current?.apply(this, args);
    };
  }
  return live;
}

/** What the session composes into `wpwlOptions`: its status, the owner's hooks, the custom parameters. */
function sessionHooks(session: WidgetSession) {
  const owner = () => session._owner;
  // In express checkout, the checkout createCheckout prepared.
  const checkoutId = () => session._config._checkoutId ?? session._checkoutId ?? '';
  return {
    createCheckout: session._config._checkoutId === undefined ? (json: unknown) => createExpressCheckout(session, json) : undefined,
    onReady: () => widgetReady(session),
    onError(error: WpwlError) {
      session._paymentSent = false;
      owner()?._widgetError(error);
    },
    beforeSubmit(form: HTMLFormElement, kind: SubmitKind) {
      owner()?._setStatus('submitting');
      // The checkout being paid is this session's, whatever config is waiting.
      return owner()?._callbacks().onBeforeSubmit?.({ form, kind, checkoutId: checkoutId() });
    },
    onSubmit(form: HTMLFormElement, _kind: unknown, ok: boolean) {
      session._paymentSent = ok;
      if (ok) writeCustomParameters(form, owner()?._customParameters());
      else owner()?._setStatus('ready');
    },
  };
}

/**
 * The widget is ready. A browser still runs a script removed on its way when
 * it arrives: one for an earlier checkout reads these options and renders that
 * checkout into this form. Then the widget is loaded again.
 */
function widgetReady(session: WidgetSession): void {
  const checkoutId = session._config._checkoutId;
  // Express checkout has no checkout yet: any checkout shown is an earlier script's.
  const shownId = page.wpwl?.checkout?.id || checkoutId;
  const otherForm = checkoutId && session._root.querySelector(`.wpwl-form[action*="/checkouts/"]:not([action*="/${checkoutId}/"])`);
  if (shownId !== checkoutId || otherForm) {
    session._failed = true;
    if (session._owner) session._owner._reload();
    else teardownSession(session);
    return;
  }
  session._ready = true;
  session._owner?._setStatus('ready');
  callSafely('onReady', () => session._owner?._callbacks().onReady?.());
}

/**
 * The widget's `createCheckout` in express checkout: a wallet button was
 * pressed. Asks the owner's latest `createCheckout` (see express.ts) and
 * answers the widget a checked id, or nothing, which stops the payment. One
 * checkout at a time: a press while one is being prepared is answered with
 * nothing, so two presses never prepare (and pay) two checkouts. A session
 * torn down meanwhile answers nothing.
 */
async function createExpressCheckout(session: WidgetSession, json: unknown): Promise<string | undefined> {
  const owner = session._owner;
  if (!owner || session._creating || session._paymentSent) return undefined;
  const brand = (json as Partial<CreateCheckoutRequest> | null)?.brand;
  const { _amount, _currency, _createCheckoutTimeoutMs } = session._config;
  session._creating = true;
  owner._setStatus('submitting');
  let id: string | undefined;
  try {
    const request = { brand: typeof brand === 'string' ? brand : '' };
    id = await answerCreateCheckout(owner._callbacks().createCheckout, request, {
      _amount,
      _currency,
      _timeoutMs: _createCheckoutTimeoutMs,
    });
  } catch (error) {
    session._owner?._expressFailed(error as WpwlError);
    return undefined;
  } finally {
    session._creating = false;
  }
  if (!session._owner) return undefined;
  if (!id) {
    session._owner._setStatus('ready');
    return undefined;
  }
  session._checkoutId = id;
  // The wallet sheet is up: the session stays until the widget answers (paid, closed, refused).
  session._paymentSent = true;
  return id;
}

/**
 * Submits the session's card form as its pay button would, through the
 * widget's own `wpwl.executePayment` where it has one. False when the widget
 * shows no card form.
 */
export function submitPayment(session: WidgetSession): boolean {
  const form = session._root.querySelector<HTMLFormElement>('.wpwl-container-card form');
  if (!form) return false;
  const widget = page.wpwl as (Wpwl & { executePayment?: (containerClass: string) => void }) | undefined;
  if (typeof widget?.executePayment === 'function') widget.executePayment('wpwl-container-card');
  else form.requestSubmit();
  return true;
}

/** Writes the custom parameters into the submitted form as hidden inputs, in place of any written before. */
function writeCustomParameters(form: HTMLFormElement, parameters: Readonly<Record<string, string>> | undefined): void {
  form.querySelectorAll('[data-wpwl-param]').forEach((input) => input.remove());
  for (const [name, value] of Object.entries(parameters ?? {})) {
    const input = form.appendChild(document.createElement('input'));
    input.type = 'hidden';
    input.name = `customParameters[${name}]`;
    input.value = value;
    input.dataset.wpwlParam = '';
  }
}
