// Owns the fake widget's express-checkout markup: one wallet button per
// wallet brand of a `form.paymentWidgets`, with the class names and
// accessible names of the sandbox's widget (so merchant CSS, selectors and
// Testing Library find what they expect), and the stand-in wallet sheet a
// pressed button opens: a labelled modal dialog with the total it
// authorises and its pay and cancel buttons.

/** A wallet brand the widget renders a button for on a page loaded without a checkout id. */
export type WalletBrand = 'APPLEPAY' | 'APPLEPAYTKN' | 'GOOGLEPAY' | 'PAYPAL';

/** The wallet brands, with the name the widget shows for each. */
export const WALLET_BRAND_NAMES: Readonly<Record<WalletBrand, string>> = {
  APPLEPAY: 'Apple Pay',
  APPLEPAYTKN: 'Apple Pay',
  GOOGLEPAY: 'Google Pay',
  PAYPAL: 'PayPal',
};

/** True for a wallet brand's code. */
export function isWalletBrand(brand: string): brand is WalletBrand {
  return Object.hasOwn(WALLET_BRAND_NAMES, brand);
}

/** True for the Apple Pay brands, shown only where the browser offers Apple Pay. */
export function isApplePay(brand: WalletBrand): boolean {
  return brand === 'APPLEPAY' || brand === 'APPLEPAYTKN';
}

/** One rendered wallet button and its parts. */
export interface WalletButton {
  brand: WalletBrand;
  container: HTMLDivElement;
  form: HTMLFormElement;
  button: HTMLButtonElement;
  /** The merchant form's action, absolute. */
  shopperResultUrl: string;
}

/**
 * Renders the wallet button of `brand` for the merchant form `target`, just
 * before it, as the widget does: its accessible name is
 * "{Brand name}: {submit label}", e.g. "Google Pay: Pay now".
 */
export function renderWalletButton(target: HTMLFormElement, brand: WalletBrand, submitLabel: string): WalletButton {
  const container = document.createElement('div');
  container.className = `wpwl-container wpwl-container-virtualAccount wpwl-container-virtualAccount-${brand}`;
  const form = container.appendChild(document.createElement('form'));
  form.className = `wpwl-form wpwl-form-virtualAccount wpwl-form-virtualAccount-${brand}`;
  form.noValidate = true;
  const shopperResultUrl = new URL(target.getAttribute('action') ?? '', document.baseURI).href;
  for (const [name, value] of [
    ['paymentBrand', brand],
    ['shopperResultUrl', shopperResultUrl],
  ]) {
    form.appendChild(Object.assign(document.createElement('input'), { type: 'hidden', name, value }));
  }
  const button = form.appendChild(document.createElement('button'));
  button.className = `wpwl-button wpwl-button-brand wpwl-button-brand-${brand}`;
  button.type = 'submit';
  button.setAttribute('aria-label', `${WALLET_BRAND_NAMES[brand]}: ${submitLabel}`);
  const logo = button.appendChild(document.createElement('div'));
  logo.className = `wpwl-brand wpwl-brand-${brand}`;
  logo.textContent = WALLET_BRAND_NAMES[brand];
  target.before(container);
  return { brand, container, form, button, shopperResultUrl };
}

/** The stand-in wallet sheet. */
export interface WalletSheet {
  dialog: HTMLDivElement;
  pay: HTMLButtonElement;
  cancel: HTMLButtonElement;
  /** The total the sheet shows and authorises, as the page's options state it; undefined when they state none. */
  amount: string | undefined;
}

/**
 * Opens the wallet sheet of `brand` over the page (appended to the body):
 * a modal dialog labelled "{Brand name} (sandbox)", the total `amount`
 * (when known), and the buttons "Pay …" and "Cancel". Focus moves to the pay
 * button; Escape presses cancel.
 */
export function openWalletSheet(brand: WalletBrand, amount: string | undefined): WalletSheet {
  const dialog = document.createElement('div');
  dialog.className = `wpwl-wallet-sheet wpwl-wallet-sheet-${brand}`;
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  const title = dialog.appendChild(document.createElement('h2'));
  title.className = 'wpwl-wallet-sheet-title';
  title.id = `wpwl-wallet-sheet-title-${brand}`;
  title.textContent = `${WALLET_BRAND_NAMES[brand]} (sandbox)`;
  dialog.setAttribute('aria-labelledby', title.id);
  const total = dialog.appendChild(document.createElement('p'));
  total.className = 'wpwl-wallet-sheet-total';
  total.textContent = amount === undefined ? '' : amount;
  const pay = dialog.appendChild(document.createElement('button'));
  pay.type = 'button';
  pay.className = 'wpwl-wallet-sheet-pay';
  pay.textContent = amount === undefined ? 'Pay' : `Pay ${amount}`;
  const cancel = dialog.appendChild(document.createElement('button'));
  cancel.type = 'button';
  cancel.className = 'wpwl-wallet-sheet-cancel';
  cancel.textContent = 'Cancel';
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') cancel.click();
  });
  document.body.append(dialog);
  pay.focus();
  return { dialog, pay, cancel, amount };
}

/**
 * The total a sheet of `brand` shows, from the page's widget options:
 * `applePay.total.amount` for Apple Pay, else `checkout.amount`.
 */
export function sheetAmount(brand: WalletBrand, options: Record<string, unknown> | undefined): string | undefined {
  const read = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);
  const applePay = options?.applePay as { total?: { amount?: unknown } } | undefined;
  const checkout = options?.checkout as { amount?: unknown } | undefined;
  return (isApplePay(brand) ? read(applePay?.total?.amount) : undefined) ?? read(checkout?.amount);
}
