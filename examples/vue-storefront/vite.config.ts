// Built into dist/ and served by the example merchant server at
// /vue-storefront/. The output runs under the server's nonce-based CSP: no
// inline script, one module script and one stylesheet, and Vue's runtime-only
// build (the templates are compiled here, so nothing is evaluated from strings).
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/vue-storefront/',
  plugins: [vue()],
  build: {
    // Every browser that runs the widget supports modulepreload; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
  },
  server: {
    // `pnpm dev` here needs the merchant server for its API (`pnpm start` in examples/merchant-server).
    proxy: { '/api': process.env.MERCHANT_URL ?? 'http://127.0.0.1:3000' },
  },
});
