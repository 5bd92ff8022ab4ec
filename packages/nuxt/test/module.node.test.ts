// @wpwl/nuxt in a real Nuxt, loaded from a bare app's config (nothing is
// built): what lands in public and private runtime config, the plugin, the
// auto-imported component, composable and server helper, the pre-bundled
// packages, and a warning for a token written into nuxt.config.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileURLToPath } from 'node:url';
import { loadNuxt } from '@nuxt/kit';
import type { Nuxt } from 'nuxt/schema';

const fixture = fileURLToPath(new URL('./fixture', import.meta.url));
let nuxt: Nuxt | undefined;

async function load(overrides: Record<string, unknown> = {}, dev = false): Promise<Nuxt> {
  nuxt = await loadNuxt({ cwd: fixture, dev, ready: true, overrides: { buildDir: `${fixture}/.nuxt`, ...overrides } });
  return nuxt;
}

afterEach(async () => {
  await nuxt?.close();
  nuxt = undefined;
  vi.restoreAllMocks();
});

describe('@wpwl/nuxt in a Nuxt app', () => {
  it('puts the base URL and defaults in public runtime config and the credentials in private only', async () => {
    const { options } = await load();
    expect(options.runtimeConfig.public.wpwl).toEqual({
      baseUrl: 'https://test.gateway.example',
      defaults: { brands: 'VISA MASTER', locale: 'de' },
    });
    expect(options.runtimeConfig.wpwl).toEqual({ serverBaseUrl: '', accessToken: '', entityId: '' });
    expect(JSON.stringify(options.runtimeConfig.public)).not.toMatch(/accessToken|entityId/);
  });

  it('registers the plugin, <PaymentWidget> and usePaymentWidget, and pre-bundles core and vue', async () => {
    const current = await load();
    const components: Array<{ pascalName: string; filePath: string }> = [];
    current.hook('components:extend', (list) => void components.push(...list));
    const imports: Array<{ name: string; from: string }> = [];
    current.hook('imports:extend', (list) => void imports.push(...list));
    await current.callHook('components:extend', []);
    await current.callHook('imports:extend', []);

    expect(current.options.plugins.map((plugin) => (typeof plugin === 'string' ? plugin : plugin.src))).toContainEqual(
      expect.stringMatching(/nuxt\/src\/runtime\/plugin/),
    );
    expect(components).toContainEqual(
      expect.objectContaining({ pascalName: 'PaymentWidget', filePath: expect.stringMatching(/runtime\/PaymentWidget/) }),
    );
    expect(imports).toContainEqual(expect.objectContaining({ name: 'usePaymentWidget', from: '@wpwl/vue' }));

    const vite: { optimizeDeps?: { include?: string[] } } = {};
    await current.callHook('vite:extend', { nuxt: current, config: vite } as never);
    expect(vite.optimizeDeps?.include).toEqual(expect.arrayContaining(['@wpwl/nuxt > @wpwl/core', '@wpwl/nuxt > @wpwl/vue']));
  });

  it('warns when a token is written into nuxt.config, and stays quiet about one from the environment', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await load({ wpwl: { accessToken: 'written-here' } });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('set NUXT_WPWL_ACCESS_TOKEN in the environment instead'));
    await nuxt?.close();
    warn.mockClear();
    await load();
    expect(warn).not.toHaveBeenCalledWith(expect.stringContaining('NUXT_WPWL_ACCESS_TOKEN'));
  });
});
