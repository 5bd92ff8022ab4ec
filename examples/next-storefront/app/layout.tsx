// The root layout: the shop's shared look, and the app-wide widget defaults.
// <WpwlProvider> here ships no widget controller to pages without a widget:
// the controller comes with <PaymentWidget> on the checkout page.
import type { ReactNode } from 'react';
import { WpwlProvider } from '@wpwl/react';
import '../../shared/public/shop.css';

export const metadata = { title: 'wpwl · Next.js storefront' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <WpwlProvider brands="VISA MASTER AMEX" locale="en">
          {children}
        </WpwlProvider>
      </body>
    </html>
  );
}
