// <wpwl-widget> where wpwl has no binding: the packed @wpwl/core and
// @wpwl/lit installed with npm into fresh apps outside the workspace, each
// built the way its users build it: Svelte 5 with Vite (type-checked by
// svelte-check against `@wpwl/lit/svelte`), Astro (a static page and a Svelte
// island, type-checked by `astro check` against `@wpwl/lit/astro`) and Angular
// through CUSTOM_ELEMENTS_SCHEMA (built by the Angular CLI). Each built app is
// served as static files, and in Chromium the shopper pays with a test card.
import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from './support/browser.js';
import { createCheckout, readPaymentStatus, type GatewayAccess } from './support/gateway.js';
import { check, packPackages, run, writeFiles } from './support/packed.js';
import { startSandboxServer, startStaticServer, type SandboxServer, type StaticServer } from './support/servers.js';
import { fillCard, SUCCESS_CARD, SUCCESS_RESULT } from './support/shopper.js';

// The checkout page's own inputs come in its URL (`?checkoutId=…&baseUrl=…`):
// the apps are static, and their merchant backend is the test.

/** The Svelte component both the Vite app and the Astro island render: typed attributes and events. */
const SVELTE_CHECKOUT = `<script lang="ts">
  import '@wpwl/lit/define';
  import type {} from '@wpwl/lit/svelte';

  const params = new URLSearchParams(location.search);
  let status = $state('idle');
  let failure = $state('');
</script>

<wpwl-widget
  checkout-id={params.get('checkoutId') ?? ''}
  brands="VISA MASTER"
  base-url={params.get('baseUrl') ?? ''}
  shopper-result-url={\`\${location.origin}/result\`}
  onwpwl-status-change={(event) => (status = event.detail.status)}
  onwpwl-error={(event) => (failure = event.detail.error.code)}
></wpwl-widget>
<p id="status">{status}</p>
{#if failure}<p role="alert">{failure}</p>{/if}
`;

/** A Svelte file svelte-check must refuse: a number for a text attribute, a detail field the event does not have. */
const SVELTE_MISTAKES = `<script lang="ts">
  import type {} from '@wpwl/lit/svelte';
</script>

<wpwl-widget expires-in-ms={1800000} onwpwl-error={(event) => console.log(event.detail.reason)}></wpwl-widget>
`;

const SVELTE_APP: Record<string, string> = {
  'index.html': `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Checkout</title></head>
  <body><main id="app"><h1>Checkout</h1></main><script type="module" src="/src/main.ts"></script></body>
</html>
`,
  'vite.config.ts': `import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({ plugins: [svelte()] });
`,
  'svelte.config.js': `import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

export default { preprocess: vitePreprocess() };
`,
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'bundler',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      strict: true,
      verbatimModuleSyntax: true,
      isolatedModules: true,
      noEmit: true,
      types: ['svelte'],
    },
    include: ['src'],
  }),
  'src/main.ts': `import { mount } from 'svelte';
import Checkout from './Checkout.svelte';

mount(Checkout, { target: document.getElementById('app')! });
`,
  'src/Checkout.svelte': SVELTE_CHECKOUT,
};

const ASTRO_APP: Record<string, string> = {
  'astro.config.mjs': `import { defineConfig } from 'astro/config';
import svelte from '@astrojs/svelte';

export default defineConfig({ integrations: [svelte()] });
`,
  'tsconfig.json': JSON.stringify({ extends: 'astro/tsconfigs/strict', include: ['.astro/types.d.ts', '**/*'], exclude: ['dist'] }),
  'src/env.d.ts': `/// <reference types="astro/client" />
import type {} from '@wpwl/lit/astro';
`,
  // The static page: the element in the template, one bundled script that registers it and hands it the checkout.
  'src/pages/index.astro': `---
---
<html lang="en">
  <head><meta charset="utf-8" /><title>Checkout</title></head>
  <body>
    <main>
      <h1>Checkout</h1>
      <wpwl-widget brands="VISA MASTER" class="checkout"></wpwl-widget>
      <p id="status">idle</p>
    </main>
    <script>
      import '@wpwl/lit/define';

      const params = new URLSearchParams(location.search);
      const widget = document.querySelector('wpwl-widget')!;
      widget.addEventListener('wpwl-status-change', (event) => {
        document.getElementById('status')!.textContent = event.detail.status;
      });
      widget.setAttribute('base-url', params.get('baseUrl') ?? '');
      widget.setAttribute('shopper-result-url', \`\${location.origin}/result\`);
      widget.setAttribute('checkout-id', params.get('checkoutId') ?? '');
    </script>
  </body>
</html>
`,
  // The island: the Svelte component, rendered in the browser only (its checkout is in the URL).
  'src/pages/island.astro': `---
import Checkout from '../components/Checkout.svelte';
---
<html lang="en">
  <head><meta charset="utf-8" /><title>Checkout</title></head>
  <body>
    <main><h1>Checkout</h1><Checkout client:only="svelte" /></main>
  </body>
</html>
`,
  'src/components/Checkout.svelte': SVELTE_CHECKOUT,
};

/** An .astro page astro check must refuse: a number for a text attribute of <wpwl-widget>. */
const ASTRO_MISTAKE = `---
---
<wpwl-widget expires-in-ms={1800000}></wpwl-widget>
`;

const ANGULAR_APP: Record<string, string> = {
  'angular.json': JSON.stringify({
    version: 1,
    newProjectRoot: 'projects',
    cli: { analytics: false },
    projects: {
      shop: {
        projectType: 'application',
        root: '',
        sourceRoot: 'src',
        architect: {
          build: {
            builder: '@angular/build:application',
            options: { browser: 'src/main.ts', index: 'src/index.html', tsConfig: 'tsconfig.json', outputPath: 'dist/shop' },
          },
        },
      },
    },
  }),
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'preserve',
      moduleResolution: 'bundler',
      lib: ['ES2022', 'DOM'],
      strict: true,
      skipLibCheck: true,
      isolatedModules: true,
    },
    angularCompilerOptions: { strictTemplates: true, strictInjectionParameters: true },
    files: ['src/main.ts'],
  }),
  'src/index.html': `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Checkout</title><base href="/" /></head>
  <body><app-checkout></app-checkout></body>
</html>
`,
  'src/main.ts': `import { bootstrapApplication } from '@angular/platform-browser';
import { provideZonelessChangeDetection } from '@angular/core';
import { Checkout } from './checkout';

bootstrapApplication(Checkout, { providers: [provideZonelessChangeDetection()] }).catch((error) => console.error(error));
`,
  // No binding: the element is a custom element the template may use (CUSTOM_ELEMENTS_SCHEMA), its attributes bound with attr.
  'src/checkout.ts': `import { Component, CUSTOM_ELEMENTS_SCHEMA, signal } from '@angular/core';
import type { WidgetSnapshot } from '@wpwl/core';
import type { WpwlErrorEventDetail } from '@wpwl/lit';
import '@wpwl/lit/define';

@Component({
  selector: 'app-checkout',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: \`
    <main>
      <h1>Checkout</h1>
      <wpwl-widget
        brands="VISA MASTER"
        [attr.checkout-id]="checkoutId"
        [attr.base-url]="baseUrl"
        [attr.shopper-result-url]="resultUrl"
        (wpwl-status-change)="onStatus($event)"
        (wpwl-error)="onError($event)"
      ></wpwl-widget>
      <p id="status">{{ status() }}</p>
      @if (failure()) {
        <p role="alert">{{ failure() }}</p>
      }
    </main>
  \`,
})
export class Checkout {
  private readonly params = new URLSearchParams(location.search);
  readonly checkoutId = this.params.get('checkoutId') ?? '';
  readonly baseUrl = this.params.get('baseUrl') ?? '';
  readonly resultUrl = \`\${location.origin}/result\`;
  readonly status = signal('idle');
  readonly failure = signal('');

  onStatus(event: Event): void {
    this.status.set((event as CustomEvent<WidgetSnapshot>).detail.status);
  }

  onError(event: Event): void {
    this.failure.set((event as CustomEvent<WpwlErrorEventDetail>).detail.error.code);
  }
}
`,
};

interface App {
  name: string;
  dir: string;
  /** The built site's folder, served as static files. */
  site: string;
  /** The checkout page's path in the site. */
  path: string;
}

let root: string;
let sandbox: SandboxServer;
let browser: TestBrowser;
const apps: App[] = [];
const servers = new Map<string, StaticServer>();
let svelteDir: string;
let astroDir: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'wpwl-packed-element-'));
  const packed = await packPackages(['core', 'lit'], join(root, 'tarballs'));

  svelteDir = join(root, 'svelte-shop');
  await writeFiles(svelteDir, {
    ...SVELTE_APP,
    'package.json': JSON.stringify({
      name: 'a-svelte-shop',
      private: true,
      type: 'module',
      dependencies: packed,
      devDependencies: {
        svelte: '^5.46.0',
        '@sveltejs/vite-plugin-svelte': '^7.0.0',
        'svelte-check': '^4.3.0',
        typescript: '~5.9.0',
        vite: '^8.0.0',
      },
    }),
  });
  astroDir = join(root, 'astro-shop');
  await writeFiles(astroDir, {
    ...ASTRO_APP,
    'package.json': JSON.stringify({
      name: 'an-astro-shop',
      private: true,
      type: 'module',
      // Astro 5: the last major that runs on Node 20.
      dependencies: { ...packed, astro: '^5.9.0', '@astrojs/svelte': '^7.2.0', svelte: '^5.46.0' },
      devDependencies: { '@astrojs/check': '^0.9.4', typescript: '~5.9.0' },
    }),
  });
  const angularDir = join(root, 'angular-shop');
  await writeFiles(angularDir, {
    ...ANGULAR_APP,
    'package.json': JSON.stringify({
      name: 'an-angular-shop',
      private: true,
      // Angular 21: the last major that runs on Node 20.
      dependencies: {
        ...packed,
        '@angular/common': '~21.2.0',
        '@angular/compiler': '~21.2.0',
        '@angular/core': '~21.2.0',
        '@angular/platform-browser': '~21.2.0',
        rxjs: '~7.8.0',
        tslib: '^2.3.0',
      },
      devDependencies: {
        '@angular/build': '~21.2.0',
        '@angular/cli': '~21.2.0',
        '@angular/compiler-cli': '~21.2.0',
        typescript: '~5.9.0',
      },
    }),
  });
  const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NG_CLI_ANALYTICS: 'false', CI: '1' };
  await Promise.all(
    [svelteDir, astroDir, angularDir].map((dir) =>
      run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, timeout: 900_000, env }),
    ),
  );
  await run(process.execPath, [join(svelteDir, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: svelteDir, timeout: 300_000, env });
  await run(process.execPath, [join(astroDir, 'node_modules/astro/astro.js'), 'build'], { cwd: astroDir, timeout: 300_000, env });
  await run(process.execPath, [join(angularDir, 'node_modules/@angular/cli/bin/ng.js'), 'build'], {
    cwd: angularDir,
    timeout: 600_000,
    env,
  });
  apps.push(
    { name: 'Svelte 5 (Vite)', dir: svelteDir, site: join(svelteDir, 'dist'), path: '/' },
    { name: 'Astro, a static page', dir: astroDir, site: join(astroDir, 'dist'), path: '/' },
    { name: 'Astro, a Svelte island', dir: astroDir, site: join(astroDir, 'dist'), path: '/island/' },
    { name: 'Angular (CUSTOM_ELEMENTS_SCHEMA)', dir: angularDir, site: join(angularDir, 'dist/shop/browser'), path: '/' },
  );
  [sandbox, browser] = await Promise.all([startSandboxServer(), launchBrowser()]);
  for (const app of apps) if (!servers.has(app.site)) servers.set(app.site, await startStaticServer({ root: app.site }));
}, 1_800_000);

afterAll(async () => {
  await Promise.all([...[...servers.values()].map((server) => server.close()), browser?.close(), sandbox?.close()]);
  if (root) await rm(root, { recursive: true, force: true });
});

const gateway = (): GatewayAccess => ({ url: sandbox.url, accessToken: sandbox.accessToken, entityId: sandbox.entityId });

describe("the element's types in the frameworks that type custom elements", () => {
  it('svelte-check accepts the checkout (attributes and typed event details) and refuses wrong ones', async () => {
    const checker = join(svelteDir, 'node_modules/svelte-check/bin/svelte-check');
    const good = await check(process.execPath, [checker, '--tsconfig', './tsconfig.json', '--output', 'machine'], { cwd: svelteDir });
    expect(good.output).toMatch(/COMPLETED \d+ FILES 0 ERRORS/);
    expect(good.ok).toBe(true);

    await writeFile(join(svelteDir, 'src/Mistakes.svelte'), SVELTE_MISTAKES);
    try {
      const bad = await check(process.execPath, [checker, '--tsconfig', './tsconfig.json', '--output', 'machine'], { cwd: svelteDir });
      expect(bad.ok).toBe(false);
      const errors = bad.output.split('\n').filter((line) => line.includes(' ERROR ') && line.includes('Mistakes.svelte'));
      expect(errors.some((line) => line.includes("'number' is not assignable to type 'string'"))).toBe(true);
      expect(errors.some((line) => line.includes("'reason' does not exist"))).toBe(true);
    } finally {
      await unlink(join(svelteDir, 'src/Mistakes.svelte'));
    }
  }, 180_000);

  it('astro check accepts both pages and refuses a number for a text attribute', async () => {
    const astro = join(astroDir, 'node_modules/astro/astro.js');
    const good = await check(process.execPath, [astro, 'check'], { cwd: astroDir, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
    expect(good.output).toMatch(/0 errors/);
    expect(good.ok).toBe(true);

    await writeFile(join(astroDir, 'src/pages/mistake.astro'), ASTRO_MISTAKE);
    try {
      const bad = await check(process.execPath, [astro, 'check'], {
        cwd: astroDir,
        env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      });
      expect(bad.ok).toBe(false);
      expect(bad.output).toMatch(/mistake\.astro[^]*not assignable to type 'string'/);
    } finally {
      await unlink(join(astroDir, 'src/pages/mistake.astro'));
    }
  }, 240_000);
});

describe.each(['Svelte 5 (Vite)', 'Astro, a static page', 'Astro, a Svelte island', 'Angular (CUSTOM_ELEMENTS_SCHEMA)'])(
  '<wpwl-widget> in a fresh app: %s',
  (name) => {
    it('shows a ready widget with one script request and nothing logged, and the shopper pays with a test card', async () => {
      const app = apps.find((candidate) => candidate.name === name)!;
      const checkout = await createCheckout(gateway());
      const tab = await browser.newPage();
      try {
        const query = new URLSearchParams({ checkoutId: checkout.id, baseUrl: sandbox.url });
        await tab.page.goto(`${servers.get(app.site)!.url}${app.path}?${query}`);
        await tab.page.waitForSelector('wpwl-widget .wpwl-form-card .wpwl-control-cardNumber');
        await tab.page.waitForFunction(() => document.getElementById('status')?.textContent === 'ready');
        expect(tab.requestsTo('GET', '/v1/paymentWidgets.js')).toHaveLength(1);
        expect(tab.errors.filter((error) => !error.includes('/favicon.ico'))).toEqual([]);

        await fillCard(tab.page, SUCCESS_CARD);
        await Promise.all([tab.page.waitForURL(/\/result\?/), tab.page.click('.wpwl-button-pay')]);
        const result = new URL(tab.page.url()).searchParams;
        const status = await readPaymentStatus(gateway(), result.get('resourcePath')!);
        expect(status.body.result?.code).toMatch(SUCCESS_RESULT);
      } finally {
        await tab.close();
      }
    });
  },
);
