// The type-only entry `@wpwl/lit/svelte`: with `import type {} from '@wpwl/lit/svelte'`
// once in a Svelte 5 app, <wpwl-widget> is an element svelte-check knows: its
// attributes typed, its events as Svelte 5 event attributes (`onwpwl-ready`,
// `onwpwl-error` …) with their detail. Nothing runs; import '@wpwl/lit/define'
// where the page should register the element.
import type { HTMLAttributes } from 'svelte/elements';
import type { WpwlWidgetAttributes } from './attributes.js';
import type { WpwlWidgetElement } from './element.js';
import type { WpwlWidgetEventMap } from './events.js';

/** The element's events as Svelte 5 event attributes: `onwpwl-ready`, `onwpwl-error`, … */
export type WpwlWidgetSvelteEvents = {
  [K in keyof WpwlWidgetEventMap as `on${K}`]?: (event: WpwlWidgetEventMap[K] & { currentTarget: WpwlWidgetElement }) => void;
};

/** What Svelte takes on <wpwl-widget>: an HTML element's attributes, the widget's attributes and events. */
export type WpwlWidgetSvelteAttributes = HTMLAttributes<WpwlWidgetElement> & WpwlWidgetAttributes & WpwlWidgetSvelteEvents;

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'wpwl-widget': WpwlWidgetSvelteAttributes;
  }
}

export type { WpwlWidgetAttributes };
