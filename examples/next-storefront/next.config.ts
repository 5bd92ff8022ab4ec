// Next.js settings of the example storefront. cacheComponents keeps a page
// the shopper navigates away from hidden (React's <Activity>) instead of
// unmounting it: the checkout page must then neither load the widget twice
// nor lose it when shown again.
import type { NextConfig } from 'next';
import { fileURLToPath } from 'node:url';

const config: NextConfig = {
  cacheComponents: true,
  partialPrefetching: true,
  reactStrictMode: true,
  // The workspace root, so the shared stylesheet and result texts next to this example resolve.
  turbopack: { root: fileURLToPath(new URL('../..', import.meta.url)) },
  poweredByHeader: false,
};

export default config;
