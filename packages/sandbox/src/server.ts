// Owns startSandbox: the HTTP server, its routes, which of them need the
// merchant's Bearer token and which the shopper's browser calls, throttling,
// request logging, and the test controls (clock, widget faults).

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { CHECKOUT_ID_PATTERN, ENTITY_ID_PATTERN, PAYMENT_ID_PATTERN } from '@wpwl/gateway-spec';
import { checkAuthorization } from './auth.js';
import { createClock } from './clock.js';
import { newAccessToken, newEntityId, newPaymentId } from './format.js';
import { backLink, formPostAnswer, formPostRefusal, isBrowserFormPost } from './form-post.js';
import { Gateway } from './gateway.js';
import type { Reply } from './gateway/replies.js';
import type { Submitter } from './gateway/resource.js';
import { BodyError, CORS_HEADERS, parseParams, readForm, send, sendRefusal } from './http.js';
import { envelope, paymentNotificationPayload, registrationBody, sandboxPayment, type SandboxPayment } from './records.js';
import { RESULTS } from './result-codes.js';
import { UnreadPaymentNotifier } from './shopper-callback.js';
import { Throttle, type SandboxOperation, type ThrottleConfig } from './throttle.js';
import { AssetServer, type SandboxAsset, type WidgetFault } from './widget-assets.js';
import { getWidgetAssets } from './widget/assets.js';
import {
  checkRetryDelays,
  checkTimeout,
  checkWebhookEndpoints,
  checkWebhookFaults,
  WebhookSender,
  type WebhookEndpoint,
  type WebhookFaults,
  type WebhookStats,
} from './webhooks.js';

/** Options of {@link startSandbox}. */
export interface SandboxOptions {
  /** Port to listen on; `0` (the default) picks a free one. */
  port?: number;
  /** Address to bind; default `127.0.0.1` (loopback only). */
  host?: string;
  /** Source of the current time in ms since the epoch; default `Date.now`. `advanceClock` adds to it. */
  clock?: () => number;
  /** The Bearer token merchants must send; default: a random one per start. */
  accessToken?: string;
  /** The entity id (32 lowercase hex) merchants must send; default: a random one per start. */
  entityId?: string;
  /** Request limits per operation; operations without one are not throttled. */
  throttle?: ThrottleConfig;
  /** Delay in ms before each widget file is answered (for load-time and timeout tests). */
  widgetDelayMs?: number;
  /**
   * Log one line per request (and each shopper result call): `true` to
   * stdout, a function to receive each line (a test counting the calls a
   * server makes). Default `false`.
   */
  log?: boolean | ((line: string) => void);
  /**
   * Refuse every value the interface's rules refuse, also those the real gateway
   * is known to accept (an order number "17" as merchantTransactionId, a postcode
   * "N1 9GU"). Default `false`: those pass, with a warning on stderr naming the rule.
   */
  strict?: boolean;
  /** Where the warnings of the lenient rules go; default one line each on stderr. */
  onWarning?: (line: string) => void;
  /** The widget files to serve; default: the sandbox's stand-in widget. */
  widgetAssets?: readonly SandboxAsset[];
  /**
   * Where to send webhook notifications (PAYMENT for each payment created or
   * changed, REGISTRATION CREATED for each stored card), encrypted with each
   * endpoint's key (64 hex characters). Only loopback URLs are taken: the
   * sandbox never calls out. Default: none.
   */
  webhooks?: readonly WebhookEndpoint[];
  /**
   * The wait in ms before each retry of a failed notification; its length + 1
   * is the number of attempts. Default {@link DEFAULT_WEBHOOK_RETRY_DELAYS_MS}
   * (1 s, 2 s, 4 s … 5 min: 10 attempts). Real time, not the sandbox clock.
   */
  webhookRetryDelaysMs?: readonly number[];
  /** How long one webhook attempt may take before it counts as failed; default 5000 ms. */
  webhookTimeoutMs?: number;
  /** Webhook faults for tests (duplicates, delays, reordering, failed first attempts); default none. */
  webhookFaults?: WebhookFaults;
}

/** A running sandbox. */
export interface Sandbox {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:54321`. */
  url: string;
  /** The Bearer token to send as `Authorization: Bearer <accessToken>`. */
  accessToken: string;
  /** The entity id to send as `entityId`. */
  entityId: string;
  /** Stops the server, its timers and any outgoing call. */
  close(): Promise<void>;
  /** Moves the sandbox clock forward (checkout expiry, the 29-minute call, throttle windows). */
  advanceClock(ms: number): void;
  /** Makes the widget script (`/v1/paymentWidgets.js`) misbehave; `null` restores it. */
  setWidgetFault(fault: WidgetFault): void;
  /** Same as {@link Sandbox.setWidgetFault}. */
  setWidgetScriptFault(fault: WidgetFault): void;
  /**
   * Replaces the webhook endpoints for notifications from now on (checked as
   * the `webhooks` option is); `[]` stops sending. For a receiver that learns
   * its own address only after the sandbox started (a server on port 0).
   */
  setWebhooks(endpoints: readonly WebhookEndpoint[]): void;
  /** Replaces the webhook faults for notifications from now on; `null` switches them off. */
  setWebhookFaults(faults: WebhookFaults | null): void;
  /** What the webhook sender has done so far, and how many deliveries are pending. */
  webhookStats(): WebhookStats;
  /**
   * Resolves when no webhook delivery is pending (at once when none is);
   * rejects after `timeoutMs` when given and still pending then.
   */
  webhooksSettled(timeoutMs?: number): Promise<void>;
  /** The gateway's own records of every payment, in the order made, as plain objects (for reconciliation). */
  payments(): SandboxPayment[];
}

const BEARER_TOKEN = /^[A-Za-z0-9._~+/-]+=*$/;

/**
 * Starts a sandbox gateway.
 *
 * @example
 * const sandbox = await startSandbox({ port: 0 });
 * const res = await fetch(`${sandbox.url}/v1/checkouts`, {
 *   method: 'POST',
 *   headers: { Authorization: `Bearer ${sandbox.accessToken}` },
 *   body: new URLSearchParams({ entityId: sandbox.entityId, amount: '92.00', currency: 'EUR', paymentType: 'DB' }),
 * });
 * await sandbox.close();
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const accessToken = options.accessToken ?? newAccessToken();
  const entityId = options.entityId ?? newEntityId();
  if (!BEARER_TOKEN.test(accessToken)) {
    throw new TypeError('startSandbox: accessToken must be a Bearer token (letters, digits and . _ ~ + / - with optional trailing =)');
  }
  if (!ENTITY_ID_PATTERN.test(entityId)) throw new TypeError('startSandbox: entityId must be 32 lowercase hex characters');
  const webhookEndpoints = checkWebhookEndpoints(options.webhooks);
  const retryDelaysMs = checkRetryDelays(options.webhookRetryDelaysMs);
  const webhookTimeoutMs = checkTimeout(options.webhookTimeoutMs);
  const initialFaults = checkWebhookFaults(options.webhookFaults, 'startSandbox: webhookFaults');
  const host = options.host ?? '127.0.0.1';
  const clock = createClock(options.clock);
  const toStdout = (line: string) => console.log(`[wpwl-sandbox] ${line}`);
  const log = typeof options.log === 'function' ? options.log : options.log ? toStdout : () => {};
  const webhooks = new WebhookSender({
    endpoints: webhookEndpoints,
    retryDelaysMs,
    timeoutMs: webhookTimeoutMs,
    faults: initialFaults,
    log,
  });
  const notifier = new UnreadPaymentNotifier(clock.now, log);
  const assets = new AssetServer(options.widgetAssets ?? getWidgetAssets(), options.widgetDelayMs ?? 0);
  const throttle = new Throttle(options.throttle ?? {}, clock.now);
  const gateway = new Gateway({
    entityId,
    now: clock.now,
    notifier,
    widgetIntegrity: () => assets.integrity,
    strict: options.strict === true,
    warn: options.onWarning ?? ((line) => console.warn(`[wpwl-sandbox] ${line}`)),
    onPayment: (payment) => {
      if (webhooks.enabled) webhooks.notify({ type: 'PAYMENT', payload: paymentNotificationPayload(payment, clock.now()) });
    },
    onRegistration: (registration) => {
      if (webhooks.enabled) {
        webhooks.notify({ type: 'REGISTRATION', action: 'CREATED', payload: registrationBody(registration, clock.now()) });
      }
    },
  });

  const server = createServer((req, res) => {
    const started = Date.now();
    if (options.log) res.on('finish', () => log(`${req.method} ${req.url} -> ${res.statusCode} (${Date.now() - started} ms)`));
    handle(req, res).catch((error: unknown) => {
      const status = error instanceof BodyError ? error.status : 500;
      const result =
        error instanceof BodyError
          ? { code: RESULTS.invalidParameter.code, description: `${RESULTS.invalidParameter.description}: ${error.message}` }
          : { code: '999.999.999', description: 'internal sandbox error' };
      if (!(error instanceof BodyError)) console.error('[wpwl-sandbox]', error);
      // A refused body may still be arriving: answered now, the rest drained before the connection closes.
      if (!res.headersSent) sendRefusal(req, res, { kind: 'json', status, body: envelope(result, clock.now()) }, true);
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const path = url.pathname;
    if (method === 'OPTIONS') {
      res.writeHead(204, { ...CORS_HEADERS, 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    if ((method === 'GET' || method === 'HEAD') && assets.has(path)) {
      assets.serve(path, res, method === 'HEAD');
      return;
    }
    const baseUrl = requestBaseUrl(req) ?? sandboxUrl;
    const query = parseParams(url.search.slice(1));
    const reply = (r: Reply, cors = false, headers: Record<string, string> = {}) => send(res, r, cors, headers);
    const json = (status: number, result: { code: string; description: string }, cors = false) =>
      reply({ kind: 'json', status, body: envelope(result, clock.now()) }, cors);

    /** Bearer check plus throttle for a merchant operation; false when a reply was sent. */
    const admit = (operation: SandboxOperation, cors = false): boolean => {
      const auth = checkAuthorization(req.headers.authorization, accessToken);
      if (auth === 'unauthenticated') {
        json(401, RESULTS.unauthenticated, cors);
        return false;
      }
      if (auth === 'forbidden') {
        json(403, RESULTS.forbidden, cors);
        return false;
      }
      return notThrottled(operation, cors);
    };
    const notThrottled = (operation: SandboxOperation, cors = false): boolean => {
      const waitMs = throttle.take(operation);
      if (waitMs === 0) return true;
      const idMatch = /^\/v1\/(?:checkouts|payments|threeds)\/([^/]+)/.exec(path)?.[1];
      reply(
        {
          kind: 'json',
          status: 429,
          body: envelope(RESULTS.throttled, clock.now(), { id: idMatch ? decodeURIComponent(idMatch) : newPaymentId() }),
        },
        cors,
        { 'Retry-After': String(Math.ceil(waitMs / 1000)) },
      );
      return false;
    };
    /** The browser posting the widget's form itself: sent on with a 303, or shown a page; never JSON. */
    const browserFormPost = async (id: string): Promise<void> => {
      const back = backLink(req.headers.referer);
      const waitMs = throttle.take('checkoutPayment');
      if (waitMs > 0) {
        return reply(
          formPostRefusal(429, 'Too many requests', 'Nothing was charged. Please wait a moment and pay again.', back, RESULTS.throttled),
          true,
          {
            'Retry-After': String(Math.ceil(waitMs / 1000)),
          },
        );
      }
      let params: Record<string, string>;
      try {
        params = await readForm(req);
      } catch (error) {
        if (!(error instanceof BodyError)) throw error;
        return sendRefusal(
          req,
          res,
          formPostRefusal(error.status, 'The payment could not be made', `Nothing was charged: the ${error.message}.`, back),
          true,
        );
      }
      return reply(formPostAnswer(gateway.payments.takeCheckoutPayment(id, params, 'shopper', baseUrl), id, back), true);
    };
    const wrongMethod = () =>
      json(400, { ...RESULTS.invalidMethod, description: `${RESULTS.invalidMethod.description}: ${method} ${path}` });

    if (path === '/v1/checkouts') {
      if (method !== 'POST') return wrongMethod();
      if (!admit('checkout')) return;
      return reply(gateway.checkouts.create(await readForm(req)));
    }

    const updatePath = /^\/v1\/checkouts\/([^/]+)$/.exec(path);
    if (updatePath) {
      if (method !== 'POST') return wrongMethod();
      if (!admit('checkout')) return;
      const id = safeDecode(updatePath[1] ?? '');
      const params = await readForm(req);
      if (!CHECKOUT_ID_PATTERN.test(id)) return json(404, RESULTS.checkoutUnknown);
      return reply(gateway.checkouts.update(id, params));
    }

    const checkoutPath = /^\/v1\/checkouts\/([^/]+)\/(payment|registration|widget-session)$/.exec(path);
    if (checkoutPath) {
      const id = safeDecode(checkoutPath[1] ?? '');
      const what = checkoutPath[2];
      const known = CHECKOUT_ID_PATTERN.test(id);
      if (what === 'widget-session') {
        if (method !== 'GET') return wrongMethod();
        if (!notThrottled('widgetSession', true)) return;
        return reply(
          known ? gateway.checkouts.widgetSession(id) : { kind: 'json', status: 404, body: envelope(RESULTS.checkoutUnknown, clock.now()) },
          true,
        );
      }
      const isPayment = what === 'payment';
      if (method === 'GET') {
        if (!admit(isPayment ? 'checkoutStatus' : 'registrationStatus')) return;
        if (!known) return json(404, RESULTS.checkoutUnknown);
        return reply(isPayment ? gateway.statusReads.checkoutPayment(id, query) : gateway.statusReads.checkoutRegistration(id, query));
      }
      if (method !== 'POST') return wrongMethod();
      if (isPayment && isBrowserFormPost(req.headers)) return browserFormPost(id);
      // No Authorization header: the shopper's browser, for which the checkout id is the capability.
      const submitter: Submitter = req.headers.authorization === undefined ? 'shopper' : 'merchant';
      const operation = isPayment ? 'checkoutPayment' : 'registration';
      if (submitter === 'merchant' ? !admit(operation, true) : !notThrottled(operation, true)) return;
      const params = await readForm(req);
      if (!known) return json(404, RESULTS.checkoutUnknown, true);
      return reply(
        isPayment
          ? gateway.payments.submitToCheckout(id, params, submitter, baseUrl)
          : gateway.registrations.submitToCheckout(id, params, submitter),
        true,
      );
    }

    if (path === '/v1/payments') {
      if (method !== 'POST') return wrongMethod();
      if (!admit('payment')) return;
      return reply(gateway.payments.create(await readForm(req), baseUrl));
    }

    const paymentPath = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (paymentPath) {
      const id = safeDecode(paymentPath[1] ?? '');
      const notFound = () =>
        json(404, { ...RESULTS.invalidParameter, description: `${RESULTS.invalidParameter.description}: no payment with this id` });
      if (method === 'GET') {
        if (!admit('paymentStatus')) return;
        return PAYMENT_ID_PATTERN.test(id) ? reply(gateway.statusReads.payment(id, query)) : notFound();
      }
      if (method !== 'POST') return wrongMethod();
      if (!admit('reference')) return;
      const params = await readForm(req);
      return PAYMENT_ID_PATTERN.test(id) ? reply(gateway.payments.reference(id, params)) : notFound();
    }

    const threedsPath = /^\/v1\/threeds\/([^/]+)$/.exec(path);
    if (threedsPath) {
      const id = safeDecode(threedsPath[1] ?? '');
      if (method === 'GET') return reply(gateway.threeDSecure.challengePage(id, query.target));
      if (method === 'POST') return reply(gateway.threeDSecure.completeChallenge(id, await readForm(req)));
      return wrongMethod();
    }

    return json(404, RESULTS.noRoute);
  }

  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  const sandboxUrl = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`;

  let closed: Promise<void> | undefined;
  const setWidgetFault = (fault: WidgetFault) => assets.setFault(fault);
  return {
    url: sandboxUrl,
    accessToken,
    entityId,
    advanceClock(ms) {
      clock.advance(ms);
      notifier.check();
    },
    setWidgetFault,
    setWidgetScriptFault: setWidgetFault,
    setWebhooks(endpoints) {
      webhooks.setEndpoints(checkWebhookEndpoints(endpoints, 'setWebhooks: endpoints'));
    },
    setWebhookFaults(faults) {
      webhooks.setFaults(checkWebhookFaults(faults, 'setWebhookFaults: faults'));
    },
    webhookStats: () => webhooks.stats(),
    webhooksSettled: (timeoutMs) => webhooks.settled(timeoutMs),
    payments: () => [...gateway.records.payments.values()].map(sandboxPayment),
    close() {
      closed ??= new Promise<void>((resolve) => {
        webhooks.close();
        notifier.close();
        assets.close();
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return closed;
    },
  };
}

// The base URL the shopper's browser used, so redirect URLs reach the sandbox
// the same way (localhost vs 127.0.0.1); only a plain host:port is trusted.
function requestBaseUrl(req: IncomingMessage): string | undefined {
  const host = req.headers.host;
  return host && /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/.test(host) ? `http://${host}` : undefined;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
