// Owns choosing the gateway: the one the environment names (WPWL_BASE_URL,
// WPWL_ACCESS_TOKEN, WPWL_ENTITY_ID: e.g. the gateway's test environment), or
// else a local sandbox started here.
import type { GatewayConfig } from './server.js';

export interface GatewayChoice {
  gateway: GatewayConfig;
  source: 'environment' | 'sandbox';
  /** Stops the sandbox, if one was started. */
  close(): Promise<void>;
}

export async function chooseGateway(
  env: NodeJS.ProcessEnv,
  options: { sandboxPort?: number; sandboxHost?: string; sandboxLog?: (line: string) => void } = {},
): Promise<GatewayChoice> {
  const { WPWL_BASE_URL: baseUrl, WPWL_ACCESS_TOKEN: accessToken, WPWL_ENTITY_ID: entityId } = env;
  if (baseUrl && accessToken && entityId) {
    return { gateway: { baseUrl, accessToken, entityId }, source: 'environment', close: async () => {} };
  }
  if (baseUrl || accessToken || entityId) {
    throw new Error(
      'Set all three of WPWL_BASE_URL, WPWL_ACCESS_TOKEN and WPWL_ENTITY_ID to use a gateway, or none to use the local sandbox.',
    );
  }
  const { startSandbox } = await import('@wpwl/sandbox');
  const sandbox = await startSandbox({ port: options.sandboxPort ?? 0, host: options.sandboxHost ?? '127.0.0.1', log: options.sandboxLog });
  return {
    gateway: { baseUrl: sandbox.url, accessToken: sandbox.accessToken, entityId: sandbox.entityId },
    source: 'sandbox',
    close: async () => {
      await sandbox.close();
    },
  };
}
