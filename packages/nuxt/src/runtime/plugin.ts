// Owns the app-wide widget defaults in a Nuxt app: the gateway's base URL and
// the defaults from public runtime config, provided to every <PaymentWidget>
// and usePaymentWidget. It imports only @wpwl/vue's injection key, so every
// route gets the defaults and none gets the widget controller with them.
import { defineNuxtPlugin, useRuntimeConfig } from '#imports';
import { wpwlDefaultsKey } from '@wpwl/vue';

export default defineNuxtPlugin({
  name: 'wpwl',
  setup(nuxtApp) {
    const { baseUrl, defaults } = useRuntimeConfig().public.wpwl;
    nuxtApp.vueApp.provide(wpwlDefaultsKey, { ...defaults, ...(baseUrl ? { baseUrl } : {}) });
  },
});
