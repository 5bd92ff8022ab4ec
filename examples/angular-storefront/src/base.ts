// Owns where this storefront lives: the folder its module script was served
// from (/angular-storefront/ on the merchant server), for the result page's
// path. The page has no <base> element (its CSP allows none).

/** This storefront's path, with a trailing slash. */
export const BASE_PATH = new URL('.', import.meta.url).pathname;

/** The path of the page the shopper returns to after paying. */
export const RESULT_PATH = `${BASE_PATH}result`;
