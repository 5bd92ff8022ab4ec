// Owns the findings about the widget's own integration: that it loaded and
// rendered, one script tag at a time, the tag's integrity and crossorigin
// when the checkout was prepared with integrity (and the hash matching the
// served script), the form not nested in another form, valid data-brands,
// the locale, and wpwlOptions set before the script ran.
import { checkBrands, isWidgetLocale } from '@wpwl/core';
import type { PageEvidence, WidgetLoad } from './evidence.js';
import type { Finding } from './findings.js';

/** What the widget checks are told beyond the page. */
export interface WidgetCheckOptions {
  /**
   * Whether the page's checkouts are prepared with integrity: `true` makes a
   * tag without it an error; default: found out from the page (a response it
   * received carries the served script's hash).
   */
  integrity?: boolean;
}

const shortUrl = (load: WidgetLoad) => {
  const url = new URL(load.url);
  return `${url.origin}${url.pathname}${url.searchParams.has('checkoutId') ? '?checkoutId=…' : ''}`;
};

/** The findings about the widget's integration. */
export function checkWidget(evidence: PageEvidence, options: WidgetCheckOptions = {}): Finding[] {
  const findings: Finding[] = [];
  const { widget, widgetLoads } = evidence;
  if (widgetLoads.length === 0) {
    return [
      {
        code: 'WIDGET_NOT_LOADED',
        severity: 'error',
        requirement: 'widget',
        subject: 'paymentWidgets.js',
        message: 'The page loaded no paymentWidgets.js, so nothing of the widget was checked.',
        fix: 'Give the steps a shopper takes before the payment form appears (--step), or point the doctor at the payment page.',
      },
    ];
  }
  if (!widget.rendered) {
    findings.push({
      code: 'WIDGET_NOT_RENDERED',
      severity: 'error',
      requirement: 'widget',
      subject: 'paymentWidgets.js',
      message: 'The widget loaded but rendered no payment form before the timeout.',
      fix: 'Check the browser console of the page: a CSP refusal, an integrity mismatch or an invalid checkout id stops the widget.',
    });
  }
  if (evidence.maxWidgetTags > 1) {
    findings.push({
      code: 'WIDGET_LOADED_TWICE',
      severity: 'warning',
      requirement: 'widget',
      subject: 'paymentWidgets.js',
      message: `The page held ${evidence.maxWidgetTags} paymentWidgets.js tags at once: the widget's globals are shared, so the loads interfere.`,
      fix: 'Call wpwl.unload() and remove the old script tags before loading the widget again.',
    });
  }
  for (const load of widgetLoads) findings.push(...checkLoad(load, evidence, options));

  if (widget.rendered && widget.forms.length === 0) {
    findings.push({
      code: 'WIDGET_FORM_MISSING',
      severity: 'warning',
      requirement: 'widget',
      subject: 'form.paymentWidgets',
      message: 'The page has no form.paymentWidgets left, so its data-brands could not be checked.',
      fix: 'Keep the form.paymentWidgets with its action (the shopper result URL) and data-brands in the page.',
    });
  }
  for (const form of widget.forms) {
    if (form.nestedIn) {
      findings.push({
        code: 'FORM_NESTED',
        severity: 'error',
        requirement: 'widget',
        subject: form.nestedIn,
        message: `The widget's form sits inside ${form.nestedIn}: nested forms are invalid HTML and the widget's fields are not submitted.`,
        fix: `Move the widget's form out of ${form.nestedIn} (end the shop's form before it).`,
      });
    }
    if (form.brands === null || form.brands.trim() === '') {
      findings.push({
        code: 'BRANDS_MISSING',
        severity: 'error',
        requirement: 'widget',
        subject: 'data-brands',
        message: 'The form.paymentWidgets has no data-brands: the widget offers no payment method.',
        fix: 'Set data-brands to the brand codes to offer, space separated (e.g. "VISA MASTER AMEX").',
      });
      continue;
    }
    const error = checkBrands(form.brands);
    if (error) {
      findings.push({
        code: 'BRANDS_INVALID',
        severity: 'error',
        requirement: 'widget',
        subject: `data-brands="${form.brands}"`,
        message: `data-brands is not valid: ${error.message}.`,
        fix: 'Use the gateway\u2019s brand codes, space separated (MASTER for Mastercard).',
      });
    }
  }
  if (widget.locale !== undefined) {
    const locale = widget.locale;
    const known = typeof locale === 'string' && (isWidgetLocale(locale) || isWidgetLocale(locale.split('-')[0]));
    if (!known) {
      findings.push({
        code: 'LOCALE_UNKNOWN',
        severity: 'warning',
        requirement: 'widget',
        subject: `wpwlOptions.locale = ${JSON.stringify(locale)}`,
        message: `The widget does not know the locale ${JSON.stringify(locale)}: it shows its default language.`,
        fix: "Use one of the widget's codes (note dk, se, cn, cz, gr); @wpwl/core's resolveLocale maps a language tag to one.",
      });
    }
  }
  if (!widget.optionsSet) {
    findings.push({
      code: 'OPTIONS_NOT_SET',
      severity: 'info',
      requirement: 'widget',
      subject: 'wpwlOptions',
      message: 'The page never set wpwlOptions: the widget runs with its defaults (style, locale, no hooks).',
      fix: 'Set window.wpwlOptions before the paymentWidgets.js tag if you need a locale, labels or hooks.',
    });
  } else if (widget.optionsSetAfterScript) {
    findings.push({
      code: 'OPTIONS_AFTER_SCRIPT',
      severity: 'warning',
      requirement: 'widget',
      subject: 'wpwlOptions',
      message:
        'wpwlOptions was first set after paymentWidgets.js had started: the gateway documents that it reads the options once, at load.',
      fix: 'Assign window.wpwlOptions in a script that runs before the paymentWidgets.js tag.',
    });
  }
  return findings;
}

function checkLoad(load: WidgetLoad, evidence: PageEvidence, options: WidgetCheckOptions): Finding[] {
  const findings: Finding[] = [];
  const subject = shortUrl(load);
  const tagHashes = (load.integrity ?? '').split(/\s+/).filter(Boolean);
  if (tagHashes.length > 0) {
    if ((load.crossOrigin ?? '').toLowerCase() !== 'anonymous') {
      findings.push({
        code: 'WIDGET_CROSSORIGIN_MISSING',
        severity: 'error',
        requirement: 'inventory',
        subject,
        message: `The widget's tag has integrity but crossorigin=${load.crossOrigin === null || load.crossOrigin === undefined ? 'none' : `"${load.crossOrigin}"`}: the browser cannot check the hash of a cross-origin script without CORS and refuses it.`,
        fix: 'Add crossorigin="anonymous" to the paymentWidgets.js tag.',
      });
    }
    if (load.servedHash && !tagHashes.includes(load.servedHash) && tagHashes.every((hash) => hash.startsWith('sha384-'))) {
      findings.push({
        code: 'WIDGET_INTEGRITY_MISMATCH',
        severity: 'error',
        requirement: 'inventory',
        subject,
        message: `The tag's integrity (${tagHashes.join(' ')}) does not match the script the gateway served (${load.servedHash}).`,
        fix: 'Put the integrity value of this checkout\u2019s prepare-checkout answer on the tag, never a stored one.',
      });
    }
  } else {
    const prepared = options.integrity ?? (load.servedHash !== undefined && evidence.hashesInResponses.includes(load.servedHash));
    findings.push(
      prepared
        ? {
            code: 'WIDGET_INTEGRITY_MISSING',
            severity: 'error',
            requirement: 'inventory',
            subject,
            message: `The checkout was prepared with integrity (the page received the script's hash ${load.servedHash ?? ''}) but the tag has no integrity attribute: a changed script would run unchecked.`,
            fix: 'Put the checkout\u2019s integrity value on the paymentWidgets.js tag with crossorigin="anonymous" (@wpwl/core\u2019s loader does it when given integrity).',
          }
        : {
            code: 'WIDGET_NO_INTEGRITY',
            severity: 'info',
            requirement: 'inventory',
            subject,
            message: 'The widget\u2019s tag carries no integrity hash, and the checkout does not appear to be prepared with one.',
            fix: 'Prepare checkouts with integrity: true and put the returned hash on the tag with crossorigin="anonymous".',
          },
    );
  }
  if (load.failed) {
    findings.push({
      code: 'WIDGET_SCRIPT_FAILED',
      severity: 'error',
      requirement: 'widget',
      subject,
      message: `The browser did not run paymentWidgets.js: ${load.failed}.`,
      fix: 'Read the page\u2019s console: fix the CSP (the widget\u2019s host and nonce in script-src) or the integrity value.',
    });
  }
  return findings;
}
