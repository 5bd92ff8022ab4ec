// Server rendering in plain Node: the binding renders a stable placeholder
// and touches no browser global.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { widgetStartHtml } from '@wpwl/core';
import { PaymentWidget, WpwlProvider } from '../src/index.js';
import { BASE, EXPECTED_REACT_MAJOR, ID, RESULT_URL } from './widget-config.js';

/** React 19 puts the widget script's resource hints before the markup (into <head> of a whole document); React 18 has none. */
const HINTS =
  EXPECTED_REACT_MAJOR === '18'
    ? ''
    : `<link rel="preconnect" href="${BASE}"/><link rel="preload" href="${BASE}/v1/paymentWidgets.js?checkoutId=${ID}" as="script"/>`;

describe('renderToString in Node', () => {
  it('outputs the idle placeholder with the fallback, the same every time', () => {
    expect(typeof document).toBe('undefined');
    const app = (
      <WpwlProvider baseUrl={BASE} locale="de">
        <PaymentWidget
          checkoutId={ID}
          brands="VISA MASTER"
          shopperResultUrl={RESULT_URL}
          className="pay"
          options={{ onBeforeSubmitCard: () => true }}
          fallback={({ status }) => <p>Loading the payment form ({status})</p>}
        />
      </WpwlProvider>
    );
    const html = renderToString(app);
    expect(html).toBe(
      `${HINTS}<div class="pay" data-wpwl-status="idle" lang="de" dir="ltr"><div role="status"><p>Loading the payment form (<!-- -->idle<!-- -->)</p></div><div role="alert"></div><div></div></div>`,
    );
    expect(renderToString(app)).toBe(html);
    expect('wpwlOptions' in globalThis).toBe(false);
    expect('wpwl' in globalThis).toBe(false);
  });

  it.skipIf(EXPECTED_REACT_MAJOR === '18')(
    "a server-rendered page's <head> gets the preconnect and the script's preload with integrity, CORS mode and nonce",
    () => {
      const integrity = 'sha384-' + 'A'.repeat(64);
      const html = renderToString(
        <html>
          <head />
          <body>
            <PaymentWidget
              checkoutId={ID}
              brands="VISA"
              shopperResultUrl={RESULT_URL}
              baseUrl={BASE}
              integrity={integrity}
              nonce="n0nce42"
            />
          </body>
        </html>,
      );
      const head = /<head>(.*)<\/head>/.exec(html)?.[1] ?? '';
      expect(head).toBe(
        `<link rel="preconnect" href="${BASE}" crossorigin=""/>` +
          `<link rel="preload" href="${BASE}/v1/paymentWidgets.js?checkoutId=${ID}" as="script" crossorigin="" integrity="${integrity}" nonce="n0nce42"/>`,
      );
    },
  );

  it("a Server Component's plain content props render on the server: the loading content", () => {
    const html = renderToString(
      <PaymentWidget
        checkoutId={ID}
        brands="VISA"
        shopperResultUrl={RESULT_URL}
        baseUrl={BASE}
        loadingContent={<p>Loading the payment form…</p>}
        errorContent={<p>Could not load.</p>}
        retryLabel="Try again"
      />,
    );
    expect(html).toContain(
      '<div data-wpwl-status="idle"><div role="status"><p>Loading the payment form…</p></div><div role="alert"></div><div></div></div>',
    );
    expect(html).not.toContain('Could not load.');
    expect(html).not.toContain('data-wpwl-retry');
  });

  it('serverStart writes the widget core starts (its form and its script), with the provider’s defaults, into the element it mounts into', () => {
    const html = renderToString(
      <WpwlProvider baseUrl={BASE} locale="de" nonce="n0nce42">
        <PaymentWidget serverStart checkoutId={ID} brands="VISA" shopperResultUrl={RESULT_URL} className="pay" fallback="Loading…" />
      </WpwlProvider>,
    );
    const start = widgetStartHtml({
      checkoutId: ID,
      brands: 'VISA',
      shopperResultUrl: RESULT_URL,
      baseUrl: BASE,
      locale: 'de',
      nonce: 'n0nce42',
    });
    expect(start).toContain('<form class="paymentWidgets"');
    expect(html).toContain(
      `<div class="pay" data-wpwl-status="idle" lang="de" dir="ltr"><div role="status">Loading…</div><div role="alert"></div><div>${start}</div></div>`,
    );
    expect('wpwlOptions' in globalThis).toBe(false);
  });

  it('serverStart with a config the widget would refuse writes nothing into the element', () => {
    const html = renderToString(<PaymentWidget serverStart checkoutId="nope" brands="VISA" shopperResultUrl={RESULT_URL} baseUrl={BASE} />);
    expect(html).toContain('<div data-wpwl-status="idle"><div role="status"></div><div role="alert"></div><div></div></div>');
  });

  it('express checkout (createCheckout, no checkout id): the placeholder, with or without serverStart; no form, no script, no globals', () => {
    const express = (serverStart: boolean) =>
      renderToString(
        <PaymentWidget
          serverStart={serverStart}
          createCheckout={() => ID}
          amount="12.50"
          currency="EUR"
          brands="GOOGLEPAY PAYPAL"
          shopperResultUrl={RESULT_URL}
          baseUrl={BASE}
          loadingContent={<p>Loading the wallets…</p>}
        />,
      );
    const hints =
      EXPECTED_REACT_MAJOR === '18'
        ? ''
        : `<link rel="preconnect" href="${BASE}"/><link rel="preload" href="${BASE}/v1/paymentWidgets.js" as="script"/>`;
    const placeholder =
      '<div data-wpwl-status="idle"><div role="status"><p>Loading the wallets…</p></div><div role="alert"></div><div></div></div>';
    expect(express(false)).toBe(`${hints}${placeholder}`);
    // The server cannot start it: createCheckout answers in the browser.
    expect(express(true)).toBe(`${hints}${placeholder}`);
    expect('wpwlOptions' in globalThis).toBe(false);
  });

  it('an invalid config renders too, without throwing', () => {
    const html = renderToString(
      <PaymentWidget checkoutId="nope" brands="VISA" shopperResultUrl={RESULT_URL} baseUrl={BASE} fallback="x" />,
    );
    expect(html).toContain('data-wpwl-status="idle"');
    // No hint for a checkout id the gateway would refuse.
    expect(html).not.toContain('<link');
  });
});
