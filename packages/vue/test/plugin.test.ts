// WpwlPlugin: app-wide defaults reach every widget, props win over them, the
// defaults may change at run time, and <PaymentWidget> is registered globally.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mount, type VueWrapper } from '@vue/test-utils';
import { defineComponent, h, nextTick, ref, resolveComponent } from 'vue';
import type { PaymentWidgetDefaults, WpwlOptions } from '@wpwl/core';
import { WpwlPlugin } from '../src/index.js';
import { flush, installFakeWidget, type FakeWidget } from '../../core/test/support/fake-widget.js';

const ID = '8a8294174b7ecb28014b9699220015ca';
const page = window as unknown as { wpwlOptions?: WpwlOptions };

/** A page that uses the globally registered component by name, leaving the app-wide fields unset. */
const Checkout = defineComponent({
  props: { locale: String },
  setup(props) {
    return () =>
      h(
        resolveComponent('PaymentWidget'),
        {
          checkoutId: ID,
          brands: ['VISA'],
          shopperResultUrl: 'https://shop.example/result',
          locale: props.locale,
        },
        { error: ({ error }: { error?: { code: string } }) => h('p', { class: 'code' }, error?.code) },
      );
  },
});

let widget: FakeWidget;
let wrapper: VueWrapper | undefined;
function renderWith(defaults: Parameters<typeof WpwlPlugin.install>[1], props: Record<string, unknown> = {}) {
  wrapper = mount(Checkout, { props, global: { plugins: [[WpwlPlugin, defaults]] }, attachTo: document.body });
  return wrapper;
}

beforeEach(() => {
  widget = installFakeWidget();
});
afterEach(async () => {
  wrapper?.unmount();
  wrapper = undefined;
  await flush();
  expect(widget.leftovers()).toEqual({ scripts: 0, widgetNodes: 0, globals: [] });
  await widget.uninstall();
});

describe('WpwlPlugin', () => {
  it('registers <PaymentWidget> globally and gives it the app’s base URL, locale and nonce', async () => {
    renderWith({ baseUrl: 'https://eu-test.gateway.example/', locale: 'da', nonce: 'n0nce42', options: { style: 'plain' } });
    // The globally registered component is a lazy chunk: the first page that shows it loads it.
    await flush();
    await nextTick();
    const [script] = widget.liveScripts();
    expect(script?.src).toBe(`https://eu-test.gateway.example/v1/paymentWidgets.js?checkoutId=${ID}`);
    expect(script?.nonce).toBe('n0nce42');
    expect(page.wpwlOptions).toMatchObject({ locale: 'dk', style: 'plain' });
  });

  it('a prop wins over the app default', async () => {
    renderWith({ baseUrl: 'https://test.gateway.example', locale: 'da' }, { locale: 'fr' });
    await nextTick();
    expect(page.wpwlOptions?.locale).toBe('fr');
  });

  it('defaults given as a ref re-mount the widget when they change (an app-wide locale switch)', async () => {
    const defaults = ref<PaymentWidgetDefaults>({ baseUrl: 'https://test.gateway.example', locale: 'en' });
    renderWith(defaults);
    await nextTick();
    const { unload } = await widget.finishLoad();
    defaults.value = { ...defaults.value, locale: 'de' };
    await nextTick();
    expect(unload).toHaveBeenCalledTimes(1);
    expect(page.wpwlOptions?.locale).toBe('de');
    expect(widget.createdScripts()).toHaveLength(2);
  });

  it('without the plugin a widget with no base URL is an error naming baseUrl, and injects nothing', async () => {
    const Bare = defineComponent({
      setup: () => () => h(Checkout),
    });
    wrapper = mount(Bare, {
      global: { components: { PaymentWidget: (await import('../src/index.js')).PaymentWidget } },
      attachTo: document.body,
    });
    await nextTick();
    expect(wrapper.find('.code').text()).toBe('INVALID_BASE_URL');
    expect(widget.createdScripts()).toHaveLength(0);
  });
});
