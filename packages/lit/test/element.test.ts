import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineWpwlWidget, WpwlWidgetElement, type WpwlBeforeSubmitEventDetail } from '../src/index.js';
import { cardFormValues, flush, installFakeWidget, page, type FakeWidget } from '../../core/test/support/fake-widget.js';
import { NOT_PLAIN_RECORDS } from '../../core/test/support/config-samples.js';

const BASE = 'https://test.gateway.example';
const ID = '8a8294174b7ecb28014b9699220015ca';
const ID2 = '8a8294174b7ecb28014b9699220015cb';
const INTEGRITY = `sha384-${'A'.repeat(64)}`;
const RESULT_URL = 'https://shop.example/result';

defineWpwlWidget();

let fake: FakeWidget;
/** Every wpwl-* event that reached the document, in order. */
let events: CustomEvent[];
const EVENT_TYPES = ['wpwl-ready', 'wpwl-error', 'wpwl-expired', 'wpwl-status-change', 'wpwl-before-submit'] as const;
const record = (event: Event) => events.push(event as CustomEvent);
const seen = (type: string) => events.filter((event) => event.type === type);

const REQUIRED = { 'checkout-id': ID, brands: 'VISA MASTER', 'shopper-result-url': RESULT_URL, 'base-url': BASE };

/** A connected <wpwl-widget> with the given attributes, after its first update. */
async function widget(attributes: Record<string, string> = REQUIRED, parent: Element = document.body): Promise<WpwlWidgetElement> {
  const el = document.createElement('wpwl-widget');
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  parent.append(el);
  await el.updateComplete;
  return el;
}

/** Renders and loads the widget; resolves once it is ready. */
async function readyWidget(attributes: Record<string, string> = REQUIRED) {
  const el = await widget(attributes);
  const loaded = await fake.finishLoad();
  await el.updateComplete;
  return { el, ...loaded };
}

beforeEach(() => {
  fake = installFakeWidget();
  events = [];
  for (const type of EVENT_TYPES) document.addEventListener(type, record);
});

afterEach(async () => {
  for (const type of EVENT_TYPES) document.removeEventListener(type, record);
  document.querySelectorAll('wpwl-widget').forEach((el) => el.remove());
  await flush();
  // Removing the element is the whole cleanup: nothing of the widget survives.
  expect(fake.leftovers()).toEqual({ scripts: 0, widgetNodes: 0, globals: [] });
  await fake.uninstall();
  vi.restoreAllMocks();
});

describe('attributes and properties → widget', () => {
  it('passes every attribute to the widget and reports loading, then ready', async () => {
    const el = document.createElement('wpwl-widget');
    for (const [name, value] of Object.entries({ ...REQUIRED, integrity: INTEGRITY, nonce: 'bm9uY2U', locale: 'sv-SE' })) {
      el.setAttribute(name, value);
    }
    el.options = { style: 'plain', showLabels: false };
    document.body.append(el);
    await el.updateComplete;

    const [script, ...others] = fake.liveScripts();
    expect(others).toHaveLength(0);
    expect(script!.src).toBe(`${BASE}/v1/paymentWidgets.js?checkoutId=${ID}`);
    expect(script!.integrity).toBe(INTEGRITY);
    expect(script!.crossOrigin).toBe('anonymous');
    expect(script!.nonce).toBe('bm9uY2U');
    const form = el.querySelector<HTMLFormElement>('form.paymentWidgets')!;
    expect(form.getAttribute('action')).toBe(RESULT_URL);
    expect(form.dataset.brands).toBe('VISA MASTER');
    expect(page.wpwlOptions).toMatchObject({ style: 'plain', showLabels: false, locale: 'se' });
    // Light DOM: the widget's form is a child of the element, visible to the document.
    expect(el.shadowRoot).toBeNull();
    expect(el.status).toBe('loading');
    expect(el.getAttribute('status')).toBe('loading');

    await fake.finishLoad();
    await el.updateComplete;
    expect(el.status).toBe('ready');
    expect(el.getAttribute('status')).toBe('ready');
    expect(seen('wpwl-ready')).toHaveLength(1);
    expect(seen('wpwl-status-change').map((event) => event.detail.status)).toEqual(['loading', 'ready']);
  });

  it('events bubble and are composed', async () => {
    await readyWidget();
    const [ready] = seen('wpwl-ready');
    expect(ready!.bubbles).toBe(true);
    expect(ready!.composed).toBe(true);
    expect(ready!.target).toBe(document.querySelector('wpwl-widget'));
  });

  it('stays idle and loads nothing until checkout-id is set', async () => {
    const { 'checkout-id': _, ...rest } = REQUIRED;
    const el = await widget(rest);
    expect(el.status).toBe('idle');
    expect(el.getAttribute('status')).toBe('idle');
    expect(fake.createdScripts()).toHaveLength(0);
    expect(events).toHaveLength(0);

    el.setAttribute('checkout-id', ID);
    await el.updateComplete;
    expect(el.status).toBe('loading');
    expect(fake.liveScripts()).toHaveLength(1);
  });

  it('an invalid attribute is a wpwl-error naming the field; fixing it loads the widget', async () => {
    const el = await widget({ ...REQUIRED, 'shopper-result-url': 'result.html' });
    expect(el.status).toBe('error');
    expect(el.getAttribute('status')).toBe('error');
    const [error] = seen('wpwl-error');
    expect(error!.detail.error).toMatchObject({
      name: 'WpwlError',
      code: 'INVALID_SHOPPER_RESULT_URL',
      details: { field: 'shopperResultUrl' },
    });
    expect(el.error).toBe(error!.detail.error);
    // From idle to error is a status change too, though core created the widget in error.
    expect(seen('wpwl-status-change').map((event) => event.detail)).toEqual([{ status: 'error', error: error!.detail.error }]);
    expect(fake.createdScripts()).toHaveLength(0);
    expect(page.wpwlOptions).toBeUndefined();

    el.setAttribute('shopper-result-url', RESULT_URL);
    await el.updateComplete;
    expect(el.status).toBe('loading');
    expect(fake.liveScripts()).toHaveLength(1);
    expect(seen('wpwl-error')).toHaveLength(1);
    expect(seen('wpwl-status-change').map((event) => event.detail.status)).toEqual(['error', 'loading']);
  });

  it('timeout-ms bounds the script load: past it, a SCRIPT_TIMEOUT error', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const el = await widget({ ...REQUIRED, 'timeout-ms': '1500' });
      await vi.advanceTimersByTimeAsync(1499);
      expect(el.status).toBe('loading');
      await vi.advanceTimersByTimeAsync(1);
      expect(el.status).toBe('error');
      expect(seen('wpwl-error')[0]!.detail.error.code).toBe('SCRIPT_TIMEOUT');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a missing required attribute is reported, not ignored', async () => {
    const { 'base-url': _, ...rest } = REQUIRED;
    const el = await widget(rest);
    expect(el.status).toBe('error');
    expect(seen('wpwl-error')[0]!.detail.error.code).toBe('INVALID_BASE_URL');
  });

  it('customParameters are sent with the payment', async () => {
    const el = document.createElement('wpwl-widget');
    for (const [name, value] of Object.entries(REQUIRED)) el.setAttribute(name, value);
    el.customParameters = { SHOPPER_orderId: 'A-17' };
    document.body.append(el);
    await el.updateComplete;
    const { pay, submitted } = await fake.finishLoad();
    pay();
    expect(submitted).toHaveLength(1);
    expect(cardFormValues('customParameters[SHOPPER_orderId]')).toEqual(['A-17']);
  });

  it('properties set on the element before it is upgraded are used', async () => {
    const early = document.createElement('wpwl-early') as WpwlWidgetElement;
    Object.assign(early, { checkoutId: ID, brands: 'VISA', shopperResultUrl: RESULT_URL, baseUrl: BASE, options: { style: 'plain' } });
    document.body.append(early);
    expect(fake.createdScripts()).toHaveLength(0);

    defineWpwlWidget('wpwl-early');
    expect(early).toBeInstanceOf(WpwlWidgetElement);
    await early.updateComplete;
    expect(early.status).toBe('loading');
    expect(early.querySelector<HTMLFormElement>('form.paymentWidgets')!.dataset.brands).toBe('VISA');
    expect(page.wpwlOptions).toMatchObject({ style: 'plain' });
    early.remove();
  });

  it('status is read-only: neither the property nor the attribute can set it', async () => {
    const el = await widget();
    expect(() => {
      (el as unknown as { status: string }).status = 'ready';
    }).toThrow(TypeError);
    el.setAttribute('status', 'ready');
    expect(el.status).toBe('loading');
  });

  it('a failed load is a wpwl-error; retry() loads again', async () => {
    const el = await widget();
    await fake.failLoad();
    await el.updateComplete;
    expect(el.status).toBe('error');
    expect(seen('wpwl-error')[0]!.detail.error.code).toBe('SCRIPT_LOAD_FAILED');

    el.retry();
    await el.updateComplete;
    expect(el.getAttribute('status')).toBe('loading');
    await fake.finishLoad();
    expect(el.status).toBe('ready');
  });

  it('inside another form: a wpwl-error naming that form, nothing injected', async () => {
    const outer = document.body.appendChild(document.createElement('form'));
    outer.id = 'order';
    const el = await widget(REQUIRED, outer);
    expect(el.status).toBe('error');
    const { error } = seen('wpwl-error')[0]!.detail;
    expect(error.code).toBe('NESTED_FORM');
    expect(error.message).toContain('form#order');
    expect(fake.createdScripts()).toHaveLength(0);
  });

  it('an expired checkout fires wpwl-expired and unloads the widget', async () => {
    const { el, unload } = await readyWidget();
    page.wpwlOptions!.onError!.call(undefined, { name: 'InvalidCheckoutIdError', message: 'expired' });
    await el.updateComplete;
    expect(el.status).toBe('expired');
    expect(el.getAttribute('status')).toBe('expired');
    expect(seen('wpwl-expired')).toHaveLength(1);
    expect(seen('wpwl-error')[0]!.detail.error.code).toBe('CHECKOUT_EXPIRED');
    expect(unload).toHaveBeenCalledTimes(1);

    el.setAttribute('checkout-id', ID2);
    await el.updateComplete;
    expect(el.status).toBe('loading');
    expect(fake.liveScripts().map((s) => s.src)).toEqual([`${BASE}/v1/paymentWidgets.js?checkoutId=${ID2}`]);
  });
});

describe('wpwl-before-submit', () => {
  it("pay() from the page's own button submits the card form, wpwl-before-submit included; false before ready", async () => {
    const el = await widget();
    expect(el.pay()).toBe(false);
    const { submitted } = await fake.finishLoad();
    await el.updateComplete;
    expect(el.pay()).toBe(true);
    expect(submitted).toHaveLength(1);
    expect(seen('wpwl-before-submit')).toHaveLength(1);
  });

  it('without a listener the payment goes ahead; the event carries the form, kind and checkout', async () => {
    const { el, pay, submitted } = await readyWidget();
    pay();
    expect(submitted).toHaveLength(1);
    const [event] = seen('wpwl-before-submit') as CustomEvent<WpwlBeforeSubmitEventDetail>[];
    expect(event!.cancelable).toBe(true);
    expect(event!.detail).toMatchObject({ kind: 'Card', checkoutId: ID });
    expect(event!.detail.form).toBe(el.querySelector('form.wpwl-form'));
  });

  it('preventDefault() blocks the payment and returns to ready', async () => {
    const { el, pay, submitted } = await readyWidget();
    el.addEventListener('wpwl-before-submit', (event) => event.preventDefault());
    pay();
    await el.updateComplete;
    expect(submitted).toHaveLength(0);
    expect(el.status).toBe('ready');
    expect(seen('wpwl-status-change').map((event) => event.detail.status)).toEqual(['loading', 'ready', 'submitting', 'ready']);
  });

  it('waitUntil(promise) holds the payment; resolving true sends it once', async () => {
    const { el, pay, submitted } = await readyWidget();
    let allow!: (ok: boolean) => void;
    el.addEventListener('wpwl-before-submit', (event) => event.detail.waitUntil(new Promise<boolean>((resolve) => (allow = resolve))));
    pay();
    await flush();
    expect(submitted).toHaveLength(0);
    expect(el.status).toBe('submitting');
    allow(true);
    await flush();
    expect(submitted).toHaveLength(1);
    // The re-submit after the promise does not ask the listeners again.
    expect(seen('wpwl-before-submit')).toHaveLength(1);
  });

  it('every waitUntil promise must allow: one false blocks', async () => {
    const { el, pay, submitted } = await readyWidget();
    el.addEventListener('wpwl-before-submit', (event) => event.detail.waitUntil(Promise.resolve(true)));
    document.addEventListener('wpwl-before-submit', (event) => event.detail.waitUntil(Promise.resolve(false)), { once: true });
    pay();
    await flush();
    await el.updateComplete;
    expect(submitted).toHaveLength(0);
    expect(el.status).toBe('ready');
    expect(seen('wpwl-error')).toHaveLength(0);
  });

  it('a rejected waitUntil promise blocks and is reported as wpwl-error with the cause', async () => {
    const { el, pay, submitted } = await readyWidget();
    const cause = new Error('stock check failed');
    el.addEventListener('wpwl-before-submit', (event) => event.detail.waitUntil(Promise.reject(cause)));
    pay();
    await flush();
    await el.updateComplete;
    expect(submitted).toHaveLength(0);
    expect(el.status).toBe('ready');
    const { error } = seen('wpwl-error')[0]!.detail;
    expect(error.code).toBe('WIDGET_ERROR');
    expect(error.cause).toBe(cause);
  });

  it('preventDefault() wins over waitUntil()', async () => {
    const { el, pay, submitted } = await readyWidget();
    el.addEventListener('wpwl-before-submit', (event) => {
      event.detail.waitUntil(Promise.resolve(true));
      event.preventDefault();
    });
    pay();
    await flush();
    expect(submitted).toHaveLength(0);
  });

  it('waitUntil() after the event was dispatched throws InvalidStateError', async () => {
    const { el, pay } = await readyWidget();
    let late: WpwlBeforeSubmitEventDetail | undefined;
    el.addEventListener('wpwl-before-submit', (event) => (late = event.detail));
    pay();
    expect(() => late!.waitUntil(Promise.resolve(true))).toThrow(expect.objectContaining({ name: 'InvalidStateError' }));
  });
});

describe('re-mount rules (core decides by value)', () => {
  it('an equal options object or an unchanged attribute value re-mounts nothing', async () => {
    const el = document.createElement('wpwl-widget');
    for (const [name, value] of Object.entries(REQUIRED)) el.setAttribute(name, value);
    el.options = { style: 'card', labels: { submit: 'Pay' } };
    document.body.append(el);
    await el.updateComplete;
    const { unload } = await fake.finishLoad();

    el.options = { labels: { submit: 'Pay' }, style: 'card' };
    el.setAttribute('brands', 'VISA MASTER');
    await el.updateComplete;
    await flush();
    expect(fake.createdScripts()).toHaveLength(1);
    expect(unload).not.toHaveBeenCalled();
    expect(el.status).toBe('ready');

    el.options = { style: 'card', labels: { submit: 'Pay now' } };
    await el.updateComplete;
    expect(unload).toHaveBeenCalledTimes(1);
    expect(page.wpwlOptions?.labels?.submit).toBe('Pay now');
  });

  it.each(NOT_PLAIN_RECORDS)(
    'the %s property given as %s is a wpwl-error naming it, with nothing injected',
    async (field, _, value, code) => {
      const el = document.createElement('wpwl-widget') as WpwlWidgetElement;
      for (const [name, attribute] of Object.entries(REQUIRED)) el.setAttribute(name, attribute);
      (el as unknown as Record<string, unknown>)[field] = value;
      document.body.append(el);
      await el.updateComplete;
      expect(el.status).toBe('error');
      const [error] = seen('wpwl-error');
      expect(error!.detail.error).toMatchObject({ code, details: { field } });
      expect(error!.detail.error.message).toMatch(new RegExp(`^${field} must be a plain object`));
      expect(fake.createdScripts()).toHaveLength(0);
      expect(page.wpwlOptions).toBeUndefined();
    },
  );

  it('an update with no changed input reports an invalid config once', async () => {
    const el = await widget({ ...REQUIRED, brands: 'VISA MASTERCARD' });
    el.requestUpdate();
    await el.updateComplete;
    await flush();
    expect(seen('wpwl-error').map((event) => event.detail.error.code)).toEqual(['INVALID_BRAND']);
  });

  it('a new checkout-id unloads the widget and loads the new checkout', async () => {
    const { el, unload } = await readyWidget();
    el.setAttribute('checkout-id', ID2);
    await el.updateComplete;
    expect(unload).toHaveBeenCalledTimes(1);
    expect(el.status).toBe('loading');
    expect(fake.liveScripts().map((s) => s.src)).toEqual([`${BASE}/v1/paymentWidgets.js?checkoutId=${ID2}`]);
    expect(el.querySelectorAll('form.paymentWidgets')).toHaveLength(1);
    await fake.finishLoad();
    expect(el.status).toBe('ready');
  });

  it('a changed locale, brands or nonce re-mounts with the new value', async () => {
    const { el, unload } = await readyWidget();
    el.setAttribute('locale', 'de');
    await el.updateComplete;
    expect(unload).toHaveBeenCalledTimes(1);
    expect(page.wpwlOptions?.locale).toBe('de');

    el.brands = 'VISA';
    await el.updateComplete;
    expect(el.querySelector<HTMLFormElement>('form.paymentWidgets')!.dataset.brands).toBe('VISA');
    expect(fake.createdScripts()).toHaveLength(3);
  });

  it('removing checkout-id takes the widget down', async () => {
    const { el, unload } = await readyWidget();
    el.removeAttribute('checkout-id');
    await el.updateComplete;
    await flush();
    expect(unload).toHaveBeenCalledTimes(1);
    expect(el.status).toBe('destroyed');
    expect(fake.leftovers()).toEqual({ scripts: 0, widgetNodes: 0, globals: [] });
  });
});

describe('DOM lifecycle', () => {
  it('removal cleans up everything; re-insertion mounts again', async () => {
    const { el, unload } = await readyWidget({ ...REQUIRED, nonce: 'bm9uY2U' });
    el.remove();
    await flush();
    expect(unload).toHaveBeenCalledTimes(1);
    expect(el.status).toBe('destroyed');
    expect(fake.leftovers()).toEqual({ scripts: 0, widgetNodes: 0, globals: [] });
    expect(el.children).toHaveLength(0);

    document.body.append(el);
    await el.updateComplete;
    expect(el.status).toBe('loading');
    expect(fake.liveScripts()).toHaveLength(1);
    await fake.finishLoad();
    await el.updateComplete;
    expect(el.getAttribute('status')).toBe('ready');
  });

  it('moving the element keeps the loaded widget: no second script, no unload', async () => {
    const { el, unload } = await readyWidget();
    const rendered = el.querySelector('.wpwl-form');
    const target = document.body.appendChild(document.createElement('section'));
    target.append(el);
    await el.updateComplete;
    await flush();
    expect(el.status).toBe('ready');
    expect(unload).not.toHaveBeenCalled();
    expect(fake.createdScripts()).toHaveLength(1);
    expect(el.querySelector('.wpwl-form')).toBe(rendered);
  });

  it('attributes changed while detached apply when it is inserted again', async () => {
    const { el } = await readyWidget();
    el.remove();
    el.setAttribute('checkout-id', ID2);
    await el.updateComplete;
    await flush();
    expect(fake.createdScripts()).toHaveLength(1);
    document.body.append(el);
    await el.updateComplete;
    expect(fake.liveScripts().map((s) => s.src)).toEqual([`${BASE}/v1/paymentWidgets.js?checkoutId=${ID2}`]);
  });
});

describe('for assistive technology', () => {
  /** A <wpwl-widget> with content of its own, marked with slot, connected and updated. */
  async function withContent(attributes: Record<string, string> = REQUIRED): Promise<WpwlWidgetElement> {
    const el = document.createElement('wpwl-widget');
    el.innerHTML =
      '<p slot="loading">Loading the form…</p>' +
      '<p slot="error">It did not load. <button type="button" data-wpwl-retry>Try again</button></p>' +
      '<p slot="expired">This payment session expired.</p>' +
      '<p slot="expiring-soon">Two minutes left.</p>';
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    document.body.append(el);
    await el.updateComplete;
    return el;
  }
  const shown = (el: Element) => [...el.querySelectorAll<HTMLElement>(':scope > [slot]')].filter((content) => !content.hidden);
  const expireFromWidget = async (el: WpwlWidgetElement) => {
    page.wpwlOptions!.onError!({ name: 'InvalidCheckoutIdError', message: 'expired' });
    await el.updateComplete;
  };

  it('shows the loading content as a polite status, the error content as an alert; its data-wpwl-retry button loads again', async () => {
    const el = await withContent();
    expect(shown(el).map((content) => [content.slot, content.getAttribute('role')])).toEqual([['loading', 'status']]);
    await fake.failLoad();
    await el.updateComplete;
    expect(shown(el).map((content) => [content.slot, content.getAttribute('role')])).toEqual([['error', 'alert']]);
    el.querySelector<HTMLButtonElement>('[data-wpwl-retry]')!.click();
    await el.updateComplete;
    expect(el.status).toBe('loading');
    expect(fake.liveScripts()).toHaveLength(1);
  });

  it('focus in the form when the checkout expires moves to the expiry message, not to <body>', async () => {
    const el = await withContent();
    await fake.finishLoad();
    await el.updateComplete;
    el.querySelector<HTMLInputElement>('input[name="card.holder"]')!.focus();
    await expireFromWidget(el);
    expect(shown(el).map((content) => content.slot)).toEqual(['expired']);
    expect(document.activeElement).toBe(el.querySelector('[slot="expired"]'));
  });

  it('focus lost with the hidden retry button comes back to it when the load fails again', async () => {
    const el = await withContent();
    await fake.failLoad();
    await el.updateComplete;
    const retry = el.querySelector<HTMLButtonElement>('[data-wpwl-retry]')!;
    retry.focus();
    retry.click();
    await el.updateComplete;
    expect(retry.parentElement!.hidden).toBe(true);
    // A browser takes focus off a control that is hidden (happy-dom does not): it falls to <body>.
    retry.blur();
    await fake.failLoad();
    await el.updateComplete;
    expect(document.activeElement).toBe(retry);
  });

  it('never takes focus from elsewhere on the page', async () => {
    const coupon = document.body.appendChild(document.createElement('input'));
    const el = await withContent();
    await fake.finishLoad();
    await el.updateComplete;
    coupon.focus();
    await expireFromWidget(el);
    expect(shown(el).map((content) => content.slot)).toEqual(['expired']);
    expect(document.activeElement).toBe(coupon);
    coupon.remove();
  });

  it('the expiring-soon content is an alert while the form is up', async () => {
    const el = await withContent({ ...REQUIRED, 'expires-in-ms': '60000', 'warn-before-expiry-ms': '120000' });
    await fake.finishLoad();
    await el.updateComplete;
    expect(shown(el).map((content) => [content.slot, content.getAttribute('role')])).toEqual([['expiring-soon', 'alert']]);
  });

  it('carries the locale’s lang and dir: Arabic right to left, from the attribute or options.locale; none without a locale', async () => {
    const el = await widget({ ...REQUIRED, locale: 'ar' });
    expect([el.lang, el.dir]).toEqual(['ar', 'rtl']);
    el.removeAttribute('locale');
    el.options = { locale: 'se' };
    await el.updateComplete;
    expect([el.lang, el.dir]).toEqual(['sv', 'ltr']);
    el.options = {};
    await el.updateComplete;
    expect([el.hasAttribute('lang'), el.hasAttribute('dir')]).toEqual([false, false]);
  });
});
