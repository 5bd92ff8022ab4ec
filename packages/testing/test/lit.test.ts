// The kit under the <wpwl-widget> custom element (@wpwl/lit), as a static
// page's own script would meet it: the element's events for each thing the
// fake widget does.
import { defineWpwlWidget, type WpwlWidgetElement } from '@wpwl/lit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeWidget, type FakeWidget } from '../src/index.js';

const BASE = 'https://test.gateway.example';
const ID = '8a8294174b7ecb28014b9699220015ca';

defineWpwlWidget();

let widget: FakeWidget;
let events: string[];
const record = (event: Event) => events.push(event.type);
const TYPES = ['wpwl-ready', 'wpwl-error', 'wpwl-before-submit'];

beforeEach(() => {
  widget = installFakeWidget();
  events = [];
  for (const type of TYPES) document.addEventListener(type, record);
});
afterEach(async () => {
  for (const type of TYPES) document.removeEventListener(type, record);
  document.body.replaceChildren();
  await widget.uninstall();
});

async function element(): Promise<WpwlWidgetElement> {
  const el = document.createElement('wpwl-widget');
  for (const [name, value] of Object.entries({
    'checkout-id': ID,
    brands: 'VISA',
    'shopper-result-url': 'https://shop.example/result',
    'base-url': BASE,
  })) {
    el.setAttribute(name, value);
  }
  document.body.append(el);
  await el.updateComplete;
  return el;
}

describe('<wpwl-widget>, tested with the fake widget', () => {
  it('ready, then a payment: wpwl-ready, then wpwl-before-submit; a cancelled before-submit sends nothing', async () => {
    const el = await element();
    await widget.ready();
    expect(events).toEqual(['wpwl-ready']);
    expect(el.querySelector('.wpwl-form-card')).not.toBeNull();

    const cancel = (event: Event) => event.preventDefault();
    el.addEventListener('wpwl-before-submit', cancel);
    await expect(widget.submit()).resolves.toBeUndefined();
    el.removeEventListener('wpwl-before-submit', cancel);
    await expect(widget.submit({ outcome: 'declined' })).resolves.toMatchObject({ outcome: 'declined' });
    expect(events).toEqual(['wpwl-ready', 'wpwl-before-submit', 'wpwl-before-submit']);
  });

  it('a load failure: wpwl-error with the loader code', async () => {
    const el = await element();
    let code: string | undefined;
    el.addEventListener('wpwl-error', (event) => (code = (event as CustomEvent<{ error: { code: string } }>).detail.error.code));
    await widget.failLoad();
    expect(code).toBe('SCRIPT_LOAD_FAILED');
  });
});
