// Server rendering in plain Node: the binding renders a stable placeholder
// and touches no browser global.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PaymentWidget, WpwlProvider } from '../src/index.js';
import { BASE, ID, RESULT_URL } from './widget-config.js';

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
    expect(html).toBe('<div class="pay" data-wpwl-status="idle"><p>Loading the payment form (<!-- -->idle<!-- -->)</p><div></div></div>');
    expect(renderToString(app)).toBe(html);
    expect('wpwlOptions' in globalThis).toBe(false);
    expect('wpwl' in globalThis).toBe(false);
  });

  it('an invalid config renders too, without throwing', () => {
    const html = renderToString(
      <PaymentWidget checkoutId="nope" brands="VISA" shopperResultUrl={RESULT_URL} baseUrl={BASE} fallback="x" />,
    );
    expect(html).toContain('data-wpwl-status="idle"');
  });
});
