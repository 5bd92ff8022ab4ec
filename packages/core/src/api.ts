// Owns the public API every build of @wpwl/core shares: everything but the
// start of a widget from server-rendered HTML, which the entry of each build
// adds (index.ts: the server's; browser.ts: the browser's, without the
// server's script).
export * from './errors.js';
export * from './validate.js';
export * from './locale.js';
export * from './accessibility.js';
export * from './options.js';
export type * from './jquery.js';
export * from './script.js';
export * from './preload.js';
export * from './widget.js';
export type { CreateCheckout, CreateCheckoutAnswer, CreateCheckoutRequest, ExpressCheckout } from './express.js';
export * from './result.js';
export * from './csp.js';
export * from './defaults.js';
export * from './config-fields.js';
