// Owns the bridge to the gateway's field tables (@wpwl/gateway-spec, bundled
// into this package's build): flat parameters in, this package's own
// violation type out, so no public type depends on the private package.
import { validateParams } from '@wpwl/gateway-spec';
import type { ParameterViolation } from './errors.js';

/** Which field table applies: prepare checkout, or a referencing request (capture, refund, reversal). */
export type RuleSet = 'checkout' | 'checkoutUpdate' | 'reference';

/** What an update need not send: the checkout keeps its own. */
const KEPT_BY_AN_UPDATE = ['amount', 'currency', 'paymentType'];

/** Every rule of the interface's field tables the flat parameters break. */
export function checkFieldRules(flat: Record<string, string>, ruleSet: RuleSet): ParameterViolation[] {
  const violations = validateParams(flat, ruleSet === 'checkoutUpdate' ? 'checkout' : ruleSet);
  return violations
    .filter((v) => !(ruleSet === 'checkoutUpdate' && v.rule === 'required' && KEPT_BY_AN_UPDATE.includes(v.field)))
    .map(({ field, rule, message }) => ({ field, rule, message }));
}
