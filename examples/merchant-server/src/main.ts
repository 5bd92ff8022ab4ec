// Owns the command line: `pnpm start` (node dist/main.js) runs the example
// merchant server with every storefront of this repository, on the gateway
// the environment names or on a local sandbox. Environment: PORT (default
// 3000), SANDBOX_PORT (default: a free port), HOST (default 127.0.0.1), and
// WPWL_BASE_URL / WPWL_ACCESS_TOKEN / WPWL_ENTITY_ID for a real gateway.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chooseGateway, type GatewayChoice } from './local-gateway.js';
import { startMerchantServer, type MerchantServer, type Storefront } from './server.js';
import { STOREFRONT_FRAMEWORKS, findSharedFiles, findStorefronts, findVendorLibraries } from './storefronts.js';

export interface RunningShop {
  merchant: MerchantServer;
  gateway: GatewayChoice;
  storefronts: Storefront[];
  close(): Promise<void>;
}

function port(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) throw new Error(`${name} must be a port number, got ${value}`);
  return parsed;
}

/** Starts the gateway choice and the merchant server for the repository at `repoDir`. */
export async function startShop(repoDir: string, env: NodeJS.ProcessEnv = process.env): Promise<RunningShop> {
  const host = env.HOST || '127.0.0.1';
  const choice = await chooseGateway(env, { sandboxPort: port(env.SANDBOX_PORT, 0, 'SANDBOX_PORT'), sandboxHost: host });
  const storefronts = findStorefronts(`${repoDir}/examples`);
  let merchant: MerchantServer;
  try {
    merchant = await startMerchantServer({
      gateway: choice.gateway,
      port: port(env.PORT, 3000, 'PORT'),
      host,
      storefronts,
      vendor: [...findVendorLibraries(`${repoDir}/packages`), ...findSharedFiles(`${repoDir}/examples`)],
      ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
    });
  } catch (error) {
    await choice.close();
    throw error;
  }
  return {
    merchant,
    gateway: choice,
    storefronts,
    close: async () => {
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
    ...shop.storefronts.map((s) => {
      const framework = STOREFRONT_FRAMEWORKS[s.path.replaceAll('/', '')];
      return `  storefront:     ${shop.merchant.url}${s.path}${framework ? `  (${framework})` : ''}`;
    }),
  ];
  if (shop.storefronts.length === 0) lines.push('  (no storefront found: build the examples first)');
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
