// Owns the page's language in the Angular storefront: the token every page
// injects its texts, locale and direction from (English unless provided);
// main.ts provides the shopper's.
import { InjectionToken } from '@angular/core';
import { ENGLISH, type ShopLanguage } from '../../shared/shop-language';

export const SHOP_LANGUAGE = new InjectionToken<ShopLanguage>('shop language', { factory: () => ENGLISH });
