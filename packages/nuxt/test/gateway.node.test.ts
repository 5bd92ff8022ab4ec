// useWpwlGateway() of @wpwl/nuxt: a @wpwl/server client from private runtime
// config, one per configuration, and an error that names every missing
// variable (and never a secret) when the environment lacks one.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '@wpwl/sandbox';

const runtime = vi.hoisted(() => ({
  config: { wpwl: { serverBaseUrl: '', accessToken: '', entityId: '' }, public: { wpwl: { baseUrl: '', defaults: {} } } },
}));
vi.mock('#imports', () => ({ useRuntimeConfig: () => runtime.config }));

const { useWpwlGateway } = await import('../src/runtime/server/gateway.js');

function configure(values: { baseUrl?: string; serverBaseUrl?: string; accessToken?: string; entityId?: string }) {
  runtime.config.public.wpwl.baseUrl = values.baseUrl ?? '';
  runtime.config.wpwl = {
    serverBaseUrl: values.serverBaseUrl ?? '',
    accessToken: values.accessToken ?? '',
    entityId: values.entityId ?? '',
  };
}

describe('useWpwlGateway', () => {
  beforeEach(() => configure({}));

  it('names every variable that is not set', () => {
    expect(() => useWpwlGateway()).toThrow(
      'useWpwlGateway: set NUXT_WPWL_ACCESS_TOKEN, NUXT_WPWL_ENTITY_ID, NUXT_PUBLIC_WPWL_BASE_URL (or NUXT_WPWL_SERVER_BASE_URL)',
    );
    configure({ baseUrl: 'https://gw.example', accessToken: 'secret-token-1' });
    let message = '';
    try {
      useWpwlGateway();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe("useWpwlGateway: set NUXT_WPWL_ENTITY_ID in the server's environment");
    expect(message).not.toContain('secret-token-1');
  });

  it('talks to the gateway with the private credentials, preferring the server base URL', async () => {
    const sandbox: Sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
    try {
      configure({
        baseUrl: 'https://public.gateway.example',
        serverBaseUrl: sandbox.url,
        accessToken: sandbox.accessToken,
        entityId: sandbox.entityId,
      });
      const client = useWpwlGateway();
      expect(client.baseUrl).toBe(sandbox.url);
      const checkout = await client.prepareCheckout({ amount: '55.20', currency: 'EUR', paymentType: 'DB' });
      expect(checkout.id).toMatch(/^[A-Za-z0-9.-]{1,48}$/);
    } finally {
      await sandbox.close();
    }
  });

  it('shares one client while the config stays the same; options or a new config make another', () => {
    configure({ baseUrl: 'https://gw.example', accessToken: 'token-a', entityId: '0123456789abcdef0123456789abcdef' });
    const first = useWpwlGateway();
    expect(useWpwlGateway()).toBe(first);
    expect(useWpwlGateway({ timeoutMs: 5000 })).not.toBe(first);
    configure({ baseUrl: 'https://gw.example', accessToken: 'token-b', entityId: '0123456789abcdef0123456789abcdef' });
    expect(useWpwlGateway()).not.toBe(first);
    expect(useWpwlGateway().baseUrl).toBe('https://gw.example');
  });
});
