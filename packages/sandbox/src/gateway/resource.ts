// Owns what every resource of the gateway shares: the settings it runs with,
// the records, the JSON answers in the gateway's envelope, the interface's
// field rules on a request, the entity checks, the open-checkout lookup and
// the card parameters of a request. Free of HTTP: each resource answers with
// a Reply, and every state change happens in one synchronous step after the
// request body is read, so two concurrent submissions can never both pass a
// once-only check.

import { ENTITY_ID_PATTERN, FIELD_RULES, checkParams } from '@wpwl/gateway-spec';
import type { CardInput } from '../cards.js';
import { envelope, type CheckoutRecord, type PaymentRecord, type RegistrationRecord, type Records } from '../records.js';
import { RESULTS, type Result } from '../result-codes.js';
import type { UnreadPaymentNotifier } from '../shopper-callback.js';
import { resultForViolations } from '../violation-codes.js';
import type { JsonReply, Reply } from './replies.js';

/** What the gateway runs with. */
export interface GatewayDeps {
  entityId: string;
  now: () => number;
  notifier: UnreadPaymentNotifier;
  /** `sha384-…` of the served widget script, or undefined when no script is served. */
  widgetIntegrity: () => string | undefined;
  /** Refuse what the interface's rules refuse even where the real gateway is known to accept it. */
  strict?: boolean;
  /** Told each value that breaks a stated rule but is accepted, as the real gateway does. */
  warn?: (line: string) => void;
  /** How long (sandbox-clock ms) an uncertain test card's payment stays uncertain; default 5000. */
  uncertainSettleMs?: number;
  /** Told each payment created or changed (after the change), for webhook notifications. */
  onPayment?: (payment: PaymentRecord) => void;
  /** Told each card registration stored, for webhook notifications. */
  onRegistration?: (registration: RegistrationRecord) => void;
}

/** A broken field rule, as the field tables report it (their own type stays out of this package's declarations). */
export interface BrokenRule {
  /** The flat parameter name as sent, e.g. `card.number`. */
  field: string;
  /** The rule in words. */
  rule: string;
  /** One sentence naming the parameter and the rule. */
  message: string;
}

/** The request a parameter set is checked for, as the field tables name it (their type stays out of the declarations too). */
export type CheckedOperation = 'checkout' | 'payment' | 'checkoutPayment' | 'reference';

/** Who sent a request to a checkout's payment path. */
export type Submitter = 'shopper' | 'merchant';

/** One resource of the gateway's interface, over the records every resource shares. */
export abstract class GatewayResource {
  constructor(
    protected readonly deps: GatewayDeps,
    protected readonly records: Records,
  ) {}

  protected json(status: number, result: Result, fields: Record<string, unknown> = {}): JsonReply {
    return { kind: 'json', status, body: envelope(result, this.deps.now(), fields) };
  }

  protected invalid(violations: BrokenRule[], params: Record<string, string>): JsonReply {
    const result = resultForViolations(violations);
    const parameterErrors = violations.map((v) => ({
      name: v.field,
      // Card data is never echoed, not even in an error.
      ...(v.field.startsWith('card.') ? {} : { value: params[v.field] ?? '' }),
      message: v.message,
    }));
    return this.json(400, { ...result, parameterErrors } as Result);
  }

  /**
   * The interface's field rules on a request. Values production integrations
   * send that break a stated rule (merchantTransactionId "17") pass with a
   * warning naming the rule, as the real gateway takes them; strict refuses them.
   */
  protected check(params: Record<string, string>, operation: CheckedOperation, fromShopper = false): BrokenRule[] {
    const { violations, warnings } = checkParams(params, operation, { fromShopper });
    if (this.deps.strict) return [...violations, ...warnings];
    for (const warning of warnings) this.deps.warn?.(`warning: ${warning.message}`);
    return violations;
  }

  /** 403 for a well-formed entityId of another entity; `undefined` when the entity may go on. */
  protected foreignEntity(params: Record<string, string>): JsonReply | undefined {
    const entityId = params.entityId;
    if (entityId !== undefined && ENTITY_ID_PATTERN.test(entityId) && entityId !== this.deps.entityId) {
      return this.json(403, {
        ...RESULTS.forbidden,
        description: `${RESULTS.forbidden.description}: entityId does not belong to this access token`,
      });
    }
    return undefined;
  }

  /** entityId for a read (GET): required, well-formed and ours. */
  protected entityForRead(params: Record<string, string>): Reply | undefined {
    const entityId = params.entityId;
    if (entityId === undefined || entityId === '') {
      return this.invalid([{ field: 'entityId', rule: 'required', message: 'entityId is required (query parameter)' }], params);
    }
    if (!ENTITY_ID_PATTERN.test(entityId)) {
      const rule = FIELD_RULES.entityId?.format.rule ?? '32 lowercase hex characters';
      return this.invalid([{ field: 'entityId', rule, message: `entityId must be ${rule}` }], params);
    }
    return this.foreignEntity(params);
  }

  protected openCheckout(id: string): CheckoutRecord | undefined {
    const checkout = this.records.checkouts.get(id);
    return checkout && this.deps.now() < checkout.expiresAt ? checkout : undefined;
  }

  protected checkoutGone(): JsonReply {
    return this.json(404, RESULTS.checkoutUnknown);
  }
}

/** The card as the request's `card.*` parameters give it. */
export function cardInput(params: Record<string, string>): CardInput {
  return {
    number: params['card.number'] ?? '',
    expiryMonth: params['card.expiryMonth'] ?? '',
    expiryYear: params['card.expiryYear'] ?? '',
    cvv: params['card.cvv'],
    holder: params['card.holder'],
  };
}
