// Owns this storefront's language on the server: the shopper's, from the
// request's Accept-Language (the browser's languages), read once per request
// for the layout and the pages. English, or Arabic right to left; the
// widget's locale with it (see examples/shared/shop-language.ts).
import { cache } from 'react';
import { headers } from 'next/headers';
import { acceptedLanguages, shopLanguage, type ShopLanguage } from '../../shared/shop-language';

/** The language of the page being rendered, from the request it answers. */
export const requestLanguage = cache(async (): Promise<ShopLanguage> =>
  shopLanguage(acceptedLanguages((await headers()).get('accept-language'))),
);
