// Owns the bridge to the gateway's field tables (@wpwl/gateway-spec, bundled
// into this package's build): flat parameters in, this package's own
// violation type out, so no public type depends on the private package.
import { checkParams } from '@wpwl/gateway-spec';
import type { ParameterViolation } from './errors.js';

/** Which field table applies: prepare checkout, or a referencing request (capture, refund, reversal). */
export type RuleSet = 'checkout' | 'checkoutUpdate' | 'reference';

/** What an update need not send: the checkout keeps its own. */
const KEPT_BY_AN_UPDATE = ['amount', 'currency', 'paymentType'];

/**
 * The interface's field tables on flat parameters: `violations` would surely be
 * refused (nothing is sent); `warnings` break a stated rule the real gateway is
 * known to accept, such as an order number "17" as merchantTransactionId.
 */
export function checkFieldRules(
  flat: Record<string, string>,
  ruleSet: RuleSet,
): { violations: ParameterViolation[]; warnings: ParameterViolation[] } {
  const { violations, warnings } = checkParams(flat, ruleSet === 'checkoutUpdate' ? 'checkout' : ruleSet);
  const own = ({ field, rule, message }: ParameterViolation): ParameterViolation => ({ field, rule, message });
  return {
    violations: violations
      .filter((v) => !(ruleSet === 'checkoutUpdate' && v.rule === 'required' && KEPT_BY_AN_UPDATE.includes(v.field)))
      .map(own),
    warnings: warnings.map(own),
  };
}
