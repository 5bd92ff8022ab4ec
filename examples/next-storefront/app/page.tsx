// The basket: what the shopper is about to pay for, and the way to checkout.
import Link from 'next/link';
import { BASKET, CURRENCY, basketTotal } from '../../shared/basket';

export default function BasketPage() {
  return (
    <main>
      <h1>Your basket</h1>
      <ul className="cart-lines">
        {BASKET.map((line) => (
          <li key={line.name}>
            <span>
              {line.quantity} × {line.name}
            </span>
            <span>
              {line.price} {CURRENCY}
            </span>
          </li>
        ))}
      </ul>
      <p>
        Total: <strong id="cart-total">{basketTotal()}</strong> {CURRENCY}
      </p>
      <Link id="checkout" href="/checkout">
        Go to checkout
      </Link>
    </main>
  );
}
