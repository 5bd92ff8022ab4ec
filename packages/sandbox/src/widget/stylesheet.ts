// The stylesheet the widget links (`/v1/css/paymentWidgets.min.css`). It
// styles the same class names as the real widget so merchant overrides
// written against the sandbox keep their meaning; the look is plain on purpose.

/** Text of the sandbox `paymentWidgets.min.css`, served byte for byte. */
export const widgetStylesheet: string =
  [
    '.wpwl-container{box-sizing:border-box;max-width:28em;margin:0 0 1em;font:14px/1.4 system-ui,sans-serif;color:#222}',
    '.wpwl-container *{box-sizing:border-box}',
    '.wpwl-style-card .wpwl-form-card{padding:1em;border:1px solid #ccc;border-radius:8px;background:#fafafa}',
    '.wpwl-form{margin:0}',
    '.wpwl-group{margin:0 0 .75em}',
    '.wpwl-group-expiry .wpwl-control,.wpwl-group-cvv .wpwl-control{max-width:10em}',
    '.wpwl-label{margin:0 0 .25em;font-weight:600}',
    '.wpwl-control{display:block;width:100%;padding:.5em;border:1px solid #bbb;border-radius:4px;font:inherit;background:#fff}',
    '.wpwl-control.wpwl-has-error,.wpwl-has-error>.wpwl-wrapper>.wpwl-control{border-color:#c00}',
    '.wpwl-hint{margin-top:.25em;font-size:.9em;color:#555}',
    '.wpwl-has-error>.wpwl-hint{color:#c00}',
    '.wpwl-message{margin:0 0 .75em;padding:.5em;border-radius:4px}',
    '.wpwl-message.wpwl-has-error{background:#fdecea;color:#a00}',
    '.wpwl-button{display:inline-block;padding:.6em 1.2em;border:0;border-radius:4px;font:inherit;cursor:pointer}',
    '.wpwl-button-pay{background:#1a5fb4;color:#fff}',
    '.wpwl-button:disabled{opacity:.6;cursor:progress}',
    '.wpwl-button-brand{background:#eee;color:#222}',
    '.wpwl-brand-card{margin-top:.5em;font-size:.85em;font-weight:700;color:#1a5fb4}',
    '[dir=rtl].wpwl-container{direction:rtl}',
  ].join('\n') + '\n';
