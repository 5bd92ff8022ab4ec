// Owns telling what the widget left on the page: after a checkout is
// unmounted (a route change, a closed dialog), none of the widget's script
// tags, rendered nodes or globals should stay behind.

import { INERT_SCRIPT_TYPE, isWidgetScriptUrl } from './intercept.js';

/** What the widget left on the page: see {@link widgetLeftovers}. */
export interface WidgetLeftovers {
  /** The widget's script tags still in the document: `paymentWidgets.js` and the fake's follow-up script. */
  scripts: number;
  /** The widget's nodes still in the document: anything with a `wpwl-` class (the card form), and the `form.paymentWidgets` targets. */
  widgetNodes: number;
  /** The widget's globals still set: `wpwlOptions`, `wpwl`. */
  globals: string[];
}

/**
 * What the widget left on the page. After your checkout is unmounted it
 * should be `{ scripts: 0, widgetNodes: 0, globals: [] }`: a component that
 * leaves the card form, its script tag or `window.wpwlOptions` behind shows
 * a stale form, or lends the next checkout the old options.
 *
 * @example
 * unmount();
 * await widget.act(() => {}); // the widget is taken down one task after unmount
 * expect(widgetLeftovers()).toEqual({ scripts: 0, widgetNodes: 0, globals: [] });
 */
export function widgetLeftovers(): WidgetLeftovers {
  const scripts = [...document.querySelectorAll<HTMLScriptElement>('script')].filter(
    (script) => script.getAttribute('type') === INERT_SCRIPT_TYPE || isWidgetScriptUrl(script.getAttribute('src') ?? ''),
  );
  return {
    scripts: scripts.length,
    widgetNodes: document.querySelectorAll('[class*="wpwl-"], form.paymentWidgets').length,
    globals: ['wpwlOptions', 'wpwl'].filter((name) => name in globalThis),
  };
}
