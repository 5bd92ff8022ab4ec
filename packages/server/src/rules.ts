// Owns the bridge to the gateway's field tables (@wpwl/gateway-spec, bundled
// into this package's build): flat parameters in, this package's own
// violation type out, so no public type depends on the private package.
import { validateParams } from '@wpwl/gateway-spec';
import type { ParameterViolation } from './errors.js';

/** Which field table applies: prepare checkout, or a referencing request (capture, refund, reversal). */
export type RuleSet = 'checkout' | 'reference';

/** Every rule of the interface's field tables the flat parameters break. */
export function checkFieldRules(flat: Record<string, string>, ruleSet: RuleSet): ParameterViolation[] {
  return validateParams(flat, ruleSet).map(({ field, rule, message }) => ({ field, rule, message }));
}
