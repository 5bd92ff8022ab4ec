// The page the shopper returns to after paying: the resourcePath is taken
// from this URL and checked by @wpwl/core, then the merchant server reads and
// verifies the payment; the page shows success, a payment still being
// processed or confirmed (asking again a few times), or the classified failure.
import { ChangeDetectionStrategy, Component, DestroyRef, inject, signal } from '@angular/core';
import { readShopperResult } from '@wpwl/core';
import { ShopError, getPaymentStatus, type PaymentStatus } from '../../shared/shop-api';
import { asksAgain, checkingView, describeResult, type ResultView } from '../../shared/result-view';
import { clearCart } from '../../shared/cart-storage';
import { BASE_PATH } from './base';
import { SHOP_LANGUAGE } from './language';

const POLLS = 5;
const POLL_INTERVAL_MS = 3000;

@Component({
  selector: 'app-result-page',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <section
      id="result"
      [attr.data-state]="view().state"
      [attr.data-classification]="view().classification"
      aria-labelledby="result-title"
      aria-live="polite"
    >
      <h2 id="result-title">{{ view().title }}</h2>
      <p id="result-detail">{{ view().detail }}</p>
      <p>
        @if (view().retry) {
          <a id="try-again" [href]="base">{{ texts.tryAnotherCard }}</a>
        } @else if (view().backToCart) {
          <a id="back-to-cart" [href]="base">{{ backToCart }}</a>
        } @else {
          <a [href]="base">{{ texts.backToShop }}</a>
        }
      </p>
    </section>
  `,
})
export class ResultPage {
  readonly #language = inject(SHOP_LANGUAGE);
  protected readonly texts = this.#language.texts.result;
  protected readonly backToCart = this.#language.texts.backToCart;
  protected readonly view = signal<ResultView>(checkingView(this.#language));
  protected readonly base = BASE_PATH;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #active = true;

  constructor() {
    inject(DestroyRef).onDestroy(() => {
      this.#active = false;
      clearTimeout(this.#timer);
    });
    void this.#check(0);
  }

  async #check(attempt: number): Promise<void> {
    let resourcePath: string;
    try {
      ({ resourcePath } = readShopperResult(location.href));
    } catch (error) {
      this.view.set({ state: 'failure', title: this.texts.noPayment, detail: this.texts.noResultInAddress((error as Error).message) });
      return;
    }
    let status: PaymentStatus;
    try {
      status = await getPaymentStatus(resourcePath);
    } catch (error) {
      // Asked too often: ask again a little later, without giving up.
      if (error instanceof ShopError && error.code === 'TOO_MANY_REQUESTS') {
        if (this.#active) this.#timer = setTimeout(() => void this.#check(attempt), 2000);
        return;
      }
      if (this.#active) this.view.set({ state: 'failure', title: this.texts.couldNotCheck, detail: (error as Error).message });
      return;
    }
    if (!this.#active) return;
    // Pending or being confirmed: asked again a few times, then it stays as it is (never a failure).
    const final = !asksAgain(status) || attempt >= POLLS;
    this.view.set(describeResult(status, final, this.#language));
    if (status.ok) clearCart();
    if (!final) this.#timer = setTimeout(() => void this.#check(attempt + 1), POLL_INTERVAL_MS);
  }
}
