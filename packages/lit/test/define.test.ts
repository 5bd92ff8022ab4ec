import { describe, expect, it } from 'vitest';
import { isWpwlError } from '@wpwl/core';
import { defineWpwlWidget, WpwlWidgetElement } from '../src/index.js';

// Registration is per window, and each test file gets its own: the order of
// these tests is the order of registrations.
describe('registration', () => {
  it('importing the package registers nothing', () => {
    expect(customElements.get('wpwl-widget')).toBeUndefined();
    expect(document.createElement('wpwl-widget')).not.toBeInstanceOf(WpwlWidgetElement);
  });

  it('the define entry registers <wpwl-widget> and exports the API', async () => {
    const entry = await import('@wpwl/lit/define');
    expect(customElements.get('wpwl-widget')).toBe(WpwlWidgetElement);
    expect(entry.WpwlWidgetElement).toBe(WpwlWidgetElement);
    // A static page's result page, with only this module: the checkout the shopper comes back from.
    const id = '8a8294174b7ecb28014b9699220015ca';
    expect(entry.readShopperResult(`https://shop.example/result?id=${id}&resourcePath=%2Fv1%2Fcheckouts%2F${id}%2Fpayment`)).toMatchObject({
      id,
      resourcePath: `/v1/checkouts/${id}/payment`,
    });
    expect(document.createElement('wpwl-widget')).toBeInstanceOf(WpwlWidgetElement);
  });

  it('defining the same name again is a no-op returning the registered class', () => {
    expect(defineWpwlWidget()).toBe(WpwlWidgetElement);
    expect(defineWpwlWidget('wpwl-widget')).toBe(WpwlWidgetElement);
  });

  it('another tag name gets its own subclass, itself idempotent', () => {
    const Other = defineWpwlWidget('shop-payment');
    expect(Other).not.toBe(WpwlWidgetElement);
    expect(Other.prototype).toBeInstanceOf(WpwlWidgetElement);
    expect(customElements.get('shop-payment')).toBe(Other);
    expect(document.createElement('shop-payment')).toBeInstanceOf(WpwlWidgetElement);
    expect(defineWpwlWidget('shop-payment')).toBe(Other);
  });

  it('a name taken by another element is a coded error naming the tag', () => {
    customElements.define('taken-widget', class extends HTMLElement {});
    let thrown: unknown;
    try {
      defineWpwlWidget('taken-widget');
    } catch (error) {
      thrown = error;
    }
    expect(isWpwlError(thrown)).toBe(true);
    expect(thrown).toMatchObject({ code: 'ELEMENT_NAME_TAKEN', details: { field: 'tagName' } });
    expect((thrown as Error).message).toContain('"taken-widget"');
  });

  it('the element of another copy of this package (the standalone build) counts as defined', () => {
    class FromStandalone extends HTMLElement {}
    Object.defineProperty(FromStandalone, Symbol.for('@wpwl/lit element'), { value: true });
    customElements.define('copied-widget', FromStandalone);
    expect(defineWpwlWidget('copied-widget')).toBe(FromStandalone);
  });
});
