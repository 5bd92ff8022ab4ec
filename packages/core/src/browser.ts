// The entry of @wpwl/core a bundler picks for a browser (package.json's
// "browser" condition): the same API as index.ts, with widgetStartHtml in the
// shape it takes where a page has already been parsed. The bindings call it
// only while rendering on a server; the server's inline script and its
// escaping stay out of every storefront's bundle.
export * from './api.js';
export { widgetStartHtml } from './server-start-browser.js';
