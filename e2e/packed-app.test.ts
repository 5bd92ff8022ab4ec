// The packages as merchants get them: each packed with `pnpm pack`, installed
// with npm into a fresh app outside the workspace (React, Vite and TypeScript
// from the registry), type-checked under `bundler` and `node16` module
// resolution, and built with Vite. Catches what the workspace hides: a file
// left out of `files`, an export map that does not resolve, a dependency on an
// unpublished package, types that only compile with the workspace's paths.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packPackages, run } from './support/packed.js';

const PACKAGES = ['core', 'react', 'vue', 'lit', 'server'];

let app: string;
beforeAll(async () => {
  app = await mkdtemp(join(tmpdir(), 'wpwl-packed-app-'));
  const packed = await packPackages(PACKAGES, join(app, 'tarballs'));
  await writeFile(
    join(app, 'package.json'),
    JSON.stringify(
      {
        name: 'a-merchants-shop',
        private: true,
        type: 'module',
        dependencies: { ...packed, react: '^19.2.0', 'react-dom': '^19.2.0', vue: '^3.5.0' },
        devDependencies: {
          '@types/react': '^19.2.0',
          '@types/react-dom': '^19.2.0',
          '@types/node': '^20',
          typescript: '~6.0.0',
          vite: '^8.3.8',
        },
      },
      null,
      2,
    ),
  );
  await mkdir(join(app, 'src'));
  await writeFile(
    join(app, 'src/checkout.tsx'),
    `import { PaymentWidget, WpwlProvider, usePaymentWidget, type PaymentWidgetProps } from '@wpwl/react';
import { readShopperResult, type WidgetStatus } from '@wpwl/core';
import type {} from '@wpwl/lit/jsx';
import { createRoot } from 'react-dom/client';

function Pay(props: PaymentWidgetProps) {
  const { status } = usePaymentWidget(props);
  const shown: WidgetStatus = status;
  return <p>{shown}</p>;
}

const result = readShopperResult(location.href);
createRoot(document.getElementById('app')!).render(
  <WpwlProvider baseUrl="https://test.gateway.example">
    <PaymentWidget checkoutId={result.id} brands="VISA MASTER" shopperResultUrl={location.href} loadingContent="Loading…" />
    <Pay checkoutId={result.id} brands={['VISA']} shopperResultUrl={location.href} />
    <wpwl-widget checkout-id={result.id} brands="VISA" />
  </WpwlProvider>,
);
`,
  );
  await writeFile(
    join(app, 'src/server.ts'),
    `import { createGatewayClient } from '@wpwl/server';
import { widgetPreloadHtml } from '@wpwl/core';

export async function checkoutHead(): Promise<string> {
  const gateway = createGatewayClient({ baseUrl: 'https://test.gateway.example', accessToken: 'token', entityId: '8a8294174b7ecb28014b9699220015ca' });
  const checkout = await gateway.prepareCheckout({ amount: '9.99', currency: 'EUR', paymentType: 'DB' });
  return widgetPreloadHtml({ baseUrl: gateway.baseUrl, checkoutId: checkout.id, integrity: checkout.integrity });
}
`,
  );
  // A Vue app that only installs the plugin: <PaymentWidget> (and the controller) must come as a lazy chunk.
  await writeFile(
    join(app, 'src/vue-shop.ts'),
    `import { createApp, defineComponent, h, resolveComponent } from 'vue';
import { WpwlPlugin } from '@wpwl/vue';

const Checkout = defineComponent({
  setup: () => () =>
    h(resolveComponent('PaymentWidget'), { checkoutId: new URLSearchParams(location.search).get('id') ?? '', brands: 'VISA', shopperResultUrl: location.href }),
});
createApp(Checkout).use(WpwlPlugin, { baseUrl: 'https://test.gateway.example' }).mount('#app');
`,
  );
  await writeFile(join(app, 'vue.html'), '<!doctype html><div id="app"></div><script type="module" src="/src/vue-shop.ts"></script>\n');
  await writeFile(
    join(app, 'vite.config.js'),
    "export default { build: { rollupOptions: { input: { react: 'index.html', vue: 'vue.html' } } } };\n",
  );
  const compilerOptions = { strict: true, target: 'ES2022', lib: ['ES2022', 'DOM'], jsx: 'react-jsx', noEmit: true, skipLibCheck: false };
  await writeFile(
    join(app, 'tsconfig.bundler.json'),
    JSON.stringify({
      compilerOptions: { ...compilerOptions, module: 'ESNext', moduleResolution: 'bundler' },
      include: ['src/checkout.tsx'],
    }),
  );
  await writeFile(
    join(app, 'tsconfig.node16.json'),
    JSON.stringify({
      compilerOptions: { ...compilerOptions, module: 'node16', moduleResolution: 'node16', types: ['node'] },
      include: ['src/server.ts'],
    }),
  );
  await writeFile(join(app, 'index.html'), '<!doctype html><div id="app"></div><script type="module" src="/src/checkout.tsx"></script>\n');
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: app, timeout: 300_000 });
}, 360_000);

afterAll(async () => {
  if (app) await rm(app, { recursive: true, force: true });
});

describe('the packed packages in a fresh app', () => {
  it('installs without reaching for an unpublished package', async () => {
    const installed = JSON.parse(await readFile(join(app, 'node_modules/@wpwl/react/package.json'), 'utf8'));
    expect(installed.dependencies['@wpwl/core']).toMatch(/^\^\d+\.\d+\.\d+$/);
    // One copy of core serves every binding.
    await expect(readdir(join(app, 'node_modules/@wpwl/react/node_modules')).catch(() => [])).resolves.not.toContain('@wpwl');
  });

  it.each(['tsconfig.bundler.json', 'tsconfig.node16.json'])('type-checks under %s', async (config) => {
    await expect(run(join(app, 'node_modules/.bin/tsc'), ['-p', config], { cwd: app })).resolves.toBeDefined();
  });

  it('builds with Vite: the React page ships the controller with the page', async () => {
    await run(join(app, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error'], { cwd: app, timeout: 120_000 });
    const react = await loadedWith(await entry('react-'));
    // The widget controller made it into the page, with the preload of the checkout's script.
    expect(react.some((code) => code.includes('/v1/paymentWidgets.js'))).toBe(true);
    expect(react.some((code) => code.includes('wpwlOptions'))).toBe(true);
  });

  it('the Vue page that only installs the plugin loads <PaymentWidget> and the controller lazily, in a chunk of their own', async () => {
    const vue = await entry('vue-');
    const lazy = [
      ...(await readFile(join(app, 'dist/assets', vue), 'utf8')).matchAll(/import\(["'`]\.\/(PaymentWidget-[\w-]+\.js)["'`]\)/g),
    ].map((match) => match[1]!);
    expect(lazy).toHaveLength(1);
    expect((await loadedWith(vue)).some((code) => code.includes('/v1/paymentWidgets.js'))).toBe(false);
    expect((await loadedWith(lazy[0]!)).some((code) => code.includes('/v1/paymentWidgets.js'))).toBe(true);
  });
});

/** The built entry chunk whose name starts with `prefix`. */
async function entry(prefix: string): Promise<string> {
  const file = (await readdir(join(app, 'dist/assets'))).find((name) => name.startsWith(prefix) && name.endsWith('.js'));
  if (!file) throw new Error(`no ${prefix}*.js in the build`);
  return file;
}

/** The code of a chunk and of every chunk it imports statically (what loads with it). */
async function loadedWith(file: string, seen = new Set<string>()): Promise<string[]> {
  if (seen.has(file)) return [];
  seen.add(file);
  const code = await readFile(join(app, 'dist/assets', file), 'utf8');
  const imported = [...code.matchAll(/(?:from|import)\s*["'`]\.\/([\w.-]+\.js)["'`]/g)].map((match) => match[1]!);
  const nested = await Promise.all(imported.map((name) => loadedWith(name, seen)));
  return [code, ...nested.flat()];
}
