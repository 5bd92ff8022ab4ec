// Owns the Nuxt module @wpwl/nuxt: what `modules: ['@wpwl/nuxt']` sets up in
// a Nuxt app. The gateway's base URL and the app-wide widget defaults go to
// public runtime config, the access token and entity id to private runtime
// config only; a plugin provides the defaults to every widget without
// shipping the widget controller; <PaymentWidget> (which also preloads the
// widget script from the server's HTML) and usePaymentWidget are
// auto-imported; the packages are pre-bundled for the dev server; and the
// server gets useWpwlGateway(), a @wpwl/server client from private config.
import { addComponent, addImports, addPlugin, addServerImports, createResolver, defineNuxtModule, extendViteConfig } from '@nuxt/kit';
import type { PaymentWidgetDefaults } from '@wpwl/core';

/** Options of @wpwl/nuxt, under `wpwl` in nuxt.config. */
export interface ModuleOptions {
  /**
   * The gateway's base URL the shopper's browser loads the widget from, e.g.
   * `https://test.gateway.example`. Public runtime config: override at run
   * time with NUXT_PUBLIC_WPWL_BASE_URL.
   */
  baseUrl?: string;
  /** App-wide widget defaults besides the base URL (locale, brands, options …), public. */
  defaults?: Omit<PaymentWidgetDefaults, 'baseUrl' | 'nonce'>;
  /**
   * The base URL the server calls the gateway at, when it differs from the
   * browser's (a private network address, say); default `baseUrl`. Private:
   * NUXT_WPWL_SERVER_BASE_URL.
   */
  serverBaseUrl?: string;
  /**
   * Leave empty here: set NUXT_WPWL_ACCESS_TOKEN and NUXT_WPWL_ENTITY_ID in the
   * server's environment. Both stay in private runtime config, which never
   * reaches a browser.
   */
  accessToken?: string;
  entityId?: string;
}

/** The public runtime config the module adds, at `runtimeConfig.public.wpwl`. */
export interface WpwlPublicRuntimeConfig {
  baseUrl: string;
  defaults: Omit<PaymentWidgetDefaults, 'baseUrl' | 'nonce'>;
}

/** The private runtime config the module adds, at `runtimeConfig.wpwl`. */
export interface WpwlPrivateRuntimeConfig {
  serverBaseUrl: string;
  accessToken: string;
  entityId: string;
}

declare module 'nuxt/schema' {
  interface PublicRuntimeConfig {
    wpwl: WpwlPublicRuntimeConfig;
  }
  interface RuntimeConfig {
    wpwl: WpwlPrivateRuntimeConfig;
  }
}

export default defineNuxtModule<ModuleOptions>({
  meta: { name: '@wpwl/nuxt', configKey: 'wpwl', compatibility: { nuxt: '>=4.0.0' } },
  defaults: { baseUrl: '', defaults: {}, serverBaseUrl: '', accessToken: '', entityId: '' },
  setup(options, nuxt) {
    const resolver = createResolver(import.meta.url);
    if (options.accessToken && !nuxt.options.dev) {
      console.warn('[@wpwl/nuxt] an access token is written in nuxt.config: set NUXT_WPWL_ACCESS_TOKEN in the environment instead.');
    }
    const config = nuxt.options.runtimeConfig;
    config.public.wpwl = { baseUrl: options.baseUrl ?? '', defaults: options.defaults ?? {} };
    config.wpwl = {
      serverBaseUrl: options.serverBaseUrl ?? '',
      accessToken: options.accessToken ?? '',
      entityId: options.entityId ?? '',
    };

    // The runtime files import '#imports', which only the app's build resolves.
    nuxt.options.build.transpile.push(resolver.resolve('./runtime'));
    addPlugin(resolver.resolve('./runtime/plugin'));
    addComponent({ name: 'PaymentWidget', filePath: resolver.resolve('./runtime/PaymentWidget') });
    addImports({ name: 'usePaymentWidget', from: '@wpwl/vue' });
    addServerImports([{ name: 'useWpwlGateway', from: resolver.resolve('./runtime/server/gateway') }]);

    // Pre-bundled at dev server start, so the first visit to a checkout page does not reload the page.
    // Named through this package ("a > b"): the app itself may not depend on them (pnpm's strict layout).
    extendViteConfig((vite) => {
      vite.optimizeDeps ??= {};
      vite.optimizeDeps.include ??= [];
      vite.optimizeDeps.include.push('@wpwl/nuxt > @wpwl/core', '@wpwl/nuxt > @wpwl/vue');
    });
  },
});
