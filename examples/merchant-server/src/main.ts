// Owns the command line: `pnpm start` (node dist/main.js) runs the example
// merchant server with every storefront of this repository, on the gateway
// the environment names or on a local sandbox. Environment: PORT (default
// 3000), SANDBOX_PORT (default: a free port), HOST (default 127.0.0.1),
// WPWL_BASE_URL / WPWL_ACCESS_TOKEN / WPWL_ENTITY_ID for a real gateway,
// WPWL_WEBHOOK_KEY (the webhook secret; a local sandbox gets a new one) and
// WPWL_PREVIOUS_WEBHOOK_KEY (the one being rotated out), WPWL_RECHECK_INTERVAL_MS
// and WPWL_RECHECK_AFTER_MS (the re-checks of uncertain payments),
// DATABASE_URL (PostgreSQL, for several instances) or DATA_DIR (the embedded
// database's folder; default examples/merchant-server/data), and
// APP_STOREFRONTS (which server-rendered storefronts to start, comma
// separated; default every built one, on the ports after PORT),
// WPWL_EXPRESS_BRANDS (the cart's wallet buttons; default APPLEPAY GOOGLEPAY
// PAYPAL) and WPWL_APPLE_PAY_DOMAIN_ASSOCIATION (the file of Apple Pay's
// domain verification from the gateway's back office, served under /.well-known/),
// WPWL_ADMIN_TOKEN (the back office's token: /reconciliation; without it the
// page is served on this machine only) and WPWL_SETTLEMENT_DIR (the folder of
// the gateway's settlement files; default DATA_DIR/settlement-files, where a
// local sandbox writes them) and WPWL_SETTLEMENT_DELAY_DAYS (the days a local
// sandbox takes to settle a payment; default 0, so the demo's payments are in
// the file the page's button has it write at once).
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chooseGateway, type GatewayChoice } from './local-gateway.js';
import { findAppStorefronts, startAppStorefront, type RunningAppStorefront } from './app-servers.js';
import type { DatabaseOptions } from './database.js';
import { startMerchantServer, type MerchantServer, type Storefront } from './server.js';
import { STOREFRONT_FRAMEWORKS, findSharedFiles, findStorefronts, findVendorLibraries } from './storefronts.js';

export interface RunningShop {
  merchant: MerchantServer;
  gateway: GatewayChoice;
  storefronts: Storefront[];
  /** The server-rendered storefronts (Next.js, Nuxt), each on its own server. */
  apps: RunningAppStorefront[];
  close(): Promise<void>;
}

/** The server-rendered storefronts APP_STOREFRONTS asks for: unset, every built one; else the names listed (none for ""). */
function chosenApps(repoDir: string, env: NodeJS.ProcessEnv) {
  const found = findAppStorefronts(`${repoDir}/examples`);
  if (env.APP_STOREFRONTS === undefined) return found.filter((app) => existsSync(app.built));
  const names = env.APP_STOREFRONTS.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !found.some((app) => app.name === name));
  if (unknown.length > 0) throw new Error(`APP_STOREFRONTS names no server-rendered storefront: ${unknown.join(', ')}`);
  return found.filter((app) => names.includes(app.name));
}

/** The folder of the gateway's settlement files: WPWL_SETTLEMENT_DIR, else DATA_DIR/settlement-files. */
export function chooseSettlementDir(repoDir: string, env: NodeJS.ProcessEnv): string {
  return resolve(env.WPWL_SETTLEMENT_DIR || join(env.DATA_DIR || `${repoDir}/examples/merchant-server/data`, 'settlement-files'));
}

/** PostgreSQL when DATABASE_URL is set; else the embedded database in DATA_DIR (made if missing). */
export function chooseDatabase(repoDir: string, env: NodeJS.ProcessEnv): DatabaseOptions {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL };
  return { dataDir: resolve(env.DATA_DIR || `${repoDir}/examples/merchant-server/data`) };
}

function milliseconds(value: string, name: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number of milliseconds, got ${value}`);
  return parsed;
}

function days(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 366)
    throw new Error(`${name} must be a whole number of days from 0 to 366, got ${value}`);
  return parsed;
}

function port(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) throw new Error(`${name} must be a port number, got ${value}`);
  return parsed;
}

/**
 * Starts the gateway choice and the merchant server for the repository at `repoDir`.
 * @param options.sandboxLog receives the local sandbox's line per request (tests count the calls the shop makes)
 */
export async function startShop(
  repoDir: string,
  env: NodeJS.ProcessEnv = process.env,
  options: { sandboxLog?: (line: string) => void } = {},
): Promise<RunningShop> {
  const host = env.HOST || '127.0.0.1';
  const settlementDir = chooseSettlementDir(repoDir, env);
  const choice = await chooseGateway(env, {
    sandboxPort: port(env.SANDBOX_PORT, 0, 'SANDBOX_PORT'),
    sandboxHost: host,
    sandboxLog: options.sandboxLog,
    settlementDir,
    settlementDelayDays: days(env.WPWL_SETTLEMENT_DELAY_DAYS, 0, 'WPWL_SETTLEMENT_DELAY_DAYS'),
  });
  const storefronts = findStorefronts(`${repoDir}/examples`);
  const merchantPort = port(env.PORT, 3000, 'PORT');
  const apps: RunningAppStorefront[] = [];
  let merchant: MerchantServer;
  try {
    merchant = await startMerchantServer({
      gateway: choice.gateway,
      port: merchantPort,
      host,
      storefronts,
      vendor: [...findVendorLibraries(`${repoDir}/packages`), ...findSharedFiles(`${repoDir}/examples`)],
      ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
      ...(env.WPWL_TRUSTED_PROXIES ? { trustedProxies: env.WPWL_TRUSTED_PROXIES.split(',').filter((entry) => entry.trim()) } : {}),
      database: chooseDatabase(repoDir, env),
      ...(choice.webhookKey ? { webhookKey: choice.webhookKey } : {}),
      ...(env.WPWL_PREVIOUS_WEBHOOK_KEY ? { previousWebhookKey: env.WPWL_PREVIOUS_WEBHOOK_KEY } : {}),
      ...(env.WPWL_EXPRESS_BRANDS ? { expressBrands: env.WPWL_EXPRESS_BRANDS } : {}),
      ...(env.WPWL_APPLE_PAY_DOMAIN_ASSOCIATION
        ? { applePayDomainAssociation: readFileSync(env.WPWL_APPLE_PAY_DOMAIN_ASSOCIATION, 'utf8') }
        : {}),
      ...(env.WPWL_RECHECK_INTERVAL_MS
        ? { recheckIntervalMs: milliseconds(env.WPWL_RECHECK_INTERVAL_MS, 'WPWL_RECHECK_INTERVAL_MS') }
        : {}),
      ...(env.WPWL_RECHECK_AFTER_MS ? { recheckAfterMs: milliseconds(env.WPWL_RECHECK_AFTER_MS, 'WPWL_RECHECK_AFTER_MS') } : {}),
      ...(env.WPWL_ADMIN_TOKEN ? { adminToken: env.WPWL_ADMIN_TOKEN } : {}),
      reconciliation: {
        settlementDir,
        // The local sandbox writes the files due by its clock; a real gateway delivers its own.
        ...(choice.writeSettlementFiles ? { beforeRun: choice.writeSettlementFiles } : {}),
      },
      // Started below, once this server listens; the index page lists them as they come up.
      otherStorefronts: () => apps.map((app) => ({ name: app.name, url: app.url })),
    });
  } catch (error) {
    await choice.close();
    throw error;
  }
  // The local sandbox calls loopback addresses only: this server's own, with a wildcard bind named as loopback.
  choice.sendWebhooksTo(`${merchant.url.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//[::1]:')}/api/webhooks`);
  // Each on the port after the merchant server's (3001, 3002 … for the demo), or a free one.
  const appPort = (index: number) => (merchantPort === 0 ? 0 : merchantPort + 1 + index);
  try {
    for (const [index, app] of chosenApps(repoDir, env).entries()) {
      apps.push(await startAppStorefront(app, { gateway: choice.gateway, host, port: appPort(index) }));
    }
  } catch (error) {
    await Promise.all(apps.map((app) => app.close()));
    await merchant.close();
    await choice.close();
    throw error;
  }
  return {
    merchant,
    gateway: choice,
    storefronts,
    apps,
    close: async () => {
      await Promise.all(apps.map((app) => app.close()));
      await merchant.close();
      await choice.close();
    },
  };
}

/** Prints where everything runs. */
export function describeShop(shop: RunningShop): string {
  const lines = [
    `gateway (${shop.gateway.source}): ${shop.gateway.gateway.baseUrl}`,
    `merchant server:  ${shop.merchant.url}/`,
    `  orders in:      ${shop.merchant.orders.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database (DATA_DIR)'}`,
    `  webhooks:       ${shop.gateway.webhookKey ? `${shop.merchant.url}/api/webhooks` : 'off (set WPWL_WEBHOOK_KEY)'}`,
    `  reconciliation: ${shop.merchant.url}/reconciliation  (${shop.merchant.backOfficeNeedsToken ? 'with WPWL_ADMIN_TOKEN' : 'from this machine only; set WPWL_ADMIN_TOKEN for elsewhere'})`,
    ...shop.storefronts.map((s) => {
      const framework = STOREFRONT_FRAMEWORKS[s.path.replaceAll('/', '')];
      return `  storefront:     ${shop.merchant.url}${s.path}${framework ? `  (${framework})` : ''}`;
    }),
  ];
  for (const app of shop.apps) {
    const framework = STOREFRONT_FRAMEWORKS[app.name];
    lines.push(`  storefront:     ${app.url}/${framework ? `  (${framework}, its own server)` : ''}`);
  }
  if (shop.storefronts.length === 0 && shop.apps.length === 0) lines.push('  (no storefront found: build the examples first)');
  return lines.join('\n');
}

const invokedDirectly = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const repo = fileURLToPath(new URL('../../../', import.meta.url)).replace(/\/$/, '');
  const shop = await startShop(repo);
  console.log(describeShop(shop));
  const stop = () => {
    shop.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
