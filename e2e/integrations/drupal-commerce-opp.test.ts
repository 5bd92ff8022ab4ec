// Source: jeetpatel/commerce, modules/contrib/commerce_opp/js/opp.init.js
// (Drupal Commerce's payment module for the widget).
//
// What it relies on, reproduced here in our own code: a Drupal "behavior"
// whose attach(context) runs on page load and again after every AJAX update,
// finding .paymentWidgets in the context, guarded to run once per form
// (jQuery.once); it assigns a global wpwlOptions with the site language, then
// creates the widget's script element itself and inserts it before the page's
// first <script>. The site's settings object carries the script URL.
import { describe, expect, it } from 'vitest';
import { SUCCESS_CARD, SUCCESS_RESULT, fillCard } from '../support/shopper.js';
import { useCorpus } from './support/corpus.js';

const corpus = useCorpus();

function drupalPage(checkoutId: string): string {
  return `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>Kasse</title>
<script src="/jquery.min.js"></script></head>
<body>
<div id="checkout-pane">
  <form action="${corpus.pagesUrl}/result.html" class="paymentWidgets" data-brands="VISA MASTER"></form>
</div>
<script>
// What Drupal core provides: settings, behaviors run on load and after AJAX, a once() guard.
var drupalSettings = { commerce_opp: { langcode: 'de', opp_script_url: ${JSON.stringify(
    `${corpus.sandbox.url}/v1/paymentWidgets.js?checkoutId=${checkoutId}`,
  )} } };
var Drupal = { behaviors: {}, attachBehaviors: function (context) {
  Object.keys(Drupal.behaviors).forEach(function (name) { Drupal.behaviors[name].attach(context, drupalSettings); });
  // For the test: how often the behaviors attached.
  var root = document.documentElement;
  root.setAttribute('data-attached', String(Number(root.getAttribute('data-attached') || 0) + 1));
} };
jQuery.fn.once = function (id) {
  return this.filter(function () {
    var done = jQuery(this).data('once-' + id);
    jQuery(this).data('once-' + id, true);
    return !done;
  });
};

// The module's behavior.
var wpwlOptions;
(function ($, Drupal, drupalSettings) {
  Drupal.behaviors.initOppPayment = {
    attach: function (context) {
      var $form = $(context).find('.paymentWidgets');
      if ($form.length > 0) {
        $form.once('opp-payment-form').each(function () {
          var settings = drupalSettings.commerce_opp;
          wpwlOptions = { locale: settings.langcode };
          var script = document.createElement('script');
          script.type = 'text/javascript';
          script.src = settings.opp_script_url;
          var first = document.getElementsByTagName('script')[0];
          first.parentNode.insertBefore(script, first);
        });
      }
    }
  };
})(jQuery, Drupal, drupalSettings);

jQuery(function () {
  Drupal.attachBehaviors(document);
  // An AJAX update of the checkout pane (a shipping choice, say) attaches the behaviors again.
  setTimeout(function () { Drupal.attachBehaviors(document.getElementById('checkout-pane')); }, 50);
});
</script>
</body></html>`;
}

describe('Drupal Commerce behavior', () => {
  it('loads the widget once although the behaviors attach twice, takes the site language, and pays', async () => {
    const checkout = await corpus.checkout();
    const tab = await corpus.open(await corpus.page(`drupal-${checkout.id}`, drupalPage(checkout.id)));
    const { page } = tab;
    await page.waitForSelector('.wpwl-form-card .wpwl-control-cardNumber');
    // Past the second attach (the AJAX update).
    await page.waitForSelector('html[data-attached="2"]', { state: 'attached' });
    expect(tab.requestsTo('GET', '/v1/paymentWidgets.js')).toHaveLength(1);
    expect(await page.locator('.wpwl-container-card').count()).toBe(1);
    // wpwlOptions was set by the behavior before the script it inserted ran.
    await expect(page.locator('.wpwl-container-card').getAttribute('lang')).resolves.toBe('de');
    await expect(page.locator('.wpwl-button-pay').innerText()).resolves.toBe('Jetzt bezahlen');

    await fillCard(page, SUCCESS_CARD);
    await page.click('.wpwl-button-pay');
    await page.waitForURL((url) => url.pathname === '/result.html');
    expect((await corpus.status(checkout.id)).body.result).toMatchObject({ code: expect.stringMatching(SUCCESS_RESULT) });
    expect(tab.errors).toEqual([]);
  });
});
