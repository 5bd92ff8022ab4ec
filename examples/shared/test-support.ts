// Owns what the storefronts' component tests (examples/*/test, the Vitest
// `dom` project) share: the checkout the example merchant server answers,
// the server itself stubbed at `fetch`, and the shopper's way from the shop
// to the payment form, found by what the shopper reads (accessible names).
// Each storefront's test says how its page opens and how a click is waited
// for (React's act, Vue's rendering, Angular's whenStable, a plain page's
// module); the steps and what they check are the same for all.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen } from '@testing-library/dom';
import { expect, vi } from 'vitest';
import type { Checkout, PaymentStatus } from './shop-api';

/** The one product of the stubbed catalogue. */
export const SENCHA = { id: 'sencha', name: 'Sencha', description: 'Green tea', price: '12.90' };

/** The checkout id the stubbed server answers, and the one it answers a renewal ("Get more time") with. */
export const CHECKOUT_ID = '8a8294174b7ecb28014b9699220015ca';
export const RENEWED_CHECKOUT_ID = '8a8294174b7ecb28014b9699220015cb';

/**
 * The checkout the merchant server answers for two Sencha, its shopper
 * result URL the storefront's result page; `overrides` for another cart.
 */
export function checkoutFor(shopperResultUrl: string, overrides: Partial<Checkout> = {}): Checkout {
  return {
    orderId: 'order-1042',
    checkoutId: CHECKOUT_ID,
    baseUrl: 'http://127.0.0.1:8080',
    brands: 'VISA MASTER',
    shopperResultUrl,
    amount: '25.80',
    currency: 'EUR',
    createdAt: '2026-11-26T10:00:00Z',
    expiresAt: '2026-11-26T10:30:00Z',
    expiresInMs: 30 * 60_000,
    ...overrides,
  };
}

/** Where the widget sends the shopper after paying checkout `checkoutId`: the shopper result URL with the gateway's `id` and `resourcePath`. */
export function paidResultUrl(shopperResultUrl: string, checkoutId: string): string {
  return `${shopperResultUrl}?id=${checkoutId}&resourcePath=%2Fv1%2Fcheckouts%2F${checkoutId}%2Fpayment`;
}

/** The merchant server's refusal of a checkout for a cart whose payment is being confirmed (HTTP 409): the cart is kept. */
export const BEING_CONFIRMED = {
  code: 'PAYMENT_BEING_CONFIRMED',
  orderId: 'order-1042',
  message: 'a payment for this cart is being confirmed; no new checkout until it is final',
};

/** The merchant server's refusal of a checkout for a cart holding ten open checkouts (HTTP 409): the cart is kept. */
export const TOO_MANY_OPEN = {
  code: 'TOO_MANY_OPEN_CHECKOUTS',
  orderId: 'order-1042',
  message: 'this cart has too many checkouts open: pay in one of them, or try again once they have expired',
};

/** What GET /api/payment-status answers for the paid checkout of two Sencha. */
export const PAID_STATUS: PaymentStatus = {
  ok: true,
  state: 'paid',
  confirming: false,
  classification: 'success',
  threeDSecureFailed: false,
  code: '000.100.110',
  mismatches: [],
  needsReview: false,
  orderId: 'order-1042',
  amount: '25.80',
  currency: 'EUR',
};

/**
 * What GET /api/payment-status answers for a payment whose outcome is not
 * known yet (a gateway timeout): not ok, its code's group a refusal's, and
 * `confirming`: the server reads it again until it is paid or declined.
 */
export const CONFIRMING_STATUS: PaymentStatus = {
  ...PAID_STATUS,
  ok: false,
  state: 'uncertain',
  confirming: true,
  classification: 'rejectedCommunication',
  code: '900.100.300',
};

/** The result page's URL a storefront's test opens: the shopper back from paying {@link CHECKOUT_ID} at `resultPath`. */
export const resultPageUrl = (resultPath: string) => paidResultUrl(resultPath, CHECKOUT_ID);

/**
 * The merchant server as the pages call it, stubbed at `fetch` (undone by
 * `vi.unstubAllGlobals()`): the catalogue (one Sencha), `checkout` for every
 * checkout asked for (one asked for with `renew`, more time, gets
 * {@link RENEWED_CHECKOUT_ID}) or, with `checkoutRefused`, its HTTP 409
 * refusal (e.g. {@link BEING_CONFIRMED}), and a payment-status read saying
 * the checkout is unpaid, or paid with `paidElsewhere` (in another tab), or
 * answering `paymentStatus`. `expiresInMs`: the time left on the checkout.
 * Returns the stub, to read its calls.
 */
export function stubMerchantServer(
  checkout: Checkout,
  options: {
    paidElsewhere?: boolean;
    expiresInMs?: number;
    checkoutRefused?: typeof BEING_CONFIRMED;
    /** Successive answers of the payment-status read, the last one repeated. */
    paymentStatus?: PaymentStatus | PaymentStatus[];
  } = {},
) {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const statuses = [options.paymentStatus ?? []].flat();
  const server = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    if (path === '/api/products') return json({ products: [SENCHA], currency: 'EUR' });
    if (path === '/api/checkout') {
      if (options.checkoutRefused) return json({ error: options.checkoutRefused }, 409);
      const { renew } = JSON.parse(String(init?.body ?? '{}')) as { renew?: string };
      return json({
        ...checkout,
        checkoutId: renew ? RENEWED_CHECKOUT_ID : checkout.checkoutId,
        expiresInMs: options.expiresInMs ?? checkout.expiresInMs,
      });
    }
    if (path.startsWith('/api/payment-status')) {
      if (statuses.length > 0) return json(statuses.length > 1 ? statuses.shift() : statuses[0]);
      return json(options.paidElsewhere ? { ok: true, code: '000.100.110' } : { ok: false, code: '000.200.000' });
    }
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', server);
  return server;
}

/** A storefront's shop page as its test drives it. */
export interface ShopUnderTest {
  /** Opens the shop page; resolves once the catalogue's answer is rendered. */
  open(): Promise<void>;
  /** Clicks `element`; resolves once the page has rendered what the click changed. */
  click(element: HTMLElement): Promise<void>;
}

/**
 * Opens the shop, puts `quantity` Sencha in the cart (the cart reads them and
 * their total) and asks for the payment, as the shopper does, until the
 * payment section is shown. Every step waits through the storefront's own
 * `click` (the fake widget's `act`), not Testing Library's `findBy…`, whose
 * polling waits on timers a test may have faked.
 */
export async function goToPayment(shop: ShopUnderTest, quantity = 2): Promise<void> {
  await shop.open();
  const add = screen.getByRole('button', { name: `Add to cart: ${SENCHA.name}` });
  for (let added = 0; added < quantity; added++) await shop.click(add);
  expect(screen.getByText(`${quantity} × ${SENCHA.name}`)).toBeTruthy();
  expect(screen.getByRole('status').textContent).toBe((Number(SENCHA.price) * quantity).toFixed(2));
  await shop.click(screen.getByRole('button', { name: 'Go to payment' }));
  expect(screen.getByRole('heading', { name: 'Payment' })).toBeTruthy();
}

/**
 * The body of a page served as a file, the page as the browser has it before
 * its module runs: `page` a path from the test file (`import.meta.url`), e.g.
 * `servedPageBody(import.meta.url, '../public/index.html')`.
 */
export function servedPageBody(testFile: string, page: string): string {
  const path = join(dirname(fileURLToPath(testFile)), page);
  const body = /<body>([\s\S]*)<\/body>/.exec(readFileSync(path, 'utf8'))?.[1];
  if (body === undefined) throw new Error(`${path} has no <body>`);
  return body;
}
