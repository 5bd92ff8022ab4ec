// The types of shop-texts.js for the TypeScript storefronts (its texts are
// checked against ShopTexts by the package's typecheck, with checkJs).
import type { ShopTexts, TextLanguage } from '../shop-texts';

/** The storefronts' texts by language. */
export declare const SHOP_TEXTS: Readonly<Record<TextLanguage, ShopTexts>>;
export type { ResultTexts, ShopTexts, TextLanguage } from '../shop-texts';
