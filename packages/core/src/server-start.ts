// Owns starting the widget from a server-rendered page: the HTML that puts the
// widget's form in place, sets `wpwlOptions` and adds the script tag while the
// browser is still parsing the page, as a hand-written page does, so that the
// widget loads and renders before the page's own JavaScript has run. The
// controller mounted into the same element later takes that widget over
// (session.ts) instead of loading it again. A module of its own: only server
// rendering calls it.

import { checkConfig, fingerprint } from './config.js';
import { toWpwlOptions } from './options.js';
import { widgetScriptUrl } from './script.js';
import type { PaymentWidgetConfig } from './widget-types.js';

/** Escapes text for an HTML attribute value in double quotes. */
const attribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** JSON that stays JSON inside a `<script>` element (no `</script>`, no `<!--`). */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/** Hooks standing in for the session's, so that the names of every callback the session sets are known. */
const HOOK_NAMES = { beforeSubmit() {}, onSubmit() {}, onReady() {}, onError() {} };

/**
 * The script the page runs while it is parsed, right after the widget's
 * element. `o` are the options (values only), `f` the names of the callbacks:
 * each queues the widget's call in `wpwlEarly` until a session takes the
 * widget over, then forwards to that session's options. Until then a payment
 * is held back (the session submits it again), and the element says
 * `data-wpwl-status="ready"` once the widget is. The tag carries what the
 * loader's would, and its state, which the loader follows instead of adding a
 * tag of its own. The script then removes itself (with its nonce).
 */
const START = `(function(d,w,k,o,f,s,i){var e=w.wpwlEarly={k:k,q:[]},a=d.currentScript||d.head,r=a.previousElementSibling,t=d.createElement("script"),z=t.dataset;f.forEach(function(n){o[n]=function(){if(e.t)return e.t[n]&&e.t[n].apply(this,arguments);e.q.push([n,this,arguments]);if(n=="onReady")r&&r.setAttribute("data-wpwl-status","ready");else if(!n.indexOf("onBeforeSubmit"))return false}});w.wpwlOptions=o;t.src=s;t.async=true;if(i){t.integrity=i;t.crossOrigin="anonymous"}t.nonce=a.nonce||"";z.wpwlScript="";z.wpwlState="pending";t.onload=t.onerror=function(v){if(z.wpwlState=="pending")z.wpwlState=v.type=="load"&&w.wpwl?"loaded":"failed"};d.head.appendChild(t);if(a!=d.head)a.remove()})`;

/**
 * HTML that starts the widget while the browser parses a server-rendered
 * page: the element the widget renders into (with `form.paymentWidgets`, and
 * `data-wpwl-status` saying `loading`, then `ready`), and an inline script
 * that sets `wpwlOptions` and adds the widget's script tag, with the config's
 * integrity and nonce. Put it inside the element a widget controller will be
 * mounted into, with the same config: the controller then takes the running
 * widget over, with whatever it has done meanwhile (ready, an error), instead
 * of loading it again. The widget renders before the page's JavaScript has
 * loaded; its callbacks reach the controller's config once it has mounted,
 * and a payment the shopper starts before that is held back and submitted
 * then, through the controller's before-submit hooks. Under a
 * Content-Security-Policy, give the config a `nonce`: the inline script
 * carries it.
 *
 * An invalid config gives an empty string: nothing starts, and the
 * controller reports the error when it mounts. So do options with a callback
 * inside another option (a wallet's): a function cannot be written into the
 * page, and the controller starts such a widget in the browser; and so does
 * express checkout (no `checkoutId`), whose `createCheckout` must answer.
 *
 * @example
 * // A server template; the browser then mounts the controller into #payment.
 * `<div id="payment">${widgetStartHtml(config)}</div>`
 */
export function widgetStartHtml(config: PaymentWidgetConfig): string {
  let checked;
  try {
    checked = checkConfig(config);
  } catch {
    return '';
  }
  // Express checkout: createCheckout answers with a value, which a call queued
  // until the page's JavaScript runs cannot give. The browser starts it.
  if (checked._checkoutId === undefined) return '';
  const options = toWpwlOptions(checked._widgetOptions, HOOK_NAMES) as Record<string, unknown>;
  const callbacks = Object.keys(options).filter((name) => typeof options[name] === 'function');
  const values = Object.fromEntries(Object.entries(options).filter(([, value]) => typeof value !== 'function'));
  // A callback inside an option (a wallet's, say) cannot be written into the page: the browser starts it.
  if (JSON.stringify(values) !== JSON.stringify(values, (_key, value: unknown) => (typeof value === 'function' ? 0 : value))) return '';
  const args = [
    fingerprint(checked._key),
    values,
    callbacks,
    widgetScriptUrl(checked._baseUrl, checked._checkoutId),
    checked._integrity ?? '',
  ].map(scriptJson);
  const nonce = checked._nonce ? ` nonce="${attribute(checked._nonce)}"` : '';
  return (
    `<div data-wpwl-early data-wpwl-status="loading"><form class="paymentWidgets" action="${attribute(checked._shopperResultUrl)}" data-brands="${attribute(checked._brands.join(' '))}"></form></div>` +
    `<script${nonce}>${START}(document,window,${args.join(',')})</script>`
  );
}
