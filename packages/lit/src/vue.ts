// The type-only entry `@wpwl/lit/vue`: with `import type {} from '@wpwl/lit/vue'`
// once in a Vue app, <wpwl-widget> in templates has its attributes typed
// (vue-tsc checks them). Nothing runs; tell Vue's compiler the tag is a custom
// element (`compilerOptions.isCustomElement`), as for any web component.
import type { DefineComponent } from 'vue';
import type { WpwlWidgetAttributes } from './attributes.js';

declare module 'vue' {
  interface GlobalComponents {
    'wpwl-widget': DefineComponent<WpwlWidgetAttributes>;
  }
}

export type { WpwlWidgetAttributes };
