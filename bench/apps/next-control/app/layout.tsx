// The root layout: the shop's shared look, as on the Next.js storefront;
// rendered per request like the storefront's (no static shell).
import type { ReactNode } from 'react';
import '../../../../examples/shared/public/shop.css';

export const metadata = { title: 'Next.js checkout, hand-written' };

export const instant = false;

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" dir="ltr">
      <body>{children}</body>
    </html>
  );
}
