// Owns which validation result code a broken field rule answers with. The
// interface publishes result-code groups but no per-field codes, so the
// sandbox picks one code per kind of field from the matching group: amount
// (100.55x), account/card (100.100.x), contact (100.700/100.900), address
// (100.800), job (100.250), registration ids (100.150), and 200.300.404 for every other field.

import { resolveField } from '@wpwl/gateway-spec';
import { RESULTS, type Result } from './result-codes.js';

/** The result for a request that broke field rules: the first violation decides the code. */
/** A broken field rule, as the field tables report it (their own type stays out of this package's declarations). */
interface BrokenRule {
  field: string;
  message: string;
}

export function resultForViolations(violations: readonly BrokenRule[]): Result {
  const [first] = violations;
  if (!first) return RESULTS.invalidParameter;
  const base = baseForField(first.field);
  const more = violations.length > 1 ? ` (and ${violations.length - 1} more, see parameterErrors)` : '';
  return { code: base.code, description: `${base.description}: ${first.message}${more}` };
}

function baseForField(field: string): Result {
  const group = resolveField(field)?.rule.group;
  const leaf = field.slice(field.lastIndexOf('.') + 1);
  switch (group) {
    case 'basic':
    case 'forex':
      if (leaf === 'currency') return RESULTS.currencyInvalid;
      if (/amount$/i.test(leaf)) return RESULTS.amountInvalid;
      return RESULTS.invalidParameter;
    case 'card':
      if (leaf === 'number') return RESULTS.invalidCardNumber;
      if (leaf === 'expiryMonth') return RESULTS.invalidMonth;
      if (leaf === 'expiryYear') return RESULTS.invalidYear;
      if (leaf === 'holder') return RESULTS.invalidHolder;
      if (leaf === 'cvv') return RESULTS.cvvInvalid;
      return RESULTS.invalidCardNumber;
    case 'customer':
      if (leaf === 'email') return RESULTS.emailInvalid;
      if (/phone$|mobile$/i.test(leaf)) return RESULTS.phoneInvalid;
      if (leaf === 'ip') return RESULTS.ipInvalid;
      return RESULTS.customerInvalid;
    case 'billing':
    case 'shipping':
      if (/^street|^houseNumber/.test(leaf)) return RESULTS.streetInvalid;
      if (leaf === 'postcode') return RESULTS.postcodeInvalid;
      if (leaf === 'city') return RESULTS.cityInvalid;
      if (leaf === 'state') return RESULTS.stateInvalid;
      if (leaf === 'country') return RESULTS.countryInvalid;
      if (leaf === 'email') return RESULTS.emailInvalid;
      if (/phone$|mobile$/i.test(leaf)) return RESULTS.phoneInvalid;
      return RESULTS.invalidParameter;
    case 'job':
      return RESULTS.jobInvalid;
    case 'registration':
      return field === 'registrationId' || field.startsWith('registrations[') ? RESULTS.registrationUnknown : RESULTS.invalidParameter;
    default:
      // Includes entityId, paymentType, customParameters, shopperResultUrl,
      // createRegistration, standingInstruction, threeDSecure, risk, merchant, cart.
      return RESULTS.invalidParameter;
  }
}
