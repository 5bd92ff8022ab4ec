// Owns the chaos run's settings: sizes, shares, fault probabilities and the
// seed, with the defaults of the full run (`pnpm chaos`) and of the small one
// in `pnpm test`, each overridable from the environment (CHAOS_SHOPPERS,
// CHAOS_SEED …) so a failing run can be repeated.
import { newSeed } from './random.js';

export type ChaosStore = 'embedded' | 'postgres';

export interface ChaosOptions {
  /** A name for the run's folder and table ("full", "small"). */
  label: string;
  store: ChaosStore;
  /** Merchant server processes on the one store (embedded: 1). */
  instances: number;
  shoppers: number;
  /** Shoppers at once. */
  concurrency: number;
  /** SIGKILL + restart of a merchant server. */
  kills: number;
  seed: number;
  /** Share of shoppers who never reach their result page. */
  neverRead: number;
  /** Share paying with the decline card. */
  declines: number;
  /** Share paying with the 3-D Secure card (completed, failed or abandoned). */
  threeDs: number;
  /** Share paying with an uncertain card (half settle to a success, half to a decline). */
  uncertain: number;
  /** How long (sandbox clock) an uncertain card's payment answers 900.100.300 before it settles. */
  uncertainSettleMs: number;
  /** The merchant servers' re-check timer and first re-check of an uncertain payment (WPWL_RECHECK_*). */
  recheckIntervalMs: number;
  recheckAfterMs: number;
  /** Probability that a merchant's status read is answered 400 with a request-level code and no payment. */
  status400: number;
  /** Paid orders refunded through the gateway API (partly, in two parts, or in full). */
  refunds: number;
  /** Paid orders charged back through the sandbox's admin routes; a third of them (at least one) reversed. */
  chargebacks: number;
  /** PostgreSQL store: how long the run's own server is stopped mid-run (0: no outage). */
  outageMs: number;
  /** Probability that a merchant's status read is answered 503 by the proxy. */
  status503: number;
  /** Probability that it is held until the merchant gives up. */
  statusTimeout: number;
  /** Webhook retry schedule (ms before each retry). */
  webhookRetryDelaysMs: number[];
  webhookTimeoutMs: number;
  /** Probability that a delivered notification is duplicated (in the phases that duplicate). */
  webhookDuplicate: number;
  /** Attempts counted as failed per notification (in the phases that fail first). */
  webhookFailFirst: number;
  /**
   * Admin URL of a PostgreSQL server to create the run's database on
   * (CHAOS_POSTGRES_URL); undefined: the run starts a server of its own.
   */
  postgresUrl: string | undefined;
  /** Keep the run's database (the PostgreSQL database, or the embedded one's folder) instead of removing it. */
  keepDatabase: boolean;
}

export const FULL_DEFAULTS: Omit<ChaosOptions, 'store' | 'instances' | 'seed'> = {
  label: 'full',
  shoppers: 200,
  concurrency: 10,
  kills: 6,
  neverRead: 0.3,
  declines: 0.15,
  threeDs: 0.15,
  uncertain: 0.1,
  uncertainSettleMs: 6000,
  recheckIntervalMs: 500,
  recheckAfterMs: 1000,
  status400: 0.05,
  refunds: 12,
  chargebacks: 6,
  outageMs: 12_000,
  status503: 0.1,
  statusTimeout: 0.03,
  webhookRetryDelaysMs: [250, 500, 1000, 2000, 4000, 8000, 15_000],
  webhookTimeoutMs: 5000,
  webhookDuplicate: 0.3,
  webhookFailFirst: 2,
  postgresUrl: undefined,
  keepDatabase: false,
};

export const SMALL_DEFAULTS: typeof FULL_DEFAULTS = {
  ...FULL_DEFAULTS,
  label: 'small',
  shoppers: 30,
  kills: 2,
  uncertain: 0.15,
  refunds: 3,
  chargebacks: 3,
  outageMs: 11_000,
  status400: 0.08,
  status503: 0.15,
  statusTimeout: 0.05,
};

function number(env: NodeJS.ProcessEnv, name: string, fallback: number, check: (n: number) => boolean = () => true): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || !check(value)) throw new Error(`${name} must be a valid number, got ${JSON.stringify(raw)}`);
  return value;
}

const share = (n: number) => n >= 0 && n <= 1;
const whole = (n: number) => Number.isInteger(n) && n >= 0;

/** The options of one run: `defaults`, then the environment's CHAOS_* settings. */
export function chaosOptions(
  defaults: typeof FULL_DEFAULTS,
  run: { store: ChaosStore; instances: number },
  env: NodeJS.ProcessEnv = process.env,
): ChaosOptions {
  const delays = env.CHAOS_WEBHOOK_RETRY_DELAYS_MS;
  return {
    ...defaults,
    ...run,
    shoppers: number(env, 'CHAOS_SHOPPERS', defaults.shoppers, (n) => whole(n) && n > 0),
    concurrency: number(env, 'CHAOS_CONCURRENCY', defaults.concurrency, (n) => whole(n) && n > 0),
    kills: number(env, 'CHAOS_KILLS', defaults.kills, whole),
    seed: number(env, 'CHAOS_SEED', newSeed(), whole),
    neverRead: number(env, 'CHAOS_NEVER_READ', defaults.neverRead, share),
    declines: number(env, 'CHAOS_DECLINES', defaults.declines, share),
    threeDs: number(env, 'CHAOS_THREEDS', defaults.threeDs, share),
    uncertain: number(env, 'CHAOS_UNCERTAIN', defaults.uncertain, share),
    uncertainSettleMs: number(env, 'CHAOS_UNCERTAIN_SETTLE_MS', defaults.uncertainSettleMs, whole),
    status400: number(env, 'CHAOS_STATUS_400', defaults.status400, share),
    refunds: number(env, 'CHAOS_REFUNDS', defaults.refunds, whole),
    chargebacks: number(env, 'CHAOS_CHARGEBACKS', defaults.chargebacks, whole),
    outageMs: number(env, 'CHAOS_OUTAGE_MS', defaults.outageMs, whole),
    status503: number(env, 'CHAOS_STATUS_503', defaults.status503, share),
    statusTimeout: number(env, 'CHAOS_STATUS_TIMEOUT', defaults.statusTimeout, share),
    webhookDuplicate: number(env, 'CHAOS_WEBHOOK_DUPLICATE', defaults.webhookDuplicate, share),
    webhookFailFirst: number(env, 'CHAOS_WEBHOOK_FAIL_FIRST', defaults.webhookFailFirst, whole),
    webhookRetryDelaysMs: delays ? delays.split(',').map((d) => Number(d)) : defaults.webhookRetryDelaysMs,
    postgresUrl: env.CHAOS_POSTGRES_URL || defaults.postgresUrl,
    keepDatabase: env.CHAOS_KEEP_DATABASE === '1',
  };
}
