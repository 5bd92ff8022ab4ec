// Source: SSTECEC/remolkar-web, src/assets/card-datafast/card-datafast-corriente.js
// (a shop's widget options for an Ecuadorian acquirer: installments, Spanish texts).
//
// What it relies on, reproduced here in our own code: style "plain", locale
// "es", its own labels, a spinner object and an errorMessages override; onReady
// (jQuery) moving the card number label before the brand group and the card
// holder group after the CVV group, then putting an installments <select>
// (recurring.numberOfInstallments) and a customParameters[SHOPPER_TIPOCREDITO]
// input before the card form's .wpwl-button: both must reach the gateway with
// the payment.
import { describe, expect, it } from 'vitest';
import { SUCCESS_CARD, SUCCESS_RESULT, fillCard, nextPayment } from '../support/shopper.js';
import { useCorpus } from './support/corpus.js';

const corpus = useCorpus();

function shopPage(checkoutId: string): string {
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>Pago</title>
<script src="/jquery.min.js"></script></head>
<body>
<script>
var wpwlOptions = {
  style: 'plain',
  locale: 'es',
  labels: { cardHolder: 'Titular de la tarjeta', cvv: 'CVV', cardNumber: 'Número de tarjeta', expiryDate: 'Expiración', submit: 'PAGAR' },
  spinner: { lines: 17, length: 0, scale: 0.85, width: 13, color: '#9D9D9D', fadeColor: '#595959' },
  errorMessages: { cvvError: 'CVV no válido' },
  onReady: function () {
    $('.wpwl-group-brand').before($('.wpwl-label-cardNumber'));
    $('.wpwl-group-cvv').after($('.wpwl-group-cardHolder').detach());
    var installments = '<div class="wpwl-label wpwl-label-custom">Diferidos</div>' +
      '<div class="wpwl-wrapper wpwl-wrapper-custom">' +
      '<select name="recurring.numberOfInstallments" class="wpwl-wrapper-custom-installments">' +
      '<option value="0">Corriente</option><option value="3">3 meses</option></select></div>';
    var creditType = '<div class="wpwl-wrapper wpwl-wrapper-custom" hidden>' +
      '<input type="text" id="tipoCredito" name="customParameters[SHOPPER_TIPOCREDITO]" value="00"></div>';
    $('form.wpwl-form-card').find('.wpwl-button').before(installments);
    $('form.wpwl-form-card').find('.wpwl-button').before(creditType);
  }
};
</script>
<script src="${corpus.sandbox.url}/v1/paymentWidgets.js?checkoutId=${checkoutId}"></script>
<form action="${corpus.pagesUrl}/result.html" class="paymentWidgets" data-brands="VISA MASTER DINERS"></form>
</body></html>`;
}

describe('Datafast installments options', () => {
  it('takes the reordered groups, its texts and its error message, and sends the installments and custom parameter with the payment', async () => {
    const checkout = await corpus.checkout({ currency: 'USD' });
    const tab = await corpus.open(await corpus.page(`datafast-${checkout.id}`, shopPage(checkout.id)));
    const { page } = tab;
    await page.waitForSelector('select[name="recurring.numberOfInstallments"]');
    await expect(page.locator('.wpwl-container-card').getAttribute('class')).resolves.toContain('wpwl-style-plain');
    await expect(page.locator('.wpwl-button-pay').innerText()).resolves.toBe('PAGAR');
    // Its onReady reordered the groups: the holder now follows the CVV.
    const order = await page
      .locator('form.wpwl-form-card > .wpwl-group')
      .evaluateAll((groups) => groups.map((group) => /wpwl-group-(\w+)/.exec(group.className)?.[1]));
    expect(order.indexOf('cardHolder')).toBe(order.indexOf('cvv') + 1);

    // Its error text replaces the widget's.
    await fillCard(page, SUCCESS_CARD);
    await page.fill('.wpwl-control-cvv', '1');
    await page.click('.wpwl-button-pay');
    await expect(page.locator('.wpwl-hint-cvvError').innerText()).resolves.toBe('CVV no válido');

    await page.fill('.wpwl-control-cvv', '123');
    await page.selectOption('select[name="recurring.numberOfInstallments"]', '3');
    const sent = await nextPayment(tab, () => page.click('.wpwl-button-pay'));
    expect(sent.get('recurring.numberOfInstallments')).toBe('3');
    expect(sent.get('customParameters[SHOPPER_TIPOCREDITO]')).toBe('00');
    await page.waitForURL((url) => url.pathname === '/result.html');
    const status = await corpus.status(checkout.id);
    expect(status.body).toMatchObject({
      result: { code: expect.stringMatching(SUCCESS_RESULT) },
      customParameters: { SHOPPER_TIPOCREDITO: '00' },
    });
    expect(tab.errors).toEqual([]);
  });
});
