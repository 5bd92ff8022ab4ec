// The packed @wpwl/core and @wpwl/angular in a fresh Angular 21 app outside the
// workspace, as a merchant follows the Angular README: `npm install` of Angular
// 21 from the registry beside the tarballs, the README's app.config.ts, its
// quick start's payment component and its app.routes.server.ts written as they
// stand, zoneless and standalone, built by the Angular CLI under
// `strictTemplates`. Two apps share the one install: browser-only (served as
// static files) and server-rendered with @angular/ssr (its own server.mjs,
// RenderMode.Server for the checkout route, the host in allowedHosts). In
// Chromium against the sandbox both load the widget with one script request and
// pay with the test card; the server's HTML carries the widget script's preload.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayClient } from '../packages/server/src/index.js';
import { launchBrowser, type TestBrowser } from './support/browser.js';
import { packPackages, run, writeFiles } from './support/packed.js';
import { readSnippets, REPO } from './support/readme-snippets.js';
import { startSandboxServer, startStaticServer, type SandboxServer, type StaticServer } from './support/servers.js';
import { SUCCESS_CARD, fillCard } from './support/shopper.js';

const ANGULAR = '21.2.24';
const RESULT_URL = 'https://shop.example/result';

/** The README's block that starts with `// <file>`, as it stands. */
function readmeFile(file: string): string {
  const snippet = readSnippets(join(REPO, 'packages/angular/README.md')).find((block) => block.code.startsWith(`// ${file}\n`));
  if (!snippet) throw new Error(`the Angular README has no block for ${file}`);
  return snippet.code;
}

/** The files both apps share: the README's payment component, a checkout page handing it the checkout from the URL, the routes. */
const SHARED: Record<string, string> = {
  'src/index.html': `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Shop</title><base href="/"></head>
  <body><app-root></app-root></body>
</html>
`,
  'src/app/payment.component.ts': readmeFile('payment.component.ts'),
  'src/app/checkout.page.ts': `import { Component, computed, input } from '@angular/core';
import { PaymentComponent, type Checkout } from './payment.component';

@Component({
  selector: 'app-checkout-page',
  imports: [PaymentComponent],
  template: \`<h1>Checkout</h1>
    @if (checkout(); as checkout) {
      <app-payment [checkout]="checkout" />
    }\`,
})
export class CheckoutPage {
  // Query parameters, bound by withComponentInputBinding().
  readonly checkoutId = input<string>();
  readonly integrity = input<string>();
  readonly checkout = computed<Checkout | undefined>(() => {
    const checkoutId = this.checkoutId();
    const integrity = this.integrity();
    return checkoutId && integrity ? { checkoutId, integrity, expiresInMs: 25 * 60_000, orderId: 'order-1' } : undefined;
  });
}
`,
  'src/app/app.ts': `import { Component } from '@angular/core';
import { RouterOutlet } from '@angular/router';

@Component({ selector: 'app-root', imports: [RouterOutlet], template: '<router-outlet />' })
export class App {}

@Component({ selector: 'app-home', template: '<p>Welcome to the shop.</p>' })
export class Home {}
`,
  'src/app/app.routes.ts': `import type { Routes } from '@angular/router';
import { Home } from './app';
import { CheckoutPage } from './checkout.page';

export const routes: Routes = [
  { path: '', component: Home },
  { path: 'checkout', component: CheckoutPage },
];
`,
  'tsconfig.json': JSON.stringify(
    {
      compilerOptions: {
        strict: true,
        noImplicitOverride: true,
        noImplicitReturns: true,
        noFallthroughCasesInSwitch: true,
        skipLibCheck: true,
        isolatedModules: true,
        experimentalDecorators: true,
        importHelpers: true,
        target: 'ES2022',
        module: 'preserve',
        moduleResolution: 'bundler',
        types: ['node'],
      },
      angularCompilerOptions: { strictInjectionParameters: true, strictInputAccessModifiers: true, strictTemplates: true },
      files: ['src/browser/main.ts', 'src/ssr/main.ts', 'src/ssr/main.server.ts', 'src/ssr/server.ts'],
    },
    null,
    2,
  ),
};

/** The browser-only app: the README's app.config.ts with the router. */
const BROWSER_ONLY: Record<string, string> = {
  'src/browser/main.ts': `import { mergeApplicationConfig } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { provideRouter, withComponentInputBinding } from '@angular/router';
import { App } from '../app/app';
import { appConfig } from '../app/app.config';
import { routes } from '../app/app.routes';

bootstrapApplication(App, mergeApplicationConfig(appConfig, { providers: [provideRouter(routes, withComponentInputBinding())] })).catch(
  (error: unknown) => console.error(error),
);
`,
};

/** The server-rendered app, as `ng add @angular/ssr` writes it, with the README's app.routes.server.ts. */
const SERVER_RENDERED: Record<string, string> = {
  'src/ssr/app.config.ts': `import { mergeApplicationConfig, type ApplicationConfig } from '@angular/core';
import { provideClientHydration, withEventReplay } from '@angular/platform-browser';
import { provideRouter, withComponentInputBinding } from '@angular/router';
import { appConfig as base } from '../app/app.config';
import { routes } from '../app/app.routes';

export const appConfig: ApplicationConfig = mergeApplicationConfig(base, {
  providers: [provideRouter(routes, withComponentInputBinding()), provideClientHydration(withEventReplay())],
});
`,
  'src/ssr/main.ts': `import { bootstrapApplication } from '@angular/platform-browser';
import { App } from '../app/app';
import { appConfig } from './app.config';

bootstrapApplication(App, appConfig).catch((error: unknown) => console.error(error));
`,
  'src/ssr/app.routes.server.ts': readmeFile('app.routes.server.ts'),
  'src/ssr/main.server.ts': `import { mergeApplicationConfig } from '@angular/core';
import { bootstrapApplication, type BootstrapContext } from '@angular/platform-browser';
import { provideServerRendering, withRoutes } from '@angular/ssr';
import { App } from '../app/app';
import { appConfig } from './app.config';
import { serverRoutes } from './app.routes.server';

const config = mergeApplicationConfig(appConfig, { providers: [provideServerRendering(withRoutes(serverRoutes))] });

export default (context: BootstrapContext) => bootstrapApplication(App, config, context);
`,
  'src/ssr/server.ts': `import { AngularNodeAppEngine, createNodeRequestHandler, isMainModule, writeResponseToNodeResponse } from '@angular/ssr/node';
import express from 'express';
import { join } from 'node:path';

const browserDistFolder = join(import.meta.dirname, '../browser');
const app = express();
const angularApp = new AngularNodeAppEngine();

app.use(express.static(browserDistFolder, { maxAge: '1y', index: false, redirect: false }));
app.use((req, res, next) => {
  angularApp
    .handle(req)
    .then((response) => (response ? writeResponseToNodeResponse(response, res) : next()))
    .catch(next);
});

if (isMainModule(import.meta.url)) {
  const port = process.env['PORT'] || 4000;
  app.listen(port, (error) => {
    if (error) throw error;
    console.log(\`listening on http://localhost:\${port}\`);
  });
}

export const reqHandler = createNodeRequestHandler(app);
`,
};

const build = (outputPath: string, browser: string, more: Record<string, unknown> = {}) => ({
  builder: '@angular/build:application',
  options: { outputPath, index: 'src/index.html', browser, tsConfig: 'tsconfig.json', ...more },
});
const project = (architect: unknown) => ({ projectType: 'application', root: '', sourceRoot: 'src', architect: { build: architect } });
const ANGULAR_JSON = JSON.stringify(
  {
    version: 1,
    cli: { analytics: false },
    projects: {
      shop: project(build('dist/shop', 'src/browser/main.ts')),
      'shop-ssr': project(
        build('dist/shop-ssr', 'src/ssr/main.ts', {
          server: 'src/ssr/main.server.ts',
          outputMode: 'server',
          ssr: { entry: 'src/ssr/server.ts' },
          security: { allowedHosts: ['127.0.0.1'] },
        }),
      ),
    },
  },
  null,
  2,
);

let root: string;
let app: string;
let sandbox: SandboxServer;
let browser: TestBrowser;
let statics: StaticServer;
let ssr: ChildProcess | undefined;
let ssrUrl: string;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'wpwl-packed-angular-'));
  app = join(root, 'shop');
  [sandbox, browser] = await Promise.all([startSandboxServer(), launchBrowser()]);
  const packed = await packPackages(['core', 'angular'], join(root, 'tarballs'));
  await writeFiles(app, {
    ...SHARED,
    ...BROWSER_ONLY,
    ...SERVER_RENDERED,
    // The README's, with this sandbox as the gateway.
    'src/app/app.config.ts': readmeFile('app.config.ts').replace('https://test.example-gateway.com', sandbox.url),
    'angular.json': ANGULAR_JSON,
    'package.json': JSON.stringify({
      name: 'an-angular-shop',
      private: true,
      type: 'module',
      dependencies: {
        ...packed,
        ...Object.fromEntries(
          ['common', 'compiler', 'core', 'platform-browser', 'platform-server', 'router', 'ssr'].map((name) => [
            `@angular/${name}`,
            ANGULAR,
          ]),
        ),
        express: '^5.1.0',
        rxjs: '~7.8.0',
        tslib: '^2.3.0',
      },
      devDependencies: {
        '@angular/build': ANGULAR,
        '@angular/cli': ANGULAR,
        '@angular/compiler-cli': ANGULAR,
        '@types/express': '^5.0.1',
        '@types/node': '^20.17.19',
        typescript: '~5.9.2',
      },
    }),
  });
  const env = { ...process.env, NG_CLI_ANALYTICS: 'false' };
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: app, timeout: 600_000, env });
  const ng = join(app, 'node_modules/@angular/cli/bin/ng.js');
  await run(process.execPath, [ng, 'build', 'shop'], { cwd: app, timeout: 300_000, env });
  await run(process.execPath, [ng, 'build', 'shop-ssr'], { cwd: app, timeout: 300_000, env });

  // A static host's fallback for the app's routes: /checkout serves the app's index.html.
  const browserDist = join(app, 'dist/shop/browser');
  await writeFiles(browserDist, { 'checkout/index.html': await readFile(join(browserDist, 'index.html'), 'utf8') });
  statics = await startStaticServer({ root: browserDist });
  const port = await freePort();
  ssrUrl = `http://127.0.0.1:${port}`;
  ssr = spawn(process.execPath, [join(app, 'dist/shop-ssr/server/server.mjs')], {
    cwd: app,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let said = '';
    ssr!.stdout!.on('data', (chunk: Buffer) => {
      said += String(chunk);
      if (said.includes('listening on')) resolve();
    });
    ssr!.stderr!.on('data', (chunk: Buffer) => (said += String(chunk)));
    ssr!.on('exit', (code) => reject(new Error(`the SSR server exited (${code}):\n${said}`)));
  });
}, 1_200_000);

afterAll(async () => {
  ssr?.kill();
  await Promise.all([statics?.close(), browser?.close(), sandbox?.close()]);
  if (root) await rm(root, { recursive: true, force: true });
});

async function prepareCheckout(): Promise<{ id: string; integrity: string }> {
  const gateway = createGatewayClient({ baseUrl: sandbox.url, accessToken: sandbox.accessToken, entityId: sandbox.entityId });
  const checkout = await gateway.prepareCheckout({ amount: '12.00', currency: 'EUR', paymentType: 'DB', integrity: true });
  return { id: checkout.id, integrity: checkout.integrity! };
}

/** Opens the checkout page, pays with the test card, and returns the script requests and the shopper's landing URL. */
async function payAt(url: string) {
  const tab = await browser.newPage();
  try {
    // The README's beforeSubmit asks the shop's backend; this shop says yes.
    await tab.page.route('**/api/stock-check', (route) => route.fulfill({ status: 200, body: 'ok' }));
    // The result page is the README's https://shop.example/result: answered here.
    await tab.page.route(`${RESULT_URL}**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>Thanks</p>' }));
    await tab.page.goto(url);
    await tab.page.waitForSelector('wpwl-payment-widget[data-wpwl-status="ready"] .wpwl-form-card .wpwl-control-cardNumber');
    const lang = await tab.page.getAttribute('wpwl-payment-widget', 'lang');
    await fillCard(tab.page, SUCCESS_CARD);
    const landed = tab.page.waitForURL(`${RESULT_URL}**`);
    await tab.page.click('button:has-text("Place order")');
    await landed;
    return { scripts: tab.requestsTo('GET', '/v1/paymentWidgets.js').length, landedAt: new URL(tab.page.url()), lang, errors: tab.errors };
  } finally {
    await tab.close();
  }
}

describe('a fresh Angular 21 app on the packed @wpwl/angular, following its README', () => {
  it('builds under strictTemplates (browser-only and with @angular/ssr)', async () => {
    const index = await readFile(join(app, 'dist/shop/browser/index.html'), 'utf8');
    expect(index).toContain('<app-root>');
    expect(await readFile(join(app, 'dist/shop-ssr/server/server.mjs'), 'utf8')).toBeTruthy();
  });

  it('browser-only: the widget loads with one script request in the provideWpwl locale, and pays with the test card', async () => {
    const checkout = await prepareCheckout();
    const paid = await payAt(`${statics.url}/checkout?checkoutId=${checkout.id}&integrity=${encodeURIComponent(checkout.integrity)}`);
    expect(paid.scripts).toBe(1);
    expect(paid.lang).toBe('de-AT');
    expect(paid.landedAt.searchParams.get('resourcePath')).toBe(`/v1/checkouts/${checkout.id}/payment`);
  });

  it("server-rendered: the checkout route's HTML carries the widget script's preload, and after hydration the widget pays", async () => {
    const checkout = await prepareCheckout();
    const url = `${ssrUrl}/checkout?checkoutId=${checkout.id}&integrity=${encodeURIComponent(checkout.integrity)}`;
    const html = await (await fetch(url)).text();
    const preload = /<link[^>]*rel="preload"[^>]*>/.exec(html)?.[0] ?? '';
    expect(preload).toContain(`${sandbox.url}/v1/paymentWidgets.js?checkoutId=${checkout.id}`);
    expect(preload).toContain(`integrity="${checkout.integrity}"`);
    expect(html).toMatch(/<wpwl-payment-widget [^>]*data-wpwl-status="idle"/);
    expect(html).not.toContain('jsaction="error');

    const paid = await payAt(url);
    expect(paid.scripts).toBe(1);
    expect(paid.landedAt.searchParams.get('resourcePath')).toBe(`/v1/checkouts/${checkout.id}/payment`);
  });
});
