// Owns the server half of @wpwl/nuxt: useWpwlGateway(), auto-imported in
// server routes, a @wpwl/server client made from private runtime config (the
// access token and entity id never reach public config or a browser).
import { useRuntimeConfig } from '#imports';
import { createGatewayClient, type GatewayClient, type GatewayClientOptions } from '@wpwl/server';

/** What a call may add to the client: everything but the credentials and address, which come from runtime config. */
export type WpwlGatewayOptions = Omit<GatewayClientOptions, 'baseUrl' | 'accessToken' | 'entityId'>;

let shared: { key: string; client: GatewayClient } | undefined;

/**
 * The gateway client of this server, from runtime config: NUXT_WPWL_ACCESS_TOKEN,
 * NUXT_WPWL_ENTITY_ID, and the base URL (NUXT_WPWL_SERVER_BASE_URL, else the
 * public NUXT_PUBLIC_WPWL_BASE_URL). Without options, one client is shared
 * while the config stays the same.
 *
 * @example
 * // server/api/checkout.post.ts
 * export default defineEventHandler(() => useWpwlGateway().prepareCheckout({ amount: '92.00', currency: 'EUR', paymentType: 'DB' }));
 * @throws Error naming the missing environment variable, when the token, entity id or base URL is not set
 */
export function useWpwlGateway(options?: WpwlGatewayOptions): GatewayClient {
  const config = useRuntimeConfig();
  const { serverBaseUrl, accessToken, entityId } = config.wpwl;
  const baseUrl = serverBaseUrl || config.public.wpwl.baseUrl;
  const missing = [
    [accessToken, 'NUXT_WPWL_ACCESS_TOKEN'],
    [entityId, 'NUXT_WPWL_ENTITY_ID'],
    [baseUrl, 'NUXT_PUBLIC_WPWL_BASE_URL (or NUXT_WPWL_SERVER_BASE_URL)'],
  ].filter(([value]) => !value);
  if (missing.length > 0) {
    throw new Error(`useWpwlGateway: set ${missing.map(([, name]) => name).join(', ')} in the server's environment`);
  }
  if (options) return createGatewayClient({ ...options, baseUrl, accessToken, entityId });
  const key = `${baseUrl}\n${accessToken}\n${entityId}`;
  if (shared?.key !== key) shared = { key, client: createGatewayClient({ baseUrl, accessToken, entityId }) };
  return shared.client;
}
