// The package's two published builds, as bundlers and Node load them (run
// after `pnpm build`): the default one (servers) writes the widget's start
// into HTML, the browser one answers "" for it; both offer the same API and
// both minified files work on their own (each shortens internal names its
// own way, so nothing may cross between them).
import { describe, expect, it } from 'vitest';

const config = {
  checkoutId: '8A82944A4CC25EBF014CC2C782423202',
  brands: 'VISA MASTER',
  shopperResultUrl: 'https://shop.example/result',
  baseUrl: 'https://gateway.example.com/',
};

type Core = typeof import('../src/index.js');
const load = (file: string) => import(/* @vite-ignore */ new URL(`../dist/${file}`, import.meta.url).href) as Promise<Core>;

describe('published builds', () => {
  it('the default build starts the widget from HTML, with the config checked', async () => {
    const core = await load('index.js');
    const html = core.widgetStartHtml(config);
    expect(html).toContain('<form class="paymentWidgets" action="https://shop.example/result" data-brands="VISA MASTER">');
    expect(html).toContain('"https://gateway.example.com/v1/paymentWidgets.js?checkoutId=8A82944A4CC25EBF014CC2C782423202"');
    expect(core.widgetStartHtml({ ...config, checkoutId: 'bad id' })).toBe('');
  });

  it('the browser build answers "" for it, and has every other export of the default build', async () => {
    const [server, browser] = await Promise.all([load('index.js'), load('browser.js')]);
    expect(browser.widgetStartHtml(config)).toBe('');
    expect(Object.keys(browser).sort()).toEqual(Object.keys(server).sort());
  });

  it.each(['index.js', 'browser.js'])('%s checks inputs and builds options on its own', async (file) => {
    const core = await load(file);
    const widget = core.createPaymentWidget(config);
    expect(widget.getSnapshot().status).toBe('idle');
    widget.destroy();
    const error = core.checkCheckoutId('bad id');
    expect(core.isWpwlError(error) && error.code).toBe('INVALID_CHECKOUT_ID');
    expect(core.checkCheckoutId(config.checkoutId)).toBeUndefined();
    expect(core.toWpwlOptions({ locale: 'de' }, {})).toMatchObject({ locale: 'de' });
  });
});
