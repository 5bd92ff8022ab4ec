// The browser's half of the server-rendered Angular page: reads the checkout
// the server rendered from <app-root data-checkout>, and hydrates the page
// with the same component and providers (bundled by angular-ssr.ts).
import '@angular/compiler';
import { bootstrapApplication } from '@angular/platform-browser';
import { CheckoutPageComponent, pageProviders, type PageCheckout } from './angular-ssr-page.js';

const checkout = JSON.parse(document.querySelector('app-root')!.getAttribute('data-checkout')!) as PageCheckout;
bootstrapApplication(CheckoutPageComponent, { providers: pageProviders(checkout) }).catch((error: unknown) => console.error(error));
