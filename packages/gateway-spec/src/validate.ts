// Owns checkParams / validateParams: checks a flat parameter set against
// FIELD_RULES, the required parameters of an operation and the interface's
// cross-field rules. Unknown parameters pass (the interface may add new ones at
// any time); a known parameter with a bad value never does, except where
// production integrations are known to send it and the gateway to accept it
// (FieldRule.tolerated): that is a warning, a violation only when strict.

import { matchesFormat } from './formats.js';
import { FIELD_RULES, PAYMENT_TYPES_BY_OPERATION, REQUIRED_PARAMS, type FieldRule, type Operation } from './fields.js';

/** One broken rule. `message` names the parameter and the rule, e.g. `amount must be up to 10 digits, …`. */
export interface FieldViolation {
  /** The flat parameter name as sent, e.g. `cart.items[3].price`. */
  field: string;
  /** The rule in words. */
  rule: string;
  /** One sentence naming the parameter and the rule. */
  message: string;
}

/** Options of {@link validateParams}. */
export interface ValidateOptions {
  /**
   * The parameters come from the shopper's browser (the widget's form post):
   * custom parameter names must then start with `SHOPPER_`.
   */
  fromShopper?: boolean;
  /**
   * Refuse what the interface's rules refuse even where the real gateway is
   * known to be more lenient (FieldRule.tolerated): warnings become violations.
   */
  strict?: boolean;
}

/** What {@link checkParams} found. */
export interface ParamsCheck {
  /** Broken rules: a request carrying them fails. */
  violations: FieldViolation[];
  /**
   * Values that break the interface's stated rule but are known to be sent by
   * production integrations and accepted by the gateway; the request goes on.
   */
  warnings: FieldViolation[];
}

/** The rule a parameter name resolves to, with the list indices and map keys it carries. */
export interface ResolvedField {
  /** Table key, e.g. `cart.items[n].name`. */
  name: string;
  rule: FieldRule;
  /** Numbers found in `[n]` positions, in order. */
  indices: number[];
  /** Words found in `[key]` positions, in order. */
  keys: string[];
}

const LOOKUP = new Map<string, { name: string; rule: FieldRule }>();
for (const [name, rule] of Object.entries(FIELD_RULES)) {
  LOOKUP.set(
    name.replace(/\[([^\]]*)\]/g, (_, word: string) => (word === 'n' ? '[#]' : '[*]')),
    { name, rule },
  );
}

/** Finds the FIELD_RULES entry of a flat parameter name, or `undefined` for an unknown parameter. */
export function resolveField(param: string): ResolvedField | undefined {
  const indices: number[] = [];
  const keys: string[] = [];
  const asList = param.replace(/\[([^\]]*)\]/g, (_, inner: string) => {
    if (/^[0-9]+$/.test(inner)) {
      indices.push(Number(inner));
      return '[#]';
    }
    keys.push(inner);
    return '[*]';
  });
  const hit = LOOKUP.get(asList);
  if (hit) return { ...hit, indices, keys };
  // A map key made only of digits (customParameters[123]) looks like a list index.
  if (indices.length > 0) {
    const allKeys: string[] = [];
    const asMap = param.replace(/\[([^\]]*)\]/g, (_, inner: string) => {
      allKeys.push(inner);
      return '[*]';
    });
    const mapHit = LOOKUP.get(asMap);
    if (mapHit) return { ...mapHit, indices: [], keys: allKeys };
  }
  return undefined;
}

function violation(field: string, rule: string, message = `${field} must be ${rule}`): FieldViolation {
  return { field, rule, message };
}

const OPERATION_WORDS: Record<Operation, string> = {
  checkout: 'checkout creation',
  payment: 'a server-to-server payment',
  checkoutPayment: 'a checkout payment submission',
  reference: 'a referencing request (CP, RV, RF)',
};

/**
 * Checks request parameters against the interface's field tables.
 *
 * An empty value counts as not sent (HTML forms post empty inputs). Unknown
 * parameter names are accepted.
 *
 * @param params flat parameters as sent, e.g. `{ amount: '12.50', 'customer.email': … }`
 * @param operation the request they are sent with; decides required and allowed parameters
 * @returns every violation found, in parameter order, required-parameter violations first; empty when valid
 *
 * @example
 * validateParams({ entityId, amount: '1.5', currency: 'EUR', paymentType: 'DB' }, 'checkout')
 * // → [{ field: 'amount', rule: 'up to 10 digits, …', message: 'amount must be up to 10 digits, …' }]
 */
export function validateParams(params: Record<string, string>, operation: Operation, options: ValidateOptions = {}): FieldViolation[] {
  const { violations, warnings } = checkParams(params, operation, options);
  return options.strict ? [...violations, ...warnings] : violations;
}

/**
 * Like {@link validateParams}, with the tolerated values apart: `violations`
 * fail the request, `warnings` name the interface's rule a value breaks where
 * the real gateway is known to accept it (e.g. merchantTransactionId "17").
 */
export function checkParams(params: Record<string, string>, operation: Operation, options: ValidateOptions = {}): ParamsCheck {
  const violations: FieldViolation[] = [];
  const warnings: FieldViolation[] = [];
  const sent = (name: string) => {
    const value = params[name];
    return value !== undefined && value !== '';
  };

  for (const name of REQUIRED_PARAMS[operation]) {
    if (!sent(name)) violations.push(violation(name, 'required', `${name} is required for ${OPERATION_WORDS[operation]}`));
  }
  const paymentType = params.paymentType;
  if (operation === 'reference' && (paymentType === 'CP' || paymentType === 'RF')) {
    for (const name of ['amount', 'currency']) {
      if (!sent(name)) violations.push(violation(name, 'required', `${name} is required for a ${paymentType} request`));
    }
  }

  for (const [param, value] of Object.entries(params)) {
    if (value === '') continue;
    const resolved = resolveField(param);
    if (!resolved) continue;
    const { rule, indices, keys } = resolved;
    if (rule.maxIndex !== undefined && (indices[0] ?? 0) > rule.maxIndex) {
      violations.push(
        violation(
          param,
          `a list index from 0 to ${rule.maxIndex}`,
          `${param} is past the last list entry allowed (index 0 to ${rule.maxIndex}, at most ${rule.maxIndex + 1} entries)`,
        ),
      );
      continue;
    }
    if (rule.key && keys[0] !== undefined && !matchesFormat(rule.key, keys[0])) {
      violations.push(violation(param, rule.key.rule, `${param}: the name "${keys[0]}" must be ${rule.key.rule}`));
      continue;
    }
    if (rule.operations && !rule.operations.includes(operation)) {
      const where = rule.operations.map((op) => OPERATION_WORDS[op]).join(' or ');
      violations.push(
        violation(param, `accepted only in ${where}`, `${param} is accepted only in ${where}, not in ${OPERATION_WORDS[operation]}`),
      );
      continue;
    }
    if (!matchesFormat(rule.format, value)) {
      if (rule.tolerated && matchesFormat(rule.tolerated, value)) {
        warnings.push(
          violation(
            param,
            rule.format.rule,
            `${param} should be ${rule.format.rule} by the interface; sent anyway, as the gateway is known to accept ${rule.tolerated.rule}`,
          ),
        );
      } else violations.push(violation(param, rule.format.rule));
      continue;
    }
    if (param === 'paymentType' && !PAYMENT_TYPES_BY_OPERATION[operation].includes(value)) {
      const allowed = PAYMENT_TYPES_BY_OPERATION[operation].join(', ');
      violations.push(violation(param, `one of ${allowed}`, `paymentType must be one of ${allowed} for ${OPERATION_WORDS[operation]}`));
      continue;
    }
    if (options.fromShopper && rule.group === 'customParameters' && !keys[0]?.startsWith('SHOPPER_')) {
      violations.push(
        violation(
          param,
          'a name starting with SHOPPER_',
          `${param}: custom parameters sent from the shopper's browser must have a name starting with SHOPPER_`,
        ),
      );
    }
  }

  violations.push(...crossFieldViolations(params, sent, operation));
  return { violations, warnings };
}

// Customer fields that describe the shopper's device rather than the person;
// the widget and SDKs send them without a name, so they don't call for one.
const DEVICE_FIELD = /^customer\.(?:ip|browser\.|browserFingerprint\.|app\.)/;

function crossFieldViolations(params: Record<string, string>, sent: (name: string) => boolean, operation: Operation): FieldViolation[] {
  const out: FieldViolation[] = [];
  const names = Object.keys(params).filter(sent);

  const identity = names.filter((n) => n.startsWith('customer.') && !DEVICE_FIELD.test(n));
  if (identity.length > 0) {
    for (const required of ['customer.givenName', 'customer.surname']) {
      if (!sent(required)) {
        const other = identity.find((n) => n !== 'customer.givenName' && n !== 'customer.surname');
        if (other) out.push(violation(required, 'required', `${required} is required when other customer parameters are sent (${other})`));
      }
    }
  }

  for (const prefix of ['customer.', 'shipping.customer.']) {
    const type = `${prefix}identificationDocType`;
    const id = `${prefix}identificationDocId`;
    if (sent(type) && !sent(id)) out.push(violation(id, 'required', `${id} is required when ${type} is sent`));
    if (sent(id) && !sent(type)) out.push(violation(type, 'required', `${type} is required when ${id} is sent`));
  }

  for (const prefix of ['billing.', 'shipping.', 'merchant.billing.', 'merchant.shipping.']) {
    const house2 = `${prefix}houseNumber2`;
    const house1 = `${prefix}houseNumber1`;
    if (sent(house2) && !sent(house1)) out.push(violation(house1, 'required', `${house1} is required when ${house2} is sent`));
    const street = `${params[`${prefix}street1`] ?? ''}${params[`${prefix}street2`] ?? ''}`;
    if (/^[0-9\s]+$/.test(street)) {
      out.push(violation(`${prefix}street1`, 'not digits only', `${prefix}street1 plus ${prefix}street2 must not be digits only`));
    }
  }

  // Where a card is paid with; prepare checkout may carry card.holder alone, and a
  // stored card (registrationId) is paid with its CVV at most.
  const paysWithCard = (operation === 'payment' || operation === 'checkoutPayment') && !sent('registrationId');
  if (paysWithCard && names.some((n) => n.startsWith('card.'))) {
    for (const required of ['card.number', 'card.expiryMonth', 'card.expiryYear']) {
      if (!sent(required)) out.push(violation(required, 'required', `${required} is required when card details are sent`));
    }
  }

  if (
    params['standingInstruction.source'] === 'MIT' &&
    params['standingInstruction.mode'] === 'REPEATED' &&
    !sent('standingInstruction.initialTransactionId')
  ) {
    out.push(
      violation(
        'standingInstruction.initialTransactionId',
        'required',
        'standingInstruction.initialTransactionId is required for a repeated merchant-initiated (MIT) transaction',
      ),
    );
  }

  if (names.some((n) => n.startsWith('bankAccount.'))) {
    if (!sent('bankAccount.number') && !sent('bankAccount.iban')) {
      out.push(violation('bankAccount.iban', 'required', 'bankAccount.number or bankAccount.iban is required with bank account details'));
    }
  }

  return out;
}
