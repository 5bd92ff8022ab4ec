// Owns what "fill in a test card" means, for the component tests' fake
// widget and the browser helpers alike: a test card chosen by outcome (and
// brand), or given as it is, with a holder, a future expiry and a CVV of the
// card's length, each of which the test may set.
import { WpwlTestingError } from './errors.js';
import { TEST_CARDS, testCard, type CardOutcome, type TestCard, type TestCardBrand } from './outcomes.js';

/** How to fill the card form with a test card. */
export interface FillTestCardOptions {
  /** Which test card: what the gateway will do with the payment. Default `approved`. */
  outcome?: CardOutcome;
  /** The card's brand, for outcomes with a card of several brands (`approved`: VISA, MASTER, AMEX). */
  brand?: TestCardBrand;
  /** Default `Jane Jones`. */
  holder?: string;
  /** `MM / YY`; default December, three years ahead. */
  expiry?: string;
  /** Default: a CVV of the right length for the brand. */
  cvv?: string;
}

/** A test card to fill in: an outcome (`'declined'`), a card of `TEST_CARDS` (`testCard('approved', 'AMEX')`), or options. */
export type TestCardChoice = CardOutcome | TestCard | FillTestCardOptions;

/** What to type into each field. */
export interface TestCardEntry {
  card: TestCard;
  holder: string;
  expiry: string;
  cvv: string;
}

/**
 * What to type for `choice`.
 *
 * @throws Error when no test card has the outcome and brand asked for
 * @throws WpwlTestingError `INVALID_ANSWER` for a card object that is no test card
 */
export function testCardEntry(choice: TestCardChoice = {}): TestCardEntry {
  const options: FillTestCardOptions & { card?: TestCard } =
    typeof choice === 'string' ? { outcome: choice } : 'number' in choice ? { card: choice } : choice;
  if (options.card && !TEST_CARDS.some((card) => card.number === options.card!.number)) {
    throw new WpwlTestingError('INVALID_ANSWER', `fillTestCard: ${options.card.number} is not one of TEST_CARDS`);
  }
  const card = options.card ?? testCard(options.outcome ?? 'approved', options.brand);
  const year = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');
  return { card, holder: options.holder ?? 'Jane Jones', expiry: options.expiry ?? `12 / ${year}`, cvv: options.cvv ?? card.cvv };
}
