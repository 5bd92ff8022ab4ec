// The page the shopper returns to after paying: the resourcePath is taken
// from this URL and checked by @wpwl/core, then the merchant server reads and
// verifies the payment; the page shows success, a payment still being
// processed or confirmed (asking again a few times), or the classified failure.
import { useEffect, useState } from 'react';
import { readShopperResult } from '@wpwl/core';
import { ShopError, getPaymentStatus, type PaymentStatus } from '../../shared/shop-api.js';
import { asksAgain, checkingView, describeResult, type ResultView } from '../../shared/result-view.js';
import { clearCart } from '../../shared/cart-storage.js';
import { useLanguage } from './language.js';

const POLLS = 5;
const POLL_INTERVAL_MS = 3000;

export function ResultPage() {
  const language = useLanguage();
  const texts = language.texts.result;
  const { backToCart } = language.texts;
  const [view, setView] = useState<ResultView>(() => checkingView(language));

  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = (next: ResultView) => current && setView(next);
    async function check(attempt: number) {
      let resourcePath: string;
      try {
        ({ resourcePath } = readShopperResult(location.href));
      } catch (error) {
        return show({ state: 'failure', title: texts.noPayment, detail: texts.noResultInAddress((error as Error).message) });
      }
      let status: PaymentStatus;
      try {
        status = await getPaymentStatus(resourcePath);
      } catch (error) {
        // Asked too often: ask again a little later, without giving up.
        if (error instanceof ShopError && error.code === 'TOO_MANY_REQUESTS') {
          if (current) timer = setTimeout(() => void check(attempt), 2000);
          return;
        }
        return show({ state: 'failure', title: texts.couldNotCheck, detail: (error as Error).message });
      }
      // Pending or being confirmed: asked again a few times, then it stays as it is (never a failure).
      const final = !asksAgain(status) || attempt >= POLLS;
      show(describeResult(status, final, language));
      if (status.ok) clearCart();
      if (!final && current) timer = setTimeout(() => void check(attempt + 1), POLL_INTERVAL_MS);
    }
    void check(0);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [language, texts]);

  return (
    <section
      id="result"
      data-state={view.state}
      data-classification={view.classification}
      aria-labelledby="result-title"
      aria-live="polite"
    >
      <h2 id="result-title">{view.title}</h2>
      <p id="result-detail">{view.detail}</p>
      <p>
        {view.retry ? (
          <a id="try-again" href={import.meta.env.BASE_URL}>
            {texts.tryAnotherCard}
          </a>
        ) : view.backToCart ? (
          <a id="back-to-cart" href={import.meta.env.BASE_URL}>
            {backToCart}
          </a>
        ) : (
          <a href={import.meta.env.BASE_URL}>{texts.backToShop}</a>
        )}
      </p>
    </section>
  );
}
