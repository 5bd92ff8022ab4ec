// Owns widgetStartHtml as a browser build carries it: a page in a browser has
// been parsed already, and a `<script>` put in with `innerHTML` never runs,
// so HTML that starts the widget has no use there. The server's version is
// server-start.ts.

import type { PaymentWidgetConfig } from './widget-types.js';

/**
 * In a browser, always an empty string: nothing to start from HTML, as for an
 * invalid config on a server, and a controller mounted into the element
 * loads the widget itself. Server-rendered pages get the server's build of
 * this function (the package's default entry), which writes the widget's
 * form and its starting script; see `server-start.ts`.
 */
export function widgetStartHtml(_config: PaymentWidgetConfig): string {
  return '';
}
