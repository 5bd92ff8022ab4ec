// The root layout: the shop's shared look, the page's language and
// direction (the shopper's, from the request: English, or Arabic right to
// left), and the app-wide widget defaults, its locale and the request's CSP
// nonce among them.
// <WpwlProvider> here ships no widget controller to pages without a widget:
// the controller comes with <PaymentWidget> on the checkout page.
import type { ReactNode } from 'react';
import { WpwlProvider } from '@wpwl/react';
import { headers } from 'next/headers';
import { NONCE_HEADER } from '../lib/csp';
import { requestLanguage } from '../lib/language';
import '../../shared/public/shop.css';

export const metadata = { title: 'wpwl · Next.js storefront' };

// The <html> element's lang and dir come from the request (its Accept-Language), so every page is
// rendered per request: no page has a static shell to prerender, and navigations into one wait for the server.
export const instant = false;

export default async function RootLayout({ children }: { children: ReactNode }) {
  const language = await requestLanguage();
  // The request's CSP nonce (proxy.ts): the widget's script tags carry it.
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return (
    <html lang={language.tag} dir={language.dir}>
      <body>
        <WpwlProvider brands="VISA MASTER AMEX" locale={language.locale} nonce={nonce}>
          {children}
        </WpwlProvider>
      </body>
    </html>
  );
}
