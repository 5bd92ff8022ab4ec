// The type-only entry `@wpwl/lit/astro`: with `import type {} from '@wpwl/lit/astro'`
// in an Astro project (an `env.d.ts` line, or a component's frontmatter),
// <wpwl-widget> in .astro templates has its attributes typed (`astro check`).
// Nothing runs; a page registers the element with a
// `<script>import '@wpwl/lit/define';</script>`.
import type { WpwlWidgetAttributes } from './attributes.js';

/**
 * What an .astro template takes on <wpwl-widget>: the widget's attributes and
 * the global ones a page sets on any element. A type literal, so that it fits
 * the index signature of Astro's own element table when the two merge.
 */
export type WpwlWidgetAstroAttributes = WpwlWidgetAttributes & {
  id?: string;
  class?: string;
  'class:list'?: unknown;
  style?: string | Record<string, string | number>;
  slot?: string;
  hidden?: boolean;
  lang?: string;
  dir?: 'ltr' | 'rtl' | 'auto';
  title?: string;
  [data: `data-${string}`]: string | number | boolean | undefined;
  [aria: `aria-${string}`]: string | number | boolean | undefined;
};

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Astro declares its JSX as a global namespace; merging needs one
  namespace astroHTML.JSX {
    interface IntrinsicElements {
      'wpwl-widget': WpwlWidgetAstroAttributes;
    }
  }
}

export type { WpwlWidgetAttributes };
