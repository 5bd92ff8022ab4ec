// Owns what the shopper typed, read and checked before a payment is sent: the
// card number's digits, the expiry split into the hidden month and year the
// gateway takes, the card form's checks (number, expiry, holder, CVV) and the
// stored card's CVV check. The forms and the submit path both use it.
import { cvvFits, detectScheme, numberFitsBrand, passesLuhn } from '../../brands.js';
import { widget } from './state.js';
import type { CardForm, FieldError, RegistrationForm } from './types.js';

/** The digits of a number as typed (spaces and hyphens dropped). */
export function digits(value: unknown): string {
  return String(value || '').replace(/[\s-]/g, '');
}

function parseExpiry(value: unknown): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(String(value || ''));
  if (!match) return null;
  const [, month = '', year = ''] = match;
  return { month: Number(month), year: year.length === 2 ? 2000 + Number(year) : Number(year) };
}

/** The hidden card.expiryMonth (MM) and card.expiryYear (YYYY) from what the shopper typed. */
export function syncExpiry(ctx: CardForm): void {
  const parsed = parseExpiry(ctx.fields.expiry.value);
  ctx.fields.expiryMonth.value = parsed && parsed.month >= 1 && parsed.month <= 12 ? String(parsed.month).padStart(2, '0') : '';
  ctx.fields.expiryYear.value = parsed ? String(parsed.year) : '';
}

/** What is wrong with the card as typed; empty when it may be sent. */
export function validateCard(ctx: CardForm): FieldError[] {
  const errors: FieldError[] = [];
  const number = digits(ctx.fields.cardNumber.value);
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number) || !numberFitsBrand(number, ctx.brand))
    errors.push(['cardNumber', 'cardNumberError']);

  const expiry = parseExpiry(ctx.fields.expiry.value);
  if (!expiry || expiry.month < 1 || expiry.month > 12) {
    errors.push(['expiry', 'expiryMonthError']);
  } else if (widget.options.disableCardExpiryDateValidation !== true) {
    const now = new Date();
    const pastYear = expiry.year < now.getFullYear() || expiry.year > now.getFullYear() + 50;
    const pastMonth = expiry.year === now.getFullYear() && expiry.month < now.getMonth() + 1;
    if (pastYear) errors.push(['expiry', 'expiryYearError']);
    else if (pastMonth) errors.push(['expiry', 'expiryMonthError']);
  }

  const holder = String(ctx.fields.cardHolder.value || '').trim();
  if (holder.length < 3 || holder.length > 128) errors.push(['cardHolder', 'cardHolderError']);

  // An American Express number asks for four digits whichever brand is chosen.
  const cvvBrand = ctx.brand === 'AMEX' ? ctx.brand : detectScheme(number);
  if (!cvvFits(String(ctx.fields.cvv.value || '').trim(), cvvBrand)) errors.push(['cvv', 'cvvError']);
  return errors;
}

/** What keeps the chosen stored card from being paid with: its CVV, when asked for. */
export function validateRegistration(ctx: RegistrationForm): FieldError[] {
  const selected = ctx.selected;
  if (!selected) return [['registration', 'cvvError']];
  if (!ctx.requireCvv || !selected.cvv) return [];
  return cvvFits(String(selected.cvv.value || '').trim(), selected.registration.paymentBrand) ? [] : [['registration', 'cvvError']];
}
