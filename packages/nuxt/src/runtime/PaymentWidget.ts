// Owns <PaymentWidget> in a Nuxt app: @wpwl/vue's component, plus the links
// that let the page the server renders start the widget script's download at
// once: a preload of the exact script (integrity, CORS mode and nonce as the
// loader's tag will have them, so the browser reuses the response) and a
// preconnect to the gateway, in the head through Nuxt's head handling. For
// express checkout (createCheckout, no checkoutId) that script is the one
// without a checkout id; a config the widget refuses preloads nothing.
import { defineComponent, h, inject, ref, toValue, type Component } from 'vue';
import { useHead } from '#imports';
import { widgetPreloadLinks, type PaymentWidgetDefaults, type WidgetLinkAttributes } from '@wpwl/core';
import { PaymentWidget as VuePaymentWidget, wpwlDefaultsKey, type PaymentWidgetComponent, type PaymentWidgetExposed } from '@wpwl/vue';

/** The props the preload needs; every other prop and listener passes through to @wpwl/vue's component. */
const PRELOAD_PROPS = {
  checkoutId: { type: String, default: undefined },
  // Only whether it is there: express checkout loads the script without a checkout id.
  createCheckout: { type: Function, default: undefined },
  baseUrl: { type: String, default: undefined },
  integrity: { type: String, default: undefined },
  nonce: { type: String, default: undefined },
};

/** A link as Nuxt's head takes it (lower-case `crossorigin`), keyed by its URL so a re-render does not add it twice. */
function headLink({ crossOrigin, ...link }: WidgetLinkAttributes) {
  return { ...link, ...(crossOrigin ? { crossorigin: crossOrigin } : {}), key: `wpwl-${link.rel}-${link.href}` };
}

const PaymentWidget = defineComponent({
  name: 'PaymentWidget',
  inheritAttrs: false,
  props: PRELOAD_PROPS,
  setup(props, { attrs, slots, expose }) {
    const defaults = toValue(inject(wpwlDefaultsKey, undefined)) as PaymentWidgetDefaults | undefined;
    if (import.meta.server) {
      const baseUrl = props.baseUrl ?? defaults?.baseUrl;
      const nonce = props.nonce ?? defaults?.nonce;
      // Exactly one of them, or the widget loads nothing (core reports neither, or both).
      const express = props.createCheckout !== undefined;
      if (express !== (props.checkoutId !== undefined) && baseUrl) {
        try {
          const checkoutId = express ? undefined : props.checkoutId;
          const links = widgetPreloadLinks({ baseUrl, checkoutId, integrity: props.integrity, nonce });
          useHead({ link: links.map(headLink) });
        } catch {
          // An invalid id, URL or hash: no preload. The widget reports the error itself, with its code.
        }
      }
    }
    const inner = ref<PaymentWidgetExposed>();
    expose({ pay: () => inner.value?.pay() ?? false, retry: () => inner.value?.retry() });
    return () => {
      const given = Object.fromEntries(Object.entries(props).filter(([, value]) => value !== undefined));
      return h(VuePaymentWidget as Component, { ...attrs, ...given, ref: inner }, slots);
    };
  },
});

// Typed as @wpwl/vue's component: the same props, emits, slots and exposed methods in templates.
export default PaymentWidget as unknown as PaymentWidgetComponent;
