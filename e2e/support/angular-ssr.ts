// Owns a server-rendered Angular checkout page for the end-to-end tests: a
// small HTTP server on loopback that, per request for `/`, prepares a checkout
// at the gateway and renders the page with Angular's renderApplication
// (platform-server, hydration on), serves the browser's bundle that hydrates
// it (`/client.js`, built here with esbuild, Angular's packages linked), and a
// result page. What a merchant's Angular SSR server does, without the CLI.
import '@angular/compiler';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bootstrapApplication, type BootstrapContext } from '@angular/platform-browser';
import { provideServerRendering, renderApplication } from '@angular/platform-server';
import { angularLinkerPlugin } from '../../packages/angular/scripts/production-build.mjs';
import { createCheckout, type GatewayAccess } from './gateway.js';
import { CheckoutPageComponent, pageProviders, type PageCheckout } from './angular-ssr-page.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));

/** The running page server. */
export interface AngularSsrServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash); the checkout page is at `/`. */
  url: string;
  /** The HTML of each page response, in order. */
  pages: string[];
  close(): Promise<void>;
}

/** The browser's bundle: the page's component and Angular, compiled just in time there too. */
async function clientBundle(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./angular-ssr-client.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    plugins: [angularLinkerPlugin(repo)],
    logLevel: 'error',
  });
  return result.outputFiles[0]!.text;
}

/** Renders the checkout page for `checkout` as a server does for one request. */
function renderPage(checkout: PageCheckout): Promise<string> {
  const attribute = JSON.stringify(checkout).replace(/&/g, '&amp;').replace(/'/g, '&#39;');
  const document = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout</title><script type="module" src="/client.js"></script></head><body><app-root data-checkout='${attribute}'></app-root></body></html>`;
  return renderApplication(
    (context: BootstrapContext) =>
      bootstrapApplication(CheckoutPageComponent, { providers: [...pageProviders(checkout), provideServerRendering()] }, context),
    { document, url: '/' },
  );
}

/** Starts the page server on 127.0.0.1 and a free port, preparing each checkout at `gateway` (with integrity). */
export async function startAngularSsrServer(gateway: GatewayAccess): Promise<AngularSsrServer> {
  const client = await clientBundle();
  const pages: string[] = [];
  let url = '';
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      response.end(body);
    };
    if (path === '/client.js') return send(200, 'text/javascript; charset=utf-8', client);
    // The browser's default icon probe: answered, so the console stays free of 404s.
    if (path === '/favicon.ico') return send(204, 'text/plain', '');
    if (path === '/result.html')
      return send(200, 'text/html; charset=utf-8', '<!doctype html><title>Result</title><p id="result">Back from the gateway</p>');
    if (path !== '/') return send(404, 'text/plain', 'not found');
    createCheckout(gateway, { integrity: true })
      .then((prepared) =>
        renderPage({
          checkoutId: prepared.id,
          integrity: prepared.integrity,
          baseUrl: gateway.url,
          shopperResultUrl: `${url}/result.html`,
        }),
      )
      .then(
        (html) => {
          pages.push(html);
          send(200, 'text/html; charset=utf-8', html);
        },
        (error: unknown) => send(500, 'text/plain', String(error)),
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    pages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
