// Picks the page from the path: the result page the shopper returns to, or the shop.
import { ChangeDetectionStrategy, Component, inject } from '@angular/core';
import { RESULT_PATH } from './base';
import { SHOP_LANGUAGE } from './language';
import { ResultPage } from './result-page';
import { ShopPage } from './shop-page';

@Component({
  selector: 'app-root',
  imports: [ResultPage, ShopPage],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <header>
      <h1>{{ texts.shopName }}</h1>
    </header>
    <main>
      @if (isResult) {
        <app-result-page />
      } @else {
        <app-shop-page />
      }
    </main>
  `,
})
export class App {
  readonly isResult = location.pathname === RESULT_PATH;
  protected readonly texts = inject(SHOP_LANGUAGE).texts;
}
