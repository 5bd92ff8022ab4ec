// Owns the type of the jQuery-wrapped elements the widget hands its callbacks
// (`this.$form` in the field callbacks, `this.$iframe` in the iframe ones).
// The real widget bundles jQuery, so merchant code calls jQuery methods on
// them without depending on jQuery itself. Types only: nothing here runs.

declare global {
  /**
   * jQuery's own type. Empty here: with `@types/jquery` (or any typing that
   * declares the global `JQuery`) this merges with the full interface, and
   * {@link WidgetJQuery} becomes that; without it, it stays empty and
   * {@link WidgetJQuery} is {@link JQueryLike}.
   */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars -- the merge point, see above
  interface JQuery<TElement = HTMLElement> {}
}

/** What may be inserted with `append`, `before` and the like. */
export type JQueryContent = string | Element | Text | JQueryLike<Element> | readonly (string | Element | Text)[];

/**
 * The jQuery calls merchant code makes on what the widget hands it, typed
 * without `@types/jquery`: traversal (`find`, `closest`, `[0]`), values and
 * attributes (`val`, `attr`, `prop`, `data`), classes and styles, content,
 * visibility and events. Setters return the set for chaining.
 */
export interface JQueryLike<TElement = HTMLElement> {
  /** How many elements the set holds. */
  readonly length: number;
  /** The element at `index` (`this.$iframe[0]`). */
  readonly [index: number]: TElement;
  /** The version of jQuery. */
  readonly jquery: string;
  get(index: number): TElement | undefined;
  get(): TElement[];
  toArray(): TElement[];
  find<E extends Element = HTMLElement>(selector: string): JQueryLike<E>;
  closest<E extends Element = HTMLElement>(selector: string): JQueryLike<E>;
  parent<E extends Element = HTMLElement>(selector?: string): JQueryLike<E>;
  children<E extends Element = HTMLElement>(selector?: string): JQueryLike<E>;
  siblings<E extends Element = HTMLElement>(selector?: string): JQueryLike<E>;
  next<E extends Element = HTMLElement>(selector?: string): JQueryLike<E>;
  prev<E extends Element = HTMLElement>(selector?: string): JQueryLike<E>;
  filter(selector: string | ((this: TElement, index: number, element: TElement) => boolean)): this;
  first(): this;
  last(): this;
  eq(index: number): this;
  is(selector: string): boolean;
  each(callback: (this: TElement, index: number, element: TElement) => void | false): this;
  val(): string | number | string[] | undefined;
  val(value: string | number | readonly string[]): this;
  attr(name: string): string | undefined;
  attr(name: string, value: string | number | boolean | null): this;
  attr(attributes: Record<string, string | number | boolean | null>): this;
  removeAttr(name: string): this;
  prop(name: string): unknown;
  prop(name: string, value: unknown): this;
  data(key: string): unknown;
  data(key: string, value: unknown): this;
  addClass(className: string): this;
  removeClass(className?: string): this;
  toggleClass(className: string, state?: boolean): this;
  hasClass(className: string): boolean;
  css(property: string): string;
  css(property: string, value: string | number): this;
  css(properties: Record<string, string | number>): this;
  text(): string;
  text(text: string | number | boolean): this;
  html(): string;
  html(html: string): this;
  append(...content: JQueryContent[]): this;
  prepend(...content: JQueryContent[]): this;
  after(...content: JQueryContent[]): this;
  before(...content: JQueryContent[]): this;
  remove(selector?: string): this;
  empty(): this;
  show(duration?: number | string): this;
  hide(duration?: number | string): this;
  toggle(display?: boolean): this;
  height(): number | undefined;
  height(value: string | number): this;
  width(): number | undefined;
  width(value: string | number): this;
  focus(): this;
  blur(): this;
  on(events: string, handler: (this: TElement, event: Event) => unknown): this;
  on(events: string, selector: string, handler: (this: HTMLElement, event: Event) => unknown): this;
  off(events?: string, selector?: string): this;
  trigger(event: string, extra?: unknown): this;
}

/**
 * A jQuery-wrapped set of `TElement`s as the widget hands it to callbacks:
 * jQuery's own `JQuery<TElement>` when `@types/jquery` is installed,
 * {@link JQueryLike} otherwise.
 */
export type WidgetJQuery<TElement = HTMLElement> = [keyof JQuery<TElement>] extends [never] ? JQueryLike<TElement> : JQuery<TElement>;
