// Owns choosing the gateway: the one the environment names (WPWL_BASE_URL,
// WPWL_ACCESS_TOKEN, WPWL_ENTITY_ID: e.g. the gateway's test environment), or
// else a local sandbox started here, which sends its webhooks to this shop
// and writes its settlement files into the shop's settlement folder.
import { randomBytes } from 'node:crypto';
import type { Sandbox } from '@wpwl/sandbox';
import type { GatewayConfig } from './server.js';

export interface GatewayChoice {
  gateway: GatewayConfig;
  source: 'environment' | 'sandbox';
  /**
   * The key webhook notifications are encrypted with: WPWL_WEBHOOK_KEY, or
   * for a local sandbox a new one shared with it. None: the route is off.
   */
  webhookKey?: string;
  /** Points the local sandbox's webhooks at the shop, once its address is known (a no-op for another gateway). */
  sendWebhooksTo(url: string): void;
  /**
   * Has the local sandbox write the settlement files due by its clock into
   * the settlement folder (absent for another gateway, whose files arrive by
   * themselves).
   */
  writeSettlementFiles?: () => Promise<string[]>;
  /** The local sandbox, when one was started (tests move its clock, charge payments back). */
  sandbox?: Sandbox;
  /** Stops the sandbox, if one was started. */
  close(): Promise<void>;
}

export async function chooseGateway(
  env: NodeJS.ProcessEnv,
  options: {
    sandboxPort?: number;
    sandboxHost?: string;
    sandboxLog?: (line: string) => void;
    /** Where a local sandbox writes its settlement files. */
    settlementDir?: string;
    /** Days a local sandbox takes to settle a payment (its `settlementFiles.delayDays`). */
    settlementDelayDays?: number;
  } = {},
): Promise<GatewayChoice> {
  const { WPWL_BASE_URL: baseUrl, WPWL_ACCESS_TOKEN: accessToken, WPWL_ENTITY_ID: entityId } = env;
  const configuredKey = env.WPWL_WEBHOOK_KEY || undefined;
  if (baseUrl && accessToken && entityId) {
    return {
      gateway: { baseUrl, accessToken, entityId },
      source: 'environment',
      ...(configuredKey ? { webhookKey: configuredKey } : {}),
      // The gateway's back office holds the webhook URL.
      sendWebhooksTo: () => {},
      close: async () => {},
    };
  }
  if (baseUrl || accessToken || entityId) {
    throw new Error(
      'Set all three of WPWL_BASE_URL, WPWL_ACCESS_TOKEN and WPWL_ENTITY_ID to use a gateway, or none to use the local sandbox.',
    );
  }
  const { startSandbox } = await import('@wpwl/sandbox');
  const sandbox = await startSandbox({
    port: options.sandboxPort ?? 0,
    host: options.sandboxHost ?? '127.0.0.1',
    log: options.sandboxLog,
    ...(options.settlementDir
      ? {
          settlementFiles: {
            dir: options.settlementDir,
            ...(options.settlementDelayDays === undefined ? {} : { delayDays: options.settlementDelayDays }),
          },
        }
      : {}),
  });
  const webhookKey = configuredKey ?? randomBytes(32).toString('hex');
  return {
    gateway: { baseUrl: sandbox.url, accessToken: sandbox.accessToken, entityId: sandbox.entityId },
    source: 'sandbox',
    webhookKey,
    sendWebhooksTo: (url) => sandbox.setWebhooks([{ url, key: webhookKey }]),
    ...(options.settlementDir ? { writeSettlementFiles: () => sandbox.writeSettlementFiles() } : {}),
    sandbox,
    close: async () => {
      await sandbox.close();
    },
  };
}
