// Owns the stand-in wallet sheet of the express mode: what a wallet's own
// payment sheet is to the shopper (the total it authorises, a shipping
// choice, pay or cancel), as a modal dialog over the page in the widget's
// language and direction. The focus moves into it on open and stays inside
// (Tab and Shift+Tab go round its controls), Escape cancels. It is appended to
// the page's body (unload() takes it away) and removed once the shopper chose;
// where the focus goes then is the caller's (express.ts). A backdrop under it
// covers the whole page and takes the pointer's clicks, so the page behind
// cannot be used while the sheet is up (it goes with the sheet).
import { BRAND_NAMES } from '../../brands.js';
import { el, insert, listen, removeListener, uniqueId } from './dom.js';
import { added, widget } from './state.js';
import { textDirection, textLanguage } from './texts.js';

/** What the sheet shows and whom it tells of the shopper's choice. */
export interface WalletSheetRequest {
  brand: string;
  /** The total the sheet authorises, as the page or the checkout states it. */
  amount: string;
  currency: string;
  /** The shopper pressed pay (the sheet is gone). */
  onPay(): void;
  /** The shopper pressed cancel or Escape (the sheet is gone). */
  onCancel(): void;
}

/** The sheet shown now, if any: one at a time, as a wallet shows one. */
let shown: { sheet: HTMLElement; close(): void } | null = null;

/** True while a wallet sheet is open. */
export function walletSheetOpen(): boolean {
  return shown !== null && shown.sheet.isConnected;
}

/** `{amount} {currency}`, kept left to right inside right-to-left text. */
function totalText(amount: string, currency: string): HTMLElement {
  const total = el('bdi', 'wpwl-wallet-sheet-amount');
  total.setAttribute('dir', 'ltr');
  total.textContent = `${amount} ${currency}`.trim();
  return total;
}

/** A text with `{amount}` in it, as nodes: the total as its own left-to-right part. */
function withTotal(parent: HTMLElement, template: string, amount: string, currency: string): void {
  const [before, after] = template.indexOf('{amount}') === -1 ? [`${template} `, ''] : template.split('{amount}', 2);
  if (before) parent.appendChild(document.createTextNode(before));
  parent.appendChild(totalText(amount, currency));
  if (after) parent.appendChild(document.createTextNode(after));
}

function shippingChoice(sheet: HTMLElement): HTMLInputElement[] {
  const labels = widget.texts.labels;
  const fieldset = sheet.appendChild(el('fieldset', 'wpwl-wallet-sheet-shipping'));
  fieldset.appendChild(el('legend')).textContent = labels.walletShipping ?? '';
  const name = uniqueId('wallet-shipping');
  return (['standard', 'express'] as const).map((method, index) => {
    const label = fieldset.appendChild(el('label', `wpwl-wallet-sheet-shipping-${method}`));
    const radio = label.appendChild(el('input'));
    radio.type = 'radio';
    radio.name = name;
    radio.value = method;
    radio.checked = index === 0;
    const text = method === 'standard' ? labels.walletShippingStandard : labels.walletShippingExpress;
    label.appendChild(document.createTextNode(` ${text ?? ''}`));
    return radio;
  });
}

/** Opens the sheet for `request`; the focus goes to its pay button. */
export function openWalletSheet(request: WalletSheetRequest): void {
  shown?.close();
  const labels = widget.texts.labels;
  const sheet = el('div', `wpwl-wallet-sheet wpwl-wallet-sheet-${request.brand}`);
  sheet.setAttribute('role', 'dialog');
  sheet.setAttribute('aria-modal', 'true');
  sheet.setAttribute('lang', textLanguage(widget.locale));
  sheet.setAttribute('dir', textDirection(widget.locale));
  const title = sheet.appendChild(el('h2', 'wpwl-wallet-sheet-title'));
  title.id = uniqueId('wallet-sheet-title');
  title.textContent = `${BRAND_NAMES[request.brand] ?? request.brand} (${labels.walletSandbox ?? 'sandbox'})`;
  sheet.setAttribute('aria-labelledby', title.id);
  const total = sheet.appendChild(el('p', 'wpwl-wallet-sheet-total'));
  total.appendChild(document.createTextNode(`${labels.walletTotal ?? ''}: `));
  total.appendChild(totalText(request.amount, request.currency));
  const radios = shippingChoice(sheet);
  const actions = sheet.appendChild(el('div', 'wpwl-wallet-sheet-actions'));
  const pay = actions.appendChild(el('button', 'wpwl-wallet-sheet-pay'));
  pay.type = 'button';
  withTotal(pay, labels.walletPay ?? 'Pay {amount}', request.amount, request.currency);
  const cancel = actions.appendChild(el('button', 'wpwl-wallet-sheet-cancel'));
  cancel.type = 'button';
  cancel.textContent = labels.walletCancel ?? '';

  /** The sheet's tab stops in order: the chosen shipping method (arrow keys move within), pay, cancel. */
  const stops = (): HTMLElement[] => [radios.find((radio) => radio.checked) ?? radios[0]!, pay, cancel];
  const onKeydown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' || event.key === 'Esc') {
      event.preventDefault();
      finish(request.onCancel);
    } else if (event.key === 'Tab') {
      event.preventDefault();
      const order = stops();
      const at = order.indexOf(document.activeElement as HTMLElement);
      const next = at === -1 ? (event.shiftKey ? order.length - 1 : 0) : (at + (event.shiftKey ? -1 : 1) + order.length) % order.length;
      order[next]!.focus();
    }
  };
  // Focus that leaves the sheet some other way (a click on the page, a script) comes back.
  const onFocusIn = (event: FocusEvent) => {
    if (event.target instanceof Node && !sheet.contains(event.target)) pay.focus();
  };
  // The page behind takes no clicks: the backdrop gets them, and the focus stays in the sheet.
  const backdrop = el('div', 'wpwl-wallet-sheet-backdrop');
  backdrop.setAttribute('aria-hidden', 'true');
  const onBackdropPointer = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
    if (!sheet.contains(document.activeElement)) pay.focus();
  };
  const close = () => {
    if (shown?.sheet === sheet) shown = null;
    removeListener(sheet, 'keydown', onKeydown as EventListener);
    removeListener(document, 'focusin', onFocusIn as EventListener);
    for (const node of [sheet, backdrop]) {
      node.parentNode?.removeChild(node);
      const index = added.nodes.indexOf(node);
      if (index !== -1) added.nodes.splice(index, 1);
    }
  };
  const finish = (then: () => void) => {
    if (!sheet.isConnected) return;
    close();
    then();
  };
  listen(pay, 'click', () => finish(request.onPay));
  listen(cancel, 'click', () => finish(request.onCancel));
  listen<KeyboardEvent>(sheet, 'keydown', onKeydown);
  listen<FocusEvent>(document, 'focusin', onFocusIn);
  for (const type of ['mousedown', 'pointerdown', 'click']) listen(backdrop, type, onBackdropPointer);
  shown = { sheet, close };
  insert(backdrop, document.body, null);
  insert(sheet, document.body, null);
  pay.focus();
}
