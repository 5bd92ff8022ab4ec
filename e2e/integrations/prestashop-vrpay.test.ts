// Source: haggui11/fleci, modules/vrpayecommerce/views/templates/front/change_payment.tpl
// (a PrestaShop payment module's "change payment information" page).
//
// What it relies on, reproduced here in our own code: the brands written as
// the merchant form's text (<form class="paymentWidgets">VISA MASTER</form>,
// no data-brands); wpwlOptions before the widget's tag with locale, style
// "card" and registrations { hideInitialPaymentForms: false, requireCvv: false };
// onReady (jQuery) putting a Cancel link before the form's .wpwl-button,
// renaming .wpwl-button-pay, adding a tooltip after .wpwl-container, and in
// test mode wrapping .wpwl-container in div.frametest with a notice before it
// (the widget's container moves in the page after it rendered).
//
// The same page is then ported onto createPaymentWidget, CSS and hooks unchanged.
import { describe, expect, it } from 'vitest';
import { SUCCESS_CARD, SUCCESS_RESULT, fillCard } from '../support/shopper.js';
import { useCorpus } from './support/corpus.js';

const corpus = useCorpus();

const CSS = `
  .frametest { border: 2px dashed #c33; padding: 0.5em; }
  .testmode { color: #c33; font-weight: bold; }
  .btn_cancel { margin-right: 1em; }
`;

const OPTIONS = `{
  locale: 'en',
  style: 'card',
  onReady: function () {
    var buttonCancel = "<a href='/cancelled.html' class='wpwl-button btn_cancel'>Cancel</a>";
    var ttRegistration = "<div class='register-tooltip'>A small amount will be charged and refunded to verify your card.</div>";
    var ttTestMode = "<div class='testmode'>THIS IS A TEST. NO REAL MONEY WILL BE TRANSFERRED</div>";
    jQuery('form.wpwl-form').find('.wpwl-button').before(buttonCancel);
    jQuery('.wpwl-button-pay').html('Change');
    jQuery('.wpwl-container').after(ttRegistration);
    jQuery('.wpwl-container').wrap("<div class='frametest'></div>").before(ttTestMode);
  },
  registrations: { hideInitialPaymentForms: false, requireCvv: false }
}`;

function templatePage(checkoutId: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Change payment information</title>
<script src="/jquery.min.js"></script><style>${CSS}</style></head>
<body>
<section id="content">
<script>var wpwlOptions = ${OPTIONS};</script>
<script src="${corpus.sandbox.url}/v1/paymentWidgets.js?checkoutId=${checkoutId}"></script>
<form action="${corpus.pagesUrl}/result.html" class="paymentWidgets">VISA MASTER</form>
</section>
</body></html>`;
}

// The port keeps the hooks and CSS; the brands move from the form's text to the config.
function portedPage(checkoutId: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Change payment information</title>
<script src="/jquery.min.js"></script><style>${CSS}</style></head>
<body>
<section id="content"></section>
<script type="module">
import { createPaymentWidget } from '/wpwl-core.js';
createPaymentWidget({
  checkoutId: ${JSON.stringify(checkoutId)},
  baseUrl: ${JSON.stringify(corpus.sandbox.url)},
  brands: 'VISA MASTER',
  shopperResultUrl: ${JSON.stringify(`${corpus.pagesUrl}/result.html`)},
  options: ${OPTIONS},
}).mount(document.getElementById('content'));
</script>
</body></html>`;
}

describe.each([
  ['the template as published', templatePage],
  ['ported onto createPaymentWidget', portedPage],
])('PrestaShop change-payment page: %s', (_, pageFor) => {
  it('renders the brands it names, keeps working after onReady wrapped and decorated the container, and pays', async () => {
    const checkout = await corpus.checkout();
    const tab = await corpus.open(await corpus.page(`vrpay-${checkout.id}`, pageFor(checkout.id)));
    const { page } = tab;
    await page.waitForSelector('.frametest > .wpwl-container-card');
    const brands = await page
      .locator('.wpwl-control-brand option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(brands).toEqual(['VISA', 'MASTER']);
    // The brand list is no text on the page.
    await expect(page.locator('#content').innerText()).resolves.not.toContain('VISA MASTER');
    await expect(page.locator('.wpwl-button-pay').innerText()).resolves.toBe('Change');
    expect(await page.locator('form.wpwl-form-card .btn_cancel + .wpwl-button-pay').count()).toBe(1);
    expect(await page.locator('.frametest > .testmode + .wpwl-container').count()).toBe(1);
    expect(await page.locator('.register-tooltip').count()).toBe(1);

    await fillCard(page, SUCCESS_CARD);
    await page.click('.wpwl-button-pay');
    await page.waitForURL((url) => url.pathname === '/result.html');
    expect((await corpus.status(checkout.id)).body.result).toMatchObject({ code: expect.stringMatching(SUCCESS_RESULT) });
    expect(tab.errors).toEqual([]);
  });
});
