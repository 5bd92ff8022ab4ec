// The sandbox's stand-in for the gateway's paymentWidgets.js, bundled into the
// one script the sandbox serves (an ES2019 IIFE for browsers without a
// bundler; no eval, no inline scripts or style attributes, so strict CSP pages
// keep working). The text is the same for every checkout, so its sha384
// integrity hash is stable; the script learns the gateway base URL and the
// checkout id from its own <script src>. Loaded without a checkout id it runs
// in express mode (express.ts): wallet buttons, the checkout asked of the
// page when one is pressed.
//
// This module starts one load: it refuses or replaces an earlier load, sets
// window.wpwl, adds the stylesheet and the follow-up script, asks the gateway
// for the checkout, and renders once the page is parsed and the follow-up
// script has loaded (options are read then: official templates set them after
// the script tag). What it mimics, and where it deliberately differs from the
// real widget, is written down in the package README ("The stand-in widget").
import { el, insert, listen, removeListener } from './dom.js';
import { renderExpress } from './express.js';
import { describe, fireError, readOptions } from './options.js';
import { onSession } from './render.js';
import { request } from './request.js';
import { added, page, widget } from './state.js';
import { executePayment } from './submit.js';
import { buildTexts } from './texts.js';
import type { GatewayAnswer, WpwlApi } from './types.js';

const SCRIPT_PATH = '/v1/paymentWidgets.js';

/**
 * Loaded again without wpwl.unload() (a template re-inserted by AJAX): when
 * the earlier widget's forms have left the page, it is unloaded and this load
 * renders; while they are still shown, this load stops and says so, to the
 * page's onError as well as the console, so a page is never left silently
 * without a form. A load whose tag the page removed on its way stops with a
 * console warning only. False when this load must stop.
 */
function replaceEarlierLoad(): boolean {
  const previous = page.wpwl as Partial<WpwlApi> | undefined;
  if (!previous || previous.sandbox !== true) return true;
  if (typeof previous.formsGone === 'function' && previous.formsGone()) {
    previous.unload?.();
    return true;
  }
  // The page removed this script's tag while it was on its way (a browser still runs it): the page let it go, and
  // the widget in place is the page's current one.
  const own = document.currentScript;
  if (own && !own.isConnected) {
    console.warn('[wpwl] a paymentWidgets.js whose tag the page removed arrived after another widget loaded: it did nothing');
    return false;
  }
  const twice =
    'paymentWidgets.js was loaded twice while its forms are still on the page: call wpwl.unload() and remove the old script tag before loading it again';
  console.error(`[wpwl] ${twice}`);
  const pageOptions = page.wpwlOptions as { onError?: unknown } | undefined;
  if (pageOptions && typeof pageOptions.onError === 'function') {
    try {
      pageOptions.onError.call(window, { name: 'WidgetError', event: 'loaded_twice', message: twice });
    } catch (error) {
      console.error('[wpwl] wpwlOptions.onError threw', error);
    }
  }
  return false;
}

/**
 * The tag that loaded this script: the one running, else (a loader that ran
 * it another way) the last tag with a checkoutId, else the last tag of
 * `/v1/paymentWidgets.js` without one (express mode).
 */
function findOwnScript(): HTMLScriptElement | null {
  const current = document.currentScript as HTMLScriptElement | null;
  if (current && current.src && current.src.indexOf(SCRIPT_PATH) !== -1) return current;
  const scripts = Array.from(document.getElementsByTagName('script')).reverse();
  const withId = scripts.find((script) => script.src && script.src.indexOf('paymentWidgets.js?checkoutId=') !== -1);
  return withId ?? scripts.find((script) => script.src && pathOf(script.src).endsWith(SCRIPT_PATH)) ?? null;
}

function pathOf(src: string): string {
  try {
    return new URL(src, document.baseURI).pathname;
  } catch {
    return '';
  }
}

/** The stylesheet and the follow-up script, with the widget tag's nonce; answers the script. */
function injectAssets(): HTMLScriptElement {
  const parent = document.head || document.documentElement;
  const link = el('link');
  link.rel = 'stylesheet';
  link.href = `${widget.baseUrl}/v1/css/paymentWidgets.min.css`;
  if (widget.nonce) link.setAttribute('nonce', widget.nonce);
  insert(link, parent, null);
  const script = el('script');
  script.src = `${widget.baseUrl}/v1/static.min.js`;
  script.async = true;
  if (widget.nonce) script.setAttribute('nonce', widget.nonce);
  return insert(script, parent, null);
}

/** Once the follow-up script has loaded, or failed to: the widget goes on either way. */
function whenLoaded(script: HTMLScriptElement, callback: () => void): void {
  if (widget.api.staticLoaded) return callback();
  const done: EventListener = () => {
    removeListener(script, 'load', done);
    removeListener(script, 'error', done);
    callback();
  };
  listen(script, 'load', done);
  listen(script, 'error', done);
}

function whenDomReady(callback: () => void): void {
  if (document.readyState !== 'loading') return callback();
  // A task after DOMContentLoaded: the page's own handlers (which may assign
  // wpwlOptions) run first, whichever was registered first.
  const onReady: EventListener = () => {
    removeListener(document, 'DOMContentLoaded', onReady);
    setTimeout(() => {
      if (!widget.unloaded) callback();
    }, 0);
  };
  listen(document, 'DOMContentLoaded', onReady);
}

/** Takes back everything this load added: requests, listeners, nodes, texts, window.wpwl. */
function unload(): void {
  if (widget.unloaded) return;
  widget.unloaded = true;
  for (const controller of added.requests.splice(0)) controller.abort();
  for (const [target, type, handler] of added.listeners.splice(0)) target.removeEventListener(type, handler);
  for (const node of added.nodes.splice(0).reverse()) node.parentNode?.removeChild(node);
  for (const [element, text] of added.texts.splice(0)) element.textContent = text;
  widget.contexts = [];
  if (page.wpwl === widget.api) {
    try {
      delete page.wpwl;
    } catch {
      page.wpwl = undefined;
    }
  }
}

function start(): void {
  if (!replaceEarlierLoad()) return;
  const ownScript = findOwnScript();
  if (!ownScript) {
    console.error(
      '[wpwl] cannot find the <script src=".../v1/paymentWidgets.js"> tag (with or without ?checkoutId=...) that loaded the widget',
    );
    return;
  }
  const scriptUrl = new URL(ownScript.src, document.baseURI);
  widget.baseUrl = scriptUrl.href.slice(0, scriptUrl.href.indexOf(SCRIPT_PATH));
  widget.checkoutId = scriptUrl.searchParams.get('checkoutId') || '';
  widget.express = widget.checkoutId === '';
  widget.nonce = ownScript.nonce || ownScript.getAttribute('nonce') || '';
  widget.paymentPath = widget.express ? '' : `/v1/checkouts/${encodeURIComponent(widget.checkoutId)}/payment`;
  widget.texts = buildTexts(widget.locale);
  widget.api = {
    sandbox: true,
    checkout: { id: widget.checkoutId },
    staticLoaded: false,
    unload,
    executePayment,
    formsGone: () => widget.contexts.length > 0 && widget.contexts.every((ctx) => !ctx.container.isConnected),
  };
  page.wpwl = widget.api;

  const staticScript = injectAssets();
  if (widget.express) {
    // No checkout yet: nothing to ask the gateway until a wallet button is pressed.
    whenDomReady(() =>
      whenLoaded(staticScript, () => {
        if (widget.unloaded) return;
        readOptions();
        renderExpress();
      }),
    );
    return;
  }
  // The session is fetched while the page is still parsing; the options are read and the
  // forms rendered once the page is parsed and the follow-up script has loaded.
  const sessionPath = `/v1/checkouts/${encodeURIComponent(widget.checkoutId)}/widget-session`;
  const session: Promise<{ response: GatewayAnswer } | { error: unknown }> = request('GET', sessionPath, null).then(
    (response) => ({ response }),
    (error: unknown) => ({ error }),
  );
  whenDomReady(() =>
    whenLoaded(staticScript, () => {
      if (widget.unloaded) return;
      readOptions();
      void session.then((outcome) => {
        if (widget.unloaded) return;
        if ('error' in outcome) {
          fireError({
            name: 'WidgetError',
            event: 'session',
            message: `The widget could not reach the gateway: ${describe(outcome.error)}`,
          });
        } else onSession(outcome.response);
      });
    }),
  );
}

start();
