// Owns the widget's DOM plumbing: creating elements, adding nodes and
// listeners so that unload() finds them again, and the building blocks of a
// form as real markup has them (groups, wrappers, labelled inputs, hidden
// inputs), with the associations assistive technology reads: each control
// named by its group's label, descriptions by id, the texts' language.
import { added, widget } from './state.js';
import { textDirection, textLanguage } from './texts.js';
import type { FormContext } from './types.js';

/** A new element with its class names. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = ''): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  return node;
}

/** Inserts a node of the widget's into the page; unload() removes it. */
export function insert<T extends Node>(node: T, parent: Node, before: Node | null): T {
  parent.insertBefore(node, before);
  added.nodes.push(node);
  return node;
}

/** Adds a listener that unload() removes. */
export function listen<E extends Event = Event>(target: EventTarget, type: string, handler: (event: E) => void): void {
  const listener = handler as EventListener;
  target.addEventListener(type, listener);
  added.listeners.push([target, type, listener]);
}

export function removeListener(target: EventTarget, type: string, handler: EventListener): void {
  target.removeEventListener(type, handler);
  added.listeners = added.listeners.filter(([t, ty, h]) => !(t === target && ty === type && h === handler));
}

/** A hidden input of the widget's form: what a native post of the form sends. */
export function hidden(form: HTMLFormElement, name: string): HTMLInputElement {
  const node = el('input');
  node.type = 'hidden';
  node.name = name;
  form.appendChild(node);
  return node;
}

/** `div.wpwl-group.wpwl-group-{name}.wpwl-clearfix`, labelled unless showLabels is false, appended to the form. */
export function group(ctx: Pick<FormContext, 'form' | 'groups'>, name: string, labelKey: string | null): HTMLElement {
  const node = el('div', `wpwl-group wpwl-group-${name} wpwl-clearfix`);
  if (labelKey && widget.options.showLabels !== false) {
    const label = el('div', `wpwl-label wpwl-label-${name}`);
    label.id = uniqueId(`label-${name}`);
    label.textContent = widget.texts.labels[labelKey] ?? '';
    node.appendChild(label);
  }
  ctx.form.appendChild(node);
  ctx.groups[name] = node;
  return node;
}

/** `div.wpwl-wrapper.wpwl-wrapper-{name}` inside a group. */
export function wrapper(groupElement: HTMLElement, name: string): HTMLElement {
  return groupElement.appendChild(el('div', `wpwl-wrapper wpwl-wrapper-${name}`));
}

/**
 * Names a group's control by the group's label: the visible `.wpwl-label`
 * (`aria-labelledby`; pressing the label focuses the control, as a `<label>`
 * would), or, with showLabels false, the same text as `aria-label`.
 */
export function nameControl(groupElement: HTMLElement, control: HTMLElement, labelKey: string): void {
  const label = groupElement.querySelector<HTMLElement>(':scope > .wpwl-label');
  if (label) {
    control.setAttribute('aria-labelledby', label.id);
    listen(label, 'click', () => control.focus());
  } else {
    control.setAttribute('aria-label', widget.texts.labels[labelKey] ?? '');
  }
}

/**
 * A labelled text input in its own group: `input.wpwl-control.wpwl-control-{name}`.
 * Its direction follows what is typed (`dir=auto`): digits stay left to right
 * in an Arabic form, the placeholder reads right to left.
 */
export function input(
  ctx: Pick<FormContext, 'form' | 'groups' | 'controls'>,
  name: string,
  labelKey: string,
  fieldName: string,
  autocomplete: string,
  inputMode: string,
): HTMLInputElement {
  const groupElement = group(ctx, name, labelKey);
  const control = el('input', `wpwl-control wpwl-control-${name}`);
  control.type = 'text';
  control.id = uniqueId(name);
  if (fieldName) control.name = fieldName;
  control.setAttribute('dir', 'auto');
  control.setAttribute('autocomplete', autocomplete);
  control.setAttribute('inputmode', inputMode);
  nameControl(groupElement, control, labelKey);
  const placeholder = widget.texts.placeholders[labelKey];
  if (widget.options.showPlaceholders !== false && placeholder) control.placeholder = placeholder;
  wrapper(groupElement, name).appendChild(control);
  ctx.controls[name] = control;
  return control;
}

/** Adds `id` to the ids in `element`'s `aria-describedby`. */
export function addDescription(element: Element, id: string): void {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  if (!ids.includes(id)) element.setAttribute('aria-describedby', [...ids, id].join(' '));
}

/** Takes `id` out of `element`'s `aria-describedby` (the attribute goes when none is left). */
export function removeDescription(element: Element, id: string): void {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(' ').filter((one) => one && one !== id);
  if (ids.length > 0) element.setAttribute('aria-describedby', ids.join(' '));
  else element.removeAttribute('aria-describedby');
}

/** The submit group with the pay button: `.wpwl-group-submit > .wpwl-wrapper-submit > button`. */
export function submitGroup(ctx: Pick<FormContext, 'form' | 'groups'>, button: HTMLButtonElement, inWrapper = true): void {
  const groupElement = group(ctx, 'submit', null);
  (inWrapper ? wrapper(groupElement, 'submit') : groupElement).appendChild(button);
}

/**
 * A form's container (`div.wpwl-container.{containerClass}.wpwl-style-{style}`,
 * in the language and direction of the widget's texts), the form in it
 * (`form.wpwl-form.{formClass}`), posting to the checkout's payment path, and
 * the container's live region (`div.wpwl-status`, read out politely, seen by
 * no one), there from the start so that screen readers follow it.
 */
export function formContainer(
  containerClass: string,
  formClass: string,
): { container: HTMLElement; form: HTMLFormElement; status: HTMLElement } {
  const container = el('div', `wpwl-container ${containerClass} wpwl-style-${widget.styleName}`);
  container.setAttribute('lang', textLanguage(widget.locale));
  if (textDirection(widget.locale) === 'rtl') container.setAttribute('dir', 'rtl');
  const form = container.appendChild(el('form', `wpwl-form ${formClass}`));
  form.method = 'POST';
  form.action = widget.baseUrl + widget.paymentPath;
  form.noValidate = true;
  const status = container.appendChild(el('div', 'wpwl-status'));
  status.setAttribute('role', 'status');
  return { container, form, status };
}

/** `button.wpwl-button.wpwl-button-pay[name=pay]` with the submit label. */
export function payButton(): HTMLButtonElement {
  const button = el('button', 'wpwl-button wpwl-button-pay');
  button.type = 'submit';
  button.name = 'pay';
  button.textContent = widget.texts.labels.submit ?? '';
  return button;
}

let containerNumber = Math.floor(Math.random() * 1e6) * 100;

/** Digits for the real widget's container ids (`card_<digits>`). */
export function nextContainerNumber(): string {
  containerNumber += 1;
  return String(containerNumber);
}

/** An id no other element of the page has: `wpwl-{part}-<digits>`, for labels and hints the controls point to. */
export function uniqueId(part: string): string {
  return `wpwl-${part}-${nextContainerNumber()}`;
}

/** The element as merchant code expects it: wrapped by the page's jQuery when it has one. */
export function wrapForPage(element: Element): unknown {
  const jQuery = (window as { jQuery?: unknown }).jQuery;
  return typeof jQuery === 'function' ? (jQuery as (element: Element) => unknown)(element) : element;
}
