// Owns the sandbox's wallet payments: what the stand-in widget's wallet sheet
// sends in place of a wallet's encrypted token (`wallet.amount` and
// `wallet.currency`, the total the shopper authorised), the wallet brands that
// pay with it, and the rule the real wallets and acquirers apply: the total
// authorised in the wallet must be the checkout's, or the payment is declined
// with a result of the amount group and nothing is charged.

import { amountToCents } from '@wpwl/gateway-spec';
import type { CheckoutRecord } from '../records.js';
import { RESULTS, type Result } from '../result-codes.js';

/** The wallet brands the stand-in widget's express mode pays with. */
export const WALLET_BRANDS: ReadonlySet<string> = new Set(['APPLEPAY', 'APPLEPAYTKN', 'GOOGLEPAY', 'PAYPAL']);

/** The stand-in token's fields: the total the wallet sheet showed and the shopper authorised. */
export const WALLET_AMOUNT_FIELD = 'wallet.amount';
export const WALLET_CURRENCY_FIELD = 'wallet.currency';

/** True when the request carries the stand-in token (either of its fields). */
function carriesWalletToken(params: Record<string, string>): boolean {
  return params[WALLET_AMOUNT_FIELD] !== undefined || params[WALLET_CURRENCY_FIELD] !== undefined;
}

/**
 * A wallet brand paid with the stand-in token: what the payment is made with
 * (no card; the wallet approved it). `undefined` for anything else, which goes
 * the card's way as before (a wallet brand without the token is still refused
 * as a payment method the sandbox cannot process).
 */
export function walletPaidWith(params: Record<string, string>): { brand: string; outcome: { kind: 'success' } } | undefined {
  const brand = params.paymentBrand ?? '';
  if (!WALLET_BRANDS.has(brand) || !carriesWalletToken(params) || params['card.number'] || params.registrationId) return undefined;
  return { brand, outcome: { kind: 'success' } };
}

/**
 * The decline for a payment whose `wallet.amount` differs from the checkout's
 * amount (compared as decimals: `12.5` is `12.50`; an amount that is no
 * decimal differs) or whose `wallet.currency` differs from its currency;
 * `undefined` when the request carries neither field or both agree.
 */
export function walletMismatch(checkout: CheckoutRecord, params: Record<string, string>): Result | undefined {
  const amount = params[WALLET_AMOUNT_FIELD];
  const currency = params[WALLET_CURRENCY_FIELD];
  const problems: string[] = [];
  if (amount !== undefined && centsOf(amount) !== checkout.amountCents) {
    problems.push(`${WALLET_AMOUNT_FIELD} ${JSON.stringify(amount)} is not the checkout's amount`);
  }
  if (currency !== undefined && currency !== checkout.currency) {
    problems.push(`${WALLET_CURRENCY_FIELD} ${JSON.stringify(currency)} is not the checkout's currency ${checkout.currency}`);
  }
  if (problems.length === 0) return undefined;
  return { ...RESULTS.walletAmountMismatch, description: `${RESULTS.walletAmountMismatch.description} (${problems.join('; ')})` };
}

/** Whole cents of a decimal amount (`12.5`, `12.50`, `012.500`), or NaN for anything else. */
function centsOf(amount: string): number {
  const match = /^([0-9]{1,12})(?:\.([0-9]+))?$/.exec(amount.trim());
  if (!match) return Number.NaN;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  // More than two significant decimals is no amount a checkout can have.
  if (fraction.length > 2) return Number.NaN;
  return amountToCents(`${Number(match[1])}.${fraction.padEnd(2, '0')}`);
}
