// Owns the shop's products, their names in the shop's languages, and the
// price arithmetic. Prices are integer minor units (cents), so a total is
// exact; the browser only ever names product ids and quantities, never an amount.

/** A product's name and description in one language. */
export interface ProductText {
  name: string;
  description: string;
}

export interface Product extends ProductText {
  id: string;
  /** Price in minor units (cents). */
  priceMinor: number;
  /** The name and description in the shop's other languages (English above), by language code. */
  translations: Readonly<Record<string, ProductText>>;
}

/** The currency of every product. */
export const CURRENCY = 'EUR';

export const PRODUCTS: readonly Product[] = Object.freeze([
  {
    id: 'tea-sencha',
    name: 'Sencha green tea, 100 g',
    description: 'Steamed Japanese green tea',
    priceMinor: 1290,
    translations: { ar: { name: 'شاي سينشا الأخضر، 100 غ', description: 'شاي ياباني أخضر مُعالَج بالبخار' } },
  },
  {
    id: 'tea-assam',
    name: 'Assam black tea, 250 g',
    description: 'Malty breakfast tea',
    priceMinor: 890,
    translations: { ar: { name: 'شاي آسام الأسود، 250 غ', description: 'شاي الفطور بنكهة الشعير' } },
  },
  {
    id: 'cup-stoneware',
    name: 'Stoneware cup',
    description: 'Hand-glazed, 200 ml',
    priceMinor: 1850,
    translations: { ar: { name: 'كوب من الفخار الحجري', description: 'مطليّ يدويًا، 200 مل' } },
  },
  {
    id: 'kettle-iron',
    name: 'Cast-iron kettle',
    description: '0.8 l, enamelled inside',
    priceMinor: 6400,
    translations: { ar: { name: 'إبريق من الحديد الزهر', description: '0.8 لتر، مطليّ بالمينا من الداخل' } },
  },
]);

/** A product's name and description in `language` (a language code such as `ar`), English when it has none there. */
export function productText(product: Product, language: string | null): ProductText {
  // Own keys only: a query such as `?lang=constructor` names no language.
  const translated = language && Object.hasOwn(product.translations, language) ? product.translations[language] : undefined;
  return translated ?? { name: product.name, description: product.description };
}

const byId = new Map(PRODUCTS.map((product) => [product.id, product]));

/** Most units of one product per order, and most distinct lines. */
export const MAX_QUANTITY = 20;
export const MAX_LINES = 20;

/** Formats minor units as the gateway's two-decimal amount ("12.90"). */
export function formatMinor(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

export interface PricedLine {
  product: Product;
  quantity: number;
  totalMinor: number;
}

export type PricedCart = { ok: true; lines: PricedLine[]; totalMinor: number } | { ok: false; field: string; message: string };

/** Prices a cart the browser sent (`[{ productId, quantity }]`), trusting nothing but ids and quantities. */
export function priceCart(items: unknown): PricedCart {
  if (!Array.isArray(items) || items.length === 0) {
    return { ok: false, field: 'items', message: 'must be a non-empty list of { productId, quantity }' };
  }
  if (items.length > MAX_LINES) return { ok: false, field: 'items', message: `must have at most ${MAX_LINES} lines` };
  const quantities = new Map<string, number>();
  for (const [index, item] of items.entries()) {
    const { productId, quantity } = (typeof item === 'object' && item !== null ? item : {}) as { productId?: unknown; quantity?: unknown };
    if (typeof productId !== 'string' || !byId.has(productId)) {
      return { ok: false, field: `items[${index}].productId`, message: 'is not a product of this shop' };
    }
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) {
      return { ok: false, field: `items[${index}].quantity`, message: `must be a whole number from 1 to ${MAX_QUANTITY}` };
    }
    const merged = (quantities.get(productId) ?? 0) + quantity;
    if (merged > MAX_QUANTITY) {
      return { ok: false, field: `items[${index}].quantity`, message: `adds up to more than ${MAX_QUANTITY} of one product` };
    }
    quantities.set(productId, merged);
  }
  const lines = [...quantities].map(([id, quantity]) => {
    const product = byId.get(id) as Product;
    return { product, quantity, totalMinor: product.priceMinor * quantity };
  });
  return { ok: true, lines, totalMinor: lines.reduce((sum, line) => sum + line.totalMinor, 0) };
}
