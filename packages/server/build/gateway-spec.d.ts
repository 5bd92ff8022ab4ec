// Build-only declaration of the part of @wpwl/gateway-spec this package uses.
// The private package ships TypeScript sources; the build inlines them (see
// rollup.config.js) and this file keeps them out of the declaration emit.
// `pnpm typecheck` checks src against the real sources, so a drift shows there.
export interface FieldViolation {
  field: string;
  rule: string;
  message: string;
}
export function checkParams(
  flat: Record<string, string>,
  operation: 'checkout' | 'payment' | 'checkoutPayment' | 'reference',
): { violations: FieldViolation[]; warnings: FieldViolation[] };
export const CHECKOUT_ID_PATTERN: RegExp;
export const PAYMENT_ID_PATTERN: RegExp;
export const ENTITY_ID_PATTERN: RegExp;
