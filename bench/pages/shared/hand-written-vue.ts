// The hand-written Vue control: a merchant's own component around the
// widget, no wpwl code. It loads the widget into its form once mounted,
// reloads it when the checkout id changes, and unloads it before it goes.
import { defineComponent, h, nextTick, onBeforeUnmount, onMounted, watch, type PropType } from 'vue';
import { loadWidget, unloadWidget, type HandWrittenCallbacks } from './hand-written.js';
import { brands, shopperResultUrl } from './page.js';

export const HandWrittenWidget = defineComponent({
  props: {
    checkoutId: { type: String, required: true },
    onReady: { type: Function as PropType<HandWrittenCallbacks['onReady']>, required: true },
    onError: { type: Function as PropType<HandWrittenCallbacks['onError']>, required: true },
  },
  setup(props) {
    const load = () => loadWidget(props.checkoutId, { onReady: () => props.onReady(), onError: (error) => props.onError(error) });
    onMounted(load);
    watch(
      () => props.checkoutId,
      async () => {
        unloadWidget();
        // The form is rendered anew for the new checkout (keyed): load into that one.
        await nextTick();
        load();
      },
    );
    onBeforeUnmount(unloadWidget);
    return () => h('form', { key: props.checkoutId, class: 'paymentWidgets', action: shopperResultUrl, 'data-brands': brands });
  },
});
