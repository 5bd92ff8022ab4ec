// Owns the translation from typed nested parameters to the interface's flat
// names: objects become dots, arrays `[n]` counted from 0, the map-valued
// parameters `[key]`. Amount fields are formatted to two decimals here (never
// rounded); anything that cannot become a flat string is reported as a
// violation instead of being sent half-right.
import { formatAmountExact } from './amount.js';
import type { ParameterViolation } from './errors.js';

/** Flat names with list indexes replaced by `[]`, e.g. `cart.items[].price`. */
type Shape = string;

/** Parameters whose object value is a map: its keys become `[key]`, not `.key`. */
const MAP_SHAPES: ReadonlySet<Shape> = new Set([
  'customParameters',
  'overridePaymentType',
  'risk.parameters',
  'merchant.data',
  'threeDSecure.schemeData',
]);

/** Amount fields and their integer-digit limit (N10.N2, N13 with two decimals, N9.N2). */
const AMOUNT_SHAPES: ReadonlyMap<Shape, number> = new Map([
  ['amount', 10],
  ['taxAmount', 10],
  ['discountAmount', 10],
  ['forex.amount', 10],
  ['risk.amount', 10],
  ['threeDSecure.amount', 9],
  ['shipping.cost', 13],
  ['merchant.shipping.cost', 13],
  ['cart.items[].price', 13],
  ['cart.items[].totalAmount', 13],
  ['cart.items[].taxAmount', 13],
  ['cart.items[].totalTaxAmount', 13],
  ['cart.items[].shipping', 13],
  ['cart.items[].totalDiscountAmount', 13],
  ['cart.payments[].amount', 10],
  ['marketPlace.sellers[].amount', 13],
]);

/** Characters that would change the meaning of a flat name if they appeared inside one part of it. */
const NAME_BREAKERS = /[.[\]\s=&]/;
const MAP_KEY_BREAKERS = /[[\]\s=&]/;

/** The result of serializing: the flat parameters, and every value that could not be serialized. */
export interface SerializedParams {
  flat: Record<string, string>;
  violations: ParameterViolation[];
}

function shapeOf(path: string): Shape {
  return path.replace(/\[\d+\]/g, '[]');
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Flattens nested parameters to the interface's names.
 *
 * @param params nested parameters (`{ customer: { givenName } }`)
 * @param flatParameters extra parameters already in flat form; a name the nested ones produce too is a violation
 */
export function serializeParams(params: object, flatParameters?: Record<string, unknown>): SerializedParams {
  // No prototype: a parameter named `toString` or `constructor` is only a name.
  const flat = Object.create(null) as Record<string, string>;
  const violations: ParameterViolation[] = [];
  const refuse = (field: string, rule: string, message: string): void => {
    violations.push({ field, rule, message });
  };

  const walk = (value: unknown, path: string): void => {
    if (value === undefined || value === null) return;
    const shape = shapeOf(path);

    if (Array.isArray(value)) {
      value.forEach((entry, index) => walk(entry, `${path}[${index}]`));
      return;
    }

    if (typeof value === 'object') {
      if (!isPlainObject(value)) {
        refuse(
          path,
          'plain value',
          `must be a string, number, boolean, array or plain object, got ${Object.prototype.toString.call(value)}`,
        );
        return;
      }
      const isMap = MAP_SHAPES.has(shape);
      for (const [key, entry] of Object.entries(value)) {
        if (isMap) {
          if (key === '' || MAP_KEY_BREAKERS.test(key)) {
            refuse(`${path}[${key}]`, 'map key', `key "${key}" must be non-empty without brackets, whitespace, "=" or "&"`);
            continue;
          }
          walk(entry, `${path}[${key}]`);
        } else {
          const child = path === '' ? key : `${path}.${key}`;
          if (key === '' || NAME_BREAKERS.test(key)) {
            refuse(child, 'parameter name', `name part "${key}" must be non-empty without dots, brackets, whitespace, "=" or "&"`);
            continue;
          }
          walk(entry, child);
        }
      }
      return;
    }

    const amountDigits = AMOUNT_SHAPES.get(shape);
    if (amountDigits !== undefined && (typeof value === 'string' || typeof value === 'number')) {
      const formatted = formatAmountExact(value, amountDigits);
      if (formatted.ok) flat[path] = formatted.value;
      else refuse(path, formatted.rule, formatted.message);
      return;
    }

    switch (typeof value) {
      case 'string':
        flat[path] = value;
        return;
      case 'boolean':
        flat[path] = value ? 'true' : 'false';
        return;
      case 'number': {
        const text = String(value);
        if (!Number.isFinite(value) || /e/i.test(text)) {
          refuse(path, 'finite decimal', `${text} cannot be sent as a plain decimal number; pass a string`);
          return;
        }
        flat[path] = text;
        return;
      }
      default:
        refuse(path, 'plain value', `must be a string, number or boolean, got ${typeof value}`);
    }
  };

  walk(params, '');

  for (const [name, value] of Object.entries(flatParameters ?? {})) {
    if (Object.hasOwn(flat, name)) {
      refuse(name, 'not duplicated', `is given both as a typed parameter and in flatParameters`);
    } else if (typeof value !== 'string') {
      refuse(name, 'string', `flatParameters values must be strings, got ${typeof value}`);
    } else {
      flat[name] = value;
    }
  }

  return { flat, violations };
}
