// Owns what the shopper buys in this example: a fixed basket and its total.
// A real shop keeps a cart per shopper; the payment half does not change.
import type { TextLanguage } from './shop-texts';

export interface BasketLine {
  /** The product's name in each language the shop speaks. */
  names: Readonly<Record<TextLanguage, string>>;
  quantity: number;
  /** Unit price in EUR, two decimals. */
  price: string;
}

export const CURRENCY = 'EUR';

export const BASKET: readonly BasketLine[] = [
  { names: { en: 'Coffee beans, 1 kg', ar: 'حبوب القهوة، 1 كغ' }, quantity: 2, price: '24.90' },
  { names: { en: 'Pour-over filter papers', ar: 'أوراق ترشيح للقهوة المقطّرة' }, quantity: 1, price: '5.40' },
];

/** The basket's total in EUR, two decimals, computed in cents. */
export function basketTotal(lines: readonly BasketLine[] = BASKET): string {
  const cents = lines.reduce((sum, line) => sum + line.quantity * Math.round(Number(line.price) * 100), 0);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
