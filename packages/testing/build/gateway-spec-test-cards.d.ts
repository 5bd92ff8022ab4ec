// Build-only declaration of @wpwl/gateway-spec/test-cards, the one list of
// test cards. The private package ships TypeScript sources; the build inlines
// them (see rollup.config.js) and this file keeps them out of the declaration
// emit. `pnpm typecheck` checks src against the real sources, so a drift shows there.
export type TestCardOutcome =
  | 'approved'
  | 'declined'
  | 'insufficient-funds'
  | 'card-expired'
  | 'wrong-cvv'
  | 'timeout'
  | 'declined-by-authorization'
  | '3ds'
  | 'uncertain-then-approved'
  | 'uncertain-then-declined';
export interface TestCardData {
  outcome: TestCardOutcome;
  number: string;
  brand: 'VISA' | 'MASTER' | 'AMEX';
  cvv: string;
  resultCode: string;
  settledResultCode?: string;
  purpose: string;
}
export const TEST_CARD_DATA: readonly TestCardData[];
