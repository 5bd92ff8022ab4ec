// The entry of @wpwl/core for servers and every runtime that is not a
// browser: the whole API, with widgetStartHtml writing the widget's start
// into server-rendered HTML. Browsers get browser.ts (package.json's
// "browser" condition), where that function carries no script.
export * from './api.js';
export * from './server-start.js';
