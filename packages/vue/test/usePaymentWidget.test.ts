// usePaymentWidget on its own, inside an effectScope: the template ref
// mounts, ref / getter / reactive configs reach the controller, and stopping
// the scope cleans up.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp, effectScope, nextTick, reactive, ref, type EffectScope } from 'vue';
import type { WpwlOptions, WpwlOptionsInput } from '@wpwl/core';
import { WpwlPlugin, usePaymentWidget } from '../src/index.js';
import { flush, installFakeWidget, type FakeWidget } from '../../core/test/support/fake-widget.js';

const BASE = 'https://test.gateway.example';
const ID = '8a8294174b7ecb28014b9699220015ca';
const ID2 = '8a8294174b7ecb28014b9699220015cb';
const page = window as unknown as { wpwlOptions?: WpwlOptions };
const base = { brands: 'VISA', shopperResultUrl: 'https://shop.example/result', baseUrl: BASE };

let widget: FakeWidget;
let scope: EffectScope;
function use(config: Parameters<typeof usePaymentWidget>[0]) {
  const result = scope.run(() => usePaymentWidget(config))!;
  const el = document.body.appendChild(document.createElement('div'));
  return { ...result, el };
}

beforeEach(() => {
  widget = installFakeWidget();
  scope = effectScope();
});
afterEach(async () => {
  scope.stop();
  await flush();
  expect(widget.leftovers()).toEqual({ scripts: 0, widgetNodes: 0, globals: [] });
  await widget.uninstall();
});

describe('usePaymentWidget', () => {
  it("pay() submits the widget's card form once it is ready, not before", async () => {
    const { containerRef, pay, el } = use({ checkoutId: ID, ...base });
    containerRef.value = el;
    await nextTick();
    expect(pay()).toBe(false);
    const { submitted } = await widget.finishLoad();
    expect(pay()).toBe(true);
    expect(submitted).toHaveLength(1);
  });

  it('mounts into the element its template ref receives, mirrors the status, and unloads when the scope stops', async () => {
    const { containerRef, status, error, el } = use({ checkoutId: ID, ...base });
    expect(status.value).toBe('idle');
    expect(widget.createdScripts()).toHaveLength(0);
    containerRef.value = el;
    await nextTick();
    expect(status.value).toBe('loading');
    expect(el.querySelector('form.paymentWidgets')).not.toBeNull();
    const { unload } = await widget.finishLoad();
    expect(status.value).toBe('ready');
    expect(error.value).toBeUndefined();

    scope.stop();
    expect(status.value).toBe('destroyed');
    await flush();
    expect(unload).toHaveBeenCalledTimes(1);
    expect(widget.leftovers()).toEqual({ scripts: 0, widgetNodes: 0, globals: [] });
  });

  it('a ref field: a new checkout id re-mounts once with the new script', async () => {
    const checkoutId = ref(ID);
    const { containerRef, status, el } = use({ checkoutId, ...base });
    containerRef.value = el;
    await nextTick();
    const { unload } = await widget.finishLoad();
    checkoutId.value = ID2;
    await nextTick();
    expect(unload).toHaveBeenCalledTimes(1);
    expect(status.value).toBe('loading');
    expect(widget.liveScripts().map((s) => s.src)).toEqual([`${BASE}/v1/paymentWidgets.js?checkoutId=${ID2}`]);
  });

  it('a getter config: equal options do not re-mount, other options do', async () => {
    const labels = ref({ submit: 'Pay' });
    const { containerRef, el } = use(() => ({ checkoutId: ID, ...base, options: { labels: { ...labels.value } } }));
    containerRef.value = el;
    await nextTick();
    const { unload } = await widget.finishLoad();
    labels.value = { submit: 'Pay' };
    await nextTick();
    expect(unload).not.toHaveBeenCalled();
    expect(widget.createdScripts()).toHaveLength(1);

    labels.value = { submit: 'Pay now' };
    await nextTick();
    expect(unload).toHaveBeenCalledTimes(1);
    expect(page.wpwlOptions?.labels?.submit).toBe('Pay now');
  });

  it('a reactive config: mutating a nested option is seen', async () => {
    const config = reactive({ checkoutId: ID, ...base, options: { labels: { submit: 'Pay' } } satisfies WpwlOptionsInput });
    const { containerRef, el } = use(config);
    containerRef.value = el;
    await nextTick();
    const { unload } = await widget.finishLoad();
    config.options.labels.submit = 'Pay now';
    await nextTick();
    expect(unload).toHaveBeenCalledTimes(1);
    expect(page.wpwlOptions?.labels?.submit).toBe('Pay now');
  });

  it('removing the element (v-if) destroys the widget; a new element mounts it again', async () => {
    const { containerRef, status, el } = use({ checkoutId: ID, ...base });
    containerRef.value = el;
    await nextTick();
    const { unload } = await widget.finishLoad();
    containerRef.value = null;
    await nextTick();
    expect(status.value).toBe('destroyed');
    await flush();
    expect(unload).toHaveBeenCalledTimes(1);
    expect(widget.liveScripts()).toHaveLength(0);

    const again = document.body.appendChild(document.createElement('div'));
    containerRef.value = again;
    await nextTick();
    expect(status.value).toBe('loading');
    expect(again.querySelector('form.paymentWidgets')).not.toBeNull();
  });

  it('a failed load is an error; retry loads again', async () => {
    const { containerRef, status, error, retry, el } = use({ checkoutId: ID, ...base });
    containerRef.value = el;
    await nextTick();
    await widget.failLoad();
    expect(status.value).toBe('error');
    expect(error.value?.code).toBe('SCRIPT_LOAD_FAILED');
    retry();
    expect(status.value).toBe('loading');
    expect(widget.liveScripts()).toHaveLength(1);
  });

  it('reads the plugin’s defaults when run in the app’s context', async () => {
    const app = createApp({ render: () => null }).use(WpwlPlugin, { baseUrl: 'https://other.gateway.example', locale: 'cs' });
    const result = app.runWithContext(() => use({ checkoutId: ID, brands: 'VISA', shopperResultUrl: 'https://shop.example/result' }));
    result.containerRef.value = result.el;
    await nextTick();
    expect(widget.liveScripts().map((s) => s.src)).toEqual([`https://other.gateway.example/v1/paymentWidgets.js?checkoutId=${ID}`]);
    expect(page.wpwlOptions?.locale).toBe('cz');
  });
});
