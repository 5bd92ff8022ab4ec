// Owns the merchant backend of the example shop: the two API routes a
// storefront needs (prepare a checkout for a server-priced cart; read and
// verify its payment), the gateway's webhook notifications, plus serving the
// storefront pages, with the security headers every response carries and the
// limits on status reads. Orders live in the database (store.ts); the rate
// limits and the short-lived caches of reads stay in this process's memory.
// node:http only.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createGatewayClient,
  decryptWebhook,
  isCheckoutId,
  isThreeDSecureFailure,
  isWpwlServerError,
  parseStatusResource,
  verifyPayment,
  type GatewayClientOptions,
  type PaymentMismatch,
  type PaymentResult,
  type ResultClassification,
} from '@wpwl/server';
import { CURRENCY, PRODUCTS, formatMinor, priceCart, productText, type PricedCart } from './catalogue.js';
import { createNonce, storefrontCsp } from './csp.js';
import { RateLimiter } from './rate-limit.js';
import { shopperOf } from './shopper-cookie.js';
import { LockBusyError, OrderStore, type Order, type SettledBy } from './store.js';
import type { DatabaseOptions } from './database.js';
import { resolveStaticFile, sendStaticFile } from './static.js';
import { STOREFRONT_FRAMEWORKS } from './storefronts.js';

/** How long a checkout can be paid, per the interface. */
const CHECKOUT_LIFETIME_MS = 30 * 60_000;
const MAX_BODY_BYTES = 16 * 1024;
/** A webhook notification is one payment as hex: far below this. */
const MAX_WEBHOOK_BYTES = 256 * 1024;

/** A storefront's cart key: a random id per shopper's cart. */
const CART_KEY = /^[A-Za-z0-9-]{16,64}$/;
/** An open checkout is handed out again for its cart only with this much time left to pay. */
const REUSE_MIN_LEFT_MS = 5 * 60_000;

type PricedCartOk = Extract<PricedCart, { ok: true }>;

/** Longest a status request waits for the gateway, retries included: a throttling gateway must not hold the shopper. */
export const STATUS_READ_DEADLINE_MS = 8_000;
/** How long a verdict that may still change (pending, unpaid) is reused before the gateway is read again. */
export const OPEN_VERDICT_REUSE_MS = 3_000;
/** Status requests per client address (shoppers behind one NAT share it): a burst of 60, then two a second. */
export const STATUS_READS_PER_CLIENT = { burst: 60, perSecond: 2 };
/**
 * New gateway checkouts per client address: a burst of 30, then one every two seconds. Each is a
 * call to the gateway on the merchant's account (which the gateway throttles for every shopper),
 * so one script must not prepare them in a loop; a shopper needs a handful.
 */
export const CHECKOUTS_PER_CLIENT = { burst: 30, perSecond: 0.5 };
/** Status requests per order, from anyone: a burst of 20, then one a second. */
export const STATUS_READS_PER_ORDER = { burst: 20, perSecond: 1 };

/**
 * Sent with every response: no site may frame the shop (clickjacking), no
 * browser may guess a content type, and no URL (the result page's carries the
 * checkout's resourcePath) leaves the shop in a Referer header.
 */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
};

/** Where the gateway is and how to authenticate (keep the token on the server). */
export interface GatewayConfig {
  /** The gateway's base URL: its test or live environment, or a sandbox. */
  baseUrl: string;
  accessToken: string;
  entityId: string;
}

/** A storefront served by this server. */
export interface Storefront {
  /** Mount point, starting and ending with "/", e.g. "/core-storefront/". */
  path: string;
  /** Absolute directory of its files. */
  dir: string;
  /** Page (below `path`) the shopper returns to after paying; default "result.html". */
  resultPage?: string;
  /** Serve index.html for unknown extension-less paths (client-side routing). */
  spa?: boolean;
}

export interface MerchantServerOptions {
  gateway: GatewayConfig;
  /** Default 3000; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  storefronts?: Storefront[];
  /** Browser libraries served as they are, e.g. `{ path: '/vendor/wpwl-core/', dir: '…/packages/core/dist' }`. */
  vendor?: Array<{ path: string; dir: string }>;
  /** Brands the widget offers; default "VISA MASTER AMEX". */
  brands?: string;
  /** The origin shoppers reach this server at (for the shopper result URL); default its own listening URL. */
  publicUrl?: string;
  /**
   * Storefronts served elsewhere (the server-rendered ones, on their own
   * servers), listed on the index page after this server's: read on each visit.
   */
  otherStorefronts?: () => Array<{ name: string; url: string }>;
  /** Passed to createGatewayClient. */
  client?: Pick<GatewayClientOptions, 'fetch' | 'timeoutMs' | 'retries' | 'retryDelayMs' | 'deadlineMs'>;
  /**
   * Where orders are kept: a PostgreSQL URL (several instances share it) or a
   * folder for the embedded database (one instance). Or an open store.
   */
  database: DatabaseOptions | OrderStore;
  /**
   * The webhook secret from the gateway's back office (64 hex characters):
   * `POST /api/webhooks` decrypts notifications with it. Without it that route answers 404.
   */
  webhookKey?: string;
}

/** What GET /api/payment-status answers. */
export interface PaymentStatusAnswer {
  /** Paid, with the expected checkout, amount, currency and payment type. */
  ok: boolean;
  classification: ResultClassification;
  code: string;
  description?: string;
  mismatches: PaymentMismatch[];
  needsReview: boolean;
  /** The card authentication (3-D Secure) failed: tell the shopper so. */
  threeDSecureFailed: boolean;
  /** Paid, but another order of the same cart was paid first: this payment is to be refunded. */
  duplicateOf?: string;
  orderId: string;
  amount: string;
  currency: string;
}

export interface MerchantServer {
  /** e.g. http://127.0.0.1:3000 (no trailing slash). */
  url: string;
  /** The orders in the database. */
  orders: OrderStore;
  /** Stops listening; closes the database unless it was passed in open. */
  close(): Promise<void>;
}

/**
 * Starts the merchant server.
 *
 * @example
 * const shop = await startMerchantServer({ gateway: { baseUrl, accessToken, entityId }, port: 0 });
 */
export async function startMerchantServer(options: MerchantServerOptions): Promise<MerchantServer> {
  if (options.webhookKey !== undefined && !/^[0-9a-fA-F]{64}$/.test(options.webhookKey.trim())) {
    // Else every notification would be refused (500) and retried by the gateway for days.
    throw new Error('webhookKey (WPWL_WEBHOOK_KEY) must be the 64 hexadecimal characters of the webhook secret');
  }
  const gateway = createGatewayClient({ ...options.gateway, ...options.client });
  const storefronts = (options.storefronts ?? []).map(checkMount);
  const vendor = (options.vendor ?? []).map(checkMount);
  const brands = options.brands ?? 'VISA MASTER AMEX';
  const ownStore = !(options.database instanceof OrderStore);
  const orders = options.database instanceof OrderStore ? options.database : await OrderStore.open(options.database);
  const readsInFlight = new Map<string, Promise<PaymentStatusAnswer>>();
  /** Verdicts that may still change, reused for a few seconds: polling must not reach the gateway each time. */
  const openVerdicts = new Map<string, { answer: PaymentStatusAnswer; until: number }>();
  const readsPerClient = new RateLimiter(STATUS_READS_PER_CLIENT);
  const readsPerOrder = new RateLimiter(STATUS_READS_PER_ORDER);
  const checkoutsPerClient = new RateLimiter(CHECKOUTS_PER_CLIENT);
  let publicUrl = options.publicUrl ?? '';

  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    handle(req, res).catch((error: unknown) => {
      console.error('merchant-server: unexpected error', error);
      if (!res.headersSent) sendJson(res, 500, { error: { code: 'INTERNAL', message: 'unexpected server error' } });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://merchant.invalid');
    const path = url.pathname;

    if (path === '/api/products') {
      if (req.method !== 'GET') return methodNotAllowed(res, 'GET');
      // `?lang=ar`: the names and descriptions in the storefront's language (English where there are none).
      const language = url.searchParams.get('lang');
      return sendJson(res, 200, {
        currency: CURRENCY,
        products: PRODUCTS.map((p) => ({ id: p.id, ...productText(p, language), price: formatMinor(p.priceMinor) })),
      });
    }
    if (path === '/api/checkout') {
      if (req.method !== 'POST') return methodNotAllowed(res, 'POST');
      return createCheckout(req, res);
    }
    if (path === '/api/webhooks') {
      if (req.method !== 'POST') return methodNotAllowed(res, 'POST');
      return receiveWebhook(req, res);
    }
    if (path === '/api/payment-status') {
      if (req.method !== 'GET') return methodNotAllowed(res, 'GET');
      return paymentStatus(url, req, res);
    }
    if (path.startsWith('/api/')) return sendJson(res, 404, { error: { code: 'NOT_FOUND', message: `no API route ${path}` } });
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(res, 'GET, HEAD');
    const head = req.method === 'HEAD';
    settleOnShopperResult(url, req);
    if (path === '/') return sendIndex(res);
    if (path === '/favicon.ico') {
      // Pages name their own icon; answering the browser's default probe keeps consoles free of 404s.
      res.writeHead(204, { 'Cache-Control': 'max-age=86400' });
      return void res.end();
    }

    for (const mount of vendor) {
      if (!path.startsWith(mount.path)) continue;
      const file = await resolveStaticFile(mount.dir, path.slice(mount.path.length));
      if (file) return sendStaticFile(res, file, { head });
    }
    for (const mount of storefronts) {
      if (path === mount.path.slice(0, -1)) return redirect(res, mount.path);
      if (!path.startsWith(mount.path)) continue;
      const file = await resolveStaticFile(mount.dir, path.slice(mount.path.length), { spaFallback: mount.spa ?? false });
      if (!file) break;
      const nonce = createNonce();
      const headers: Record<string, string> = file.endsWith('.html')
        ? { 'Content-Security-Policy': storefrontCsp(gateway.baseUrl, nonce), 'Referrer-Policy': 'same-origin' }
        : {};
      return sendStaticFile(res, file, { nonce, headers, head });
    }
    return sendJson(res, 404, { error: { code: 'NOT_FOUND', message: `nothing at ${path}` } });
  }

  /** POST /api/checkout `{ items: [{ productId, quantity }], resultPath?, cartKey?, renew? }` (`renew`: the checkout id to replace) */
  async function createCheckout(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // A cross-site form cannot send a JSON content type, so other sites cannot create checkouts here.
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      return sendJson(res, 415, { error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'send application/json' } });
    }
    const body = await readJson(req);
    if (!body.ok) return sendJson(res, 400, { error: { code: 'INVALID_BODY', message: body.message } });
    const input = (typeof body.value === 'object' && body.value !== null ? body.value : {}) as {
      items?: unknown;
      resultPath?: unknown;
      cartKey?: unknown;
      renew?: unknown;
    };
    if (input.cartKey !== undefined && (typeof input.cartKey !== 'string' || !CART_KEY.test(input.cartKey))) {
      return sendJson(res, 400, {
        error: { code: 'INVALID_CART_KEY', field: 'cartKey', message: 'cartKey must be 16-64 letters, digits or hyphens' },
      });
    }

    const cart = priceCart(input.items);
    if (!cart.ok)
      return sendJson(res, 400, { error: { code: 'INVALID_CART', field: cart.field, message: `${cart.field} ${cart.message}` } });

    const resultPath = chooseResultPath(input.resultPath);
    if (!resultPath) {
      return sendJson(res, 400, {
        error: {
          code: 'INVALID_RESULT_PATH',
          field: 'resultPath',
          message: 'resultPath must be a path below one of the storefronts served here',
        },
      });
    }

    const shopperResultUrl = new URL(resultPath, publicUrl).href;
    const amount = formatMinor(cart.totalMinor);
    const shopperId = shopperOf(req, res);
    try {
      // Only a new gateway checkout costs a token: a cart's open checkout handed out again does not.
      const client = req.socket.remoteAddress ?? 'unknown';
      if (typeof input.cartKey !== 'string') {
        const wait = checkoutsPerClient.take(client);
        if (wait > 0) return tooManyCheckouts(res, wait);
        return sendJson(res, 201, checkoutAnswer(await prepare(cart, amount, shopperResultUrl, shopperId)));
      }
      // One open checkout per cart, whichever of the shopper's tabs asks, on whichever instance.
      const cartKey = input.cartKey;
      const outcome = await orders.withCart(cartKey, () =>
        checkoutForCart({ cart, amount, shopperResultUrl, shopperId, cartKey, renew: input.renew, client }),
      );
      for (const [name, value] of Object.entries(outcome.headers ?? {})) res.setHeader(name, value);
      return sendJson(res, outcome.status, outcome.body);
    } catch (error) {
      if (error instanceof LockBusyError) {
        res.setHeader('Retry-After', '1');
        return sendJson(res, 503, {
          error: { code: 'CART_BUSY', message: 'this cart is being checked out by another request; try again' },
        });
      }
      return sendGatewayError(res, error);
    }
  }

  /**
   * Decides a cart's checkout, holding the cart (OrderStore.withCart): the
   * open checkout again, a refusal if the cart is paid, or a new checkout.
   */
  async function checkoutForCart(request: {
    cart: PricedCartOk;
    amount: string;
    shopperResultUrl: string;
    shopperId: string;
    cartKey: string;
    renew: unknown;
    client: string;
  }): Promise<{ status: number; body: unknown; headers?: Record<string, string> }> {
    const { cart, shopperResultUrl, cartKey } = request;
    const cartPaid = (paid: Order) => ({
      status: 409,
      body: { error: { code: 'CART_ALREADY_PAID', orderId: paid.orderId, message: 'this cart is paid already: its order is complete' } },
    });
    // Any order of the cart, not only the latest: a tab may have paid an older checkout.
    const paid = await orders.paidForCart(cartKey);
    if (paid) return cartPaid(paid);
    const order = await orders.latestForCart(cartKey);
    // The same cart with time left to pay: the same checkout, with the time left now. Unless
    // the shopper asked for a new one in place of it (expired, or more time): then the
    // first tab to ask replaces it, and the others get that replacement.
    // The cart key is the shopper's own secret (random, kept in their browser), as the
    // shopper cookie is: the checkout, with the stored cards it may offer, goes to no one else.
    const sameCart =
      order?.shopperResultUrl === shopperResultUrl &&
      order.lines.length === cart.lines.length &&
      cart.lines.every((line, i) => order.lines[i]?.productId === line.product.id && order.lines[i]?.quantity === line.quantity);
    if (
      order &&
      sameCart &&
      !order.verdict &&
      request.renew !== order.checkoutId &&
      order.expiresAt.getTime() - Date.now() > REUSE_MIN_LEFT_MS
    ) {
      return { status: 200, body: checkoutAnswer(order) };
    }
    const wait = checkoutsPerClient.take(request.client);
    if (wait > 0) return { status: 429, body: TOO_MANY_CHECKOUTS, headers: { 'Retry-After': String(Math.ceil(wait / 1000)) } };
    // The checkout about to be replaced may have been paid in a tab whose result page has not
    // run yet: it stays payable at the gateway, so read it before another goes out for this cart.
    if (order && !order.verdict && (await wasPaid(order))) return cartPaid(order);
    return { status: 201, body: checkoutAnswer(await prepare(cart, request.amount, shopperResultUrl, request.shopperId, cartKey)) };
  }

  /** Whether an unsettled order's checkout was paid, as the gateway says now (settling it if so). */
  async function wasPaid(order: Order): Promise<boolean> {
    try {
      return (await settle(order, 'status-read')).ok;
    } catch (error) {
      // The gateway forgets a checkout that expired unpaid (a paid one it still answers for): nothing to protect.
      if (isWpwlServerError(error) && error.code === 'NOT_FOUND') return false;
      throw error;
    }
  }

  /** What POST /api/checkout answers for an order: what the widget needs, and the time left on this server's clock. */
  function checkoutAnswer(order: Order) {
    return {
      orderId: order.orderId,
      checkoutId: order.checkoutId,
      ...(order.integrity ? { integrity: order.integrity } : {}),
      baseUrl: gateway.baseUrl,
      brands,
      shopperResultUrl: order.shopperResultUrl,
      amount: order.amount,
      currency: order.currency,
      createdAt: order.createdAt.toISOString(),
      expiresAt: order.expiresAt.toISOString(),
      // A shopper's device clock may be off by any amount: the page counts down from this, not from the timestamps.
      expiresInMs: order.expiresAt.getTime() - Date.now(),
    };
  }

  /** Prepares a checkout for a priced cart with the gateway and records its order. */
  async function prepare(
    cart: PricedCartOk,
    amount: string,
    shopperResultUrl: string,
    shopperId: string,
    cartKey?: string,
  ): Promise<Order> {
    const orderId = `order-${randomUUID()}`;
    // The cards this shopper saved before: the widget offers them for one-click payment.
    const registrations = (await orders.storedCards(shopperId)).map((id) => ({ id }));
    const checkout = await gateway.prepareCheckout({
      ...(registrations.length > 0 ? { registrations } : {}),
      amount,
      currency: CURRENCY,
      paymentType: 'DB',
      merchantTransactionId: orderId,
      integrity: true,
      shopperResultUrl,
      cart: {
        items: cart.lines.map((line) => ({
          merchantItemId: line.product.id,
          name: line.product.name,
          quantity: line.quantity,
          price: formatMinor(line.product.priceMinor),
          totalAmount: formatMinor(line.totalMinor),
          currency: CURRENCY,
        })),
      },
    });
    const createdAt = new Date();
    const order: Omit<Order, 'paid'> = {
      orderId,
      checkoutId: checkout.id,
      amount,
      currency: CURRENCY,
      paymentType: 'DB',
      shopperResultUrl,
      lines: cart.lines.map((line) => ({
        productId: line.product.id,
        name: line.product.name,
        quantity: line.quantity,
        price: formatMinor(line.product.priceMinor),
      })),
      createdAt,
      expiresAt: new Date(createdAt.getTime() + CHECKOUT_LIFETIME_MS),
      ...(checkout.integrity ? { integrity: checkout.integrity } : {}),
      ...(cartKey ? { cartKey } : {}),
      shopperId,
    };
    // Committed before the checkout id reaches the browser: a payment for it always finds its order.
    await orders.add(order);
    return { ...order, paid: false };
  }

  /** GET /api/payment-status?resourcePath=/v1/checkouts/{id}/payment */
  async function paymentStatus(url: URL, req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Behind a proxy every shopper shares its address: key on the client address the proxy reports instead.
    const clientWait = readsPerClient.take(req.socket.remoteAddress ?? 'unknown');
    if (clientWait > 0) return tooManyReads(res, clientWait);
    const resourcePath = url.searchParams.get('resourcePath') ?? '';
    let checkoutId: string;
    try {
      checkoutId = parseStatusResource(resourcePath).checkoutId;
    } catch (error) {
      return sendGatewayError(res, error);
    }
    const order = await orders.get(checkoutId);
    if (!order) return sendJson(res, 404, { error: { code: 'UNKNOWN_ORDER', message: 'no order was created for this checkout' } });
    const orderWait = readsPerOrder.take(order.checkoutId);
    if (orderWait > 0) return tooManyReads(res, orderWait);
    try {
      return sendJson(res, 200, await settle(order, 'status-read'));
    } catch (error) {
      return sendGatewayError(res, error);
    }
  }

  /**
   * The gateway's own GET to a shopper result URL (made when a payment was
   * not read within 29 minutes) carries resourcePath. A storefront page cannot
   * read the status for that caller, so the server reads it here: otherwise a
   * payment whose result page never ran in the shopper's browser is never recorded.
   */
  function settleOnShopperResult(url: URL, req: IncomingMessage): void {
    const resourcePath = url.searchParams.get('resourcePath');
    if (!resourcePath) return;
    let checkoutId: string;
    try {
      checkoutId = parseStatusResource(resourcePath).checkoutId;
    } catch {
      return;
    }
    // Any page request can carry a resourcePath: the same limits as the status API, or a loop would read the gateway for ever.
    if (readsPerClient.take(req.socket.remoteAddress ?? 'unknown') > 0 || readsPerOrder.take(checkoutId) > 0) return;
    const settleFromCall = async () => {
      const order = await orders.get(checkoutId);
      if (!order || order.verdict || new URL(order.shopperResultUrl).pathname !== url.pathname) return;
      // The shopper (or the gateway) comes back from paying: a verdict kept from
      // before (unpaid, asked just before the payment was sent) is out of date.
      openVerdicts.delete(checkoutId);
      await settle(order, 'shopper-result-call');
    };
    settleFromCall().catch((error: unknown) => {
      console.error(
        `merchant-server: status read for checkout ${checkoutId} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  }

  /**
   * Reads and verifies an order's payment, keeping a final verdict on the
   * order. Reads in flight are shared, so the result page and the gateway's
   * call never read the same checkout twice at once.
   */
  function settle(order: Order, reader: SettledBy): Promise<PaymentStatusAnswer> {
    // A final verdict is kept: a reload of the result page needs no new read, and the gateway throttles requests per operation.
    if (order.verdict) return Promise.resolve(order.verdict);
    const open = openVerdicts.get(order.checkoutId);
    if (open && open.until > Date.now()) return Promise.resolve(open.answer);
    let read = readsInFlight.get(order.checkoutId);
    if (!read) {
      read = readVerdict(order, reader).finally(() => readsInFlight.delete(order.checkoutId));
      readsInFlight.set(order.checkoutId, read);
    }
    return read;
  }

  async function readVerdict(order: Order, reader: SettledBy): Promise<PaymentStatusAnswer> {
    // Always the order's own payment: the browser's resourcePath only names the order. Its
    // registration (a shopper may ask to store the card) has no amount, and would be kept as a failed payment.
    const payment = await gateway.getPaymentStatus(`/v1/checkouts/${order.checkoutId}/payment`, { deadlineMs: STATUS_READ_DEADLINE_MS });
    const answer = verdictFor(order, payment);
    if (OPEN_OUTCOMES.has(answer.classification)) {
      openVerdicts.set(order.checkoutId, { answer, until: Date.now() + OPEN_VERDICT_REUSE_MS });
      for (const [id, kept] of openVerdicts) if (kept.until <= Date.now()) openVerdicts.delete(id);
      return answer;
    }
    openVerdicts.delete(order.checkoutId);
    return keepFinal(order, payment, answer, reader);
  }

  /**
   * Commits a final verdict (or finds the one another reader committed first)
   * before anyone is told it; a card the shopper asked to save is kept with a paid one.
   */
  async function keepFinal(order: Order, payment: PaymentResult, answer: PaymentStatusAnswer, settledBy: SettledBy) {
    const stored = await orders.settle(order.checkoutId, { verdict: answer, settledBy, ...(payment.id ? { paymentId: payment.id } : {}) });
    // The shopper ticked "save my card": the gateway stored it with this verified payment.
    if (stored.paid && payment.registrationId && order.shopperId) await orders.addStoredCard(order.shopperId, payment.registrationId);
    if (stored.verdict?.duplicateOf) {
      console.error(
        `merchant-server: order ${order.orderId} was paid, but its cart was paid by ${stored.verdict.duplicateOf}: refund payment ${payment.id ?? '?'}`,
      );
    }
    return stored.verdict ?? answer;
  }

  /** A payment checked against its order, exactly the same way for a status read and a webhook. */
  function verdictFor(order: Order, payment: PaymentResult): PaymentStatusAnswer {
    const verdict = verifyPayment(payment, {
      checkoutId: order.checkoutId,
      amount: order.amount,
      currency: order.currency,
      paymentType: order.paymentType,
    });
    return {
      ok: verdict.ok,
      classification: verdict.classification,
      code: payment.result.code,
      ...(payment.result.description ? { description: payment.result.description } : {}),
      mismatches: verdict.mismatches,
      needsReview: verdict.needsReview,
      threeDSecureFailed: isThreeDSecureFailure(payment.result.code),
      orderId: order.orderId,
      amount: order.amount,
      currency: order.currency,
    };
  }

  /**
   * POST /api/webhooks: the gateway's notification, encrypted with the
   * webhook key. A payment notification settles its order as a status read
   * would; 2xx only once that is committed, so the gateway retries until it is.
   */
  async function receiveWebhook(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const key = options.webhookKey;
    if (!key) return sendJson(res, 404, { error: { code: 'NOT_FOUND', message: 'webhooks are not configured here (no webhook key)' } });
    const body = await readBody(req, MAX_WEBHOOK_BYTES);
    if (!body) return sendJson(res, 413, { error: { code: 'WEBHOOK_INVALID', reason: 'too-large', message: 'notification too large' } });
    let notification;
    try {
      notification = decryptWebhook(body, req.headers, key);
    } catch (error) {
      if (!isWpwlServerError(error) || error.code !== 'WEBHOOK_INVALID') throw error;
      console.error(`merchant-server: webhook refused: ${error.message}`);
      // A key of the wrong shape is this server's fault, not the sender's.
      const status = error.details.reason === 'key' ? 500 : 400;
      return sendJson(res, status, { error: { code: error.code, reason: error.details.reason, message: 'notification refused' } });
    }
    if (notification.type !== 'PAYMENT') return sendJson(res, 200, { received: true });
    const payment = notification.payload;
    if (payment.referencedId) {
      // A capture, refund or reversal of a payment: the order's verdict is about the payment itself.
      console.log(`merchant-server: webhook: ${payment.paymentType ?? '?'} ${payment.id ?? '?'} of payment ${payment.referencedId}`);
      return sendJson(res, 200, { received: true });
    }
    const order = await orderOfNotification(payment);
    if (!order) {
      // Answered 2xx all the same: the gateway would otherwise send it again and again.
      console.log(`merchant-server: webhook names no order of this shop, or two different ones (payment ${payment.id ?? '?'})`);
      return sendJson(res, 200, { received: true });
    }
    // The notification carries the checkout id as ndc: verified like the checkout a status read names.
    const answer = verdictFor(order, { ...payment, checkoutId: order.checkoutId });
    if (!OPEN_OUTCOMES.has(answer.classification) && !order.verdict) {
      openVerdicts.delete(order.checkoutId);
      await keepFinal(order, payment, answer, 'webhook');
    }
    return sendJson(res, 200, { received: true });
  }

  /**
   * The order a payment notification is about: the checkout it was paid
   * through (`ndc`), whose order id must also be the payment's
   * merchantTransactionId when it has one. A shopper's own payment form can
   * name any merchantTransactionId, so that alone never picks an order: a
   * notification that names two orders, or none, settles nothing.
   */
  async function orderOfNotification(payment: PaymentResult): Promise<Order | undefined> {
    if (!payment.ndc || !isCheckoutId(payment.ndc)) return undefined;
    const order = await orders.get(payment.ndc);
    if (!order || (payment.merchantTransactionId !== undefined && payment.merchantTransactionId !== order.orderId)) return undefined;
    return order;
  }

  /** The shopper result URL's path: the one asked for if it lies below a storefront, else the first storefront's result page. */
  function chooseResultPath(requested: unknown): string | undefined {
    if (requested === undefined || requested === null || requested === '') {
      const first = storefronts[0];
      return first ? `${first.path}${first.resultPage ?? 'result.html'}` : '/';
    }
    if (typeof requested !== 'string' || !/^\/[A-Za-z0-9._~/-]*$/.test(requested) || requested.includes('..') || requested.includes('//')) {
      return undefined;
    }
    return storefronts.some((s) => requested.startsWith(s.path)) ? requested : undefined;
  }

  function sendIndex(res: ServerResponse): void {
    const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    const links = storefronts
      .map((s) => {
        const framework = STOREFRONT_FRAMEWORKS[s.path.replaceAll('/', '')];
        return `<li><a href="${s.path}">${s.path}</a>${framework ? ` <small>${escape(framework)}</small>` : ''}</li>`;
      })
      .join('');
    const others = (options.otherStorefronts?.() ?? [])
      .map((other) => {
        const framework = STOREFRONT_FRAMEWORKS[other.name];
        return `<li><a href="${escape(other.url)}/">${escape(other.url)}/</a>${framework ? ` <small>${escape(framework)}</small>` : ''}</li>`;
      })
      .join('');
    // The shop's own stylesheet, when the shared files are served.
    const style = vendor.some((mount) => mount.path === '/shared/') ? '<link rel="stylesheet" href="/shared/shop.css">' : '';
    const html = `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Tea shop · wpwl examples</title>${style}<header><h1>Tea shop</h1></header><main><section><h2>The same shop, four ways</h2><ul class="storefronts">${links || '<li>No storefront is built yet.</li>'}</ul></section>${others ? `<section><h2>Server-rendered, on their own servers</h2><ul class="storefronts">${others}</ul></section>` : ''}</main>`;
    // default-src does not cover frame-ancestors: it is named on its own.
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; style-src 'self'; img-src 'self'; frame-ancestors 'none'",
    });
    res.end(html);
  }

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 3000, options.host ?? '127.0.0.1', () => resolveListen());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  publicUrl ||= url;

  return {
    url,
    orders,
    close: async () => {
      await new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      });
      if (ownStore) await orders.close();
    },
  };
}

function checkMount<T extends { path: string }>(mount: T): T {
  if (!/^\/([A-Za-z0-9._-]+\/)+$/.test(mount.path) || mount.path.startsWith('/api/')) {
    throw new Error(`mount path ${JSON.stringify(mount.path)} must look like "/name/" and not be below /api/`);
  }
  return mount;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(text);
}

function tooManyReads(res: ServerResponse, waitMs: number): void {
  res.setHeader('Retry-After', String(Math.ceil(waitMs / 1000)));
  sendJson(res, 429, { error: { code: 'TOO_MANY_REQUESTS', message: 'too many status requests; wait and ask again' } });
}

const TOO_MANY_CHECKOUTS = {
  error: { code: 'TOO_MANY_CHECKOUTS', message: 'too many new checkouts from this address; wait and try again' },
};

function tooManyCheckouts(res: ServerResponse, waitMs: number): void {
  res.setHeader('Retry-After', String(Math.ceil(waitMs / 1000)));
  sendJson(res, 429, TOO_MANY_CHECKOUTS);
}

function methodNotAllowed(res: ServerResponse, allowed: string): void {
  res.setHeader('Allow', allowed);
  sendJson(res, 405, { error: { code: 'METHOD_NOT_ALLOWED', message: `use ${allowed}` } });
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(308, { Location: location });
  res.end();
}

/** Outcomes that may still change (pending, or an uncertain technical failure): read again next time. */
const OPEN_OUTCOMES: ReadonlySet<ResultClassification> = new Set([
  'pending',
  'pendingMayChange',
  'rejectedCommunication',
  'systemError',
  'throttled',
  'unknown',
]);

/** HTTP status per gateway error code: bad input is the caller's; everything else is an upstream failure. */
const STATUS_BY_CODE: Record<string, number> = {
  INVALID_RESOURCE_PATH: 400,
  VALIDATION_FAILED: 400,
  NOT_FOUND: 404,
  THROTTLED: 503,
  TIMEOUT: 504,
};

/** Answers with a gateway error's code and message: never the token, never the raw upstream body. */
function sendGatewayError(res: ServerResponse, error: unknown): void {
  if (!isWpwlServerError(error)) throw error;
  const status = STATUS_BY_CODE[error.code] ?? 502;
  if (status >= 500) console.error(`merchant-server: gateway error ${error.code}: ${error.message}`);
  const retryAfterMs = error.details.retryAfterMs;
  if (error.code === 'THROTTLED')
    res.setHeader('Retry-After', String(Math.max(1, Math.ceil((typeof retryAfterMs === 'number' ? retryAfterMs : 5000) / 1000))));
  sendJson(res, status, { error: { code: error.code, message: error.message } });
}

/**
 * After a body passes its limit, at most this much more of it is read and
 * dropped, for at most DRAIN_MS, while the refusal is answered; then the
 * connection is cut. Closing on unread bytes resets the connection, and the
 * reset can reach the client before the answer (fetch fails with EPIPE).
 */
const DRAIN_BYTES = 16 * 1024 * 1024;
const DRAIN_MS = 5_000;

/**
 * The whole body, or undefined once it passes `limit` bytes. The rest of an
 * over-limit body is drained within DRAIN_BYTES and DRAIN_MS, not left unread.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let cutOff: NodeJS.Timeout | undefined;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      if (!cutOff) {
        cutOff = setTimeout(() => req.socket.destroy(), DRAIN_MS).unref();
        resolve(undefined);
      }
      if (size > limit + DRAIN_BYTES) req.socket.destroy();
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
    req.on('close', () => {
      clearTimeout(cutOff);
      reject(new Error('request aborted'));
    });
  });
}

async function readJson(req: IncomingMessage): Promise<{ ok: true; value: unknown } | { ok: false; message: string }> {
  const body = await readBody(req, MAX_BODY_BYTES);
  if (!body) return { ok: false, message: `body larger than ${MAX_BODY_BYTES} bytes` };
  let refusedKey: string | undefined;
  let value: unknown;
  try {
    // JSON.parse keeps "__proto__" as a plain key, but code that later copies or
    // merges the object could reach a prototype through it: refuse such keys.
    value = JSON.parse(body.toString('utf8'), (key, entry: unknown) => {
      if (key === '__proto__' || key === 'constructor' || key === 'prototype') refusedKey ??= key;
      return entry;
    });
  } catch {
    return { ok: false, message: 'body is not valid JSON' };
  }
  if (refusedKey) return { ok: false, message: `body must not have a field named "${refusedKey}"` };
  return { ok: true, value };
}
