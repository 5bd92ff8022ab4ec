// Entry: picks the page from the path (the merchant server serves index.html
// for every page of this app), speaks the shopper's language (the page's
// lang and dir, its texts, the widget's locale) and gives every widget the
// page's CSP nonce.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { WpwlProvider } from '@wpwl/react';
import { shopLanguage } from '../../shared/shop-language.js';
import { LanguageContext } from './language.js';
import { ShopPage } from './shop.js';
import { ResultPage } from './result.js';
import '../../shared/public/shop.css';

// The server puts this response's nonce on our script tag; browsers hide the
// attribute once parsed but keep the `nonce` property.
const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
const page = location.pathname === `${import.meta.env.BASE_URL}result` ? <ResultPage /> : <ShopPage />;

// The browser's first language the widget has (English otherwise) for the
// form; the page in Arabic, right to left, when that is Arabic.
const language = shopLanguage(navigator.languages);
document.documentElement.lang = language.tag;
document.documentElement.dir = language.dir;
document.title = `${language.texts.shopName} · wpwl React storefront`;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LanguageContext value={language}>
      <WpwlProvider nonce={nonce} locale={language.locale}>
        <header>
          <h1>{language.texts.shopName}</h1>
        </header>
        <main>{page}</main>
      </WpwlProvider>
    </LanguageContext>
  </StrictMode>,
);
