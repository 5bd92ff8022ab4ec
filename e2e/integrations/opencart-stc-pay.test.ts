// Source: HyperpayOpenSource/Opencart-2.3-Plugin-All,
//   upload/catalog/view/theme/default/template/extension/payment/gate2play.tpl
// (the same vendor's general template: cards and STC_PAY).
//
// What it relies on, reproduced here in our own code: jQuery with
// $.ajaxSetup({ cache: true }) before the widget's tag; wpwlOptions assigned
// before it with paymentTarget "_top"; onReady hiding STC_PAY's QR-code and
// mobile radio wrappers and its .wpwl-group-paymentMode, then ticking
// .wpwl-control-radio-mobile and triggering a click on it so that the shopper
// only types a mobile number; the shop's own hidden "confirm" link left alone.
import { describe, expect, it } from 'vitest';
import { SUCCESS_CARD, SUCCESS_RESULT, fillCard, nextPayment } from '../support/shopper.js';
import { useCorpus } from './support/corpus.js';

const corpus = useCorpus();

function templatePage(checkoutId: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Checkout</title>
<script src="/jquery.min.js"></script>
<style>form { display: block; }</style></head>
<body>
<script>
var wpwlOptions = {
  style: 'card',
  paymentTarget: '_top',
  locale: 'en',
  onReady: function () {
    var stcPay = '.wpwl-form-virtualAccount-STC_PAY';
    $(stcPay + ' .wpwl-wrapper-radio-qrcode').hide();
    $(stcPay + ' .wpwl-wrapper-radio-mobile').hide();
    $(stcPay + ' .wpwl-group-paymentMode').hide();
    $(stcPay + ' .wpwl-wrapper-radio-mobile .wpwl-control-radio-mobile').attr('checked', true);
    $(stcPay + ' .wpwl-wrapper-radio-mobile .wpwl-control-radio-mobile').trigger('click');
  }
};
</script>
<script>$.ajaxSetup({ cache: true });</script>
<script src="${corpus.sandbox.url}/v1/paymentWidgets.js?checkoutId=${checkoutId}"></script>
<div><form action="${corpus.pagesUrl}/result.html" class="paymentWidgets" data-brands="VISA MASTER STC_PAY"></form></div>
<div class="buttons" style="display:none;"><a id="button-confirm" class="button">Confirm</a></div>
</body></html>`;
}

describe('OpenCart template with STC_PAY', () => {
  it("its onReady finds STC_PAY's inner groups: the mode choice hidden, the mobile mode picked, only the number shown and sent", async () => {
    const checkout = await corpus.checkout({ currency: 'SAR' });
    const tab = await corpus.open(await corpus.page(`stc-${checkout.id}`, templatePage(checkout.id)));
    const { page } = tab;
    const stcPay = '.wpwl-form-virtualAccount-STC_PAY';
    await page.waitForSelector(`${stcPay} .wpwl-group-mobilePhone input`, { state: 'visible' });
    await expect(page.locator(`${stcPay} .wpwl-group-paymentMode`).isVisible()).resolves.toBe(false);
    await expect(page.locator(`${stcPay} .wpwl-control-radio-mobile`).isChecked()).resolves.toBe(true);
    await expect(page.locator(`${stcPay} .wpwl-control-radio-qrcode`).isChecked()).resolves.toBe(false);

    await page.fill(`${stcPay} .wpwl-control-mobilePhone`, '0501234567');
    const answer = page.waitForResponse((response) => response.request().method() === 'POST');
    const sent = await nextPayment(tab, () => page.click(`${stcPay} button[type=submit]`));
    expect(sent.get('paymentBrand')).toBe('STC_PAY');
    expect(sent.get('virtualAccount.accountId')).toBe('0501234567');
    expect(sent.has('paymentMode')).toBe(false);
    // The sandbox processes card brands only: it answers a wallet with "invalid payment method".
    const refused = await answer;
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { result: { code: string } }).result.code).toBe('600.200.100');
  });

  it('the card form beside it pays, and the shopper lands on the result page in the top window', async () => {
    const checkout = await corpus.checkout({ currency: 'SAR' });
    const tab = await corpus.open(await corpus.page(`stc-card-${checkout.id}`, templatePage(checkout.id)));
    const { page } = tab;
    await page.waitForSelector('.wpwl-form-card .wpwl-control-cardNumber');
    await fillCard(page, SUCCESS_CARD);
    await page.click('.wpwl-form-card .wpwl-button-pay');
    await page.waitForURL((url) => url.pathname === '/result.html');
    const status = await corpus.status(checkout.id);
    expect(status.body).toMatchObject({ currency: 'SAR', result: { code: expect.stringMatching(SUCCESS_RESULT) } });
    expect(tab.errors).toEqual([]);
  });
});
