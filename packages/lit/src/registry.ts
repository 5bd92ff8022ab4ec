// Owns registering the element under a tag name: idempotent, and loud when
// the name is taken by something else.

import { WpwlError } from '@wpwl/core';
import { ELEMENT_MARK, WpwlWidgetElement } from './element.js';

let classUsed = false;

/**
 * Registers {@link WpwlWidgetElement} as `tagName` and returns the registered
 * class. Calling it again for a name it already registered — also from
 * another copy of this package, such as the standalone build — does nothing.
 * A second tag name gets its own subclass (the platform allows one name per
 * class).
 *
 * @throws WpwlError `ELEMENT_NAME_TAKEN` when another element already uses `tagName`
 * @throws DOMException `SyntaxError` when `tagName` is not a valid custom element name
 */
export function defineWpwlWidget(tagName = 'wpwl-widget'): typeof WpwlWidgetElement {
  const existing = customElements.get(tagName);
  if (existing) {
    if (ELEMENT_MARK in existing) return existing as typeof WpwlWidgetElement;
    throw new WpwlError(
      'ELEMENT_NAME_TAKEN',
      `tagName "${tagName}" is already defined by another element (${existing.name || 'anonymous class'})`,
      {
        details: { field: 'tagName', rule: 'not defined by another element' },
      },
    );
  }
  const element = classUsed ? class extends WpwlWidgetElement {} : WpwlWidgetElement;
  customElements.define(tagName, element);
  classUsed = true;
  return element;
}
