// Owns moving through a page with the keyboard alone, as a shopper without a
// mouse does: Tab and Shift+Tab from one control to the next (into frames of
// other origins too, such as the gateway's 3-D Secure page), and at every
// stop a check that the shopper can see where the focus is.
import type { Page } from 'playwright-core';

/** Where the keyboard focus is. */
export interface Focus {
  /** The focused element, e.g. `button#checkout "Go to payment"`, with its frame's URL when it is in a frame. */
  description: string;
  /** Whether it matches the selector asked about. */
  matches: boolean;
  /** Why a shopper would not see it, when they would not: no :focus-visible, no outline or ring, no size. */
  hidden?: string;
}

/**
 * The focused element in `page` or in whichever frame holds the focus, with
 * whether it matches `selector` (in that frame) and whether its focus shows:
 * it matches :focus-visible and draws an outline or a box-shadow ring, at a size.
 * Undefined when nothing but the document has the focus.
 */
export async function focusedElement(page: Page, selector: string): Promise<Focus | undefined> {
  for (const frame of page.frames()) {
    const focus = await frame
      .evaluate((wanted) => {
        const element = document.activeElement;
        // Not this document, or deeper down in a frame of its own.
        if (!document.hasFocus() || !element || element === document.body || element.localName === 'iframe') return undefined;
        const style = getComputedStyle(element);
        const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
        const ring = style.boxShadow !== 'none';
        const box = element.getBoundingClientRect();
        const hidden = !element.matches(':focus-visible')
          ? 'not :focus-visible'
          : !outline && !ring
            ? 'no outline or box-shadow'
            : box.width === 0 || box.height === 0
              ? 'no size'
              : undefined;
        const name = (element.getAttribute('aria-label') ?? (element as HTMLElement).innerText ?? '').trim().slice(0, 40);
        const classes = [...element.classList].slice(0, 3).map((c) => `.${c}`);
        const description = `${element.localName}${element.id ? `#${element.id}` : ''}${classes.join('')}${name ? ` "${name}"` : ''}`;
        return { description, matches: element.matches(wanted), ...(hidden ? { hidden } : {}) };
      }, selector)
      .catch(() => undefined);
    if (focus) return frame === page.mainFrame() ? focus : { ...focus, description: `${focus.description} (in ${frame.url()})` };
  }
  return undefined;
}

/**
 * Presses Tab (or Shift+Tab) until the focus is on `selector`, checking at
 * every stop that the focus shows; returns the stops. A focus already there
 * counts, with no key pressed.
 *
 * @throws Error naming every stop on the way when a focus does not show, or when `selector` is not reached in `maxPresses`.
 */
export async function tabTo(page: Page, selector: string, options: { backwards?: boolean; maxPresses?: number } = {}): Promise<string[]> {
  const key = options.backwards ? 'Shift+Tab' : 'Tab';
  const stops: string[] = [];
  const already = await focusedElement(page, selector);
  if (already?.matches) {
    if (already.hidden) throw new Error(`the focus on ${already.description} does not show (${already.hidden})`);
    return stops;
  }
  for (let press = 0; press < (options.maxPresses ?? 40); press++) {
    await page.keyboard.press(key);
    const focus = await focusedElement(page, selector);
    stops.push(focus?.description ?? '(the document)');
    if (focus?.hidden)
      throw new Error(
        `${key} to ${selector}: the focus on ${focus.description} does not show (${focus.hidden}); stops: ${stops.join(' → ')}`,
      );
    if (focus?.matches) return stops;
  }
  throw new Error(`${key} never reached ${selector}; stops: ${stops.join(' → ')}`);
}
