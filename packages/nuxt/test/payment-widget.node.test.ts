// <PaymentWidget> of @wpwl/nuxt rendered on the server: the preload and
// preconnect links it hands to Nuxt's head (from its props or the app-wide
// defaults), none for input the widget would refuse, and the same markup as
// @wpwl/vue's component around it.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSSRApp, h } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { PaymentWidget as VuePaymentWidget, wpwlDefaultsKey } from '@wpwl/vue';

const head = vi.hoisted(() => ({ calls: [] as unknown[] }));
vi.mock('#imports', () => ({ useHead: (input: unknown) => head.calls.push(input) }));

const { default: PaymentWidget } = await import('../src/runtime/PaymentWidget.js');

const CHECKOUT = '8A82944A4CC25EBF014CC2C782423202';
const INTEGRITY = 'sha384-FKjKGIewizXvY1PQLlX/UHww/vLuMTDyz4XkvNBQ/Sc/5WUANoeb4zHaRDNgAqlW';
const GATEWAY = 'https://test.gateway.example';

function render(props: Record<string, unknown>, defaults?: Record<string, unknown>, component: unknown = PaymentWidget): Promise<string> {
  const app = createSSRApp({ render: () => h(component as never, props, { loading: () => 'Loading…' }) });
  if (defaults) app.provide(wpwlDefaultsKey, defaults);
  return renderToString(app);
}

beforeEach(() => {
  head.calls.length = 0;
});

describe('@wpwl/nuxt <PaymentWidget> on the server', () => {
  it('hands the preconnect and the exact script preload (integrity, CORS) to the head', async () => {
    await render({ checkoutId: CHECKOUT, integrity: INTEGRITY, baseUrl: GATEWAY, shopperResultUrl: 'https://shop.example/result' });
    expect(head.calls).toEqual([
      {
        link: [
          { rel: 'preconnect', href: GATEWAY, crossorigin: 'anonymous', key: `wpwl-preconnect-${GATEWAY}` },
          {
            rel: 'preload',
            as: 'script',
            href: `${GATEWAY}/v1/paymentWidgets.js?checkoutId=${CHECKOUT}`,
            integrity: INTEGRITY,
            crossorigin: 'anonymous',
            key: `wpwl-preload-${GATEWAY}/v1/paymentWidgets.js?checkoutId=${CHECKOUT}`,
          },
        ],
      },
    ]);
  });

  it("takes the base URL and nonce from the app's defaults when the props leave them out", async () => {
    await render({ checkoutId: CHECKOUT, shopperResultUrl: 'https://shop.example/result' }, { baseUrl: GATEWAY, nonce: 'n0nce123' });
    const [call] = head.calls as Array<{ link: Array<Record<string, string>> }>;
    const preload = call?.link.find((link) => link.rel === 'preload');
    expect(preload).toMatchObject({ href: `${GATEWAY}/v1/paymentWidgets.js?checkoutId=${CHECKOUT}`, nonce: 'n0nce123' });
    expect(preload).not.toHaveProperty('integrity');
  });

  it.each([
    ['a malformed checkout id', { checkoutId: 'not an id', baseUrl: GATEWAY }],
    ['a base URL that is not https', { checkoutId: CHECKOUT, baseUrl: 'http://gateway.example' }],
    ['an integrity value that is no hash', { checkoutId: CHECKOUT, baseUrl: GATEWAY, integrity: 'md5-abc' }],
    ['no base URL anywhere', { checkoutId: CHECKOUT }],
    ['no checkout id yet', { baseUrl: GATEWAY }],
    ['both a checkout id and createCheckout', { checkoutId: CHECKOUT, createCheckout: () => CHECKOUT, baseUrl: GATEWAY }],
  ])('writes no link for %s, and renders what @wpwl/vue renders (its error state)', async (_, props) => {
    const all = { ...props, shopperResultUrl: 'https://shop.example/result' };
    const html = await render(all);
    expect(head.calls).toEqual([]);
    expect(html).toBe(await render(all, undefined, VuePaymentWidget));
    expect(html).toContain('data-wpwl-status="error"');
  });

  it('for express checkout, preloads the script without a checkout id (the one the widget loads), with its integrity', async () => {
    const express = {
      createCheckout: () => CHECKOUT,
      brands: 'GOOGLEPAY',
      amount: '89.80',
      shopperResultUrl: 'https://shop.example/result',
    };
    const html = await render({ ...express, integrity: INTEGRITY }, { baseUrl: GATEWAY });
    const [call] = head.calls as Array<{ link: Array<Record<string, string>> }>;
    expect(call?.link.find((link) => link.rel === 'preload')).toEqual({
      rel: 'preload',
      as: 'script',
      href: `${GATEWAY}/v1/paymentWidgets.js`,
      integrity: INTEGRITY,
      crossorigin: 'anonymous',
      key: `wpwl-preload-${GATEWAY}/v1/paymentWidgets.js`,
    });
    expect(html).toBe(await render({ ...express, integrity: INTEGRITY }, { baseUrl: GATEWAY }, VuePaymentWidget));
    expect(html).toContain('data-wpwl-status="idle"');
  });

  it("renders @wpwl/vue's markup, slots included", async () => {
    const props = { checkoutId: CHECKOUT, baseUrl: GATEWAY, brands: 'VISA', shopperResultUrl: 'https://shop.example/result' };
    const [ours, theirs] = [await render(props), await render(props, undefined, VuePaymentWidget)];
    expect(ours).toBe(theirs);
    expect(ours).toContain('Loading…');
  });
});
