// Server rendering in plain Node: <PaymentWidget> and usePaymentWidget render
// a placeholder (with the loading slot) and touch no browser global.
import { describe, expect, it } from 'vitest';
import { createSSRApp, defineComponent, h } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { widgetStartHtml } from '@wpwl/core';
import { PaymentWidget, WpwlPlugin, usePaymentWidget } from '../src/index.js';

const ID = '8a8294174b7ecb28014b9699220015ca';

const Checkout = defineComponent({
  props: { checkoutId: { type: String, required: true } },
  setup: (props) => () =>
    h(
      PaymentWidget,
      { checkoutId: props.checkoutId, brands: 'VISA MASTER', shopperResultUrl: 'https://shop.example/result' },
      {
        loading: () => h('p', { class: 'loading' }, 'Loading the payment form…'),
        error: ({ error }: { error?: { code: string } }) => h('p', { class: 'failed' }, error?.code),
      },
    ),
});

const render = (checkoutId: string) =>
  renderToString(createSSRApp(Checkout, { checkoutId }).use(WpwlPlugin, { baseUrl: 'https://test.gateway.example', nonce: 'abc123' }));

describe('server rendering', () => {
  it('renders an idle placeholder with the loading slot, and no widget form, script or global', async () => {
    expect(typeof document).toBe('undefined');
    // The comments are Vue's fragment markers for hydration.
    const html = await render(ID);
    expect(html).toBe(
      '<div data-wpwl-status="idle"><div></div><div role="status"><p class="loading">Loading the payment form…</p></div><div role="alert"></div></div>',
    );
    expect('wpwlOptions' in globalThis).toBe(false);
    expect('wpwl' in globalThis).toBe(false);
  });

  it('server-start writes the widget core starts (its form and its script), with the plugin’s defaults, into the element it mounts into', async () => {
    const html = await renderToString(
      createSSRApp({
        render: () =>
          h(PaymentWidget, { serverStart: true, checkoutId: ID, brands: 'VISA MASTER', shopperResultUrl: 'https://shop.example/result' }),
      }).use(WpwlPlugin, { baseUrl: 'https://test.gateway.example', nonce: 'abc123', locale: 'de' }),
    );
    const start = widgetStartHtml({
      checkoutId: ID,
      brands: 'VISA MASTER',
      shopperResultUrl: 'https://shop.example/result',
      baseUrl: 'https://test.gateway.example',
      nonce: 'abc123',
      locale: 'de',
    });
    expect(start).toContain('<form class="paymentWidgets"');
    expect(html).toBe(
      `<div data-wpwl-status="idle" lang="de" dir="ltr"><div>${start}</div><div role="status"></div><div role="alert"></div></div>`,
    );
    expect('wpwlOptions' in globalThis).toBe(false);
  });

  it('express checkout (no checkoutId): server-start writes nothing, since the browser must start it (createCheckout answers there)', async () => {
    const express = { brands: 'GOOGLEPAY', shopperResultUrl: 'https://shop.example/result', amount: '89.80', createCheckout: () => ID };
    const app = (serverStart: boolean) =>
      createSSRApp({
        render: () => h(PaymentWidget, { serverStart, ...express }, { loading: () => h('p', { class: 'loading' }, 'Loading…') }),
      }).use(WpwlPlugin, { baseUrl: 'https://test.gateway.example', locale: 'ar' });
    const placeholder =
      '<div data-wpwl-status="idle" lang="ar" dir="rtl"><div></div><div role="status"><p class="loading">Loading…</p></div><div role="alert"></div></div>';
    expect(await renderToString(app(true))).toBe(placeholder);
    expect(await renderToString(app(false))).toBe(placeholder);
    expect('wpwlOptions' in globalThis).toBe(false);
  });

  it('an invalid config renders the error slot on the server too (the client renders the same)', async () => {
    const html = await render('nope');
    expect(html).toContain('<div role="alert"><p class="failed">INVALID_CHECKOUT_ID</p></div>');
  });

  it('the composable alone renders idle on the server', async () => {
    const Own = defineComponent({
      setup() {
        const { containerRef, status } = usePaymentWidget({
          checkoutId: ID,
          brands: 'VISA',
          shopperResultUrl: 'https://shop.example/result',
          baseUrl: 'https://test.gateway.example',
        });
        return () => h('section', { 'data-status': status.value }, [h('div', { ref: containerRef })]);
      },
    });
    expect(await renderToString(createSSRApp(Own))).toBe('<section data-status="idle"><div></div></section>');
    expect('wpwlOptions' in globalThis).toBe(false);
  });
});
