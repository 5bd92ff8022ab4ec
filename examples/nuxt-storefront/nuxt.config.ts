// Nuxt settings of the example storefront: @wpwl/nuxt with the shop's
// app-wide widget defaults. The gateway's address and credentials come from
// the environment at run time (NUXT_PUBLIC_WPWL_BASE_URL, NUXT_WPWL_ACCESS_TOKEN,
// NUXT_WPWL_ENTITY_ID), never from this file.
import { fileURLToPath } from 'node:url';

export default defineNuxtConfig({
  compatibilityDate: '2026-05-01',
  modules: ['@wpwl/nuxt'],
  wpwl: { defaults: { brands: 'VISA MASTER AMEX', locale: 'en' } },
  // In this workspace the @wpwl packages resolve to their dist folders, outside node_modules, where Nuxt
  // would add auto-imports to them like to the app's own code: a minified `h` of theirs then meets Vue's.
  // Installed from the registry they sit in node_modules, which Nuxt leaves alone.
  imports: { transform: { exclude: [/[\\/]packages[\\/][\w-]+[\\/]dist[\\/]/] } },
  // The shop's look, shared by every storefront (a path, so it does not depend on Nuxt's source folder).
  css: [fileURLToPath(new URL('../shared/public/shop.css', import.meta.url))],
  app: {
    head: {
      // The pages' language and direction are the shopper's: app.vue sets them.
      title: 'wpwl · Nuxt storefront',
      link: [{ rel: 'icon', href: '/icon.svg', type: 'image/svg+xml' }],
    },
  },
  // The shop code shared with the other storefronts sits outside this app; the server bundles it, the
  // plain-JavaScript texts (../shared/public/shop-texts.js) included, which `nuxt dev` would otherwise
  // leave to Node to import by a path relative to the workspace.
  nitro: { externals: { inline: [fileURLToPath(new URL('../shared/', import.meta.url))] } },
  devtools: { enabled: false },
  telemetry: false,
});
