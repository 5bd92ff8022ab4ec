// <PaymentWidget> in happy-dom against the fake widget script: props reach
// the controller, a new checkout id re-mounts once, equal options do not,
// unmount leaves nothing behind, and the slots follow the status.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mount, type VueWrapper } from '@vue/test-utils';
import { h, nextTick } from 'vue';
import type { WidgetSnapshot, WpwlError, WpwlOptions } from '@wpwl/core';
import { PaymentWidget, type PaymentWidgetErrorSlotProps } from '../src/index.js';
import { flush, installFakeWidget, type FakeWidget } from '../../core/test/support/fake-widget.js';
import { NOT_PLAIN_RECORDS } from '../../core/test/support/config-samples.js';

const BASE = 'https://test.gateway.example';
const ID = '8a8294174b7ecb28014b9699220015ca';
const ID2 = '8a8294174b7ecb28014b9699220015cb';
const page = window as unknown as { wpwlOptions?: WpwlOptions };
const CLEAN = { scripts: 0, widgetNodes: 0, globals: [] };

const props = (extra: Record<string, unknown> = {}) => ({
  checkoutId: ID,
  brands: 'VISA MASTER',
  shopperResultUrl: 'https://shop.example/result',
  baseUrl: BASE,
  ...extra,
});

const errorSlot = ({ error, retry }: PaymentWidgetErrorSlotProps) =>
  h('div', { class: 'failed' }, [h('span', { class: 'code' }, error?.code), h('button', { class: 'retry', onClick: retry }, 'Try again')]);

let widget: FakeWidget;
const wrappers: VueWrapper[] = [];
function render(extra: Record<string, unknown> = {}, slots: Record<string, unknown> = {}) {
  const wrapper = mount(PaymentWidget, { props: props(extra), slots: slots as never, attachTo: document.body });
  wrappers.push(wrapper);
  return wrapper;
}
/** Renders, lets the widget load, and returns the wrapper and the loaded fake. */
async function renderReady(extra: Record<string, unknown> = {}, slots: Record<string, unknown> = {}) {
  const wrapper = render(extra, slots);
  await nextTick();
  const loaded = await widget.finishLoad();
  await nextTick();
  return { wrapper, ...loaded };
}
const statuses = (wrapper: VueWrapper) => (wrapper.emitted('status-change') ?? []).map(([s]) => (s as WidgetSnapshot).status);

beforeEach(() => {
  widget = installFakeWidget();
});

afterEach(async () => {
  wrappers.splice(0).forEach((wrapper) => wrapper.unmount());
  await flush();
  expect(widget.leftovers()).toEqual(CLEAN);
  await widget.uninstall();
});

describe('<PaymentWidget>', () => {
  it("exposes pay() to a template ref: the page's own button submits the card form through beforeSubmit", async () => {
    const beforeSubmit = vi.fn(() => true);
    const { wrapper, submitted } = await renderReady({ beforeSubmit });
    const exposed = wrapper.vm as unknown as { pay(): boolean };
    expect(exposed.pay()).toBe(true);
    expect(submitted).toHaveLength(1);
    expect(beforeSubmit).toHaveBeenCalledTimes(1);
  });

  it('renders the widget form from its props, shows the loading slot, then emits ready', async () => {
    const wrapper = render({ locale: 'de-DE', options: { style: 'plain' } }, { loading: () => h('p', { class: 'spinner' }, 'Loading…') });
    expect(wrapper.find('.spinner').exists()).toBe(true);
    await nextTick();
    const form = wrapper.find('form.paymentWidgets');
    expect(form.attributes('action')).toBe('https://shop.example/result');
    expect(form.attributes('data-brands')).toBe('VISA MASTER');
    expect(page.wpwlOptions).toMatchObject({ style: 'plain', locale: 'de' });
    expect(widget.liveScripts().map((s) => s.src)).toEqual([`${BASE}/v1/paymentWidgets.js?checkoutId=${ID}`]);

    await widget.finishLoad();
    await nextTick();
    expect(wrapper.emitted('ready')).toHaveLength(1);
    expect(statuses(wrapper)).toEqual(['loading', 'ready']);
    expect(wrapper.find('.spinner').exists()).toBe(false);
    expect(wrapper.attributes('data-wpwl-status')).toBe('ready');
    expect(wrapper.find('.wpwl-form-card').exists()).toBe(true);
  });

  it('a changed prop the widget reads at load (locale) re-mounts it with the new value', async () => {
    const { wrapper, unload } = await renderReady({ locale: 'en' });
    await wrapper.setProps({ locale: 'fr' });
    expect(unload).toHaveBeenCalledTimes(1);
    expect(page.wpwlOptions?.locale).toBe('fr');
    expect(widget.createdScripts()).toHaveLength(2);
    expect(wrapper.attributes('data-wpwl-status')).toBe('loading');
  });

  it('a new checkout id unloads once and loads the new checkout’s script', async () => {
    const { wrapper, unload } = await renderReady();
    await wrapper.setProps({ checkoutId: ID2 });
    expect(unload).toHaveBeenCalledTimes(1);
    expect(widget.liveScripts().map((s) => s.src)).toEqual([`${BASE}/v1/paymentWidgets.js?checkoutId=${ID2}`]);
    expect(wrapper.findAll('form.paymentWidgets')).toHaveLength(1);
    expect(wrapper.find('.wpwl-form').exists()).toBe(false);

    await widget.finishLoad();
    await nextTick();
    expect(wrapper.attributes('data-wpwl-status')).toBe('ready');
    expect(unload).toHaveBeenCalledTimes(1);
    expect(widget.createdScripts()).toHaveLength(2);
    expect(wrapper.emitted('ready')).toHaveLength(2);
  });

  it('equal options in a new object and a new beforeSubmit do not re-mount; the new hook is the one called', async () => {
    const first = vi.fn(() => true);
    const { wrapper, unload, pay, submitted } = await renderReady({ options: { labels: { submit: 'Pay' } }, beforeSubmit: first });
    const second = vi.fn(() => false);
    await wrapper.setProps({ options: { labels: { submit: 'Pay' } }, beforeSubmit: second });
    expect(unload).not.toHaveBeenCalled();
    expect(widget.createdScripts()).toHaveLength(1);
    expect(wrapper.attributes('data-wpwl-status')).toBe('ready');

    pay();
    expect(second).toHaveBeenCalledWith(expect.objectContaining({ kind: 'Card', checkoutId: ID }));
    expect(first).not.toHaveBeenCalled();
    expect(submitted).toHaveLength(0);
  });

  it('beforeSubmit returning a promise holds the payment until it resolves', async () => {
    let allow!: (ok: boolean) => void;
    const beforeSubmit = () => new Promise<boolean>((resolve) => (allow = resolve));
    const { wrapper, pay, submitted } = await renderReady({ beforeSubmit, customParameters: { SHOPPER_orderId: 'A-17' } });
    pay();
    await nextTick();
    expect(wrapper.attributes('data-wpwl-status')).toBe('submitting');
    expect(submitted).toHaveLength(0);
    allow(true);
    await flush();
    expect(submitted).toHaveLength(1);
    expect(submitted[0]!.fields['customParameters[SHOPPER_orderId]']).toBe('A-17');
  });

  it('unmount unloads the widget and leaves no script, widget node or global', async () => {
    const { wrapper, unload } = await renderReady();
    wrappers.splice(wrappers.indexOf(wrapper), 1);
    wrapper.unmount();
    await flush();
    expect(unload).toHaveBeenCalledTimes(1);
    expect(widget.leftovers()).toEqual(CLEAN);
    expect(document.querySelector('[data-wpwl-status]')).toBeNull();
  });

  it('a failed load shows the error slot with the error; its retry loads again', async () => {
    const wrapper = render({}, { error: errorSlot, loading: () => 'Loading…' });
    await nextTick();
    await widget.failLoad();
    await nextTick();
    expect(wrapper.find('.code').text()).toBe('SCRIPT_LOAD_FAILED');
    expect((wrapper.emitted('error')?.[0]?.[0] as WpwlError).code).toBe('SCRIPT_LOAD_FAILED');
    expect(wrapper.text()).not.toContain('Loading…');

    await wrapper.find('.retry').trigger('click');
    expect(wrapper.find('.failed').exists()).toBe(false);
    expect(wrapper.text()).toContain('Loading…');
    expect(widget.liveScripts()).toHaveLength(1);
    await widget.finishLoad();
    await nextTick();
    expect(wrapper.attributes('data-wpwl-status')).toBe('ready');
    expect(wrapper.findAll('form.paymentWidgets')).toHaveLength(1);
  });

  it.each(NOT_PLAIN_RECORDS)('%s given as %s is an error naming it, with nothing injected', async (field, _, value, code) => {
    const wrapper = render({ [field]: value }, { error: errorSlot });
    await nextTick();
    expect(wrapper.find('.code').text()).toBe(code);
    const error = wrapper.emitted('error')?.[0]?.[0] as WpwlError;
    expect(error.details.field).toBe(field);
    expect(error.message).toMatch(new RegExp(`^${field} must be a plain object`));
    expect(widget.createdScripts()).toHaveLength(0);
    expect(page.wpwlOptions).toBeUndefined();
  });

  it('an invalid prop is an error slot naming the field, injects nothing, and a valid value loads', async () => {
    const wrapper = render({ checkoutId: 'not an id' }, { error: errorSlot });
    await nextTick();
    expect(wrapper.find('.code').text()).toBe('INVALID_CHECKOUT_ID');
    expect((wrapper.emitted('error')?.[0]?.[0] as WpwlError).details.field).toBe('checkoutId');
    expect(widget.createdScripts()).toHaveLength(0);
    expect(page.wpwlOptions).toBeUndefined();

    await wrapper.setProps({ checkoutId: ID });
    expect(widget.liveScripts()).toHaveLength(1);
    expect(wrapper.find('.failed').exists()).toBe(false);
  });

  it('inside another form it refuses to mount and says which form', async () => {
    document.body.innerHTML = '<form id="order"></form>';
    const wrapper = mount(PaymentWidget, { props: props(), slots: { error: errorSlot }, attachTo: document.getElementById('order')! });
    wrappers.push(wrapper);
    await nextTick();
    await nextTick();
    expect(wrapper.find('.code').text()).toBe('NESTED_FORM');
    expect((wrapper.emitted('error')?.[0]?.[0] as WpwlError).message).toContain('form#order');
    expect(widget.createdScripts()).toHaveLength(0);
    wrapper.unmount();
    wrappers.pop();
    document.body.innerHTML = '';
  });

  it('an expired checkout shows the expired slot and emits expired, loading nothing', async () => {
    const wrapper = render({ createdAt: Date.now() - 31 * 60_000 }, { expired: () => h('p', { class: 'expired' }, 'Expired') });
    await nextTick();
    await nextTick();
    expect(wrapper.emitted('expired')).toHaveLength(1);
    expect(wrapper.find('.expired').exists()).toBe(true);
    expect(widget.createdScripts()).toHaveLength(0);
  });
});

describe('<PaymentWidget> for assistive technology', () => {
  const expireFromWidget = async () => {
    page.wpwlOptions!.onError!({ name: 'InvalidCheckoutIdError', message: 'expired' } as never);
    await nextTick();
    await nextTick();
  };
  const region = (wrapper: VueWrapper, role: 'status' | 'alert') => wrapper.find(`[role="${role}"]`);

  it('announces the loading slot politely and the error slot as an alert, with a retry button named by its text', async () => {
    const wrapper = render({}, { loading: () => 'Loading the form…', error: errorSlot });
    expect(region(wrapper, 'status').text()).toBe('Loading the form…');
    expect(region(wrapper, 'alert').text()).toBe('');
    await nextTick();
    await widget.failLoad();
    await nextTick();
    expect(region(wrapper, 'status').text()).toBe('');
    expect(region(wrapper, 'alert').text()).toContain('SCRIPT_LOAD_FAILED');
    expect(region(wrapper, 'alert').find('button').text()).toBe('Try again');
  });

  it('focus in the form when the checkout expires moves to the expiry message, not to <body>', async () => {
    const { wrapper } = await renderReady({}, { expired: () => h('p', 'This payment session expired.') });
    document.querySelector<HTMLInputElement>('input[name="card.holder"]')!.focus();
    await expireFromWidget();
    expect(region(wrapper, 'alert').text()).toBe('This payment session expired.');
    expect(document.activeElement).toBe(region(wrapper, 'alert').element);
  });

  it('focus on a retry button that a new failure replaces goes to the new retry button', async () => {
    const wrapper = render({}, { error: errorSlot });
    await nextTick();
    await widget.failLoad();
    await nextTick();
    const button = wrapper.find<HTMLButtonElement>('.retry').element;
    button.focus();
    button.click();
    await nextTick();
    expect(button.isConnected).toBe(false);
    await widget.failLoad();
    await nextTick();
    await nextTick();
    expect(document.activeElement).toBe(wrapper.find('.retry').element);
  });

  it('never takes focus from elsewhere on the page', async () => {
    const coupon = document.body.appendChild(document.createElement('input'));
    const { wrapper } = await renderReady({}, { expired: () => 'Expired' });
    coupon.focus();
    await expireFromWidget();
    expect(region(wrapper, 'alert').text()).toBe('Expired');
    expect(document.activeElement).toBe(coupon);
    coupon.remove();
  });

  it('the expiring-soon slot is an alert while the form is up', async () => {
    const { wrapper } = await renderReady(
      { expiresInMs: 60_000, warnBeforeExpiryMs: 120_000 },
      { 'expiring-soon': ({ expiresAt }: { expiresAt: number }) => `Ends at ${typeof expiresAt}` },
    );
    expect(region(wrapper, 'alert').text()).toBe('Ends at number');
  });

  it('the root carries the locale’s lang and dir: Arabic right to left, from the prop or the options', async () => {
    const wrapper = render({ locale: 'ar' });
    expect([wrapper.attributes('lang'), wrapper.attributes('dir')]).toEqual(['ar', 'rtl']);
    await wrapper.setProps({ locale: undefined, options: { locale: 'cz' } });
    expect([wrapper.attributes('lang'), wrapper.attributes('dir')]).toEqual(['cs', 'ltr']);
  });
});
