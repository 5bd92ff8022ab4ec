// Built into dist/ and served by the example merchant server at
// /react-storefront/. The output has no inline script (the pages run under a
// nonce-based CSP): one module script and one stylesheet per page.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/react-storefront/',
  plugins: [react()],
  build: {
    // Every browser that runs the widget supports modulepreload; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
  },
  server: {
    // `pnpm dev` here needs the merchant server for its API (`pnpm start` in examples/merchant-server).
    proxy: { '/api': process.env.MERCHANT_URL ?? 'http://127.0.0.1:3000' },
  },
});
