// The type-only entry `@wpwl/lit/jsx`: with `import type {} from '@wpwl/lit/jsx'`
// once in a React app, <wpwl-widget> is an element JSX knows, its attributes
// typed, its ref a WpwlWidgetElement. Nothing runs.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { WpwlWidgetAttributes } from './attributes.js';
import type { WpwlWidgetElement } from './element.js';

/** What JSX takes on <wpwl-widget>: React's props of an HTML element, and the widget's attributes. */
export type WpwlWidgetJsxProps = DetailedHTMLProps<HTMLAttributes<WpwlWidgetElement>, WpwlWidgetElement> & WpwlWidgetAttributes;

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React declares JSX as a namespace; merging needs one
  namespace JSX {
    interface IntrinsicElements {
      'wpwl-widget': WpwlWidgetJsxProps;
    }
  }
}

export type { WpwlWidgetAttributes };
