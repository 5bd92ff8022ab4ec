// The packed packages in fresh Next.js and Nuxt apps outside the workspace,
// the way a merchant starts: `pnpm pack` for @wpwl/core, react, vue, server and
// nuxt, `npm install` beside Next.js 16 or Nuxt 4 from the registry, a
// checkout page written as each framework's guide would have it, `next build`
// (which type-checks) and `nuxt build`, then each app served against a
// sandbox: its server HTML preloads the widget script, and in Chromium the
// widget becomes ready with one script request.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppStorefront, type RunningAppStorefront } from '../examples/merchant-server/src/app-servers.js';
import { launchBrowser, type TestBrowser } from './support/browser.js';
import { packPackages, run, writeFiles } from './support/packed.js';
import { startSandboxServer, type SandboxServer } from './support/servers.js';

const NEXT_APP: Record<string, string> = {
  'next.config.mjs': 'export default { poweredByHeader: false };\n',
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      lib: ['dom', 'dom.iterable', 'esnext'],
      strict: true,
      noEmit: true,
      module: 'esnext',
      moduleResolution: 'bundler',
      jsx: 'react-jsx',
      isolatedModules: true,
      esModuleInterop: true,
      // As create-next-app writes it (e2e/packed-app.test.ts checks wpwl's own declarations without it).
      skipLibCheck: true,
      plugins: [{ name: 'next' }],
    },
    include: ['next-env.d.ts', 'app', '.next/types/**/*.ts'],
  }),
  'app/layout.tsx': `import type { ReactNode } from 'react';
import { WpwlProvider } from '@wpwl/react';

export default function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <WpwlProvider brands="VISA MASTER">{children}</WpwlProvider>
      </body>
    </html>
  );
}
`,
  'app/page.tsx': `import { connection } from 'next/server';
import { PaymentWidget } from '@wpwl/react';
import { createGatewayClient } from '@wpwl/server';

export default async function Checkout() {
  await connection();
  const gateway = createGatewayClient({
    baseUrl: process.env.WPWL_BASE_URL!,
    accessToken: process.env.WPWL_ACCESS_TOKEN!,
    entityId: process.env.WPWL_ENTITY_ID!,
  });
  const checkout = await gateway.prepareCheckout({ amount: '12.00', currency: 'EUR', paymentType: 'DB', integrity: true });
  return (
    <PaymentWidget
      checkoutId={checkout.id}
      integrity={checkout.integrity}
      baseUrl={gateway.baseUrl}
      shopperResultUrl="http://127.0.0.1/result"
      loadingContent={<p>Loading…</p>}
    />
  );
}
`,
  // The same checkout with the widget started by the server's HTML, as the README's Next.js section shows it.
  'app/started/page.tsx': `import { connection } from 'next/server';
import { PaymentWidget } from '@wpwl/react';
import { createGatewayClient } from '@wpwl/server';

export default async function StartedCheckout() {
  await connection();
  const gateway = createGatewayClient({
    baseUrl: process.env.WPWL_BASE_URL!,
    accessToken: process.env.WPWL_ACCESS_TOKEN!,
    entityId: process.env.WPWL_ENTITY_ID!,
  });
  const checkout = await gateway.prepareCheckout({ amount: '12.00', currency: 'EUR', paymentType: 'DB', integrity: true });
  return (
    <PaymentWidget
      serverStart
      checkoutId={checkout.id}
      integrity={checkout.integrity}
      baseUrl={gateway.baseUrl}
      shopperResultUrl="http://127.0.0.1/result"
    />
  );
}
`,
};

const NUXT_APP: Record<string, string> = {
  'nuxt.config.ts': `export default defineNuxtConfig({
  compatibilityDate: '2026-05-01',
  modules: ['@wpwl/nuxt'],
  wpwl: { defaults: { brands: 'VISA MASTER' } },
  telemetry: false,
  devtools: { enabled: false },
});
`,
  'app/app.vue': '<template><NuxtPage /></template>\n',
  'app/pages/index.vue': `<script setup lang="ts">
const { data: checkout } = await useFetch('/api/checkout', { method: 'POST' });
</script>

<template>
  <PaymentWidget v-if="checkout" :checkout-id="checkout.id" :integrity="checkout.integrity" shopper-result-url="http://127.0.0.1/result">
    <template #loading>Loading…</template>
  </PaymentWidget>
</template>
`,
  'server/api/checkout.post.ts': `export default defineEventHandler(async () => {
  const checkout = await useWpwlGateway().prepareCheckout({ amount: '12.00', currency: 'EUR', paymentType: 'DB', integrity: true });
  return { id: checkout.id, integrity: checkout.integrity };
});
`,
};

interface Framework {
  name: string;
  dir: string;
  built: string;
  command: string[];
}

let root: string;
let sandbox: SandboxServer;
let browser: TestBrowser;
const frameworks: Framework[] = [];
const servers: RunningAppStorefront[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'wpwl-packed-frameworks-'));
  const packed = await packPackages(['core', 'react', 'vue', 'server', 'nuxt'], join(root, 'tarballs'));
  const pick = (...names: string[]) => Object.fromEntries(names.map((name) => [`@wpwl/${name}`, packed[`@wpwl/${name}`]]));

  const next = join(root, 'next-shop');
  await writeFiles(next, {
    ...NEXT_APP,
    'package.json': JSON.stringify({
      name: 'a-next-shop',
      private: true,
      dependencies: { ...pick('core', 'react', 'server'), next: '16.4.6', react: '^19.2.0', 'react-dom': '^19.2.0' },
      devDependencies: { typescript: '~6.0.0', '@types/react': '^19.2.0', '@types/react-dom': '^19.2.0', '@types/node': '^20' },
    }),
  });
  const nuxt = join(root, 'nuxt-shop');
  await writeFiles(nuxt, {
    ...NUXT_APP,
    'package.json': JSON.stringify({
      name: 'a-nuxt-shop',
      private: true,
      type: 'module',
      dependencies: { ...pick('core', 'vue', 'server', 'nuxt'), nuxt: '4.4.5', vue: '^3.5.0' },
    }),
  });
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NUXT_TELEMETRY_DISABLED: '1' };
  await Promise.all(
    [next, nuxt].map((dir) => run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, timeout: 600_000, env })),
  );
  await run(process.execPath, [join(next, 'node_modules/next/dist/bin/next'), 'build'], { cwd: next, timeout: 300_000, env });
  await run(process.execPath, [join(nuxt, 'node_modules/nuxt/bin/nuxt.mjs'), 'build'], { cwd: nuxt, timeout: 300_000, env });
  frameworks.push(
    {
      name: 'Next.js',
      dir: next,
      built: join(next, '.next/BUILD_ID'),
      command: ['node_modules/next/dist/bin/next', 'start', '--hostname', '{host}', '--port', '{port}'],
    },
    { name: 'Nuxt', dir: nuxt, built: join(nuxt, '.output/server/index.mjs'), command: ['.output/server/index.mjs'] },
  );
  [sandbox, browser] = await Promise.all([startSandboxServer(), launchBrowser()]);
  const gateway = { baseUrl: sandbox.url, accessToken: sandbox.accessToken, entityId: sandbox.entityId };
  for (const framework of frameworks) servers.push(await startAppStorefront(framework, { gateway, host: '127.0.0.1', port: 0 }));
}, 1_200_000);

afterAll(async () => {
  await Promise.all([...servers.map((server) => server.close()), browser?.close(), sandbox?.close()]);
  if (root) await rm(root, { recursive: true, force: true });
});

describe('a fresh Next.js app on the packed packages, the widget started by the server', () => {
  // The inline script widgetStartHtml writes into the page (it reads `currentScript`).
  const START_SCRIPT = 'd.currentScript||d.head';
  const nextUrl = () => servers[frameworks.findIndex((framework) => framework.name === 'Next.js')]!.url;

  it("the server's HTML starts the widget; the browser's chunks do not carry the script (core's browser build)", async () => {
    const html = await (await fetch(`${nextUrl()}/started`)).text();
    expect(html).toContain('data-wpwl-early');
    expect(html).toContain(START_SCRIPT);
    const dir = join(frameworks.find((framework) => framework.name === 'Next.js')!.dir, '.next/static/chunks');
    const chunks = await Promise.all(
      (await readdir(dir)).filter((file) => file.endsWith('.js')).map((file) => readFile(join(dir, file), 'utf8')),
    );
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.filter((code) => code.includes(START_SCRIPT))).toEqual([]);
    // The controller that takes the widget over is there.
    expect(chunks.some((code) => code.includes('wpwlEarly'))).toBe(true);
  });

  it('in Chromium the started widget is ready and taken over, with one script request and nothing logged', async () => {
    const tab = await browser.newPage();
    try {
      await tab.page.goto(`${nextUrl()}/started`);
      await tab.page.waitForSelector('[data-wpwl-status="ready"]:not([data-wpwl-early]) .wpwl-form-card .wpwl-control-cardNumber');
      expect(tab.requestsTo('GET', '/v1/paymentWidgets.js')).toHaveLength(1);
      expect(tab.errors.filter((error) => !error.includes('/favicon.ico'))).toEqual([]);
    } finally {
      await tab.close();
    }
  });
});

describe.each(['Next.js', 'Nuxt'])('a fresh %s app on the packed packages', (name) => {
  const url = () => servers[frameworks.findIndex((framework) => framework.name === name)]!.url;

  it("builds, and its checkout page's server HTML preloads the widget script with its integrity hash", async () => {
    const html = await (await fetch(`${url()}/`)).text();
    const preload = /<link[^>]*paymentWidgets\.js\?checkoutId=[^>]*>/.exec(html)?.[0] ?? '';
    expect(preload).toMatch(/rel="preload"/);
    expect(preload).toMatch(/integrity="sha384-/);
    expect(preload).toContain(`${sandbox.url}/v1/paymentWidgets.js`);
  });

  it('shows a ready widget in Chromium, with one script request and nothing logged', async () => {
    const tab = await browser.newPage();
    try {
      await tab.page.goto(`${url()}/`);
      await tab.page.waitForSelector('[data-wpwl-status="ready"] .wpwl-form-card .wpwl-control-cardNumber');
      expect(tab.requestsTo('GET', '/v1/paymentWidgets.js')).toHaveLength(1);
      // The bare app has no icon: the browser's own favicon request is the app's 404, not the widget's.
      expect(tab.errors.filter((error) => !error.includes('/favicon.ico'))).toEqual([]);
    } finally {
      await tab.close();
    }
  });
});
