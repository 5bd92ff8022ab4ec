// The basket: what the shopper is about to pay for, and the way to checkout,
// in the shopper's language (amounts written for it).
import Link from 'next/link';
import { BASKET, CURRENCY, basketTotal } from '../../shared/basket';
import { formatAmount } from '../../shared/shop-language';
import { requestLanguage } from '../lib/language';

export default async function BasketPage() {
  const { language, tag, texts } = await requestLanguage();
  return (
    <main>
      <h1>{texts.yourBasket}</h1>
      <ul className="cart-lines">
        {BASKET.map((line) => (
          <li key={line.names.en}>
            <span>
              {line.quantity} × {line.names[language]}
            </span>
            <span>
              {formatAmount(tag, line.price)} {CURRENCY}
            </span>
          </li>
        ))}
      </ul>
      <p>
        {texts.total} <strong id="cart-total">{formatAmount(tag, basketTotal())}</strong> {CURRENCY}
      </p>
      <Link id="checkout" href="/checkout">
        {texts.goToCheckout}
      </Link>
    </main>
  );
}
