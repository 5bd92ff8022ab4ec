// Owns one chaos run: the sandbox gateway in its own process, fault proxies
// and webhook relays, the merchant server as one or two processes on one
// store, shoppers through the merchant API, and faults at random moments:
// merchant servers SIGKILLed and restarted (aimed at a checkout being created
// or just handed out, a status read being answered, a payment just made, a
// webhook being recorded or just answered, a verdict just shown), webhook
// faults switched during the run, status reads answered 503 or held past the
// merchant's deadline, the gateway's clock moved on 29 minutes at the end.
// Then it reconciles the merchant's orders with the gateway's payments and
// with what the shoppers were told. Every fault is logged with its time in
// the run folder's events.log.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SandboxPayment, WebhookStats } from '@wpwl/sandbox';
import { createGatewayClient } from '../../packages/server/src/index.js';
import { http, jsonOf, SHOPPER_ADDRESSES, type HttpAnswer } from './http.js';
import { freePort, merchantInstance, type MerchantInstance } from './merchants.js';
import type { ChaosOptions } from './options.js';
import { readOrders } from './orders.js';
import { chaosPostgres, type ChaosPostgres } from './postgres.js';
import { freshDataDir, type DataDir } from '../support/data-dir.js';
import {
  proxyControl,
  short,
  startFaultProxy,
  startWebhookRelay,
  type FaultProxy,
  type GatewayAnswerEvent,
  type WebhookEvent,
} from './proxy.js';
import { seededRandom } from './random.js';
import { reconcile, type OrderRecord, type Reconciliation } from './reconcile.js';
import { startSandboxProcess, type RemoteWebhookFaults, type SandboxProcess } from './sandbox-process.js';
import { planShoppers, shop, type ShopperKind, type ShopperRecord } from './shoppers.js';

/** Where runs keep their folders (git-ignored). */
export const CHAOS_TMP = fileURLToPath(new URL('../.tmp/chaos/', import.meta.url));
const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** Run folders kept under CHAOS_TMP (the newest); older ones are removed when a run starts. */
const KEEP_RUNS = 20;

/** The gateway's unread-payment call comes 29 minutes after a payment; the clock moves a little past that. */
const CLOCK_MOVE_MS = 29 * 60_000 + 30_000;

export type KillAim = 'checkout' | 'statusRead' | 'payment' | 'webhook' | 'verdict';

export interface KillRecord {
  /** ms since the run started. */
  at: number;
  instance: string;
  /** What the kill was aimed at; `random` when that moment did not come in time. */
  aim: KillAim | 'random';
  /** What was in flight, in words. */
  label: string;
  downMs: number;
  /** How long the restart took until the server listened. */
  startMs: number;
}

export interface OutageRecord {
  /** Why there was none (the embedded store: the database is in the merchant's process). */
  none?: string;
  /** From the stop to the start again, ms. */
  downMs: number;
  /** Merchant API answers to requests sent and answered while the database was down. */
  answers: number;
  /** Of those, 503 with Retry-After and a STORE_* code. */
  unavailable: number;
  /** Of those, anything else (another status, a 503 without Retry-After or code, no answer), in words. */
  other: string[];
}

export interface FollowUpsDone {
  /** Orders refunded: in part, in two parts adding up to all, in full. */
  refunded: { partial: number; twoParts: number; full: number };
  /** Refund calls the gateway accepted. */
  refunds: number;
  chargebacks: number;
  chargebackReversals: number;
}

export interface ChaosResult {
  options: ChaosOptions;
  runDir: string;
  /** The run's folder from the repository's root (e2e/.tmp/chaos/…). */
  folder: string;
  durationMs: number;
  shoppers: ShopperRecord[];
  kills: KillRecord[];
  webhookStats: WebhookStats;
  proxy: { statusReads: number; unavailable: number; timeouts: number; badRequests: Record<string, number> };
  /** The database outage (PostgreSQL store); `none` says why there was none. */
  outage: OutageRecord;
  /** Merchant server processes that exited without the run killing or stopping them. */
  unexpectedExits: number;
  /** Refunds, chargebacks and chargeback reversals the run made at the gateway. */
  followUps: FollowUpsDone;
  clockMoves: number;
  shopperResultCalls: { made: number; failed: number };
  payments: SandboxPayment[];
  orders: OrderRecord[];
  reconciliation: Reconciliation;
  /** Anything else that went wrong: a server exiting by itself, webhooks never settled, the store unreadable. */
  problems: string[];
  /** For each discrepancy, the log lines of its order and the faults around them. */
  stories: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 50): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await condition()) return true;
    await sleep(everyMs);
  }
  return condition();
}

/** Runs the chaos scenario once; `print` gets the few lines worth showing as it goes (kills, fault switches). */
export async function runChaos(options: ChaosOptions, print: (line: string) => void = console.log): Promise<ChaosResult> {
  const started = Date.now();
  const stamp = new Date(started).toISOString().replace(/[:.]/g, '-');
  const runDir = join(CHAOS_TMP, `${options.label}-${options.store}-${options.seed}-${stamp}`);
  await mkdir(runDir, { recursive: true });
  await pruneRuns(KEEP_RUNS);
  const events = createWriteStream(join(runDir, 'events.log'));
  const elapsed = () => `+${((Date.now() - started) / 1000).toFixed(3)}s`;
  const logged: string[] = [];
  const note = (line: string, show = false) => {
    const stamped = `${new Date().toISOString()} ${elapsed()} ${line}`;
    logged.push(stamped);
    events.write(`${stamped}\n`);
    if (show) print(`[chaos ${options.store} ${elapsed()}] ${line}`);
  };
  const problems: string[] = [];
  note(
    `run ${options.label}, store ${options.store}, ${options.instances} instance(s), seed ${options.seed} (CHAOS_SEED=${options.seed} repeats its plan)`,
    true,
  );
  note(`options: ${JSON.stringify(options)}`);

  const random = seededRandom(options.seed);
  const faultRandom = random.fork();
  const shopperRandoms = random.fork();

  // The store.
  let postgres: ChaosPostgres | undefined;
  let dataDir: DataDir | undefined;
  if (options.store === 'postgres') {
    postgres = await chaosPostgres(options.postgresUrl);
    note(`PostgreSQL: ${postgres.description}`, true);
    note(`database ${postgres.database.name} created`);
  } else {
    // A fresh folder (a copy of an initialised one: a new embedded database takes seconds to make).
    dataDir = await freshDataDir();
    note(`embedded database in ${dataDir.dir}`);
  }
  const database = postgres?.database;
  const storeEnv: Record<string, string> = database ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir?.dir ?? '' };

  // The gateway, with webhooks to every instance.
  const webhookKey = randomBytes(32).toString('hex');
  const ports = await Promise.all(Array.from({ length: options.instances }, () => freePort()));
  const names = ports.map((_, i) => String.fromCharCode(65 + i));
  let shopperResultCallsMade = 0;
  let shopperResultCallsFailed = 0;
  let lastShopperResultCall = 0;
  // The proxies' shared faults and counts, and a webhook relay in front of each instance's POST /api/webhooks.
  const control = proxyControl({ unavailable: options.status503, timeout: options.statusTimeout, badRequest: options.status400 });
  const relays: FaultProxy[] = [];
  for (const [i, port] of ports.entries()) {
    relays.push(
      await startWebhookRelay({ target: `http://127.0.0.1:${port}/api/webhooks`, instance: names[i] ?? '?', key: webhookKey, control }),
    );
  }
  const sandbox: SandboxProcess = await startSandboxProcess({
    webhooks: relays.map((relay) => ({ url: `${relay.url}/api/webhooks`, key: webhookKey })),
    webhookRetryDelaysMs: options.webhookRetryDelaysMs,
    webhookTimeoutMs: options.webhookTimeoutMs,
    uncertainSettleMs: options.uncertainSettleMs,
    seed: options.seed,
    onLog: (line) => {
      if (line.startsWith('shopper result call')) {
        shopperResultCallsMade++;
        if (!/ -> 2\d\d$/.test(line)) shopperResultCallsFailed++;
        lastShopperResultCall = Date.now();
      }
      note(`gateway: ${line}`);
    },
  });
  note(`sandbox gateway at ${sandbox.url} (pid ${sandbox.pid})`);

  // A fault proxy in front of the gateway for each instance.
  const proxies: FaultProxy[] = [];
  for (const name of names) {
    proxies.push(
      await startFaultProxy({ target: sandbox.url, instance: name, control, random: faultRandom.fork(), log: (line) => note(line) }),
    );
  }

  // The merchant servers.
  const merchants: MerchantInstance[] = names.map((name, i) =>
    merchantInstance({
      name,
      port: ports[i] ?? 0,
      logFile: join(runDir, `merchant-${name}.log`),
      env: {
        ...baseEnv(),
        APP_STOREFRONTS: '',
        WPWL_BASE_URL: proxies[i]?.url ?? '',
        WPWL_ACCESS_TOKEN: sandbox.accessToken,
        WPWL_ENTITY_ID: sandbox.entityId,
        WPWL_WEBHOOK_KEY: webhookKey,
        WPWL_RECHECK_INTERVAL_MS: String(options.recheckIntervalMs),
        WPWL_RECHECK_AFTER_MS: String(options.recheckAfterMs),
        ...storeEnv,
      },
      onUnexpectedExit: (which, how) => {
        unexpectedExits++;
        const line = `merchant ${which} exited by itself (${how})`;
        problems.push(line);
        note(line, true);
      },
    }),
  );

  let unexpectedExits = 0;
  let sandboxClosed = false;
  try {
    for (const merchant of merchants) {
      const t = Date.now();
      await merchant.start();
      note(`merchant ${merchant.name} listening at ${merchant.url} (${Date.now() - t} ms)`);
    }

    const productsAnswer = await http(`${merchants[0]?.url}/api/products`);
    const products = (jsonOf(productsAnswer)?.products ?? []) as Array<{ id: string }>;
    if (products.length === 0) throw new Error(`no products: ${productsAnswer.status} ${productsAnswer.text.slice(0, 200)}`);

    const plans = planShoppers(options.shoppers, {
      random: random.fork(),
      shares: { neverRead: options.neverRead, decline: options.declines, threeDs: options.threeDs, uncertain: options.uncertain },
      products: products.map((p) => p.id),
      instances: options.instances,
      seed: options.seed,
      addresses: SHOPPER_ADDRESSES,
    });
    const randoms = plans.map(() => shopperRandoms.fork());

    // What is in flight, for the kills' labels.
    const checkoutsInFlight = names.map(() => 0);
    const awaitingRead = new Set<number>();
    let paidUnread = 0;
    let paymentsMade = 0;
    let finished = 0;
    let shoppersDone = false;

    // Kills: armed for a kind of moment, fired when it comes.
    type Armed = { aim: KillAim; fire: (instance: number, detail: string) => Promise<void> };
    let armed: Armed | undefined;
    const kills: KillRecord[] = [];
    let checkoutAnsweredAim = false;
    const onGatewayAnswer = (event: GatewayAnswerEvent): Promise<void> | undefined => {
      const instance = names.indexOf(event.instance);
      if (event.operation === 'checkout' && armed?.aim === 'checkout' && !checkoutAnsweredAim) {
        // Before the merchant hears of the checkout the gateway made, just after (the order being
        // stored), or once the shopper has the checkout id (the next checkout answered).
        const variant = faultRandom.int(0, 2);
        if (variant === 2) {
          checkoutAnsweredAim = true;
          return undefined;
        }
        const { fire } = armed;
        armed = undefined;
        if (variant === 0) return fire(instance, 'the gateway has made a checkout; its answer is held from the merchant');
        setTimeout(() => void fire(instance, 'the gateway answered a checkout; the merchant is storing its order'), faultRandom.int(0, 15));
        return undefined;
      }
      if (event.operation === 'statusRead' && armed?.aim === 'statusRead') {
        const { fire } = armed;
        armed = undefined;
        const id = short(event.checkoutId ?? '');
        // Before the merchant has the gateway's answer, or a few ms after (verifying and storing the verdict, answering the shopper).
        if (faultRandom.chance(0.5))
          return fire(instance, `the gateway answered the status read of ${id}; the answer is held from the merchant`);
        const afterMs = faultRandom.int(1, 8);
        setTimeout(
          () => void fire(instance, `the merchant got the gateway's answer to the status read of ${id} ${afterMs} ms ago`),
          afterMs,
        );
        return undefined;
      }
      return undefined;
    };
    control.onGatewayAnswer = onGatewayAnswer;
    // A webhook aim: the merchant killed while it records a delivery, or once it answered (the answer lost).
    let answeredAim: number | undefined;
    /** Orders a final webhook has been delivered for (answered 2xx): their verdict was not the status read's to store. */
    const settledByWebhook = new Set<string>();
    control.onWebhook = (event: WebhookEvent): Promise<void> | undefined => {
      onWebhookAnswered(event);
      const instance = names.indexOf(event.instance);
      if (event.stage === 'answered' && event.final && event.orderId && event.status !== undefined && event.status < 300) {
        settledByWebhook.add(event.orderId);
      }
      if (event.stage === 'answered' && event.delivery === answeredAim && armed?.aim === 'webhook') {
        const { fire } = armed;
        armed = undefined;
        answeredAim = undefined;
        return fire(
          instance,
          `merchant ${event.instance} answered ${event.status} to a webhook (${event.what}); the answer is lost on the way`,
        );
      }
      if (event.stage !== 'sent' || armed?.aim !== 'webhook' || answeredAim !== undefined) return undefined;
      if (faultRandom.chance(0.5)) {
        answeredAim = event.delivery;
        return undefined;
      }
      const { fire } = armed;
      armed = undefined;
      return fire(instance, `a webhook (${event.what}) has reached merchant ${event.instance}, which is recording it`);
    };

    const killOnce = async (n: number, aim: KillAim): Promise<void> => {
      type Hit = { instance: number; detail: string; snapshot: string; webhooksPending?: number };
      let hit: Hit | undefined;
      let firing: Promise<void> | undefined;
      const fire = (instance: number, detail: string, webhooksPending?: number): Promise<void> => {
        firing ??= (async () => {
          const merchant = merchants[instance] as MerchantInstance;
          const name = names[instance] ?? '?';
          const snapshot = `${checkoutsInFlight[instance]} checkout request(s) and ${control.webhooksAtMerchant[name] ?? 0} webhook delivery(ies) open on it, ${awaitingRead.size} payment(s) awaiting their status read, ${paidUnread} paid and never to be read`;
          await merchant.kill();
          hit = { instance, detail, snapshot, ...(webhooksPending !== undefined ? { webhooksPending } : {}) };
        })();
        return firing;
      };
      armed = { aim, fire };
      await until(() => firing !== undefined, 10_000, 10);
      armed = undefined;
      answeredAim = undefined;
      checkoutAnsweredAim = false;
      let actualAim: KillRecord['aim'] = aim;
      if (!firing) {
        actualAim = 'random';
        void fire(faultRandom.int(0, merchants.length - 1), `no ${aim} moment came within 10 s: a random moment`);
      }
      await firing;
      if (!hit) throw new Error('kill: no instance was killed');
      const { instance, detail, snapshot, webhooksPending } = hit as Hit;
      const killedAt = Date.now();
      const pending = webhooksPending ?? (await sandbox.webhookStats()).pending;
      const merchant = merchants[instance] as MerchantInstance;
      const label = `${detail}. In flight: ${snapshot}, ${pending} webhook deliveries pending`;
      note(`KILL ${n} (SIGKILL) merchant ${merchant.name} [${actualAim}]: ${label}`, true);
      const down = faultRandom.int(200, 2000);
      await sleep(down);
      // A server cannot open its store while the database is down: it comes back once the database does.
      await until(() => !outageOn, 120_000);
      const t = Date.now();
      await merchant.start();
      const record: KillRecord = {
        at: killedAt - started,
        instance: merchant.name,
        aim: actualAim,
        label,
        downMs: Date.now() - killedAt,
        startMs: Date.now() - t,
      };
      kills.push(record);
      note(`merchant ${merchant.name} up again: ${record.downMs} ms down (restart took ${record.startMs} ms)`, true);
    };

    let killing = false;
    const aims: KillAim[] = ['checkout', 'payment', 'statusRead', 'webhook', 'verdict'];
    const firstAim = random.int(0, aims.length - 1);
    const killLoop = (async () => {
      for (let n = 1; n <= options.kills; n++) {
        // Spread over the first 85 % of the shoppers, a little jitter each.
        const at = Math.floor(options.shoppers * (0.05 + (0.8 * (n - 1)) / Math.max(1, options.kills)) + random.int(0, 2));
        await until(() => finished >= at || shoppersDone, 15 * 60_000);
        // Not while the database is down: a server restarted then could not open its store.
        await until(() => !outageOn, 60_000);
        killing = true;
        try {
          await killOnce(n, aims[(firstAim + n - 1) % aims.length] as KillAim);
        } finally {
          killing = false;
        }
      }
    })();

    // Webhook faults, switched as the run goes; status faults forced at two random moments.
    // Each phase lasts its share of the payments, and until its fault happened once: notifications
    // come with payments, and a fault applies to the deliveries made while it is set. Reordering goes
    // first (the first shoppers pay at once, so a batch forms); a duplicates phase makes its first
    // delivery a duplicate, so a short run meets every kind.
    const phases: Array<{ name: string; faults: RemoteWebhookFaults; happened: (stats: WebhookStats) => number }> = [
      { name: 'reordered', faults: { reorder: true, reorderWindowMs: 250 }, happened: (s) => s.reordered },
      { name: 'duplicates', faults: { duplicate: options.webhookDuplicate }, happened: (s) => s.duplicated },
      { name: 'delayed', faults: { delayMs: [200, 3000] }, happened: (s) => s.delayed },
      { name: 'failed first', faults: { failFirst: options.webhookFailFirst }, happened: (s) => s.failedFirst },
      {
        name: 'all at once',
        faults: { duplicate: options.webhookDuplicate / 2, reorder: true, reorderWindowMs: 150, delayMs: [0, 1000], failFirst: 1 },
        happened: (s) => s.duplicated + s.reordered + s.delayed + s.failedFirst,
      },
    ];
    for (let i = phases.length - 1; i > 1; i--) {
      const j = random.int(1, i);
      [phases[i], phases[j]] = [phases[j] as (typeof phases)[number], phases[i] as (typeof phases)[number]];
    }
    const phaseLoop = (async () => {
      for (const [i, phase] of phases.entries()) {
        if (shoppersDone) break;
        const before = phase.happened(await sandbox.webhookStats());
        await sandbox.setWebhookFaults(phase.faults);
        if (phase.name === 'duplicates') await sandbox.forceDraws(1);
        note(`webhook faults now: ${phase.name} ${JSON.stringify(phase.faults)}`, true);
        const nextAt = Math.floor((options.shoppers * (i + 1)) / phases.length);
        await until(
          async () => shoppersDone || (paymentsMade >= nextAt && phase.happened(await sandbox.webhookStats()) > before),
          15 * 60_000,
          100,
        );
      }
    })();
    const forcedLoop = (async () => {
      const words = {
        unavailable: 'answered 503',
        timeout: 'held until the merchant gives up',
        badRequest: 'answered 400 with a request-level code',
      } as const;
      for (const [fault, share] of [
        ['unavailable', 0.05 + random() * 0.15],
        ['badRequest', 0.1 + random() * 0.1],
        ['timeout', 0.2 + random() * 0.15],
        ['badRequest', 0.3 + random() * 0.1],
        ['badRequest', 0.4 + random() * 0.1],
      ] as const) {
        await until(() => finished >= options.shoppers * share || shoppersDone, 15 * 60_000);
        control.queue.push(fault);
        note(`the next status read will be ${words[fault]}`);
      }
    })();

    // The database outage (the run's own PostgreSQL server only), a little before mid-run: stopped
    // the hard way while shoppers, webhooks and re-checks go on, then started again.
    const pgServer = postgres?.server;
    let outageOn = false;
    let outageFrom = 0;
    let outageTo = 0;
    const outage: OutageRecord = {
      downMs: 0,
      answers: 0,
      unavailable: 0,
      other: [],
      ...(options.store === 'embedded'
        ? { none: "none: the embedded database is in the merchant's process" }
        : !pgServer
          ? { none: 'none: CHAOS_POSTGRES_URL names a server the run does not stop' }
          : options.outageMs <= 0
            ? { none: 'none (CHAOS_OUTAGE_MS=0)' }
            : {}),
    };
    /** An answer from a merchant API route: while the database is down it must be 503 with Retry-After and a STORE_* code. */
    const judgeAnswer = (
      what: string,
      sentAt: number,
      answer: { status: number; retryAfter: string | undefined; code: string | undefined } | undefined,
    ) => {
      if (!outageFrom || sentAt < outageFrom || (outageTo && Date.now() > outageTo)) return;
      // The per-address limit answers before the database is asked.
      if (answer?.status === 429) return;
      outage.answers++;
      if (answer?.status === 503 && answer.retryAfter && answer.code?.startsWith('STORE_')) {
        outage.unavailable++;
        return;
      }
      const line = `${what}: ${answer ? `${answer.status}${answer.retryAfter ? ` Retry-After ${answer.retryAfter}` : ' without Retry-After'}${answer.code ? ` ${answer.code}` : ''}` : 'no answer'}`;
      outage.other.push(line);
      note(`OUTAGE ANSWER ${line}`, true);
    };
    const outageLoop = (async () => {
      if (outage.none || !pgServer) return;
      await until(() => finished >= options.shoppers * 0.3 || shoppersDone, 15 * 60_000);
      await until(() => !killing, 60_000);
      outageOn = true;
      const t = Date.now();
      await pgServer.stop({ mode: 'immediate' });
      outageFrom = Date.now();
      note(`OUTAGE the run's PostgreSQL server stopped (immediate) for ${options.outageMs / 1000} s`, true);
      await sleep(options.outageMs);
      outageTo = Date.now();
      await pgServer.start();
      outage.downMs = Date.now() - t;
      outageOn = false;
      note(
        `OUTAGE over: PostgreSQL up again after ${(outage.downMs / 1000).toFixed(1)} s; ${outage.answers} API answers meanwhile, ${outage.unavailable} of them 503 STORE_* with Retry-After`,
        true,
      );
    })();
    const onWebhookAnswered = (event: WebhookEvent) => {
      if (event.stage !== 'answered') return;
      judgeAnswer(`webhook to ${event.instance} (${event.what})`, event.sentAt, {
        status: event.status ?? 0,
        retryAfter: event.retryAfter,
        code: event.errorCode,
      });
    };

    // Refunds and chargebacks: once a share of the shoppers paid, some paid orders are refunded
    // through the gateway API (in part, in two parts, in full) and some charged back through the
    // sandbox's admin routes, a third of those reversed soon after; webhooks carry each to the shop.
    const followUps: FollowUpsDone = { refunded: { partial: 0, twoParts: 0, full: 0 }, refunds: 0, chargebacks: 0, chargebackReversals: 0 };
    const gatewayApi = createGatewayClient({ baseUrl: sandbox.url, accessToken: sandbox.accessToken, entityId: sandbox.entityId });
    const admin = (path: string, body = '') =>
      http(`${sandbox.url}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${sandbox.accessToken}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      });
    const followUpLoop = (async () => {
      const wanted = options.refunds + options.chargebacks;
      if (wanted === 0) return;
      await until(() => finished >= options.shoppers * 0.45 || shoppersDone, 15 * 60_000);
      // Payments taken through a checkout, of carts charged once (a second checkout's payment is the reconciliation's business).
      let candidates: SandboxPayment[] = [];
      await until(
        async () => {
          const all = await sandbox.payments();
          const taken = all.filter((p) => p.state === 'success' && p.checkoutId && !p.referencedId && p.paymentType === 'DB');
          const seconds = new Set(shoppersSoFar.flatMap((s) => (s.second ? [s.orderId ?? '', s.second.orderId] : [])));
          candidates = taken.filter((p) => !seconds.has(p.merchantTransactionId ?? ''));
          return candidates.length >= wanted || shoppersDone;
        },
        15 * 60_000,
        500,
      );
      const chosen = [...candidates];
      for (let i = chosen.length - 1; i > 0; i--) {
        const j = faultRandom.int(0, i);
        [chosen[i], chosen[j]] = [chosen[j] as SandboxPayment, chosen[i] as SandboxPayment];
      }
      const toRefund = chosen.slice(0, options.refunds);
      const toChargeBack = chosen.slice(options.refunds, options.refunds + options.chargebacks);
      const refund = async (payment: SandboxPayment, amount: string, label: string) => {
        try {
          const answer = await gatewayApi.refund(payment.id, { amount, currency: payment.currency });
          followUps.refunds++;
          note(
            `REFUND ${label} ${amount} ${payment.currency} of payment ${payment.id} (order ${payment.merchantTransactionId}): refund ${answer.id} ${answer.result.code}`,
          );
        } catch (error) {
          problems.push(`refund of payment ${payment.id} failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      };
      const work: Array<Promise<void>> = [];
      for (const [i, payment] of toRefund.entries()) {
        const minor = Math.round(Number(payment.amount) * 100);
        const part = Math.max(1, Math.floor(minor * (0.2 + faultRandom() * 0.5)));
        const cents = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
        const variant = i % 3;
        work.push(
          (async () => {
            await sleep(faultRandom.int(0, 2000));
            if (variant === 0 || minor < 2) {
              followUps.refunded.full++;
              return refund(payment, payment.amount, 'in full');
            }
            if (variant === 1) {
              followUps.refunded.partial++;
              return refund(payment, cents(part), 'in part');
            }
            followUps.refunded.twoParts++;
            await refund(payment, cents(part), 'first part');
            await sleep(faultRandom.int(0, 1000));
            return refund(payment, cents(minor - part), 'the rest');
          })(),
        );
      }
      const reversals = Math.ceil(toChargeBack.length / 3);
      for (const [i, payment] of toChargeBack.entries()) {
        work.push(
          (async () => {
            await sleep(faultRandom.int(0, 2000));
            const answer = await admin(`/sandbox/payments/${payment.id}/chargeback`, 'chargebackResultCode=000.100.220');
            const chargeback = jsonOf(answer);
            if (answer.status !== 200 || typeof chargeback?.id !== 'string') {
              problems.push(`chargeback of payment ${payment.id} answered ${answer.status} ${answer.text.slice(0, 200)}`);
              return;
            }
            followUps.chargebacks++;
            note(`CHARGEBACK of payment ${payment.id} (order ${payment.merchantTransactionId}): chargeback ${chargeback.id}`);
            if (i >= reversals) return;
            // Soon after: its notification may well overtake the chargeback's.
            await sleep(faultRandom.int(0, 1500));
            const reversal = await admin(`/sandbox/payments/${chargeback.id}/chargeback-reversal`);
            const reversed = jsonOf(reversal);
            if (reversal.status !== 200 || typeof reversed?.id !== 'string') {
              problems.push(`chargeback reversal of ${chargeback.id} answered ${reversal.status} ${reversal.text.slice(0, 200)}`);
              return;
            }
            followUps.chargebackReversals++;
            note(
              `CHARGEBACK REVERSAL of chargeback ${chargeback.id} (payment ${payment.id}, order ${payment.merchantTransactionId}): ${reversed.id}`,
            );
          })().catch((error: unknown) => {
            problems.push(`chargeback of payment ${payment.id} failed: ${error instanceof Error ? error.message : String(error)}`);
          }),
        );
      }
      await Promise.all(work);
      note(
        `follow-ups made: ${followUps.refunds} refund(s) on ${toRefund.length} order(s), ${followUps.chargebacks} chargeback(s), ${followUps.chargebackReversals} reversal(s)`,
        true,
      );
    })();

    // The shoppers.
    const context = {
      merchantUrls: merchants.map((m) => m.url),
      sandboxUrl: sandbox.url,
      onCheckoutSent: (_shopper: number, instance: number) => {
        checkoutsInFlight[instance] = (checkoutsInFlight[instance] ?? 0) + 1;
      },
      onCheckoutDone: (_shopper: number, instance: number) => {
        checkoutsInFlight[instance] = (checkoutsInFlight[instance] ?? 1) - 1;
      },
      onCheckoutAnswered: (shopper: number, instance: number) => {
        if (armed?.aim !== 'checkout' || !checkoutAnsweredAim) return;
        const { fire } = armed;
        armed = undefined;
        void fire(instance, `shopper ${shopper} has just been handed its checkout id`);
      },
      onVerdictShown: (shopper: number, instance: number, orderId: string) => {
        // A verdict the status read itself had to store (no final webhook delivered for the order yet).
        if (armed?.aim !== 'verdict' || settledByWebhook.has(orderId)) return;
        const { fire } = armed;
        armed = undefined;
        void fire(
          instance,
          `shopper ${shopper} has just been shown its final verdict (${KIND_WORDS[plans[shopper]?.kind ?? 'success']}), no final webhook delivered for it yet`,
        );
      },
      onPaid: (shopper: number, readInstance: number, willRead: boolean) => {
        paymentsMade++;
        if (willRead) awaitingRead.add(shopper);
        else paidUnread++;
        if (armed?.aim === 'payment') {
          const { fire } = armed;
          armed = undefined;
          const kind = plans[shopper]?.kind ?? 'success';
          void fire(
            readInstance,
            `shopper ${shopper} has just paid (${KIND_WORDS[kind]}); ${willRead ? 'its status read is next' : 'it will never read its result'}`,
          );
        }
      },
      onReadDone: (shopper: number) => {
        awaitingRead.delete(shopper);
      },
      onApiAnswer: (instance: number, route: 'checkout' | 'status', sentAt: number, answer: HttpAnswer | undefined) => {
        const retryAfter = answer?.headers['retry-after'];
        judgeAnswer(
          `${route} on ${names[instance] ?? '?'}`,
          sentAt,
          answer && {
            status: answer.status,
            retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
            code: jsonOf(answer)?.error?.code,
          },
        );
      },
      log: (line: string) => note(line),
    };
    const shoppers: ShopperRecord[] = [];
    const shoppersSoFar = shoppers;
    let next = 0;
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (next < plans.length) {
          const plan = plans[next++];
          if (!plan) break;
          const record = await shop(plan, context, randoms[plan.index] ?? random);
          shoppers[plan.index] = record;
          finished++;
          note(
            `shopper ${plan.index} (${plan.kind}${plan.readsResult ? '' : ', no result page'}): ${record.outcome}, order ${record.orderId ?? '-'}, checkout ${short(record.checkoutId ?? '-')}${Object.keys(record.errors).length ? `, met ${JSON.stringify(record.errors)}` : ''}${record.payAgain.length ? `, paying again: ${record.payAgain.join(', ')}` : ''}`,
          );
        }
      }),
    );
    shoppersDone = true;
    note(`all ${plans.length} shoppers done`, true);
    await Promise.all([killLoop, phaseLoop, forcedLoop, outageLoop, followUpLoop]);

    // The gateway's clock moves on: its call to the shopper result URL for each payment not read.
    for (const merchant of merchants) if (!merchant.up) await merchant.start();
    const callsBefore = shopperResultCallsMade;
    const moved = Date.now();
    await sandbox.advanceClock(CLOCK_MOVE_MS);
    note(`CLOCK the gateway's clock moved on ${CLOCK_MOVE_MS / 60_000} minutes`, true);
    // Until the calls are answered and the reads they start are done.
    await until(
      () => Date.now() - moved > 3000 && control.inFlight === 0 && Date.now() - Math.max(lastShopperResultCall, moved) > 2500,
      60_000,
      100,
    );
    note(`${shopperResultCallsMade - callsBefore} shopper result call(s) made after the clock move`, true);

    try {
      await sandbox.webhooksSettled(120_000);
    } catch (error) {
      problems.push(`webhooks not settled: ${error instanceof Error ? error.message : String(error)}`);
    }
    // Uncertain payments: the run ends once the gateway settled each (the clock move settles them all)
    // and the shop had the time to hear it (the final webhook, delivered above, or a re-check).
    const stillUncertain = async () =>
      (await sandbox.payments()).filter((p) => p.state === 'pending' && p.resultCode.startsWith('900.')).length;
    if (!(await until(async () => (await stillUncertain()) === 0, 30_000, 500))) {
      problems.push(`${await stillUncertain()} uncertain payment(s) still unsettled at the gateway after 30 s`);
    }
    await sleep(3 * options.recheckIntervalMs + 1000);
    const webhookStats = await sandbox.webhookStats();
    const payments = await sandbox.payments();
    note(`webhooks settled: ${JSON.stringify(webhookStats)}`, true);

    for (const merchant of merchants) await merchant.stop();
    for (const merchant of merchants) await merchant.closeLog();
    await Promise.all([...proxies, ...relays].map((proxy) => proxy.close()));
    await sandbox.close();
    sandboxClosed = true;

    let orders: OrderRecord[] = [];
    try {
      orders = await readOrders(database ? { url: database.url } : { dataDir: dataDir?.dir ?? '' });
    } catch (error) {
      problems.push(`could not read the merchant's orders: ${error instanceof Error ? error.message : String(error)}`);
    }
    const views = shoppers
      .filter((s) => s.checkoutId && s.orderId)
      .flatMap((s) => [
        {
          shopper: s.plan.index,
          checkoutId: s.checkoutId ?? '',
          orderId: s.orderId ?? '',
          ...(s.shown ? { shown: s.shown } : {}),
          ...(s.shownAt !== undefined ? { shownAt: s.shownAt } : {}),
          ...(s.plan.kind.startsWith('uncertain') ? { uncertain: true } : {}),
        },
        // A second checkout handed out while the first payment was being confirmed: it too must be stored.
        ...(s.second ? [{ shopper: s.plan.index, checkoutId: s.second.checkoutId, orderId: s.second.orderId }] : []),
      ]);
    const reconciliation = reconcile(payments, orders, views);
    for (const [kind, list] of Object.entries({
      lost: reconciliation.lost,
      duplicated: reconciliation.duplicated,
      wrong: reconciliation.wrong,
      'left pending': reconciliation.leftPending,
      'not durable': reconciliation.notDurable,
      'left uncertain': reconciliation.leftUncertain,
      'paid twice': reconciliation.paidTwice,
      'follow-ups wrong': reconciliation.followUpsWrong,
    })) {
      for (const line of list) note(`${kind.toUpperCase()}: ${line}`);
    }
    // The story of each order found wanting: its lines of the log, and the faults of the run meanwhile.
    const stories: string[] = [];
    const told = new Map<string, string[]>();
    for (const line of [
      ...reconciliation.lost,
      ...reconciliation.duplicated,
      ...reconciliation.wrong,
      ...reconciliation.leftPending,
      ...reconciliation.notDurable,
      ...reconciliation.leftUncertain,
      ...reconciliation.paidTwice,
      ...reconciliation.followUpsWrong,
    ]) {
      const story = storyOf(line, logged, payments).join('\n    ');
      told.set(story, [...(told.get(story) ?? []), line]);
    }
    for (const [story, lines] of told) stories.push(`${lines.join('\n')}${story ? `\n    ${story}` : ''}`);
    for (const story of stories) note(`STORY of ${story}`);
    const result: ChaosResult = {
      options,
      runDir,
      folder: relative(REPO, runDir),
      durationMs: Date.now() - started,
      shoppers,
      kills,
      webhookStats,
      proxy: {
        statusReads: control.counts.statusReads,
        unavailable: control.counts.unavailable,
        timeouts: control.counts.timeouts,
        badRequests: control.counts.badRequests,
      },
      outage,
      unexpectedExits,
      followUps,
      clockMoves: 1,
      shopperResultCalls: { made: shopperResultCallsMade, failed: shopperResultCallsFailed },
      payments,
      orders,
      reconciliation,
      stories,
      problems,
    };
    note(`done in ${(result.durationMs / 1000).toFixed(1)} s`, true);
    return result;
  } finally {
    await Promise.all(merchants.map((m) => m.stop().catch(() => undefined)));
    await Promise.all(merchants.map((m) => m.closeLog().catch(() => undefined)));
    await Promise.all([...proxies, ...relays].map((p) => p.close().catch(() => undefined)));
    if (!sandboxClosed) await sandbox.close().catch(() => undefined);
    if (postgres) {
      const kept = await postgres
        .release(options.keepDatabase)
        .catch((error: unknown) => `could not drop ${database?.name} or stop its server: ${String(error)}`);
      if (kept) note(kept, true);
    }
    if (dataDir && !options.keepDatabase) dataDir.remove();
    await new Promise<void>((resolve) => events.end(() => resolve()));
  }
}

async function pruneRuns(keep: number): Promise<void> {
  const folders = await readdir(CHAOS_TMP, { withFileTypes: true });
  const runs = await Promise.all(
    folders
      .filter((f) => f.isDirectory())
      .map(async (f) => ({ path: join(CHAOS_TMP, f.name), at: (await stat(join(CHAOS_TMP, f.name))).mtimeMs })),
  );
  runs.sort((a, b) => b.at - a.at);
  await Promise.all(runs.slice(keep).map((run) => rm(run.path, { recursive: true, force: true })));
}

/** The log lines naming the order, checkout or payment of a discrepancy, with the run's faults between the first and the last. */
function storyOf(discrepancy: string, logged: readonly string[], payments: readonly SandboxPayment[]): string[] {
  const ids = new Set<string>();
  for (const match of discrepancy.matchAll(/order-[0-9a-f-]{36}/g)) ids.add(match[0]);
  for (const match of discrepancy.matchAll(/checkout ([0-9A-F]{8})[0-9A-F]{24}/g)) if (match[1]) ids.add(match[1]);
  for (const match of discrepancy.matchAll(/payment ([0-9a-f]{32})/g)) if (match[1]) ids.add(match[1]);
  // The payment and checkout of each order named: the gateway's lines name those.
  for (const payment of payments) {
    if (payment.merchantTransactionId && ids.has(payment.merchantTransactionId)) {
      ids.add(payment.id);
      if (payment.checkoutId) ids.add(payment.checkoutId.slice(0, 8));
    }
  }
  const verdictLine = / (LOST|DUPLICATED|WRONG|LEFT PENDING|NOT DURABLE|LEFT UNCERTAIN|PAID TWICE|FOLLOW-UPS WRONG|STORY of) /;
  const own = (line: string) => !verdictLine.test(line) && [...ids].some((id) => line.includes(id));
  const first = logged.findIndex(own);
  if (first < 0) return [];
  const last = logged.length - 1 - [...logged].reverse().findIndex(own);
  const fault = (line: string) => / (KILL|CLOCK|OUTAGE) |merchant \S+ up again|webhook faults now/.test(line);
  return logged.slice(first, last + 1).filter((line) => own(line) || fault(line));
}

const KIND_WORDS: Record<ShopperKind, string> = {
  success: 'success card',
  decline: 'decline card',
  threeDsComplete: '3-D Secure, completed',
  threeDsFail: '3-D Secure, failed',
  threeDsAbandon: '3-D Secure, abandoned',
  uncertainSuccess: 'uncertain card, later a success',
  uncertainDecline: 'uncertain card, later a decline',
};

/** The environment the merchant servers inherit: this process's, less anything that would choose their store or gateway. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || /^(WPWL_|DATA_DIR$|DATABASE_URL$|PORT$|HOST$|SANDBOX_PORT$|PUBLIC_URL$|APP_STOREFRONTS$)/.test(name))
      continue;
    env[name] = value;
  }
  return env;
}
