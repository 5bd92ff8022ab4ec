// Owns the brand logos the stand-in shows: one small SVG per brand, served at
// /v1/img/brands/{BRAND}.svg and used as background images by the
// stylesheet. They are the sandbox's own marks (a colour and the brand's
// short name), not the schemes' trademarks; static text with no script, so
// they are safe under any CSP that lets the gateway's images in.
import { BRAND_NAMES } from '../brands.js';

/** Colour and short name per brand; others get a neutral mark with their code. */
const MARKS: Record<string, [background: string, text: string, label: string]> = {
  VISA: ['#1a1f71', '#fff', 'VISA'],
  VISADEBIT: ['#1a1f71', '#fff', 'VISA DEBIT'],
  VISAELECTRON: ['#1a1f71', '#fff', 'ELECTRON'],
  MASTER: ['#222', '#f79e1b', 'MASTER'],
  MASTERDEBIT: ['#222', '#f79e1b', 'DEBIT MC'],
  MAESTRO: ['#0e4c96', '#fff', 'MAESTRO'],
  AMEX: ['#2e77bc', '#fff', 'AMEX'],
  JCB: ['#0b5c30', '#fff', 'JCB'],
  DINERS: ['#0079be', '#fff', 'DINERS'],
  DISCOVER: ['#fff', '#e55c20', 'DISCOVER'],
  UNIONPAY: ['#d10429', '#fff', 'UNIONPAY'],
  MADA: ['#fff', '#259bd6', 'mada'],
  CARTEBANCAIRE: ['#005c8f', '#fff', 'CB'],
  MEEZA: ['#fff', '#14365d', 'MEEZA'],
  APPLEPAY: ['#000', '#fff', 'Apple Pay'],
  APPLEPAYTKN: ['#000', '#fff', 'Apple Pay'],
  GOOGLEPAY: ['#fff', '#3c4043', 'G Pay'],
  PAYPAL: ['#ffc439', '#003087', 'PayPal'],
  STC_PAY: ['#4f008c', '#fff', 'stc pay'],
};

/** Path of a brand's logo under the gateway base URL. */
export function brandLogoPath(brand: string): string {
  return `/v1/img/brands/${brand}.svg`;
}

/** The SVG text of a brand's logo. */
export function brandLogo(brand: string): string {
  const [background, text, label] = MARKS[brand] ?? ['#eef0f3', '#333', (BRAND_NAMES[brand] ?? brand).slice(0, 12)];
  const size = label.length > 8 ? 8 : 10;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="30" viewBox="0 0 48 30" role="img" aria-label="${label}">` +
    `<rect x=".5" y=".5" width="47" height="29" rx="4" fill="${background}" stroke="#d0d4da"/>` +
    `<text x="24" y="${Math.round(15 + size / 3)}" font-family="Arial,Helvetica,sans-serif" font-size="${size}" font-weight="700" fill="${text}" text-anchor="middle">${label}</text>` +
    `</svg>\n`
  );
}

/** Every brand the widget knows. */
export const LOGO_BRANDS: readonly string[] = Object.keys(BRAND_NAMES);
