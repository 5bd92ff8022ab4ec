// Owns express checkout (the widget's "fast checkout"): wallet buttons shown
// before any checkout exists. Two jobs, both about never charging what the
// shopper did not see: the cart total, stated once, written into every option
// a wallet sheet shows it from (and refused when two of them disagree); and
// the merchant's `createCheckout` answered the way the widget expects, a
// checked checkout id or nothing, with every failure reported once as a
// coded WpwlError.
//
// Names starting with `_` are internal: the build shortens them.

import { WpwlError, isWpwlError } from './errors.js';
import { invalid, isPlainObject, show } from './invalid.js';
import type { WpwlOptionsInput } from './options.js';
import { checkCheckoutId } from './validate.js';

/** What the widget passes to `createCheckout` when the shopper presses a wallet button. */
export interface CreateCheckoutRequest {
  /** The wallet pressed, e.g. `GOOGLEPAY`, `APPLEPAY`, `PAYPAL`. */
  readonly brand: string;
}

/**
 * A checkout prepared for an express payment, as `createCheckout` answers it:
 * the id prepare-checkout returned, and the amount (and currency) it was
 * prepared with, which core compares with the total the wallet sheet shows.
 */
export interface ExpressCheckout {
  /** The checkout id prepare-checkout returned. */
  id: string;
  /** The checkout's amount, as prepared (`12.50`). Required when the config states an `amount`. */
  amount?: string;
  /** The checkout's currency, compared with the config's `currency` when both are given. */
  currency?: string;
}

/**
 * What `createCheckout` may answer: a checkout id, an {@link ExpressCheckout},
 * or nothing (`undefined`, `null`, `false`, `''`) to stop the payment quietly
 * (terms not accepted yet, say); directly or as any promise-like (a native
 * Promise, a jQuery deferred).
 */
export type CreateCheckoutAnswer = string | ExpressCheckout | null | undefined | false | void;

/** The merchant's function that prepares a checkout when a wallet button is pressed. */
export type CreateCheckout = (request: CreateCheckoutRequest) => CreateCheckoutAnswer | PromiseLike<CreateCheckoutAnswer>;

/** How long `createCheckout` may take by default before the press fails with `CREATE_CHECKOUT_TIMEOUT`. */
export const CREATE_CHECKOUT_TIMEOUT_MS = 20_000;

/** An amount in one spelling: `12.5`, `12.50` and `12.500` are the same money. */
const canonicalAmount = (amount: string): string => Number(amount).toFixed(2);

/**
 * Throws `INVALID_AMOUNT` naming `field` unless `value` is an amount as the
 * gateway takes it (N10.N2): up to 10 digits, then optionally a dot and one
 * or two decimals.
 */
function checkAmount(field: string, value: unknown): asserts value is string {
  if (typeof value !== 'string' || !/^\d{1,10}(\.\d\d?)?$/.test(value))
    throw invalid('INVALID_AMOUNT', field, 'N10.N2 (12.50)', show(value));
}

/**
 * The total every wallet sheet shows, stated once: the config's `amount`,
 * or, without one, the amount the options already give. Written into
 * `options.checkout.amount` and, when Apple Pay may show, into
 * `options.applePay.total` (its label kept, else the display name, else
 * `Total`). Two places that disagree are refused: one of them would be
 * shown, the other charged.
 *
 * @returns the options with the total in place, and the total (two decimals) or undefined when none is stated
 * @throws WpwlError `INVALID_AMOUNT`, `INVALID_CURRENCY`, `AMOUNT_MISMATCH` naming the fields
 */
export function applyStatedAmount(
  options: WpwlOptionsInput,
  brands: readonly string[],
  amount: unknown,
  currency: unknown,
): { _options: WpwlOptionsInput; _amount: string | undefined } {
  if (currency !== undefined && !/^[A-Z]{3}$/.test(currency as string))
    throw invalid('INVALID_CURRENCY', 'currency', 'three capital letters (EUR)', show(currency));
  const given = options as Record<string, unknown>;
  const checkout = isPlainObject(given.checkout) ? given.checkout : undefined;
  const applePay = isPlainObject(given.applePay) ? given.applePay : undefined;
  const total = applePay && isPlainObject(applePay.total) ? applePay.total : undefined;
  const places: Array<[field: string, value: unknown]> = [
    ['amount', amount],
    ['options.checkout.amount', checkout?.amount],
    ['options.applePay.total.amount', total?.amount],
  ];
  let stated: [field: string, value: string] | undefined;
  for (const [field, value] of places) {
    if (value === undefined) continue;
    checkAmount(field, value);
    const canonical = canonicalAmount(value);
    // One would be shown on a wallet sheet, the other charged.
    if (stated && stated[1] !== canonical) throw invalid('AMOUNT_MISMATCH', field, `${stated[0]}, ${stated[1]}`, canonical);
    stated ??= [field, canonical];
  }
  if (!stated) return { _options: options, _amount: undefined };
  const out: Record<string, unknown> = { ...given, checkout: { ...checkout, amount: stated[1] } };
  if (applePay || brands.some((brand) => brand.startsWith('APPLEPAY'))) {
    const label = total?.label ?? applePay?.displayName ?? 'Total';
    out.applePay = { ...applePay, total: { ...total, label, amount: stated[1] } };
  }
  return { _options: out as WpwlOptionsInput, _amount: stated[1] };
}

/** What {@link answerCreateCheckout} compares a checkout with: the config's stated total, if any. */
export interface StatedTotal {
  _amount: string | undefined;
  _currency: string | undefined;
  _timeoutMs: number;
}

/**
 * Asks the merchant's `createCheckout` for a checkout and checks the answer:
 * an id that keeps the id rule, and, when a total is stated, the amount it
 * was prepared with equal to it. Settles within `_timeoutMs`; a later answer
 * is ignored (the checkout it names is never paid).
 *
 * @returns the checkout id, or undefined when the merchant answered nothing (the payment stops quietly)
 * @throws WpwlError `CREATE_CHECKOUT_FAILED` (a throw or rejection, as `cause`),
 *   `CREATE_CHECKOUT_TIMEOUT`, `INVALID_CHECKOUT_ID`, `AMOUNT_MISMATCH`
 */
export async function answerCreateCheckout(
  createCheckout: CreateCheckout | undefined,
  request: CreateCheckoutRequest,
  stated: StatedTotal,
): Promise<string | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let answer: unknown;
  try {
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new WpwlError('CREATE_CHECKOUT_TIMEOUT', `createCheckout took over ${stated._timeoutMs} ms`, {
              details: { brand: request.brand },
            }),
          ),
        stated._timeoutMs,
      );
    });
    // Promise.resolve adopts any thenable, a jQuery deferred's included.
    answer = await Promise.race([Promise.resolve().then(() => createCheckout!(request)), timeout]);
  } catch (error) {
    if (isWpwlError(error)) throw error;
    // The merchant's own words (a refused cart, say) travel on for the page to show.
    const why = error instanceof Error ? ': ' + error.message : '';
    throw new WpwlError('CREATE_CHECKOUT_FAILED', 'createCheckout failed' + why, { cause: error, details: { brand: request.brand } });
  } finally {
    clearTimeout(timer);
  }
  return checkoutIdOf(answer, stated);
}

/** The checkout id in `answer`, checked against the id rule and the stated total; undefined for no answer. */
function checkoutIdOf(answer: unknown, stated: StatedTotal): string | undefined {
  if (answer === undefined || answer === null || answer === false || answer === '') return undefined;
  const field = 'createCheckout()';
  const checkout = (typeof answer === 'object' ? answer : { id: answer }) as Partial<Record<keyof ExpressCheckout, unknown>>;
  if (checkCheckoutId(checkout.id)) throw invalid('INVALID_CHECKOUT_ID', field + '.id', 'a checkout id', show(checkout.id));
  const { _amount, _currency } = stated;
  // The sheet shows the stated amount. An answer without an amount of its own
  // cannot be compared with it: refused as well.
  if (_amount !== undefined) {
    const charged =
      checkout.amount === undefined ? 'none' : (checkAmount(field + '.amount', checkout.amount), canonicalAmount(checkout.amount));
    if (charged !== _amount) throw invalid('AMOUNT_MISMATCH', field + '.amount', _amount, charged);
  }
  // With a stated total, the currency must be confirmed too; alone, it is compared when given.
  if (_currency !== undefined && (_amount !== undefined || checkout.currency !== undefined) && checkout.currency !== _currency) {
    throw invalid('AMOUNT_MISMATCH', field + '.currency', _currency, show(checkout.currency));
  }
  return checkout.id as string;
}
