// Owns startSandbox: the HTTP server over the routes (routes.ts), its
// options, request logging, the answer to a request that failed, and the
// running sandbox's controls (clock, widget faults, webhooks, chargebacks,
// settlement files, close).

import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ENTITY_ID_PATTERN } from '@wpwl/gateway-spec';
import { createClock } from './clock.js';
import { newAccessToken, newEntityId } from './format.js';
import { Gateway } from './gateway.js';
import type { ChargebackOutcome } from './gateway/chargebacks.js';
import { DEFAULT_UNCERTAIN_SETTLE_MS } from './gateway/uncertain-results.js';
import { BodyError, sendRefusal } from './http.js';
import { envelope, paymentNotificationPayload, registrationBody, sandboxPayment, type SandboxPayment } from './records.js';
import { RESULTS } from './result-codes.js';
import { createRouter } from './routes.js';
import { SettlementFiles, SettlementFilesError } from './settlement/files.js';
import { checkSettlementFilesOptions, type SettlementFilesOptions } from './settlement/options.js';
import { UnreadPaymentNotifier } from './shopper-callback.js';
import { Throttle, type ThrottleConfig } from './throttle.js';
import { AssetServer, type SandboxAsset, type WidgetFault } from './widget-assets.js';
import { getWidgetAssets } from './widget/assets.js';
import {
  checkRetryDelays,
  checkTimeout,
  checkWebhookEndpoints,
  checkWebhookFaults,
  type WebhookEndpoint,
  type WebhookFaults,
} from './webhook-options.js';
import { WebhookSender, type WebhookStats } from './webhooks.js';

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
  /**
   * How long a payment with an uncertain test card (`4000000000000903`,
   * `4000000000000911`) stays uncertain (`900.100.300`) before it settles to
   * its final result, in ms of the sandbox clock: `advanceClock` settles it
   * without waiting. Default {@link DEFAULT_UNCERTAIN_SETTLE_MS} (5 s).
   */
  uncertainSettleMs?: number;
  /**
   * Write the gateway's settlement (reconciliation) files of the payments
   * taken into `dir`: one file per settlement date, when
   * {@link Sandbox.writeSettlementFiles} (or `POST /sandbox/settlement-files`)
   * runs. Default: none.
   */
  settlementFiles?: SettlementFilesOptions;
}

/** Options of {@link Sandbox.chargeback}. */
export interface ChargebackOptions {
  /** The amount charged back, e.g. `"10.00"`; default: all of the payment not yet refunded. */
  amount?: string;
  /** The reason code, `000.100.2` followed by two digits; default `000.100.200` (reason not specified). */
  chargebackResultCode?: string;
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
  /**
   * Charges back the paid debit (DB) or capture (CP) `paymentId`, as the card
   * network would: a new payment with paymentType `CB`, `referencedId` =
   * `paymentId` and a `000.100.2xx` reason code, notified by a PAYMENT
   * webhook. One chargeback per payment. Also `POST /sandbox/payments/{id}/chargeback`.
   *
   * @returns the chargeback payment (its `id` is what {@link Sandbox.reverseChargeback} takes)
   * @throws Error naming the rule when the payment is unknown or cannot be charged back, or an option is malformed
   */
  chargeback(paymentId: string, options?: ChargebackOptions): SandboxPayment;
  /**
   * Reverses chargeback `chargebackId`: a new payment with paymentType `CR`,
   * `referencedId` = `chargebackId`, the chargeback's amount and result
   * `000.100.110`, notified by a PAYMENT webhook. Once per chargeback. Also
   * `POST /sandbox/payments/{chargebackId}/chargeback-reversal`.
   *
   * @throws Error naming the rule when the id is unknown or not a chargeback, or the chargeback was reversed already
   */
  reverseChargeback(chargebackId: string): SandboxPayment;
  /**
   * Writes every settlement file whose date the sandbox clock has reached
   * (`advanceClock` moves it), oldest first: the rows of the payments, refunds,
   * chargebacks and reversals due by then that no earlier file holds, and a
   * FEE row per currency. A file, once written, is never rewritten. Also
   * `POST /sandbox/settlement-files`.
   *
   * @returns the paths of the files written (none when nothing is due)
   * @throws SettlementFilesError `NOT_CONFIGURED` without the `settlementFiles` option, `WRITE_FAILED` when a file cannot be written
   */
  writeSettlementFiles(): Promise<string[]>;
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
  const settlementSettings = options.settlementFiles === undefined ? undefined : checkSettlementFilesOptions(options.settlementFiles);
  const uncertainSettleMs = options.uncertainSettleMs ?? DEFAULT_UNCERTAIN_SETTLE_MS;
  if (typeof uncertainSettleMs !== 'number' || !Number.isFinite(uncertainSettleMs) || uncertainSettleMs < 0) {
    throw new TypeError(`startSandbox: uncertainSettleMs must be a finite number of ms, 0 or more, got ${String(uncertainSettleMs)}`);
  }
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
    uncertainSettleMs,
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

  const settlementFiles =
    settlementSettings &&
    new SettlementFiles({
      settings: settlementSettings,
      entityId,
      now: clock.now,
      records: gateway.records,
      chargebacks: gateway.chargebacks,
      beforeRun: () => gateway.uncertainResults.settleDue(),
    });
  const writeSettlementFiles = (): Promise<string[]> =>
    settlementFiles
      ? settlementFiles.write()
      : Promise.reject(
          new SettlementFilesError(
            'NOT_CONFIGURED',
            'writeSettlementFiles: the sandbox writes no settlement files; start it with the settlementFiles option (--settlement-dir)',
          ),
        );

  const handle = createRouter({
    accessToken,
    gateway,
    throttle,
    assets,
    now: clock.now,
    sandboxUrl: () => sandboxUrl,
    writeSettlementFiles,
  });

  const server = createServer((req, res) => {
    const started = Date.now();
    // What is due by the sandbox clock settles before any answer reads it.
    gateway.uncertainResults.settleDue();
    if (options.log) res.on('finish', () => log(`${req.method} ${req.url} -> ${res.statusCode} (${Date.now() - started} ms)`));
    handle(req, res).catch((error: unknown) => {
      const status = error instanceof BodyError ? error.status : 500;
      const result =
        error instanceof BodyError
          ? { code: RESULTS.invalidParameter.code, description: `${RESULTS.invalidParameter.description}: ${error.message}` }
          : RESULTS.internalError;
      if (!(error instanceof BodyError)) console.error('[wpwl-sandbox]', error);
      // A refused body may still be arriving: answered now, the rest drained before the connection closes.
      if (!res.headersSent) sendRefusal(req, res, { kind: 'json', status, body: envelope(result, clock.now()) }, true);
      else res.destroy();
    });
  });

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
      gateway.uncertainResults.settleDue();
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
    chargeback(paymentId, chargebackOptions = {}) {
      const params = stringParams(chargebackOptions, 'chargeback: options', ['amount', 'chargebackResultCode']);
      return madePayment('chargeback', gateway.chargebacks.chargeback(String(paymentId), params));
    },
    reverseChargeback(chargebackId) {
      return madePayment('reverseChargeback', gateway.chargebacks.reverse(String(chargebackId), {}));
    },
    writeSettlementFiles,
    close() {
      closed ??= new Promise<void>((resolve) => {
        webhooks.close();
        gateway.uncertainResults.close();
        notifier.close();
        assets.close();
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return closed;
    },
  };
}

/** The payment a chargeback or its reversal made; throws an Error with the refusal's reason otherwise. */
function madePayment(method: string, outcome: ChargebackOutcome): SandboxPayment {
  if (outcome.kind === 'refused') throw new Error(`${method}: ${outcome.message}`);
  return sandboxPayment(outcome.payment);
}

/** A method's options as request parameters: each of `names` absent or a string. */
function stringParams(options: object, where: string, names: readonly string[]): Record<string, string> {
  if (typeof options !== 'object' || options === null) throw new TypeError(`${where} must be an object`);
  const params: Record<string, string> = {};
  for (const name of names) {
    const value = (options as Record<string, unknown>)[name];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw new TypeError(`${where}.${name} must be a string, got ${typeof value}`);
    params[name] = value;
  }
  return params;
}
