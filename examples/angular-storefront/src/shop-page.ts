// The shop page: the server's products, a cart of product ids and quantities,
// the cart's wallet buttons (express checkout: the checkout is prepared when
// one is pressed), and — once the merchant server has prepared a checkout for
// the cart — the payment widget, with the shop's own "Place order" button
// under it. One widget at a time: the wallet buttons give way to the card form.
import { ChangeDetectionStrategy, Component, computed, effect, inject, signal } from '@angular/core';
import { PaymentWidgetComponent } from '@wpwl/angular';
import type { CreateCheckout, WidgetStatus, WpwlError } from '@wpwl/core';
import {
  ShopError,
  createCheckout,
  createExpressCheckout,
  getExpressSettings,
  getProducts,
  isStillPayable,
  type Checkout,
  type ExpressSettings,
  type Product,
} from '../../shared/shop-api';
import { orderPageUrl } from '../../shared/result-view';
import { cartKey, clearCart, loadCart, saveCart } from '../../shared/cart-storage';
import { formatAmount } from '../../shared/shop-language';
import { RESULT_PATH } from './base';
import { SHOP_LANGUAGE } from './language';

/** "12.90" → 1290; display arithmetic only, the server computes the amount charged. */
const toMinor = (price: string) => {
  const [whole = '0', cents = '0'] = price.split('.');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
};
const fromMinor = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

@Component({
  selector: 'app-shop-page',
  imports: [PaymentWidgetComponent],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <section aria-labelledby="products-title">
      <h2 id="products-title">{{ texts.products }}</h2>
      <ul class="products">
        @for (product of catalogue()?.products; track product.id) {
          <li>
            <span>
              {{ product.name }} · {{ amount(product.price) }} {{ catalogue()?.currency }}
              <small>{{ product.description }}</small>
            </span>
            <button
              type="button"
              [attr.data-product-id]="product.id"
              [attr.aria-label]="texts.addToCartNamed(product.name)"
              [disabled]="locked()"
              (click)="add(product.id)"
            >
              {{ texts.addToCart }}
            </button>
          </li>
        }
      </ul>
    </section>

    <section aria-labelledby="cart-title">
      <h2 id="cart-title">{{ texts.cart }}</h2>
      @if (cart().size === 0) {
        <p>{{ texts.cartEmpty }}</p>
      }
      <ul class="cart-lines">
        @for (line of cartLines(); track line.id) {
          <li [attr.data-product-id]="line.id">
            <span>{{ line.quantity }} × {{ products().get(line.id)?.name }}</span>
            <button type="button" class="secondary" [disabled]="locked()" (click)="remove(line.id)">{{ texts.remove }}</button>
          </li>
        }
      </ul>
      <p class="total">
        {{ texts.total }} <output id="cart-total">{{ total() }}</output> {{ catalogue()?.currency }}
      </p>
      <button id="checkout" type="button" data-wpwl-checkout [disabled]="cart().size === 0 || busy() || locked()" (click)="pay()">
        {{ texts.goToPayment }}
      </button>
      <!-- In the page before any text, so that screen readers announce what arrives. -->
      <p id="checkout-error" class="error" role="alert">{{ problem() }}</p>
    </section>

    @if (express(); as settings) {
      @if (cart().size > 0 && catalogue() && !checkout()) {
        <section id="express-checkout" aria-labelledby="express-checkout-title">
          <h2 id="express-checkout-title">{{ texts.expressCheckout }}</h2>
          <p>{{ texts.expressHint }}</p>
          <p>
            <input
              type="checkbox"
              id="express-terms"
              [checked]="expressTerms()"
              (change)="expressTerms.set(termsBox.checked)"
              #termsBox
            />&ngsp;<label for="express-terms">{{ texts.acceptTerms }}</label>
          </p>
          <!-- Empty until there is something to say: screen readers announce what arrives. -->
          <p id="express-message" class="error" role="alert">{{ expressMessage() }}</p>
          <wpwl-payment-widget
            class="widget"
            [baseUrl]="settings.baseUrl"
            [brands]="settings.brands"
            [integrity]="settings.integrity"
            [shopperResultUrl]="resultUrl"
            [amount]="rawTotal()"
            [currency]="catalogue()?.currency"
            [createCheckout]="createExpressCheckout"
            (paymentError)="expressFailed($event)"
            (statusChange)="expressStatus.set($event.status)"
          >
            <p wpwlLoading class="status">{{ texts.status.loading }}</p>
          </wpwl-payment-widget>
        </section>
      }
    }

    @if (checkout(); as checkout) {
      <section aria-labelledby="payment-title">
        <h2 id="payment-title">{{ texts.payment }}</h2>
        <p>
          {{ texts.amountDue }} <strong id="amount-due">{{ amount(checkout.amount) }} {{ checkout.currency }}</strong>
        </p>
        <wpwl-payment-widget
          #payment
          class="widget"
          [checkoutId]="checkout.checkoutId"
          [baseUrl]="checkout.baseUrl"
          [brands]="checkout.brands"
          [shopperResultUrl]="checkout.shopperResultUrl"
          [integrity]="checkout.integrity"
          [expiresInMs]="checkout.expiresInMs"
          [options]="{ labels: { submit: texts.payAmount(amount(checkout.amount), checkout.currency) } }"
          [customParameters]="{ SHOPPER_orderId: checkout.orderId }"
          [beforeSubmit]="stillPayable"
          (statusChange)="status.set($event.status)"
          (paymentError)="errorCode.set($event.code)"
          (expired)="expired.set(true)"
          (expiringSoon)="expiringSoon.set(true)"
        >
          <p wpwlLoading class="status">{{ texts.status.loading }}</p>
          <p wpwlError class="error" [attr.data-wpwl-error-code]="payment.widget.error()?.code">
            {{ texts.formNotLoaded(payment.widget.error()?.message) }}
            <button type="button" data-wpwl-retry (click)="payment.retry()">{{ texts.tryAgain }}</button>
          </p>
          <p wpwlExpired class="error" [attr.data-wpwl-error-code]="errorCode()">{{ texts.sessionExpired }}</p>
        </wpwl-payment-widget>
        <p id="widget-status" class="status" aria-live="polite">{{ statusText() }}</p>
        <button id="place-order" type="button" data-wpwl-place-order [disabled]="status() !== 'ready'" (click)="payment.pay()">
          {{ texts.placeOrder }}
        </button>
        @if (paidElsewhere(); as orderPage) {
          <p class="error" role="alert" data-wpwl-already-paid>
            {{ texts.alreadyPaid }} <a [href]="orderPage">{{ texts.seeYourOrder }}</a>
          </p>
        }
        @if (expiringSoon() && !expired() && !sending()) {
          <p class="warning" role="status" data-wpwl-expiry-warning>
            {{ texts.endsSoon }}
            <button type="button" data-wpwl-more-time [disabled]="busy()" (click)="pay()">{{ texts.moreTime }}</button>
          </p>
        }
        @if (expired()) {
          <p class="error" data-wpwl-expired>{{ texts.expiredGetNew }}</p>
        }
        <button type="button" data-wpwl-new-checkout [disabled]="busy() || sending()" (click)="pay()">
          {{ texts.newSession }}
        </button>
        <button type="button" class="secondary" data-wpwl-cancel [disabled]="sending()" (click)="changeCart()">
          {{ texts.backToCart }}
        </button>
      </section>
    }
  `,
})
export class ShopPage {
  readonly #language = inject(SHOP_LANGUAGE);
  protected readonly texts = this.#language.texts;
  protected readonly catalogue = signal<{ products: Product[]; currency: string } | undefined>(undefined);
  // Kept in this tab, so a shopper back from a declined payment finds the same cart.
  protected readonly cart = signal<ReadonlyMap<string, number>>(loadCart());
  protected readonly checkout = signal<Checkout | undefined>(undefined);
  protected readonly busy = signal(false);
  protected readonly problem = signal<string | undefined>(undefined);
  protected readonly status = signal<WidgetStatus>('idle');
  /** Code of the widget's last error, shown with the expired message. */
  protected readonly errorCode = signal<string | undefined>(undefined);
  /** Set by the widget's expired output. */
  protected readonly expired = signal(false);
  /** Set by the widget's expiringSoon output: offer more time before the session ends. */
  protected readonly expiringSoon = signal(false);
  /** The checkout was paid meanwhile (in another tab): where to see the order. */
  protected readonly paidElsewhere = signal<string | undefined>(undefined);
  /** What the cart's wallet buttons need (GET /api/express); none when it could not be had: no wallet buttons then. */
  protected readonly express = signal<ExpressSettings | undefined>(undefined);
  /** The express section's terms box, ticked. */
  protected readonly expressTerms = signal(false);
  /** What the express section says: terms first, or the widget's coded error. */
  protected readonly expressMessage = signal('');
  /** The wallet widget's status: `submitting` from a press until the sheet is closed or the payment answered. */
  protected readonly expressStatus = signal<WidgetStatus>('idle');
  /** The result page, as the card flow's shopper result URL. */
  protected readonly resultUrl = new URL(RESULT_PATH, location.origin).href;

  protected readonly products = computed(() => new Map(this.catalogue()?.products.map((product) => [product.id, product])));
  protected readonly cartLines = computed(() => Array.from(this.cart(), ([id, quantity]) => ({ id, quantity })));
  /** The cart total as the server prices it ("89.80"): what the wallet sheet shows. */
  protected readonly rawTotal = computed(() => {
    let minor = 0;
    for (const [id, quantity] of this.cart()) minor += toMinor(this.products().get(id)?.price ?? '0') * quantity;
    return fromMinor(minor);
  });
  protected readonly total = computed(() => this.amount(this.rawTotal()));
  // The checkout was priced for this cart: the cart is locked while it is open, and while a wallet pays it
  // (a changed cart or the card payment would take the wallet's widget away, and with it the shopper's way
  // to the result page).
  protected readonly locked = computed(() => this.checkout() !== undefined || this.expressStatus() === 'submitting');
  // A payment on its way must not lose its widget: the gateway may charge the
  // card, and only the widget's redirect brings the shopper to the result.
  protected readonly sending = computed(() => this.status() === 'submitting');
  protected readonly statusText = computed(() => {
    const status = this.status();
    return status === 'ready' || status === 'submitting' ? this.texts.status[status] : '';
  });

  /** The checkout shown last (also one left with "Back to the cart"): a new one replaces it. */
  #lastCheckoutId: string | undefined;

  constructor() {
    effect(() => saveCart(this.cart()));
    getProducts(this.#language.language).then(
      (answer) => this.catalogue.set(answer),
      (error: Error) => this.problem.set(this.texts.productsFailed(error.message)),
    );
    // Without the settings the cart simply has no wallet buttons; the card payment stays.
    getExpressSettings().then(
      (settings) => this.express.set(settings),
      () => undefined,
    );
  }

  /**
   * A wallet button was pressed: the cart's checkout, prepared now (the
   * server prices the cart), once the terms are ticked; otherwise nothing,
   * which stops the payment quietly, and the shopper reads why.
   */
  protected readonly createExpressCheckout: CreateCheckout = ({ brand }) => {
    this.expressMessage.set('');
    if (!this.expressTerms()) {
      this.expressMessage.set(this.texts.termsFirst);
      return undefined;
    }
    return createExpressCheckout(this.cart(), RESULT_PATH, cartKey(), brand);
  };

  protected expressFailed(error: WpwlError): void {
    this.expressMessage.set(this.texts.formProblem(error.code, error.message));
  }

  /** An amount ("12.90") written for the page's language. */
  protected amount(value: string): string {
    return formatAmount(this.#language.tag, value);
  }

  /** Before the widget submits: refuses a checkout paid meanwhile, so the shopper reads why. */
  protected readonly stillPayable = async (): Promise<boolean> => {
    const current = this.checkout();
    if (!current || (await isStillPayable(current.checkoutId))) return true;
    this.paidElsewhere.set(orderPageUrl(current));
    return false;
  };

  protected add(id: string): void {
    this.cart.update((cart) => new Map(cart).set(id, (cart.get(id) ?? 0) + 1));
  }

  protected remove(id: string): void {
    this.cart.update((cart) => {
      const next = new Map(cart);
      next.delete(id);
      return next;
    });
  }

  protected async pay(): Promise<void> {
    this.busy.set(true);
    this.problem.set(undefined);
    try {
      // A new checkout for the same cart (also after expiry) goes to the same widget, which loads it;
      // not while a payment the shopper sent meanwhile is on its way.
      const next = await createCheckout(this.cart(), RESULT_PATH, cartKey(), this.#lastCheckoutId);
      if (this.status() === 'submitting') return;
      // Nor while a wallet payment is on its way: the card payment would take its widget away.
      if (this.expressStatus() === 'submitting') return;
      this.#lastCheckoutId = next.checkoutId;
      this.checkout.set(next);
      this.expired.set(false);
      this.expiringSoon.set(false);
    } catch (error) {
      if (error instanceof ShopError && error.code === 'CART_ALREADY_PAID') {
        // Paid in another tab: this cart is done; the next one starts empty.
        clearCart();
        this.cart.set(new Map());
        this.problem.set(this.texts.alreadyPaid);
        return;
      }
      if (error instanceof ShopError && error.code === 'PAYMENT_BEING_CONFIRMED') {
        // A payment for this cart is being confirmed: no second checkout (it could charge twice).
        // The cart stays: should that payment be declined, the same cart is paid again.
        this.problem.set(this.texts.paymentBeingConfirmed);
        return;
      }
      if (error instanceof ShopError && error.code === 'TOO_MANY_OPEN_CHECKOUTS') {
        // Each open checkout may have been paid in another tab, and the shop reads them all first: the cart stays.
        this.problem.set(this.texts.tooManyCheckouts);
        return;
      }
      this.problem.set(this.texts.couldNotStart((error as Error).message));
    } finally {
      this.busy.set(false);
    }
  }

  protected changeCart(): void {
    this.checkout.set(undefined);
    this.status.set('idle');
  }
}
