// Owns the chaos run's shoppers: each prepares a checkout through the
// merchant API, pays with the widget's payment POST straight to the gateway
// (success, decline or 3-D Secure completed, failed or abandoned), and then
// reads its result page, reloading on errors as a shopper would, or never
// comes back to it. With two merchant instances a shopper checks out on one
// and reads its result on the other.
import { cardPaymentForm } from '../support/merchant.js';
import { http, HttpFailure, jsonOf, retryAfterMs, type HttpAnswer } from './http.js';
import type { Random } from './random.js';

export type ShopperKind =
  | 'success'
  | 'decline'
  | 'threeDsComplete'
  | 'threeDsFail'
  | 'threeDsAbandon'
  /** The gateway answers 900.100.300 (uncertain), later a success, or later a bank decline. */
  | 'uncertainSuccess'
  | 'uncertainDecline';

export const CARDS = {
  success: '4200000000000000',
  decline: '4000000000000002',
  threeDs: '4000000000003220',
  uncertainSuccess: '4000000000000903',
  uncertainDecline: '4000000000000911',
} as const;

export interface ShopperPlan {
  index: number;
  kind: ShopperKind;
  /** False: the shopper never reaches the result page (no status read). */
  readsResult: boolean;
  productId: string;
  quantity: number;
  /** Merchant instance (index) the checkout is made on, and the one the result page is read on. */
  checkoutOn: number;
  readOn: number;
  /** The loopback address the shopper's requests come from. */
  address: string;
  cartKey: string;
  /** Pauses before paying and before the result page, ms. */
  thinkMs: [number, number];
}

export interface ShopperShares {
  neverRead: number;
  decline: number;
  threeDs: number;
  uncertain: number;
}

/** Plans `count` shoppers: who pays how, and who reads the result. */
export function planShoppers(
  count: number,
  options: {
    random: Random;
    shares: ShopperShares;
    products: readonly string[];
    instances: number;
    seed: number;
    addresses: readonly string[];
  },
): ShopperPlan[] {
  const { random, shares } = options;
  const plans = Array.from({ length: count }, (_, index): ShopperPlan => {
    const roll = random();
    const threeDs = random.pick(['threeDsComplete', 'threeDsComplete', 'threeDsFail', 'threeDsAbandon'] as const);
    const uncertain = random.pick(['uncertainSuccess', 'uncertainDecline'] as const);
    const kind: ShopperKind =
      roll < shares.decline
        ? 'decline'
        : roll < shares.decline + shares.threeDs
          ? threeDs
          : roll < shares.decline + shares.threeDs + shares.uncertain
            ? uncertain
            : 'success';
    return {
      index,
      kind,
      readsResult: !random.chance(shares.neverRead),
      productId: random.pick(options.products),
      quantity: random.int(1, 3),
      checkoutOn: index % options.instances,
      readOn: (index + 1) % options.instances,
      address: options.addresses[index % options.addresses.length] ?? '127.0.0.1',
      cartKey: `chaos-${options.seed}-${index}-${random.int(0, 0xffffff).toString(16)}`,
      thinkMs: [random.int(0, 300), random.int(0, 600)],
    };
  });
  // A short run meets both uncertain cards with a shopper on the result page (who then tries to pay again).
  if (shares.uncertain > 0) {
    for (const kind of ['uncertainSuccess', 'uncertainDecline'] as const) {
      const plan = plans.find((p) => p.kind === kind) ?? plans.find((p, i) => i > 0 && p.kind === 'success');
      if (plan) Object.assign(plan, { kind, readsResult: true });
    }
  }
  return plans;
}

/** What happened to one shopper. */
export interface ShopperRecord {
  plan: ShopperPlan;
  orderId?: string;
  checkoutId?: string;
  amount?: string;
  currency?: string;
  /** The gateway's answer to the payment POST (the 3-D Secure one's final code after the challenge is not here). */
  paymentCode?: string;
  /** The last verdict the result page showed (status 200), and when (ms since the epoch). */
  shown?: { ok: boolean; classification: string; code: string; state?: string };
  shownAt?: number;
  /** How the visit ended. */
  outcome: 'no checkout' | 'payment refused' | 'left without reading' | 'final verdict' | 'left on pending' | 'unknown order' | 'gave up';
  checkoutAttempts: number;
  readAttempts: number;
  /** From the first checkout request to the checkout id in hand, ms. */
  checkoutMs?: number;
  /** From the payment's answer to the final verdict shown, ms (shoppers who read it). */
  verdictMs?: number;
  /** Errors met on the way (connection refused, 503 …), counted by kind. */
  errors: Record<string, number>;
  /** Result page answers saying the payment is being confirmed (an uncertain payment). */
  confirmingSeen: number;
  /**
   * The shopper, told the payment is being confirmed, tried to pay again: the checkout's answers
   * (status and error code; `new` when a checkout was handed out).
   */
  payAgain: string[];
  /** A second checkout handed out while the first payment was being confirmed, and paid (success card). */
  second?: { checkoutId: string; orderId: string; paymentCode?: string };
}

/** The run's side of a shopper's visit: where the servers are, and what the fault controller wants to know. */
export interface ShopContext {
  merchantUrls: readonly string[];
  sandboxUrl: string;
  /** Told once a checkout request is on its way (instance index). */
  onCheckoutSent?(shopper: number, instance: number): void;
  onCheckoutDone?(shopper: number, instance: number): void;
  /** Told once the merchant answered a checkout id. */
  onCheckoutAnswered?(shopper: number, instance: number): void;
  /** Told once the gateway answered the payment POST; `awaitingRead` when a status read will follow. */
  onPaid?(shopper: number, readInstance: number, awaitingRead: boolean): void;
  /** Told when the result page showed a final verdict (instance index). */
  onVerdictShown?(shopper: number, instance: number, orderId: string): void;
  /** Told when the result page showed its last answer (or the shopper left). */
  onReadDone?(shopper: number): void;
  /** Told of each merchant API request, with its answer or none (a failed connection), and when it was sent. */
  onApiAnswer?(instance: number, route: 'checkout' | 'status', sentAt: number, answer: HttpAnswer | undefined): void;
  log(line: string): void;
}

const CHECKOUT_PATIENCE_MS = 90_000;
const READ_PATIENCE_MS = 90_000;
const PENDING = new Set(['pending', 'pendingMayChange']);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One shopper's visit, start to end. Never throws: everything is recorded. */
export async function shop(plan: ShopperPlan, context: ShopContext, random: Random): Promise<ShopperRecord> {
  const record: ShopperRecord = {
    plan,
    outcome: 'no checkout',
    checkoutAttempts: 0,
    readAttempts: 0,
    errors: {},
    confirmingSeen: 0,
    payAgain: [],
  };
  const error = (kind: string) => {
    record.errors[kind] = (record.errors[kind] ?? 0) + 1;
  };
  const from = { localAddress: plan.address };

  // 1. The checkout, as the storefront asks for it; a reload on anything but an answer.
  const checkoutUrl = `${context.merchantUrls[plan.checkoutOn]}/api/checkout`;
  const checkoutStarted = Date.now();
  const until = checkoutStarted + CHECKOUT_PATIENCE_MS;
  let shopperResultUrl = '';
  const askCheckout = async (): Promise<HttpAnswer> => {
    const sentAt = Date.now();
    try {
      const answer = await http(checkoutUrl, {
        ...from,
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ items: [{ productId: plan.productId, quantity: plan.quantity }], cartKey: plan.cartKey }),
        // Longer than the merchant's own wait for a busy cart (15 s), so its answer is seen.
        timeoutMs: 25_000,
      });
      context.onApiAnswer?.(plan.checkoutOn, 'checkout', sentAt, answer);
      return answer;
    } catch (caught) {
      context.onApiAnswer?.(plan.checkoutOn, 'checkout', sentAt, undefined);
      throw caught;
    }
  };
  while (!record.checkoutId && Date.now() < until) {
    record.checkoutAttempts++;
    context.onCheckoutSent?.(plan.index, plan.checkoutOn);
    try {
      const answer = await askCheckout();
      const body = jsonOf(answer);
      if ((answer.status === 200 || answer.status === 201) && typeof body?.checkoutId === 'string') {
        record.orderId = String(body.orderId);
        record.checkoutId = body.checkoutId;
        record.amount = String(body.amount);
        record.currency = String(body.currency);
        shopperResultUrl = String(body.shopperResultUrl);
        record.checkoutMs = Date.now() - checkoutStarted;
        context.onCheckoutAnswered?.(plan.index, plan.checkoutOn);
      } else {
        error(`checkout ${answer.status}${body?.error?.code ? ` ${body.error.code}` : ''}`);
        context.log(
          `shopper ${plan.index}: checkout attempt ${record.checkoutAttempts} answered ${answer.status} ${body?.error?.code ?? ''}`,
        );
        if (answer.status < 500 && answer.status !== 429) {
          context.log(`shopper ${plan.index}: checkout answered ${answer.status} ${answer.text.slice(0, 200)}`);
          break;
        }
        await sleep(answer.status === 429 ? Math.min(retryAfterMs(answer) ?? 1000, 5000) : random.int(200, 1000));
      }
    } catch (caught) {
      error(`checkout ${caught instanceof HttpFailure ? caught.code : 'error'}`);
      context.log(
        `shopper ${plan.index}: checkout attempt ${record.checkoutAttempts} failed: ${caught instanceof Error ? caught.message : String(caught)}`,
      );
      await sleep(random.int(200, 1000));
    } finally {
      context.onCheckoutDone?.(plan.index, plan.checkoutOn);
    }
  }
  if (!record.checkoutId) return record;
  const checkoutId = record.checkoutId;

  // 2. The widget's payment POST, straight to the gateway (no Authorization: the checkout id is the capability).
  await sleep(plan.thinkMs[0]);
  const card = plan.kind.startsWith('threeDs') ? CARDS.threeDs : CARDS[plan.kind as keyof typeof CARDS];
  let redirectUrl: string | undefined;
  const pay = (id: string, number: string) =>
    http(`${context.sandboxUrl}/v1/checkouts/${encodeURIComponent(id)}/payment`, {
      ...from,
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: cardPaymentForm(number, { shopperResultUrl }),
    });
  try {
    const answer = await pay(checkoutId, card);
    const body = jsonOf(answer);
    record.paymentCode = body?.result?.code;
    redirectUrl = body?.redirect?.url;
    // A payment was made (a success, a decline answered 400, a 3-D Secure one pending) when the answer describes it.
    if (!record.paymentCode || typeof body?.paymentType !== 'string') {
      context.log(`shopper ${plan.index}: payment answered ${answer.status} ${answer.text.slice(0, 200)}`);
      record.outcome = 'payment refused';
      return record;
    }
  } catch (caught) {
    context.log(`shopper ${plan.index}: payment failed: ${caught instanceof Error ? caught.message : String(caught)}`);
    record.outcome = 'payment refused';
    return record;
  }

  // 3. 3-D Secure: the issuer's page, answered or left.
  if (redirectUrl && plan.kind !== 'threeDsAbandon') {
    await sleep(random.int(50, 400));
    try {
      await http(redirectUrl, {
        ...from,
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `outcome=${plan.kind === 'threeDsFail' ? 'fail' : 'complete'}`,
      });
    } catch (caught) {
      context.log(`shopper ${plan.index}: 3-D Secure answer failed: ${caught instanceof Error ? caught.message : String(caught)}`);
    }
  }
  const paidAt = Date.now();
  context.onPaid?.(plan.index, plan.readOn, plan.readsResult);
  if (!plan.readsResult) {
    record.outcome = 'left without reading';
    return record;
  }

  // 4. The result page (on the other instance when there are two, as a load balancer would send it), then its status read.
  await sleep(plan.thinkMs[1]);
  const base = context.merchantUrls[plan.readOn] ?? '';
  const resourcePath = `/v1/checkouts/${checkoutId}/payment`;
  const page = new URL(shopperResultUrl);
  const pageUrl = `${base}${page.pathname}?${new URLSearchParams({ id: checkoutId, resourcePath })}`;
  const readUntil = Date.now() + READ_PATIENCE_MS;
  for (let loaded = false; !loaded && Date.now() < readUntil;) {
    try {
      await http(pageUrl, from);
      loaded = true;
    } catch (caught) {
      error(`result page ${caught instanceof HttpFailure ? caught.code : 'error'}`);
      await sleep(random.int(200, 1000));
    }
  }
  const statusUrl = `${base}/api/payment-status?${new URLSearchParams({ resourcePath })}`;
  /**
   * Back to the cart and "pay" again: refused while the payment is being confirmed; a new checkout
   * handed out is paid. True once the shop gave an answer that says something (not a 503, 429 or a
   * dropped connection: the shopper tries again at the next "being confirmed").
   */
  let paidAgain = false;
  const payAgain = async (): Promise<boolean> => {
    for (let attempt = 0; attempt < 2; attempt++) {
      let answer: HttpAnswer;
      try {
        answer = await askCheckout();
      } catch (caught) {
        record.payAgain.push(caught instanceof HttpFailure ? caught.code : 'error');
        await sleep(random.int(200, 800));
        continue;
      }
      const body = jsonOf(answer);
      if ((answer.status === 200 || answer.status === 201) && typeof body?.checkoutId === 'string') {
        record.payAgain.push(`${answer.status} new`);
        if (body.checkoutId === checkoutId) return true;
        const second: NonNullable<ShopperRecord['second']> = { checkoutId: body.checkoutId, orderId: String(body.orderId) };
        record.second = second;
        context.log(`shopper ${plan.index}: handed a second checkout ${body.checkoutId} while its payment was being confirmed`);
        try {
          second.paymentCode = jsonOf(await pay(body.checkoutId, CARDS.success))?.result?.code;
        } catch (caught) {
          context.log(`shopper ${plan.index}: second payment failed: ${caught instanceof Error ? caught.message : String(caught)}`);
        }
        return true;
      }
      record.payAgain.push(`${answer.status}${body?.error?.code ? ` ${body.error.code}` : ''}`);
      if (answer.status !== 503 && answer.status !== 429) return true;
      await sleep(Math.min(retryAfterMs(answer) ?? 1000, 3000));
    }
    return false;
  };
  let pendingSeen = 0;
  let unknownSeen = 0;
  record.outcome = 'gave up';
  while (Date.now() < readUntil) {
    record.readAttempts++;
    const sentAt = Date.now();
    try {
      const answer = await http(statusUrl, { ...from, timeoutMs: 20_000 }).catch((caught: unknown) => {
        context.onApiAnswer?.(plan.readOn, 'status', sentAt, undefined);
        throw caught;
      });
      context.onApiAnswer?.(plan.readOn, 'status', sentAt, answer);
      const body = jsonOf(answer);
      if (answer.status === 200 && body && (body.confirming === true || body.state === 'uncertain')) {
        // "We are confirming your payment": the page keeps asking; the shopper, once, tries to pay again.
        record.confirmingSeen++;
        if (!paidAgain) paidAgain = await payAgain();
        // A 3-D Secure payment left unanswered stays open at the gateway too: the shopper leaves after a few answers.
        if (!plan.kind.startsWith('uncertain') && ++pendingSeen >= 3) {
          record.outcome = 'left on pending';
          break;
        }
        await sleep(1000);
        continue;
      }
      if (answer.status === 200 && body) {
        record.shown = {
          ok: body.ok === true,
          classification: String(body.classification),
          code: String(body.code),
          ...(typeof body.state === 'string' ? { state: body.state } : {}),
        };
        record.shownAt = Date.now();
        if (!PENDING.has(record.shown.classification)) {
          record.outcome = 'final verdict';
          record.verdictMs = record.shownAt - paidAt;
          context.onVerdictShown?.(plan.index, plan.readOn, record.orderId ?? '');
          break;
        }
        // Pending (3-D Secure left unanswered): the page polls a few times, then the shopper leaves.
        if (++pendingSeen >= 3) {
          record.outcome = 'left on pending';
          break;
        }
        await sleep(1000);
        continue;
      }
      error(`status ${answer.status}${body?.error?.code ? ` ${body.error.code}` : ''}`);
      if (answer.status === 404 && body?.error?.code === 'UNKNOWN_ORDER') {
        if (++unknownSeen >= 3) {
          record.outcome = 'unknown order';
          break;
        }
        await sleep(1000);
      } else if (answer.status === 429) {
        await sleep(Math.min(retryAfterMs(answer) ?? 1000, 5000));
      } else if (answer.status >= 500) {
        await sleep(random.int(300, 1500));
      } else {
        context.log(`shopper ${plan.index}: status read answered ${answer.status} ${answer.text.slice(0, 200)}`);
        break;
      }
    } catch (caught) {
      error(`status ${caught instanceof HttpFailure ? caught.code : 'error'}`);
      await sleep(random.int(300, 1500));
    }
  }
  context.onReadDone?.(plan.index);
  return record;
}
