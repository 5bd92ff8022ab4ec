// The kit's Playwright Test fixture as a merchant's suite uses it: a real
// `playwright test` run (in Chromium, the binary the end-to-end tests use)
// of a spec written against `@wpwl/testing/playwright-test`, which pays with
// test cards in the sandbox's widget and asserts the verdicts, a decline
// leaving no console error the fixture reports, the sandbox shared by a
// worker's tests by default and a test's own with `sandboxScope: 'test'`
// (its clock moved, its widget faulted). The fixture's examples of the kit's
// README and of docs/testing.md run in the same suite as written, against a
// merchant server of the suite (`/checkout?id=…&gateway=…`, `/result`).
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from './support/browser.js';
import { check } from './support/packed.js';
import { REPO, readSnippets, snippetName } from './support/readme-snippets.js';

const KIT = join(REPO, 'packages/testing');

/** The fixture's documented examples: blocks importing `@wpwl/testing/playwright-test`. */
const examples = ['packages/testing/README.md', 'docs/testing.md']
  .flatMap((file) => readSnippets(join(REPO, file)))
  .filter((snippet) => snippet.language === 'ts' && snippet.code.includes("from '@wpwl/testing/playwright-test';"));

const config = (port: number) => `import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  workers: 1,
  retries: 0,
  reporter: [['json', { outputFile: 'report.json' }], ['list']],
  webServer: { command: 'node shop.mjs ${port}', url: 'http://127.0.0.1:${port}/result' },
  use: {
    baseURL: 'http://127.0.0.1:${port}',
    browserName: 'chromium',
    launchOptions: { executablePath: ${JSON.stringify(chromiumPath())}, args: ${JSON.stringify(CHROMIUM_ARGS)} },
  },
});
`;

// The merchant server the examples assume: the checkout page for a checkout id and the gateway it was prepared at.
const SHOP = `import { createServer } from 'node:http';

createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const gateway = url.searchParams.get('gateway') ?? '';
  const id = url.searchParams.get('id') ?? '';
  const script = gateway + '/v1/paymentWidgets.js?checkoutId=' + encodeURIComponent(id);
  const body = url.pathname === '/checkout'
    ? '<!doctype html><html lang="en"><head><title>Pay</title><script src="' + script.replace(/"/g, '&quot;') + '"></script></head>' +
      '<body><form action="/result" class="paymentWidgets" data-brands="VISA MASTER AMEX"></form></body></html>'
    : '<!doctype html><html lang="en"><head><title>Result</title></head><body><h1>Thank you</h1></body></html>';
  response.writeHead(200, { 'Content-Type': 'text/html' }).end(body);
}).listen(Number(process.argv[2]), '127.0.0.1');
`;

/** A free port on loopback for the merchant server. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// The merchant's pages, served by the spec itself on loopback: the widget for a checkout prepared in the sandbox, and a result page.
const SPEC = `import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import {
  expect,
  payWithTestCard,
  prepareCheckout,
  readPaymentStatus,
  readResult,
  test,
  watchConsoleErrors,
  type Sandbox,
} from '@wpwl/testing/playwright-test';

let shop: Server;
let shopUrl: string;
test.beforeAll(async () => {
  shop = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const script = url.searchParams.get('script') ?? '';
    const body = url.pathname === '/checkout'
      ? '<!doctype html><html lang="en"><head><title>Pay</title><script src="' + script + '"></script></head>' +
        '<body><form action="/result" class="paymentWidgets" data-brands="VISA MASTER AMEX"></form></body></html>'
      : '<!doctype html><html lang="en"><head><title>Result</title></head><body><h1>Thank you</h1></body></html>';
    response.writeHead(200, { 'Content-Type': 'text/html' }).end(body);
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopUrl = 'http://127.0.0.1:' + (shop.address() as AddressInfo).port;
});
test.afterAll(() => new Promise<void>((resolve) => shop.close(() => resolve())));

async function openCheckout(page: Page, sandbox: Sandbox): Promise<string> {
  const id = await prepareCheckout(sandbox, { amount: '24.00' });
  const script = sandbox.url + '/v1/paymentWidgets.js?checkoutId=' + encodeURIComponent(id);
  await page.goto(shopUrl + '/checkout?script=' + encodeURIComponent(script));
  return id;
}

const seen: string[] = [];

test('an approved card: the sandbox says approved', async ({ page, sandbox, consoleErrors }) => {
  seen.push(sandbox.url);
  await openCheckout(page, sandbox);
  await payWithTestCard(page, 'approved');
  const result = await readResult(page, { sandbox });
  expect(result.status).toMatchObject({ resultCode: '000.100.110', verdict: 'approved' });
  expect(consoleErrors).toEqual([]);
});

test('a declined card: declined, and its 400 is no console error', async ({ page, sandbox, consoleErrors }) => {
  seen.push(sandbox.url);
  const everything = watchConsoleErrors(page, { includeGatewayDeclines: true });
  await openCheckout(page, sandbox);
  await payWithTestCard(page, { outcome: 'insufficient-funds' });
  const result = await readResult(page, { sandbox });
  expect(result.status).toMatchObject({ resultCode: '800.100.155', verdict: 'declined' });
  // Chromium logs the gateway's 400 for the payment POST; the fixture's list leaves it out.
  expect(everything).toEqual([expect.stringMatching(/^Failed to load resource: .*status of 400 \\(Bad Request\\) \\(.*\\/v1\\/checkouts\\/.+\\/payment\\)$/)]);
  expect(consoleErrors).toEqual([]);
  expect(seen).toEqual([sandbox.url, sandbox.url]);
});

test.describe('a sandbox of the test own', () => {
  test.use({ sandboxScope: 'test' });

  test('its clock: a checkout left 31 minutes has expired', async ({ sandbox }) => {
    expect(seen).not.toContain(sandbox.url);
    const id = await prepareCheckout(sandbox);
    sandbox.advanceClock(31 * 60_000);
    const status = await readPaymentStatus(sandbox, '/v1/checkouts/' + id + '/payment');
    expect(status.httpStatus).toBe(404);
  });

  test('its faults: a widget script that fails to load leaves no card form', async ({ page, sandbox }) => {
    sandbox.setWidgetFault('500');
    const failed = page.waitForResponse((response) => response.url().includes('/v1/paymentWidgets.js'));
    await openCheckout(page, sandbox);
    expect((await failed).status()).toBe(500);
    await expect(page.locator('form.wpwl-form-card')).toHaveCount(0);
  });
});
`;

describe('@wpwl/testing/playwright-test: a Playwright Test suite using the fixture', () => {
  let dir: string;

  beforeAll(async () => {
    // A project of its own outside the workspace, seeing the built kit and Playwright Test as a merchant's node_modules would.
    dir = await mkdtemp(join(tmpdir(), 'wpwl-fixture-'));
    await mkdir(join(dir, 'node_modules/@wpwl'), { recursive: true });
    await mkdir(join(dir, 'node_modules/@playwright'), { recursive: true });
    await symlink(KIT, join(dir, 'node_modules/@wpwl/testing'));
    await symlink(join(KIT, 'node_modules/@playwright/test'), join(dir, 'node_modules/@playwright/test'));
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'a-shop-e2e', private: true, type: 'module' }));
    await writeFile(join(dir, 'playwright.config.ts'), config(await freePort()));
    await writeFile(join(dir, 'shop.mjs'), SHOP);
    await writeFile(join(dir, 'checkout.spec.ts'), SPEC);
    for (const [index, snippet] of examples.entries()) {
      await writeFile(join(dir, `example-${index}.spec.ts`), `// ${snippetName(snippet)}\n${snippet.code}\n`);
    }
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('the README and the guide show the fixture', () => {
    expect(examples.map(snippetName)).toEqual([
      expect.stringMatching(/^packages\/testing\/README\.md:/),
      expect.stringMatching(/^docs\/testing\.md:/),
    ]);
  });

  it(
    'pays with test cards and asserts the verdicts; the sandbox per worker, or per test; the examples pass as written',
    { timeout: 240_000 },
    async () => {
      const documented = examples.reduce((sum, snippet) => sum + (snippet.code.match(/^\s*test\(/gm)?.length ?? 0), 0);
      const cli = join(KIT, 'node_modules/@playwright/test/cli.js');
      const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'FORCE_COLOR'));
      const { ok, output } = await check(process.execPath, [cli, 'test'], {
        cwd: dir,
        timeout: 180_000,
        env: { ...env, CI: 'true', NO_COLOR: '1' },
      });
      const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8').catch(() => '{}')) as {
        stats?: { expected: number; unexpected: number; skipped: number; flaky: number };
      };
      expect({ ok, stats: report.stats }, output.slice(-6000)).toMatchObject({
        ok: true,
        stats: { expected: 4 + documented, unexpected: 0, skipped: 0, flaky: 0 },
      });
    },
  );
});
