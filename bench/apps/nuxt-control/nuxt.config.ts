// The bench's hand-written Nuxt control: the Nuxt storefront's settings
// without @wpwl/nuxt. The gateway's address and credentials come from the
// environment at run time (NUXT_PUBLIC_WPWL_BASE_URL, NUXT_WPWL_ACCESS_TOKEN,
// NUXT_WPWL_ENTITY_ID, the names the storefront's module reads).
import { fileURLToPath } from 'node:url';

export default defineNuxtConfig({
  compatibilityDate: '2026-05-01',
  runtimeConfig: { wpwlAccessToken: '', wpwlEntityId: '', public: { wpwlBaseUrl: '' } },
  // The shop's look, shared by every storefront.
  css: [fileURLToPath(new URL('../../../examples/shared/public/shop.css', import.meta.url))],
  app: { head: { title: 'Nuxt checkout, hand-written', htmlAttrs: { lang: 'en', dir: 'ltr' } } },
  devtools: { enabled: false },
  telemetry: false,
});
