// The doctor's test pages: a tiny merchant on 127.0.0.1 that prepares a real
// checkout on the sandbox for every page it serves (so the sandbox's widget
// really loads and renders), a good payment page, and the same page with one
// fault each (a skimmer added by another script, an inline script without a
// nonce, the widget's form nested in the shop's form, a missing integrity on
// a checkout prepared with it, a CSP in <meta>, a CSP missing the widget's
// frame host, a CSP with 'unsafe-inline', an invalid brand code, wpwlOptions
// set after the widget's script). A second server stands for a third party's host.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contentSecurityPolicy } from '@wpwl/core';
import { startSandbox, type Sandbox } from '@wpwl/sandbox';

/** One page: its HTML, its headers, and the checkout it was given. */
export interface PageSpec {
  html: string;
  headers: Record<string, string>;
}

/** What a page builder gets: the response's nonce, the checkout, the hosts. */
export interface PageContext {
  nonce: string;
  checkoutId: string;
  integrity: string;
  gateway: string;
  thirdParty: string;
}

export type PageBuilder = (context: PageContext) => PageSpec;

/** The widget's CSP for the sandbox (a fresh nonce), frame-ancestors 'none', and a report-uri. */
export function goodCsp(context: PageContext): string {
  const { directives } = contentSecurityPolicy({ baseUrl: context.gateway, nonce: context.nonce, frameAncestors: ["'none'"] });
  return [
    "default-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    ...Object.entries(directives).map(([name, sources]) => `${name} ${sources.join(' ')}`),
    'report-uri /csp-reports',
  ].join('; ');
}

const widgetTag = (context: PageContext, attributes = 'integrity crossorigin') =>
  `<script nonce="${context.nonce}" src="${context.gateway}/v1/paymentWidgets.js?checkoutId=${context.checkoutId}"` +
  (attributes.includes('integrity') ? ` integrity="${context.integrity}"` : '') +
  (attributes.includes('crossorigin') ? ' crossorigin="anonymous"' : '') +
  '></script>';

const page = (context: PageContext, body: string, head = '') => `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Payment</title>${head}</head>
  <body>
    <h1>Payment</h1>
    <script nonce="${context.nonce}">window.wpwlOptions = { locale: 'de' };</script>
    ${body}
  </body>
</html>`;

const payForm = '<form action="/result" class="paymentWidgets" data-brands="VISA MASTER AMEX"></form>';

/** Every page the tests check, by path. */
export const PAGES: Record<string, PageBuilder> = {
  // A cart page without a CSP, whose inline script is not the payment page's: a step follows its link.
  '/cart': () => ({
    html: '<!doctype html><html><head><title>Cart</title></head><body><script>window.cart = 1;</script><a id="to-payment" href="/good">Pay</a></body></html>',
    headers: {},
  }),

  // A page whose script takes its thread for good once it has loaded: the doctor cannot read it, and must give up.
  '/stuck': (c) => ({
    html: page(c, `${payForm}<script nonce="${c.nonce}">setTimeout(() => { for (;;) {} }, 50);</script>`),
    headers: { 'Content-Security-Policy': goodCsp(c) },
  }),

  // Scripts from a data: URL in the markup and from a blob: URL a script makes (a new random name on each load).
  '/odd-urls': (c) => ({
    html: page(
      c,
      `${payForm}<script nonce="${c.nonce}" src="data:text/javascript,window.fromData%20%3D%201"></script>` +
        `<script nonce="${c.nonce}">const tag = document.createElement('script'); tag.nonce = document.currentScript.nonce;` +
        `tag.src = URL.createObjectURL(new Blob(['window.fromBlob = 1'], { type: 'text/javascript' })); document.body.append(tag);</script>`,
    ),
    headers: { 'Content-Security-Policy': goodCsp(c).replace('script-src ', 'script-src data: blob: ') },
  }),

  '/good': (c) => ({ html: page(c, `${widgetTag(c)}\n${payForm}`), headers: { 'Content-Security-Policy': goodCsp(c) } }),

  // A script of the page (an "analytics" loader the merchant allowed) adds a script from another host.
  '/skimmer': (c) => ({
    html: page(c, `<script nonce="${c.nonce}" src="/loader.js"></script>\n${widgetTag(c)}\n${payForm}`),
    headers: { 'Content-Security-Policy': goodCsp(c).replace('script-src ', `script-src ${c.thirdParty} `) },
  }),

  '/inline-without-nonce': (c) => ({
    html: page(c, `<script>window.shopTracking = 'on';</script>\n${widgetTag(c)}\n${payForm}`),
    headers: { 'Content-Security-Policy': goodCsp(c) },
  }),

  // The shop's form around everything: the HTML parser drops a nested <form> tag, so the page's script moves the widget's form in.
  '/nested-form': (c) => ({
    html: page(
      c,
      `<form id="order" action="/order" method="post"><input name="email" /><div id="pay"></div></form>
    <template id="widget-form">${payForm}</template>
    <script nonce="${c.nonce}">
      document.getElementById('pay').append(document.getElementById('widget-form').content.cloneNode(true));
    </script>
    ${widgetTag(c)}`,
    ),
    headers: { 'Content-Security-Policy': goodCsp(c) },
  }),

  // The page fetches its checkout (prepared with integrity: the answer has the hash) and loads the widget without it.
  '/integrity-dropped': (c) => ({
    html: page(
      c,
      `${payForm}
    <script nonce="${c.nonce}">
      fetch('/api/checkout').then((response) => response.json()).then((checkout) => {
        const script = document.createElement('script');
        script.nonce = '${c.nonce}';
        script.src = '${c.gateway}/v1/paymentWidgets.js?checkoutId=' + checkout.id;
        document.body.append(script);
      });
    </script>`,
    ),
    headers: { 'Content-Security-Policy': goodCsp(c) },
  }),

  // Mastercard under the name the gateway does not know.
  '/bad-brands': (c) => ({
    html: page(c, `${widgetTag(c)}\n${payForm.replace('VISA MASTER AMEX', 'VISA MASTERCARD')}`),
    headers: { 'Content-Security-Policy': goodCsp(c) },
  }),

  // wpwlOptions assigned by a script after the widget's tag (the page's own options script left out).
  '/options-late': (c) => ({
    html: page(c, `${widgetTag(c)}\n<script nonce="${c.nonce}">window.wpwlOptions = { locale: 'fr' };</script>\n${payForm}`).replace(
      `<script nonce="${c.nonce}">window.wpwlOptions = { locale: 'de' };</script>`,
      '',
    ),
    headers: { 'Content-Security-Policy': goodCsp(c) },
  }),

  // A CSP that lets inline scripts run: 'unsafe-inline' and no nonce.
  '/unsafe-inline': (c) => ({
    html: page(c, `<script>window.shopTracking = 'on';</script>\n${widgetTag(c)}\n${payForm}`),
    headers: { 'Content-Security-Policy': goodCsp(c).replace(`'nonce-${c.nonce}'`, "'unsafe-inline'") },
  }),

  '/meta-csp': (c) => ({
    html: page(
      c,
      `${widgetTag(c)}\n${payForm}`,
      `<meta http-equiv="Content-Security-Policy" content="${goodCsp(c).replace(/; (frame-ancestors|report-uri)[^;]*/g, '')}" />`,
    ),
    headers: {},
  }),

  '/no-frame-host': (c) => ({
    html: page(c, `${widgetTag(c)}\n${payForm}`),
    headers: { 'Content-Security-Policy': goodCsp(c).replace(/frame-src [^;]*/, "frame-src 'self'") },
  }),
};

/** The running servers: the merchant's pages, a third party's host, the sandbox. */
export interface TestSite {
  /** The merchant's base URL. */
  url: string;
  thirdParty: string;
  sandbox: Sandbox;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Starts the sandbox, the merchant's page server and the third party's server, each on 127.0.0.1 and port 0. */
export async function startTestSite(): Promise<TestSite> {
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0 });
  const prepare = async () => {
    const response = await fetch(`${sandbox.url}/v1/checkouts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sandbox.accessToken}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ entityId: sandbox.entityId, amount: '12.50', currency: 'EUR', paymentType: 'DB', integrity: 'true' }),
    });
    const body = (await response.json()) as { id: string; integrity: string };
    return body;
  };

  const thirdPartyServer = createServer((request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/javascript' });
    response.end(request.url === '/skim.js' ? "document.addEventListener('input', () => {});" : '');
  });
  const thirdParty = await listen(thirdPartyServer);

  const merchant = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://page.invalid').pathname;
      if (path === '/loader.js') {
        response.writeHead(200, { 'Content-Type': 'text/javascript' });
        response.end(`const s = document.createElement('script'); s.src = '${thirdParty}/skim.js'; document.head.appendChild(s);`);
        return;
      }
      if (path === '/api/checkout') {
        const checkout = await prepare();
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(checkout));
        return;
      }
      const builder = PAGES[path];
      if (!builder) {
        response.writeHead(path === '/favicon.ico' ? 204 : 404, { 'Content-Type': 'text/plain' });
        response.end(path === '/favicon.ico' ? '' : 'not found');
        return;
      }
      const checkout = await prepare();
      const spec = builder({
        nonce: randomBytes(16).toString('base64'),
        checkoutId: checkout.id,
        integrity: checkout.integrity,
        gateway: sandbox.url,
        thirdParty,
      });
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...spec.headers });
      response.end(spec.html);
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  const url = await listen(merchant);
  return {
    url,
    thirdParty,
    sandbox,
    async close() {
      merchant.closeAllConnections();
      thirdPartyServer.closeAllConnections();
      await Promise.all([
        new Promise((resolve) => merchant.close(resolve)),
        new Promise((resolve) => thirdPartyServer.close(resolve)),
        sandbox.close(),
      ]);
    },
  };
}
