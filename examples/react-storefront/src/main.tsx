// Entry: picks the page from the path (the merchant server serves index.html
// for every page of this app) and gives every widget the page's CSP nonce.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preferredLocale } from '@wpwl/core';
import { WpwlProvider } from '@wpwl/react';
import { ShopPage } from './shop.js';
import { ResultPage } from './result.js';
import '../../shared/public/shop.css';

// The server puts this response's nonce on our script tag; browsers hide the
// attribute once parsed but keep the `nonce` property.
const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
const page = location.pathname === `${import.meta.env.BASE_URL}result` ? <ResultPage /> : <ShopPage />;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <WpwlProvider nonce={nonce} locale={preferredLocale(navigator.languages)}>
      <header>
        <h1>Tea shop</h1>
      </header>
      <main>{page}</main>
    </WpwlProvider>
  </StrictMode>,
);
