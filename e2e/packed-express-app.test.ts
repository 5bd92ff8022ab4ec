// Express checkout as a merchant builds it from the published packages:
// @wpwl/core, @wpwl/react and @wpwl/server packed with `pnpm pack`, installed
// with npm into a fresh Vite + React app outside the workspace, its cart page
// written from the READMEs (wallet buttons before any checkout, the amount
// stated once, createCheckout asking the app's own server), type-checked with
// tsc and built with Vite; its server (node:http and @wpwl/server) prepares
// the checkout at the press and reads the result. In Chromium against a
// sandbox the shopper presses Google Pay, approves the stand-in sheet and the
// server reads the payment back as paid.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from './support/browser.js';
import { packPackages, run, writeFiles } from './support/packed.js';
import { startSandboxServer, type SandboxServer } from './support/servers.js';

const APP: Record<string, string> = {
  'index.html': `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Cart</title></head>
  <body><main id="app"></main><script type="module" src="/src/main.tsx"></script></body>
</html>
`,
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      module: 'ESNext',
      moduleResolution: 'bundler',
      jsx: 'react-jsx',
      strict: true,
      noEmit: true,
      skipLibCheck: false,
    },
    include: ['src'],
  }),
  'vite.config.ts': `import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({ plugins: [react()] });
`,
  'src/main.tsx': `import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { PaymentWidget, type CreateCheckoutRequest } from '@wpwl/react';

interface ExpressSettings {
  baseUrl: string;
  integrity?: string;
}

const CART_TOTAL = '12.50';

async function createCheckout({ brand }: CreateCheckoutRequest) {
  const response = await fetch('/api/express-checkout', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ brand }),
  });
  if (!response.ok) throw new Error(\`HTTP \${response.status}\`);
  const checkout = (await response.json()) as { checkoutId: string; amount: string; currency: string };
  return { id: checkout.checkoutId, amount: checkout.amount, currency: checkout.currency };
}

function Cart() {
  const [settings, setSettings] = useState<ExpressSettings>();
  const [problem, setProblem] = useState('');
  useEffect(() => {
    void fetch('/api/express').then(async (response) => setSettings((await response.json()) as ExpressSettings));
  }, []);
  if (!settings) return <p>Loading…</p>;
  return (
    <section aria-label="Express checkout">
      <p>Total {CART_TOTAL} EUR</p>
      <PaymentWidget
        brands="GOOGLEPAY PAYPAL"
        baseUrl={settings.baseUrl}
        integrity={settings.integrity}
        shopperResultUrl={new URL('/result', location.href).href}
        amount={CART_TOTAL}
        currency="EUR"
        createCheckout={createCheckout}
        onError={(error) => setProblem(error.code)}
      />
      <p role="alert">{problem}</p>
    </section>
  );
}

createRoot(document.getElementById('app')!).render(<Cart />);
`,
  'server.mjs': `import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { createGatewayClient } from '@wpwl/server';

const gateway = createGatewayClient({
  baseUrl: process.env.GATEWAY_URL,
  accessToken: process.env.GATEWAY_TOKEN,
  entityId: process.env.GATEWAY_ENTITY,
});
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const json = (res, status, body) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));

createServer(async (req, res) => {
  const url = new URL(req.url, 'http://shop.invalid');
  try {
    if (url.pathname === '/api/express') {
      return json(res, 200, { baseUrl: gateway.baseUrl, integrity: await gateway.getFastCheckoutIntegrity() });
    }
    if (url.pathname === '/api/express-checkout' && req.method === 'POST') {
      // The cart is priced here, never taken from the browser.
      const checkout = await gateway.prepareCheckout({ amount: '12.50', currency: 'EUR', paymentType: 'DB' });
      return json(res, 201, { checkoutId: checkout.id, amount: '12.50', currency: 'EUR' });
    }
    if (url.pathname === '/result') {
      const payment = await gateway.getPaymentStatus(url.searchParams.get('resourcePath'));
      return res.writeHead(200, { 'Content-Type': 'text/html' }).end(\`<p id="result">\${payment.classification} \${payment.amount} \${payment.paymentBrand}</p>\`);
    }
    const file = join('dist', url.pathname === '/' ? 'index.html' : url.pathname);
    const body = await readFile(file);
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
}).listen(0, '127.0.0.1', function () {
  console.log('listening ' + this.address().port);
});
`,
};

let app: string;
let sandbox: SandboxServer;
let server: ChildProcess | undefined;
let shopUrl: string;
let browser: TestBrowser;

beforeAll(async () => {
  app = await mkdtemp(join(tmpdir(), 'wpwl-packed-express-'));
  const packed = await packPackages(['core', 'react', 'server'], join(app, 'tarballs'));
  await writeFiles(app, {
    ...APP,
    'package.json': JSON.stringify({
      name: 'a-merchants-express-cart',
      private: true,
      type: 'module',
      dependencies: { ...packed, react: '^19.2.0', 'react-dom': '^19.2.0' },
      devDependencies: {
        '@types/react': '^19.2.0',
        '@types/react-dom': '^19.2.0',
        '@vitejs/plugin-react': '^6.0.0',
        typescript: '~6.0.0',
        vite: '^8.3.8',
      },
    }),
  });
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: app });
  sandbox = await startSandboxServer();
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  server?.kill();
  await browser?.close();
  await sandbox?.close();
  if (app) await rm(app, { recursive: true, force: true });
});

describe('a fresh React app with express checkout, from the packed packages', () => {
  it('type-checks under strict settings and builds', async () => {
    await run('npx', ['tsc', '-p', 'tsconfig.json'], { cwd: app });
    await run('npx', ['vite', 'build'], { cwd: app });
  }, 180_000);

  it('shows the wallet buttons before any checkout, and a Google Pay payment is paid', async () => {
    server = spawn('node', ['server.mjs'], {
      cwd: app,
      env: { ...process.env, GATEWAY_URL: sandbox.url, GATEWAY_TOKEN: sandbox.accessToken, GATEWAY_ENTITY: sandbox.entityId },
    });
    shopUrl = await new Promise<string>((resolve, reject) => {
      server!.stdout!.on('data', (chunk: Buffer) => {
        const port = /listening (\d+)/.exec(String(chunk))?.[1];
        if (port) resolve(`http://127.0.0.1:${port}`);
      });
      server!.on('exit', (code) => reject(new Error(`the app's server exited with ${code}`)));
    });
    const { page, errors } = await browser.newPage();
    await page.goto(shopUrl);
    const googlePay = page.locator('.wpwl-button-brand-GOOGLEPAY');
    await googlePay.waitFor();
    // The fast-checkout script, with the hash the app's server read from the gateway.
    const script = page.locator('script[src$="/v1/paymentWidgets.js"]');
    await expect(script.getAttribute('integrity')).resolves.toMatch(/^sha384-/);
    await googlePay.click();
    await page.getByRole('dialog').waitFor();
    await expect(page.locator('.wpwl-wallet-sheet-total').textContent()).resolves.toContain('12.50');
    await page.click('.wpwl-wallet-sheet-pay');
    await page.waitForURL((url) => url.pathname === '/result');
    await expect(page.locator('#result').textContent()).resolves.toBe('success 12.50 GOOGLEPAY');
    expect(errors).toEqual([]);
  }, 120_000);
});
