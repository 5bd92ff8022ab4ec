// Server side: widgetStartHtml is what a server template writes, so it runs
// in plain Node, touches no global and answers the same HTML for the same
// config (the browser's controller compares the config by the same key).
import { describe, expect, it } from 'vitest';
import { widgetStartHtml } from '../src/index.js';

const config = {
  checkoutId: '8A82944A4CC25EBF014CC2C782423202',
  brands: 'VISA MASTER',
  shopperResultUrl: 'https://shop.example/result?order=1&step="paid"',
  baseUrl: 'https://gateway.example.com/',
  locale: 'de-AT',
  options: { style: 'plain' as const, onReady: () => {} },
};

describe('widgetStartHtml outside a browser', () => {
  it('answers the same HTML every time and touches no global', () => {
    const before = Object.keys(globalThis).sort();
    const html = widgetStartHtml(config);
    expect(widgetStartHtml({ ...config, options: { ...config.options, onReady: () => {} } })).toBe(html);
    expect(Object.keys(globalThis).sort()).toEqual(before);
    expect('document' in globalThis).toBe(false);
  });

  it('writes the form with the escaped action, the script URL without the trailing slash, and the widget locale', () => {
    const html = widgetStartHtml(config);
    expect(html).toContain(
      '<form class="paymentWidgets" action="https://shop.example/result?order=1&amp;step=&quot;paid&quot;" data-brands="VISA MASTER"></form>',
    );
    expect(html).toContain('"https://gateway.example.com/v1/paymentWidgets.js?checkoutId=8A82944A4CC25EBF014CC2C782423202"');
    expect(html).toContain('{"style":"plain","locale":"de"}');
    // The page's own callback is one of those the script forwards once the controller has taken the widget over.
    const callbacks = JSON.parse(/\},(\[[^\]]*\]),"https:/.exec(html)![1]!) as string[];
    expect(callbacks.sort()).toEqual(
      [
        'onBeforeSubmitCard',
        'onBeforeSubmitDirectDebit',
        'onBeforeSubmitOnlineTransfer',
        'onBeforeSubmitVirtualAccount',
        'onError',
        'onReady',
      ].sort(),
    );
  });

  it('answers another fingerprint for another config', () => {
    const fingerprint = (html: string) => /\(document,window,"([^"]+)"/.exec(html)?.[1];
    expect(fingerprint(widgetStartHtml(config))).toBeDefined();
    expect(fingerprint(widgetStartHtml({ ...config, brands: 'VISA' }))).not.toBe(fingerprint(widgetStartHtml(config)));
    expect(fingerprint(widgetStartHtml({ ...config, nonce: 'n0nce42' }))).not.toBe(fingerprint(widgetStartHtml(config)));
  });
});
