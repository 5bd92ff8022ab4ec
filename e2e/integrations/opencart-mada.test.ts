// Source: HyperpayOpenSource/Opencart-2.3-Plugin-All,
//   upload/catalog/view/theme/default/template/extension/payment/gate2play_mada.tpl
// (an OpenCart payment template for Saudi shops, mada and cards).
//
// What it relies on, reproduced here in our own code: jQuery on the page;
// wpwlOptions assigned before the widget's script tag with paymentTarget
// "_top", registrations flags written as the strings "true",
// browser.threeDChallengeWindow, an empty onBeforeSubmitVirtualAccount; CSS that
// hides the brand label and select and positions .wpwl-brand-card; onReady
// moving every .wpwl-brand-card into .wpwl-wrapper-cardNumber and putting a
// "Store payment details?" checkbox (createRegistration=true) before the card
// form's .wpwl-button. Cleanup: none (a full page load per checkout).
//
// The same page is then ported onto createPaymentWidget, CSS and hooks unchanged.
import { describe, expect, it } from 'vitest';
import { SUCCESS_CARD, SUCCESS_RESULT, THREE_D_SECURE_CARD, fillCard, nextPayment } from '../support/shopper.js';
import { useCorpus } from './support/corpus.js';

const corpus = useCorpus();

/** The template's stylesheet, as its page carries it. */
const CSS = `
  form { display: block; }
  .wpwl-brand-card { display: block; visibility: visible; position: absolute; right: -8px; top: 5px; width: 65px; z-index: 10; float: right; }
  .wpwl-brand-MASTER { top: 0px; }
  .wpwl-label-brand { display: none !important; }
  .wpwl-control-brand { display: none !important; }
`;

/** The template's options: one object, used by the template and by the port alike. */
const OPTIONS = `{
  style: 'card',
  paymentTarget: '_top',
  registrations: { hideInitialPaymentForms: 'true', requireCvv: 'true' },
  browser: { threeDChallengeWindow: 5 },
  locale: 'en',
  onReady: function () {
    $('.wpwl-wrapper-cardNumber').each(function () { moveLogosInto(this); });
    var storeBox = '<div class="customLabel">Store payment details?</div>' +
      '<div class="customInput"><input type="checkbox" name="createRegistration" value="true" /></div>';
    $('form.wpwl-form-card').find('.wpwl-button').before(storeBox);
  },
  onBeforeSubmitVirtualAccount: function (event) {}
}`;

const HELPERS = `function moveLogosInto(wrapper) { $('.wpwl-brand-card').each(function () { $(wrapper).append(this); }); }`;

function templatePage(checkoutId: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Checkout</title>
<script src="/jquery.min.js"></script>
<style>${CSS}</style></head>
<body>
<script>${HELPERS}
var wpwlOptions = ${OPTIONS};
</script>
<script src="${corpus.sandbox.url}/v1/paymentWidgets.js?checkoutId=${checkoutId}"></script>
<div><form action="${corpus.pagesUrl}/result.html" class="paymentWidgets" data-brands="VISA MASTER MADA"></form></div>
</body></html>`;
}

function portedPage(checkoutId: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Checkout</title>
<script src="/jquery.min.js"></script>
<style>${CSS}</style></head>
<body>
<div id="payment"></div>
<script>${HELPERS}</script>
<script type="module">
import { createPaymentWidget } from '/wpwl-core.js';
const widget = createPaymentWidget({
  checkoutId: ${JSON.stringify(checkoutId)},
  baseUrl: ${JSON.stringify(corpus.sandbox.url)},
  brands: 'VISA MASTER MADA',
  shopperResultUrl: ${JSON.stringify(`${corpus.pagesUrl}/result.html`)},
  options: ${OPTIONS},
});
widget.mount(document.getElementById('payment'));
</script>
</body></html>`;
}

describe.each([
  ['the template as published', templatePage],
  ['ported onto createPaymentWidget', portedPage],
])('OpenCart mada template: %s', (_, pageFor) => {
  it('hides the brand select, moves the logo into the card number, and stores the card when the box is ticked', async () => {
    const checkout = await corpus.checkout();
    const tab = await corpus.open(await corpus.page(`mada-${checkout.id}`, pageFor(checkout.id)));
    const { page } = tab;
    await page.waitForSelector('form.wpwl-form-card .customInput input[name=createRegistration]');
    // The template's CSS and onReady did their work on the widget's markup.
    await expect(page.locator('.wpwl-control-brand').isVisible()).resolves.toBe(false);
    expect(await page.locator('.wpwl-wrapper-cardNumber .wpwl-brand-card').count()).toBe(1);
    expect(await page.locator('.wpwl-group-brand .wpwl-brand-card').count()).toBe(0);
    // The box sits before the pay button, inside the widget's form.
    const boxBeforeButton = await page.evaluate(() => {
      const box = document.querySelector('input[name=createRegistration]')!.closest('.customInput')!;
      return box.nextElementSibling?.classList.contains('wpwl-button-pay') === true;
    });
    expect(boxBeforeButton).toBe(true);

    await page.check('input[name=createRegistration]');
    await fillCard(page, SUCCESS_CARD);
    const sent = await nextPayment(tab, () => page.click('.wpwl-form-card .wpwl-button-pay'));
    expect(sent.get('createRegistration')).toBe('true');
    // paymentTarget _top: the whole page goes to the shop's result page.
    await page.waitForURL((url) => url.pathname === '/result.html');
    const status = await corpus.status(checkout.id);
    expect(status.body.result).toMatchObject({ code: expect.stringMatching(SUCCESS_RESULT) });
    expect(status.body.registrationId).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(tab.errors).toEqual([]);
  });

  it('with paymentTarget "_top", 3-D Secure takes the whole window (no iframe), then the result page', async () => {
    const checkout = await corpus.checkout();
    const tab = await corpus.open(await corpus.page(`mada-3ds-${checkout.id}`, pageFor(checkout.id)));
    const { page } = tab;
    await page.waitForSelector('form.wpwl-form-card .wpwl-control-cardNumber');
    await fillCard(page, THREE_D_SECURE_CARD);
    await page.click('.wpwl-form-card .wpwl-button-pay');
    await page.waitForURL((url) => url.pathname.startsWith('/v1/threeds/'));
    await page.click('#complete');
    await page.waitForURL((url) => url.pathname === '/result.html');
    expect((await corpus.status(checkout.id)).body.result).toMatchObject({ code: expect.stringMatching(SUCCESS_RESULT) });
  });

  it('offers the stored card next time: new-card forms hidden ("true"), the CVV asked for ("true"), one click pays', async () => {
    // The shopper's first payment, card stored.
    const first = await corpus.checkout({ createRegistration: 'true' });
    await fetch(`${corpus.sandbox.url}/v1/checkouts/${first.id}/payment`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        paymentBrand: 'MASTER',
        'card.number': '5454545454545454',
        'card.holder': 'Jane Jones',
        'card.expiryMonth': '12',
        'card.expiryYear': String(new Date().getFullYear() + 3),
        'card.cvv': '123',
      }).toString(),
    });
    const registrationId = (await corpus.status(first.id)).body.registrationId as string;

    const checkout = await corpus.checkout({ 'registrations[0].id': registrationId, amount: '15.00' });
    const tab = await corpus.open(await corpus.page(`mada-stored-${checkout.id}`, pageFor(checkout.id)));
    const { page } = tab;
    await page.waitForSelector('.wpwl-container-registration .wpwl-group-registration.wpwl-selected');
    await expect(page.locator('.wpwl-container-registration').innerText()).resolves.toContain('5454');
    // hideInitialPaymentForms "true": the new-card form waits behind a button.
    await expect(page.locator('.wpwl-container-card').isVisible()).resolves.toBe(false);
    // requireCvv "true": no CVV, no payment.
    await page.click('.wpwl-form-registrations .wpwl-button-pay');
    await page.waitForSelector('.wpwl-group-registration.wpwl-has-error');
    await page.fill('.wpwl-wrapper-registration-cvv input', '123');
    const sent = await nextPayment(tab, () => page.click('.wpwl-form-registrations .wpwl-button-pay'));
    expect(sent.get('registrationId')).toBe(registrationId);
    expect(sent.has('card.number')).toBe(false);
    await page.waitForURL((url) => url.pathname === '/result.html');
    const status = await corpus.status(checkout.id);
    expect(status.body).toMatchObject({ amount: '15.00', paymentBrand: 'MASTER', result: { code: expect.stringMatching(SUCCESS_RESULT) } });
    expect(tab.errors).toEqual([]);
  });
});
