// The same Next.js settings as the Next.js storefront's, so that both pages
// are rendered and served the same way: only the widget's code differs.
import type { NextConfig } from 'next';
import { fileURLToPath } from 'node:url';

const config: NextConfig = {
  cacheComponents: true,
  partialPrefetching: true,
  reactStrictMode: true,
  // The workspace root, so the shop's shared stylesheet resolves.
  turbopack: { root: fileURLToPath(new URL('../../..', import.meta.url)) },
  poweredByHeader: false,
};

export default config;
