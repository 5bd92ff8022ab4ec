// The stylesheet the widget links (`/v1/css/paymentWidgets.min.css`). It
// styles the same class names as the real widget, so merchant overrides
// written against the sandbox keep their meaning, and gives each documented
// style its look: `card` (the default) a card payment form (grouped fields,
// expiry and CVV side by side, the brand's logo, a spinner on the pay button
// while the payment is on its way, hints under the fields), `plain` the same
// fields without the card frame, `logos` the offered brands as a row of logos
// instead of the brand select, `none` nothing but what the form needs to work.
// Every style keeps the focus in sight, holds the spinner still for shoppers
// who ask for reduced motion, and hides the live region from the eye only.
// The express mode's wallet sheet has one look whatever the style: a panel
// over a backdrop that dims the whole page and takes its clicks.
import { brandLogoPath, LOGO_BRANDS } from './brand-logos.js';

/** Rules every style has: the form works, errors show and the focus is seen, whatever the look. */
const FUNCTIONAL = [
  '.wpwl-container *{box-sizing:border-box}',
  '.wpwl-form{margin:0}',
  '.wpwl-control-threeDSecure{display:block;max-width:100%;border:0;background:#fff}',
  '.wpwl-has-error>.wpwl-hint,.wpwl-hint[class*=Error]{color:#b3261e}',
  '[dir=rtl].wpwl-container{direction:rtl}',
  // Typed digits run left to right (the inputs are dir=auto); in a right-to-left form they sit on the right.
  '[dir=rtl].wpwl-container .wpwl-control{text-align:right}',
  // Seen by screen readers only: what the form is doing while the payment is on its way.
  '.wpwl-status{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}',
  // A target a finger or a shaking hand can hit (WCAG 2.5.8), unless the page sizes it: no specificity.
  ':where(.wpwl-container .wpwl-button){min-height:24px;min-width:24px}',
];

/** The stand-in wallet sheet (appended to the page's body, outside any container). */
const WALLET_SHEET = [
  '.wpwl-wallet-sheet{position:fixed;z-index:2147483000;top:50%;left:50%;transform:translate(-50%,-50%);width:min(24em,calc(100vw - 2em));max-height:calc(100vh - 2em);overflow:auto;padding:1.2em;border-radius:12px;background:#fff;color:#1d2330;font:15px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;box-shadow:0 8px 24px rgba(16,24,40,.3)}',
  // Under the sheet, over the whole page: dims it and takes the clicks meant for it.
  '.wpwl-wallet-sheet-backdrop{position:fixed;z-index:2147482999;top:0;right:0;bottom:0;left:0;background:rgba(16,24,40,.45)}',
  '.wpwl-wallet-sheet *{box-sizing:border-box}',
  '.wpwl-wallet-sheet-title{margin:0 0 .6em;font-size:1.15em}',
  '.wpwl-wallet-sheet-total{margin:0 0 .9em;font-weight:600}',
  '.wpwl-wallet-sheet-shipping{margin:0 0 1em;padding:.6em .8em;border:1px solid #c3c8d0;border-radius:8px}',
  '.wpwl-wallet-sheet-shipping legend{padding:0 .3em;font-size:.85em;font-weight:600;color:#4a5160}',
  '.wpwl-wallet-sheet-shipping label{display:flex;align-items:center;gap:.5em;min-height:24px;padding:.2em 0;cursor:pointer}',
  '.wpwl-wallet-sheet-actions{display:flex;gap:.6em}',
  '.wpwl-wallet-sheet-actions button{flex:1;min-height:2.8em;padding:.6em 1em;border-radius:6px;font:inherit;font-weight:600;cursor:pointer}',
  '.wpwl-wallet-sheet-pay{border:0;background:#1d2330;color:#fff}',
  '.wpwl-wallet-sheet-cancel{border:1px solid #c3c8d0;background:#fff;color:#1d2330}',
  '.wpwl-wallet-sheet :focus-visible{outline:2px solid #1f5fd1;outline-offset:2px}',
];

/** The looks of `card`, `plain` and `logos` (they share the fields' look). */
const STYLED = ['.wpwl-style-card', '.wpwl-style-plain', '.wpwl-style-logos'];

function styled(selector: string, declarations: string): string {
  const selectors = selector.split(',');
  return `${STYLED.flatMap((style) => selectors.map((one) => `${style} ${one.trim()}`)).join(',')}{${declarations}}`;
}

const FIELDS = [
  `${STYLED.join(',')}{max-width:26em;margin:0 0 1em;font:15px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d2330}`,
  styled('.wpwl-group', 'margin:0 0 .8em'),
  styled('.wpwl-label', 'margin:0 0 .3em;font-size:.85em;font-weight:600;color:#4a5160'),
  styled(
    '.wpwl-control',
    'display:block;width:100%;height:2.6em;padding:.5em .7em;border:1px solid #c3c8d0;border-radius:6px;font:inherit;color:inherit;background:#fff;transition:border-color .15s,box-shadow .15s',
  ),
  styled('.wpwl-control:focus', 'border-color:#2f6fde'),
  // The focus ring: a solid line around whatever has the keyboard focus, the brand logos and radios too.
  styled(':focus-visible', 'outline:2px solid #1f5fd1;outline-offset:2px'),
  styled('.wpwl-control[type=radio]', 'display:inline-block;width:1.1em;height:1.1em;margin:0;padding:0;vertical-align:middle'),
  styled('.wpwl-control.wpwl-has-error,.wpwl-has-error .wpwl-control', 'border-color:#b3261e;box-shadow:0 0 0 3px rgba(179,38,30,.12)'),
  styled('.wpwl-hint', 'margin-top:.3em;font-size:.82em;color:#5b6270'),
  styled(
    '.wpwl-hint[class*=Error]::before',
    'content:"!";display:inline-block;width:1.2em;height:1.2em;margin-inline-end:.35em;border-radius:50%;background:#b3261e;color:#fff;font-size:.8em;font-weight:700;line-height:1.2em;text-align:center;vertical-align:.05em',
  ),
  styled('.wpwl-message', 'margin:0 0 .9em;padding:.6em .8em;border-radius:6px;font-size:.9em'),
  styled('.wpwl-message.wpwl-has-error', 'background:#fdecea;color:#8c1d18'),
  styled(
    '.wpwl-button',
    'display:inline-flex;align-items:center;justify-content:center;gap:.5em;min-height:2.8em;padding:.6em 1.2em;border:0;border-radius:6px;font:inherit;font-weight:600;cursor:pointer',
  ),
  styled('.wpwl-button-pay', 'width:100%;background:#1f5fd1;color:#fff'),
  styled('.wpwl-button-pay:hover', 'background:#184fb0'),
  styled('.wpwl-button:disabled', 'opacity:.75;cursor:progress'),
  // The spinner while the payment is on its way.
  styled(
    '.wpwl-button-pay[aria-busy=true]::after',
    'content:"";width:1em;height:1em;border:2px solid currentColor;border-right-color:transparent;border-radius:50%;animation:wpwl-spin .7s linear infinite',
  ),
  '@keyframes wpwl-spin{to{transform:rotate(360deg)}}',
  // Reduced motion: the spinner stands still (the button still says busy) and nothing fades.
  `@media (prefers-reduced-motion:reduce){${styled('.wpwl-button-pay[aria-busy=true]::after', 'animation:none')}${styled('.wpwl-control,.wpwl-brand-logos .wpwl-brand', 'transition:none')}}`,
  styled('.wpwl-button-brand', 'background:#f1f3f6;color:#1d2330;border:1px solid #c3c8d0'),
  styled('.wpwl-button-otherPaymentMethods', 'width:100%;margin-top:.6em;background:none;color:#1f5fd1;text-decoration:underline'),
  // Brand marks: images from the gateway, the brand's name kept for assistive technology.
  styled(
    '.wpwl-brand',
    'display:inline-block;width:48px;height:30px;padding:0;border:0;background-color:transparent;background-repeat:no-repeat;background-position:center;background-size:contain;color:transparent;overflow:hidden;white-space:nowrap;vertical-align:middle',
  ),
  styled('.wpwl-group-brand', 'display:flex;flex-wrap:wrap;align-items:center;gap:.5em'),
  styled('.wpwl-group-brand .wpwl-label', 'flex-basis:100%;margin:0'),
  styled('.wpwl-wrapper-brand', 'flex:1'),
  // Stored cards: one row per card, the chosen one framed.
  styled('.wpwl-group-registration', 'margin:0 0 .5em;border:1px solid #c3c8d0;border-radius:8px;background:#fff'),
  styled('.wpwl-group-registration.wpwl-selected', 'border-color:#1f5fd1;box-shadow:0 0 0 2px rgba(31,95,209,.25)'),
  styled('.wpwl-registration', 'display:flex;flex-wrap:wrap;align-items:center;gap:.6em;padding:.7em .8em;cursor:pointer'),
  styled('.wpwl-wrapper-registration-details', 'flex:1;min-width:8em;font-size:.9em'),
  styled('.wpwl-wrapper-registration-number', 'font-weight:600;letter-spacing:.04em'),
  styled('.wpwl-wrapper-registration-holder,.wpwl-wrapper-registration-expiry', 'color:#5b6270'),
  styled('.wpwl-wrapper-registration-cvv', 'width:6em'),
  // STC_PAY's payment mode.
  styled('.wpwl-group-paymentMode', 'display:flex;gap:1.2em'),
  styled('.wpwl-group-paymentMode .wpwl-label', 'font-weight:400;color:inherit'),
];

/** `card`: a framed card form, expiry and CVV side by side, the logo at the number. */
const CARD = [
  '.wpwl-style-card .wpwl-form{padding:1.2em;border:1px solid #dde1e7;border-radius:12px;background:#fafbfc;box-shadow:0 1px 3px rgba(16,24,40,.08)}',
  '.wpwl-style-card .wpwl-form-card{display:grid;grid-template-columns:1fr 1fr;grid-auto-flow:dense;column-gap:1em}',
  '.wpwl-style-card .wpwl-form-card>*{grid-column:1/-1}',
  '.wpwl-style-card .wpwl-form-card>.wpwl-group-expiry,.wpwl-style-card .wpwl-form-card>.wpwl-group-cvv{grid-column:auto}',
];

/** `plain`: the same fields on the page's own background. */
const PLAIN = ['.wpwl-style-plain .wpwl-form{padding:0;border:0;background:none}'];

/** `logos`: the offered brands as a row of logos; the select stays for the form, out of sight. */
const LOGOS = [
  '.wpwl-style-logos .wpwl-form{padding:1.2em;border:1px solid #dde1e7;border-radius:12px;background:#fff}',
  '.wpwl-style-logos .wpwl-wrapper-brand{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}',
  '.wpwl-style-logos .wpwl-brand-card{display:none}',
  '.wpwl-style-logos .wpwl-group-brand{position:relative}',
  '.wpwl-style-logos .wpwl-brand-logos{display:flex;flex-wrap:wrap;gap:.4em}',
  '.wpwl-style-logos .wpwl-brand-logos .wpwl-brand{opacity:.35;transition:opacity .15s}',
  '.wpwl-style-logos .wpwl-brand-logos .wpwl-brand.wpwl-selected{opacity:1}',
  // A faded logo with the focus is shown whole, its focus ring with it.
  '.wpwl-style-logos .wpwl-brand-logos .wpwl-brand:focus-visible{opacity:1}',
];

/** One rule per brand: its logo, from the gateway. */
const LOGO_IMAGES = LOGO_BRANDS.map((brand) => `.wpwl-brand-${brand}{background-image:url(${brandLogoPath(brand)})}`);

/** Text of the sandbox `paymentWidgets.min.css`, served byte for byte. */
export const widgetStylesheet: string =
  [...FUNCTIONAL, ...WALLET_SHEET, ...FIELDS, ...CARD, ...PLAIN, ...LOGOS, ...LOGO_IMAGES].join('\n') + '\n';
