// Owns the example shop's merchant server: it wires the settlement of its
// orders (@wpwl/server/settlement, on the shop's database) to its routes,
// serves the storefront pages with the security headers every response
// carries, and re-checks the orders that are due (uncertain payments, lapsed
// checkouts) on a timer. The routes are modules of their own: the checkout
// (checkout-route.ts), the status reads and the gateway's shopper-result call
// (status-route.ts), the webhooks (webhook-route.ts), the CSP violation
// reports shoppers' browsers send (csp-report-route.ts) and the back-office
// pages (reconciliation-page.ts, csp-reports-page.ts). node:http only.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGatewayClient, type GatewayClientOptions } from '@wpwl/server';
import { CHARGED_STATES, createSettlement, isRetryableStoreError, type Settlement } from '@wpwl/server/settlement';
import { CURRENCY, PRODUCTS, formatMinor, productText } from './catalogue.js';
import { createCheckout } from './checkout-route.js';
import { APPLE_PAY_DOMAIN_ASSOCIATION_PATH, expressSettings, sendApplePayDomainAssociation } from './express-route.js';
import { checkTrustedProxies, clientAddress } from './client-address.js';
import { receiveCspReportRequest } from './csp-report-route.js';
import { handleCspReportsPage } from './csp-reports-page.js';
import { createNonce, CSP_REPORT_PATH, REPORTING_ENDPOINTS, storefrontCsp } from './csp.js';
import type { DatabaseOptions } from './database.js';
import { methodNotAllowed, redirect, sendJson, sendStoreUnavailable } from './http.js';
import { RateLimiter } from './rate-limit.js';
import { handleReconciliationPage, RECONCILIATION_PATH, type ReconciliationSettings } from './reconciliation-page.js';
import type { ShopContext, Storefront } from './shop-context.js';
import { resolveStaticFile, sendStaticFile } from './static.js';
import { paymentStatus, settleOnShopperResult } from './status-route.js';
import { OrderStore, type OrderDetails } from './store.js';
import { STOREFRONT_FRAMEWORKS } from './storefronts.js';
import { receiveWebhook } from './webhook-route.js';

export type { Storefront } from './shop-context.js';
export type { PaymentStatusAnswer } from './status-answer.js';
export type { ReconciliationSettings } from './reconciliation-page.js';

/** Longest a status request waits for the gateway, retries included: a throttling gateway must not hold the shopper. */
export const STATUS_READ_DEADLINE_MS = 8_000;
/** How long a read of an order that may still change (open, uncertain) is reused before the gateway is read again. */
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
 * CSP report requests per client address: a burst of 30, then one a second. A
 * tampered page reports each blocked script once per page view; a script
 * inventing reports in a loop is slowed down.
 */
export const CSP_REPORTS_PER_CLIENT = { burst: 30, perSecond: 1 };
/** How often the orders that are due are re-checked (one instance at a time). */
export const RECHECK_INTERVAL_MS = 5_000;

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
  /** Wallet brands of the cart's express checkout; default "APPLEPAY GOOGLEPAY PAYPAL". */
  expressBrands?: string;
  /**
   * Apple Pay's domain-verification file from the gateway's back office (its
   * text), served at /.well-known/apple-developer-merchantid-domain-association.
   */
  applePayDomainAssociation?: string;
  /** The origin shoppers reach this server at (for the shopper result URL); default its own listening URL. */
  publicUrl?: string;
  /**
   * The IP addresses of the shop's own reverse proxies (WPWL_TRUSTED_PROXIES):
   * a request from one of them is limited by the client address it recorded
   * in X-Forwarded-For, not by the proxy's. Default none: the header is ignored.
   */
  trustedProxies?: readonly string[];
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
  /** The key being rotated out, accepted beside `webhookKey` until the back office sends with the new one only. */
  previousWebhookKey?: string;
  /** How often due orders are re-checked; 0 turns the timer off. Default {@link RECHECK_INTERVAL_MS}. */
  recheckIntervalMs?: number;
  /** The first re-check of an uncertain payment, then twice as long each time. Default 10 s. */
  recheckAfterMs?: number;
  /**
   * The back office's token (WPWL_ADMIN_TOKEN): /reconciliation and /csp-reports are served to
   * requests that carry it (Bearer header, or the cookie a visit with
   * `?token=` sets). Without it, only to requests made on this machine.
   */
  adminToken?: string;
  /** The settlement files /reconciliation reconciles, and what runs before. */
  reconciliation?: ReconciliationSettings;
}

export interface MerchantServer {
  /** e.g. http://127.0.0.1:3000 (no trailing slash). */
  url: string;
  /** The orders in the database. */
  orders: OrderStore;
  /** The settlement of the orders (open checkouts, settle, re-check). */
  settlement: Settlement;
  /** True when the back-office pages (/reconciliation, /csp-reports) ask for the admin token; false: it is served on this machine only. */
  backOfficeNeedsToken: boolean;
  /** Stops listening; closes the database unless it was passed in open. */
  close(): Promise<void>;
}

/**
 * Starts the merchant server.
 *
 * @example
 * const shop = await startMerchantServer({ gateway: { baseUrl, accessToken, entityId }, port: 0, database: { dataDir: './data' } });
 */
export async function startMerchantServer(options: MerchantServerOptions): Promise<MerchantServer> {
  const keySettings = { webhookKey: 'webhookKey (WPWL_WEBHOOK_KEY)', previousWebhookKey: 'previousWebhookKey (WPWL_PREVIOUS_WEBHOOK_KEY)' };
  for (const [option, name] of Object.entries(keySettings)) {
    const key = options[option as keyof typeof keySettings];
    // Else every notification would be refused (500) and retried by the gateway for days.
    if (key !== undefined && !/^[0-9a-fA-F]{64}$/.test(key.trim())) {
      throw new Error(`${name} must be the 64 hexadecimal characters of the webhook secret`);
    }
  }
  const proxies = checkTrustedProxies(options.trustedProxies ?? []);
  const webhookKeys = [options.webhookKey, options.previousWebhookKey].filter((key): key is string => key !== undefined);
  const gateway = createGatewayClient({ ...options.gateway, ...options.client });
  const storefronts = (options.storefronts ?? []).map(checkMount);
  const vendor = (options.vendor ?? []).map(checkMount);
  const ownStore = !(options.database instanceof OrderStore);
  const orders = options.database instanceof OrderStore ? options.database : await OrderStore.open(options.database);
  const settlement = createSettlement({
    store: orders.settlementStore,
    gateway,
    statusReadDeadlineMs: STATUS_READ_DEADLINE_MS,
    readReuseMs: OPEN_VERDICT_REUSE_MS,
    ...(options.recheckAfterMs !== undefined ? { recheckAfterMs: options.recheckAfterMs } : {}),
    log: (line) => console.error(`merchant-server: ${line}`),
    // The shopper ticked "save my card": the gateway stored it with this verified payment.
    onSettled: async (order, payment) => {
      const shopperId = (order.details as unknown as OrderDetails).shopperId;
      if (CHARGED_STATES.has(order.state) && order.state !== 'duplicate' && payment.registrationId && shopperId) {
        await orders.addStoredCard(shopperId, payment.registrationId);
      }
    },
  });
  let publicUrl = options.publicUrl ?? '';
  const clientOf = (req: IncomingMessage) => clientAddress(req, proxies);
  const shop: ShopContext = {
    settlement,
    orders,
    gateway,
    brands: options.brands ?? 'VISA MASTER AMEX',
    expressBrands: options.expressBrands ?? 'APPLEPAY GOOGLEPAY PAYPAL',
    applePayDomainAssociation: options.applePayDomainAssociation,
    storefronts,
    publicUrl: () => publicUrl,
    clientAddress: clientOf,
    limits: {
      readsPerClient: new RateLimiter(STATUS_READS_PER_CLIENT),
      readsPerOrder: new RateLimiter(STATUS_READS_PER_ORDER),
      checkoutsPerClient: new RateLimiter(CHECKOUTS_PER_CLIENT),
    },
  };

  if (options.adminToken !== undefined && options.adminToken.trim().length < 16) {
    throw new Error('adminToken (WPWL_ADMIN_TOKEN) must be at least 16 characters: it is all that guards the back office');
  }
  const backOffice = {
    orders,
    adminToken: options.adminToken?.trim(),
    settings: options.reconciliation ?? {},
    publicUrl: () => publicUrl,
    styled: vendor.some((mount) => mount.path === '/shared/'),
  };
  let ownUrl = '';
  const cspReports = {
    reports: orders.cspReports,
    limiter: new RateLimiter(CSP_REPORTS_PER_CLIENT),
    clientAddress: clientOf,
    documentOrigins: () => [...new Set([new URL(publicUrl).origin, ownUrl])],
  };

  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent && isRetryableStoreError(error)) return sendStoreUnavailable(res, error);
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
    if (path === '/api/checkout' || path === '/api/express-checkout') {
      if (req.method !== 'POST') return methodNotAllowed(res, 'POST');
      return createCheckout(shop, req, res, path === '/api/express-checkout');
    }
    if (path === '/api/express') {
      if (req.method !== 'GET') return methodNotAllowed(res, 'GET');
      return expressSettings(shop, res);
    }
    if (path === '/api/webhooks') {
      if (req.method !== 'POST') return methodNotAllowed(res, 'POST');
      return receiveWebhook(shop, webhookKeys, req, res);
    }
    if (path === '/api/payment-status') {
      if (req.method !== 'GET') return methodNotAllowed(res, 'GET');
      return paymentStatus(shop, url, req, res);
    }
    if (path.startsWith('/api/')) return sendJson(res, 404, { error: { code: 'NOT_FOUND', message: `no API route ${path}` } });
    if (path === RECONCILIATION_PATH) return handleReconciliationPage(backOffice, req, res, url);
    if (path === CSP_REPORT_PATH) {
      if (req.method === 'POST') return receiveCspReportRequest(cspReports, req, res);
      if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(res, 'GET, HEAD, POST');
      return handleCspReportsPage({ ...backOffice, reports: orders.cspReports }, req, res, url);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(res, 'GET, HEAD');
    const head = req.method === 'HEAD';
    if (path === APPLE_PAY_DOMAIN_ASSOCIATION_PATH) return sendApplePayDomainAssociation(shop, res, head);
    if (await settleOnShopperResult(shop, url, req, res)) return;
    if (path === '/') return sendIndex(res, storefronts, vendor, options.otherStorefronts);
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
      const secure = publicUrl.startsWith('https:');
      const headers: Record<string, string> = file.endsWith('.html')
        ? {
            'Content-Security-Policy': storefrontCsp(gateway.baseUrl, nonce, { reportTo: secure }),
            // Where the policy's report-to sends violations (the Reporting API).
            ...(secure ? { 'Reporting-Endpoints': REPORTING_ENDPOINTS } : {}),
            'Referrer-Policy': 'same-origin',
          }
        : {};
      return sendStaticFile(res, file, { nonce, headers, head });
    }
    return sendJson(res, 404, { error: { code: 'NOT_FOUND', message: `nothing at ${path}` } });
  }

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 3000, options.host ?? '127.0.0.1', () => resolveListen());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  publicUrl ||= url;
  ownUrl = url;

  const stopRechecks = startRechecks(shop, options.recheckIntervalMs ?? RECHECK_INTERVAL_MS);
  return {
    url,
    orders,
    settlement,
    backOfficeNeedsToken: backOffice.adminToken !== undefined,
    close: async () => {
      await stopRechecks();
      await new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      });
      if (ownStore) await orders.close();
    },
  };
}

/**
 * Re-checks the due orders every `intervalMs`, one instance at a time (the
 * others find the lock taken and skip a round); a failed round is logged and
 * the next one tries again. Resolves the returned stop once a running round ended.
 */
function startRechecks(shop: ShopContext, intervalMs: number): () => Promise<void> {
  if (intervalMs <= 0) return async () => undefined;
  let running: Promise<void> | undefined;
  const round = async () => {
    try {
      await shop.orders.settlementStore.withCart('__recheck__', 0, () => shop.settlement.recheck({ limit: 20 }));
    } catch (error) {
      if (isRetryableStoreError(error) && error.code === 'CART_BUSY') return;
      console.error(`merchant-server: re-check failed (next round tries again): ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const timer = setInterval(() => {
    running ??= round().finally(() => (running = undefined));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

function sendIndex(
  res: ServerResponse,
  storefronts: Storefront[],
  vendor: Array<{ path: string }>,
  others: MerchantServerOptions['otherStorefronts'],
): void {
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const links = storefronts
    .map((s) => {
      const framework = STOREFRONT_FRAMEWORKS[s.path.replaceAll('/', '')];
      return `<li><a href="${s.path}">${s.path}</a>${framework ? ` <small>${escape(framework)}</small>` : ''}</li>`;
    })
    .join('');
  const otherLinks = (others?.() ?? [])
    .map((other) => {
      const framework = STOREFRONT_FRAMEWORKS[other.name];
      return `<li><a href="${escape(other.url)}/">${escape(other.url)}/</a>${framework ? ` <small>${escape(framework)}</small>` : ''}</li>`;
    })
    .join('');
  // The shop's own stylesheet, when the shared files are served.
  const style = vendor.some((mount) => mount.path === '/shared/') ? '<link rel="stylesheet" href="/shared/shop.css">' : '';
  const html = `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Tea shop · wpwl examples</title>${style}<header><h1>Tea shop</h1></header><main><section><h2>The same shop, four ways</h2><ul class="storefronts">${links || '<li>No storefront is built yet.</li>'}</ul></section>${otherLinks ? `<section><h2>Server-rendered, on their own servers</h2><ul class="storefronts">${otherLinks}</ul></section>` : ''}</main>`;
  // default-src does not cover frame-ancestors: it is named on its own.
  res.writeHead(200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': "default-src 'none'; style-src 'self'; img-src 'self'; frame-ancestors 'none'",
  });
  res.end(html);
}

function checkMount<T extends { path: string }>(mount: T): T {
  if (!/^\/([A-Za-z0-9._-]+\/)+$/.test(mount.path) || mount.path.startsWith('/api/')) {
    throw new Error(`mount path ${JSON.stringify(mount.path)} must look like "/name/" and not be below /api/`);
  }
  return mount;
}
