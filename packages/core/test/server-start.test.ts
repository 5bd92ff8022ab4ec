// A widget started by a server-rendered page's HTML (widgetStartHtml), taken
// over by the controller mounted into the same element: one script, the form
// the server wrote, the widget's calls before the takeover answered, a
// payment tried then held back and sent through the controller's hooks, and
// another config's widget not taken for its own.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BASE, ID, ID2, config, create, destroyControllers } from './support/controllers.js';
import { flush, installFakeWidget, page, type FakeWidget } from './support/fake-widget.js';
import { widgetStartHtml, type PaymentWidgetConfig } from '../src/index.js';

const INTEGRITY = 'sha384-' + 'A'.repeat(64);

let fake: FakeWidget;
beforeEach(() => {
  fake = installFakeWidget();
});
afterEach(async () => {
  destroyControllers();
  await flush();
  try {
    // Taken down means gone: the server's form, its scripts and every global.
    expect(fake.leftovers()).toEqual({ scripts: 0, widgetNodes: 0, globals: [] });
    expect('wpwlEarly' in window).toBe(false);
  } finally {
    await fake.uninstall();
  }
});

/**
 * What the browser does with a server-rendered page: the HTML in an element of
 * the document, and its inline script run as the parser runs it, as
 * `document.currentScript` (happy-dom evaluates no scripts itself).
 */
function serverRender(cfg: PaymentWidgetConfig): HTMLElement {
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = widgetStartHtml(cfg);
  const script = container.querySelector('script')!;
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  try {
    new Function(script.textContent!)();
  } finally {
    delete (document as { currentScript?: unknown }).currentScript;
  }
  return container;
}

describe('widgetStartHtml', () => {
  it('writes the form, and a script with the nonce as an attribute and neither the nonce nor a closing tag in its text', () => {
    const html = widgetStartHtml(
      config({ brands: ['visa', 'master'], nonce: 'n0nce42', integrity: INTEGRITY, options: { labels: { submit: '</script><b>Pay' } } }),
    );
    const host = document.createElement('div');
    host.innerHTML = html;
    const form = host.querySelector<HTMLFormElement>('[data-wpwl-early][data-wpwl-status="loading"] > form.paymentWidgets')!;
    expect(form.getAttribute('action')).toBe('https://shop.example/result');
    expect(form.dataset.brands).toBe('VISA MASTER');
    const scripts = host.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.getAttribute('nonce')).toBe('n0nce42');
    expect(scripts[0]!.textContent).not.toContain('n0nce42');
    expect(scripts[0]!.textContent).toContain(INTEGRITY);
    // The label's markup stays text inside the one script.
    expect(host.querySelector('b')).toBeNull();
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });

  it('is empty for a config the controller would refuse, and for an option holding a callback inside it', () => {
    expect(widgetStartHtml(config({ checkoutId: 'x' }))).toBe('');
    expect(widgetStartHtml(config({ shopperResultUrl: 'http://shop.example/result' }))).toBe('');
    expect(widgetStartHtml(config({ options: { applePay: { onPaymentAuthorized: () => {} } } as never }))).toBe('');
    expect(widgetStartHtml(config({ options: { onDetectBrand: () => {} } }))).not.toBe('');
  });
});

describe('a widget started by the server’s HTML', () => {
  it('loads as the page is parsed: wpwlOptions set, one script tag with the integrity and the loader’s state', () => {
    serverRender(config({ integrity: INTEGRITY, options: { style: 'plain' } }));
    const [tag] = fake.liveScripts();
    expect(fake.liveScripts()).toHaveLength(1);
    expect(tag!.src).toBe(`${BASE}/v1/paymentWidgets.js?checkoutId=${ID}`);
    expect(tag!.integrity).toBe(INTEGRITY);
    expect(tag!.crossOrigin).toBe('anonymous');
    expect(tag!.dataset.wpwlState).toBe('pending');
    expect(page.wpwlOptions).toMatchObject({ style: 'plain' });
    expect(typeof page.wpwlOptions?.onReady).toBe('function');
    // Nothing owns it yet: teardown by a controller that takes it over.
    create(config({ integrity: INTEGRITY, options: { style: 'plain' } })).mount(document.querySelector<HTMLElement>('body > div')!);
  });

  it('ready before the controller mounts: the element says so, and the controller takes it over ready, with no second script', async () => {
    const onReady = vi.fn();
    const container = serverRender(config());
    const serverForm = container.querySelector('form.paymentWidgets');
    await fake.finishLoad();
    expect(container.querySelector('[data-wpwl-early]')!.getAttribute('data-wpwl-status')).toBe('ready');
    expect(container.querySelector('.wpwl-form-card')).not.toBeNull();

    const widget = create(config({ onReady }));
    widget.mount(container);
    expect(widget.getSnapshot().status).toBe('ready');
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(fake.createdScripts()).toHaveLength(1);
    expect([...container.querySelectorAll('form.paymentWidgets')]).toEqual([serverForm]);
    // One status on the page from now on: the controller's.
    expect(container.querySelector('[data-wpwl-status]')).toBeNull();
  });

  it('still loading when the controller mounts: the controller follows the server’s tag and becomes ready with it', async () => {
    const onReady = vi.fn();
    const container = serverRender(config());
    const widget = create(config({ onReady }));
    widget.mount(container);
    expect(widget.getSnapshot().status).toBe('loading');
    await fake.finishLoad();
    expect(widget.getSnapshot().status).toBe('ready');
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(fake.createdScripts()).toHaveLength(1);
  });

  it('a payment tried before the takeover is held back, then sent through the controller’s before-submit hook', async () => {
    const container = serverRender(config());
    const loaded = await fake.finishLoad();
    loaded.pay();
    expect(loaded.submitted).toHaveLength(0);

    const onBeforeSubmit = vi.fn(() => true);
    const widget = create(config({ onBeforeSubmit }));
    widget.mount(container);
    expect(onBeforeSubmit).toHaveBeenCalledTimes(1);
    expect(loaded.submitted).toHaveLength(1);
    expect(widget.getSnapshot().status).toBe('submitting');
  });

  it('an expired checkout reported before the takeover ends the taken-over widget as expired', async () => {
    const container = serverRender(config());
    await fake.finishLoad();
    page.wpwlOptions!.onError!({ name: 'InvalidCheckoutIdError', message: 'expired' });
    const onExpired = vi.fn();
    const widget = create(config({ onExpired }));
    widget.mount(container);
    expect(widget.getSnapshot().status).toBe('expired');
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(container.querySelector('form.paymentWidgets')).toBeNull();
  });

  it('a controller with another config does not take it: the server’s form and widget go, its own load starts', async () => {
    const container = serverRender(config());
    const loaded = await fake.finishLoad();
    const widget = create(config({ checkoutId: ID2 }));
    widget.mount(container);
    expect(loaded.unload).toHaveBeenCalledTimes(1);
    expect(container.querySelector('[data-wpwl-early]')).toBeNull();
    expect(fake.liveScripts().map((tag) => tag.src)).toEqual([`${BASE}/v1/paymentWidgets.js?checkoutId=${ID2}`]);
    expect(container.querySelectorAll('form.paymentWidgets')).toHaveLength(1);
    await fake.finishLoad();
    expect(widget.getSnapshot().status).toBe('ready');
  });

  it('the server’s form without its script (a CSP refused the inline script): the controller replaces it, one form on the page', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = widgetStartHtml(config());
    const serverForm = container.querySelector('form.paymentWidgets');
    const widget = create(config());
    widget.mount(container);
    const forms = [...document.querySelectorAll('form.paymentWidgets')];
    expect(forms).toHaveLength(1);
    expect(forms[0]).not.toBe(serverForm);
    expect(fake.liveScripts()).toHaveLength(1);
    await fake.finishLoad();
    expect(widget.getSnapshot().status).toBe('ready');
    container.querySelector('script')?.remove();
  });

  it('a server script that failed to load is loaded again by the controller', async () => {
    const container = serverRender(config());
    await fake.failLoad();
    expect(fake.liveScripts()[0]!.dataset.wpwlState).toBe('failed');
    const widget = create(config());
    widget.mount(container);
    expect(fake.liveScripts()).toHaveLength(1);
    expect(fake.createdScripts()).toHaveLength(2);
    await fake.finishLoad();
    expect(widget.getSnapshot().status).toBe('ready');
  });
});
