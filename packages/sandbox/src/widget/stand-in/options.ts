// Owns the page's options and callbacks: wpwlOptions read once, late (after
// the document is parsed and the follow-up script has loaded: official
// templates assign it after the script tag or in a DOM-ready handler, and the
// real widget takes those options; later changes have no effect), the flags
// real code writes as true or "true", and calling the page's callbacks so that
// one that throws never stops the widget.
import { page, widget } from './state.js';
import { buildTexts, resolveLocale } from './texts.js';

export function readOptions(): void {
  const source = page.wpwlOptions;
  const copy: Record<string, unknown> = {};
  if (source && typeof source === 'object') {
    for (const key in source) if (Object.prototype.hasOwnProperty.call(source, key)) copy[key] = (source as Record<string, unknown>)[key];
  }
  widget.options = copy;
  widget.locale = resolveLocale(copy.locale);
  widget.texts = buildTexts(widget.locale);
  widget.styleName = typeof copy.style === 'string' && copy.style ? copy.style : 'card';
}

/** An option flag real integrations write as `true` or as the string `"true"`. */
export function isSet(value: unknown): boolean {
  return value === true || value === 'true';
}

/** A `registrations.*` flag. */
export function registrationsFlag(name: 'requireCvv' | 'hideInitialPaymentForms'): boolean {
  const registrations = widget.options.registrations;
  return !!registrations && typeof registrations === 'object' && isSet((registrations as Record<string, unknown>)[name]);
}

/** Calls wpwlOptions[name] with `self` as `this`; a throw is logged, never passed on. */
export function call(name: string, self: unknown, args: unknown[]): unknown {
  const callback = widget.options[name];
  if (typeof callback !== 'function') return undefined;
  try {
    return (callback as (...args: unknown[]) => unknown).apply(self, args);
  } catch (error) {
    console.error(`[wpwl] wpwlOptions.${name} threw`, error);
    return undefined;
  }
}

/** What the widget's onError gets. */
export interface WidgetErrorEvent {
  name: string;
  message: string;
  brand?: string;
  event?: string;
}

/** To the page's onError, or to the console when it has none. */
export function fireError(error: WidgetErrorEvent): void {
  if (typeof widget.options.onError === 'function') call('onError', window, [error]);
  else console.error(`[wpwl] ${error.name}: ${error.message}`);
}

export function describe(error: unknown): string {
  return error && typeof error === 'object' && 'message' in error && error.message ? String(error.message) : String(error);
}

/** ` (#id)` or ` (name="…")` of a form, for messages. */
export function describeForm(form: HTMLFormElement): string {
  if (form.id) return ` (#${form.id})`;
  if (form.getAttribute('name')) return ` (name="${form.getAttribute('name')}")`;
  return '';
}
