// The example merchant server's back-office page, /reconciliation, over real
// HTTP: who may open it (this machine only without a token; the token as a
// Bearer header or the cookie a ?token= visit sets), who may press its
// button (the page's own origin), what the button does (the sandbox writes
// its due settlement files, they are reconciled, the page shows it), the
// orders listed newest first 50 a page, and the headers every answer carries.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMerchantServer, type MerchantServer } from '../examples/merchant-server/src/server.js';
import { findSharedFiles, findVendorLibraries } from '../examples/merchant-server/src/storefronts.js';
import { freshDataDir, type DataDir } from './support/data-dir.js';
import { rawRequest, type RawAnswer, type RawRequestOptions } from './support/raw-http.js';
import { readMerchantVerdict, submitCardAsShopper } from './support/merchant.js';
import { startSandboxServer, type SandboxServer } from './support/servers.js';

const repo = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const TOKEN = 'back-office-token-for-tests-0123456789';

/** One request to the shop at `base`, with headers a browser (or an attacker) would send; no redirect followed. */
const send = (base: string, path: string, options: RawRequestOptions = {}): Promise<RawAnswer> => rawRequest(new URL(path, base), options);

/** The text of the page without its tags, spaces collapsed. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/\s+/g, ' ');

/** The body rows of the table whose caption starts with `caption`, each as its cells' text. */
function tableRows(html: string, caption: string): string[][] {
  const table = [...html.matchAll(/<table[^>]*>([\s\S]*?)<\/table>/g)].find((m) => text(m[1]!).trim().startsWith(caption));
  if (!table) throw new Error(`no table "${caption}" in the page`);
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(table[1]!)?.[1] ?? '';
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => text(cell[1]!).trim()),
  );
}

describe('the reconciliation page', () => {
  let sandbox: SandboxServer;
  let data: DataDir;
  let settlementDir: string;
  let open: MerchantServer;
  let guarded: MerchantServer;

  beforeAll(async () => {
    settlementDir = mkdtempSync(join(tmpdir(), 'wpwl-settlement-files-'));
    sandbox = await startSandboxServer({ settlementFiles: { dir: settlementDir, delayDays: 0 } });
    data = await freshDataDir();
    const common = {
      gateway: { baseUrl: sandbox.url, accessToken: sandbox.accessToken, entityId: sandbox.entityId },
      port: 0,
      recheckIntervalMs: 0,
      vendor: [...findVendorLibraries(`${repo}/packages`), ...findSharedFiles(`${repo}/examples`)],
      reconciliation: { settlementDir, beforeRun: () => sandbox.writeSettlementFiles() },
    };
    open = await startMerchantServer({ ...common, database: { dataDir: data.dir } });
    // A second server on the same orders, with a token: the same database, opened by the first.
    guarded = await startMerchantServer({ ...common, database: open.orders, adminToken: TOKEN });
  });
  afterAll(async () => {
    await guarded?.close();
    await open?.close();
    await sandbox?.close();
    data?.remove();
    rmSync(settlementDir, { recursive: true, force: true });
  });

  it('without a token: served to this machine, with a strict policy, never cached; another host name is refused', async () => {
    const page = await send(open.url, '/reconciliation');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    );
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.body).toMatch(/^<!doctype html><html lang="en">/);
    expect(page.body).toContain('<h1>Reconciliation</h1>');
    expect(page.body).toContain('No reconciliation has run yet.');
    expect(page.body).toContain('<button type="submit">Reconcile the settlement files</button>');

    // A page of another site that resolves its name to 127.0.0.1 (DNS rebinding) names its own host.
    const rebound = await send(open.url, '/reconciliation', { headers: { Host: 'shop.attacker.example' } });
    expect(rebound.status).toBe(403);
    expect(rebound.body).toContain('set WPWL_ADMIN_TOKEN');
    expect(rebound.body).not.toContain('Reconcile the settlement files');

    // A reverse proxy on this machine (Apache's ProxyPass, nginx's default Host) forwards a stranger's request
    // from loopback to a loopback host name: the header it adds says the request was not made here.
    const port = new URL(open.url).port;
    const proxyHeaders: Record<string, string>[] = [
      { 'X-Forwarded-For': '203.0.113.7' },
      { Forwarded: 'for=203.0.113.7;proto=https' },
      { 'X-Real-IP': '203.0.113.7' },
    ];
    for (const forwarded of proxyHeaders) {
      const proxied = await send(open.url, '/reconciliation', { headers: { Host: `127.0.0.1:${port}`, ...forwarded } });
      expect(proxied.status).toBe(403);
      expect(proxied.body).not.toContain('Reconcile the settlement files');
    }
  });

  it('without a token, a shop published at a public address serves its back office to nobody, not even through a local proxy', async () => {
    // nginx's default proxy_pass connects from loopback, names the upstream's loopback host and adds no forwarding header.
    const published = await startMerchantServer({
      gateway: { baseUrl: sandbox.url, accessToken: sandbox.accessToken, entityId: sandbox.entityId },
      port: 0,
      recheckIntervalMs: 0,
      vendor: [],
      database: open.orders,
      publicUrl: 'https://shop.example',
      reconciliation: { settlementDir },
    });
    try {
      const port = new URL(published.url).port;
      for (const path of ['/reconciliation', '/csp-reports']) {
        const proxied = await send(published.url, path, { headers: { Host: `127.0.0.1:${port}` } });
        expect(proxied.status).toBe(403);
        expect(proxied.body).toContain('The shop is published at https://shop.example');
        expect(proxied.body).toContain('Set WPWL_ADMIN_TOKEN');
      }
      const press = await send(published.url, '/reconciliation', { method: 'POST', headers: { Origin: published.url } });
      expect(press.status).toBe(403);
    } finally {
      await published.close();
    }
  });

  it('with a token: refused without it; opened by the Bearer header, or by the cookie a ?token= visit sets', async () => {
    const refused = await send(guarded.url, '/reconciliation');
    expect(refused.status).toBe(401);
    expect(refused.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(refused.body).not.toContain('Orders, newest first');
    expect((await send(guarded.url, '/reconciliation', { headers: { Authorization: 'Bearer wrong-token-wrong-token' } })).status).toBe(401);
    expect((await send(guarded.url, '/reconciliation?token=wrong-token-wrong-token')).status).toBe(401);

    const bearer = await send(guarded.url, '/reconciliation', { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(bearer.status).toBe(200);
    expect(bearer.body).toContain('Orders, newest first');

    const visit = await send(guarded.url, `/reconciliation?token=${TOKEN}&orders=2`);
    expect(visit.status).toBe(303);
    // The token leaves the address bar; the other parameters stay.
    expect(visit.headers.location).toBe('/reconciliation?orders=2');
    const setCookie = visit.headers['set-cookie']?.[0] ?? '';
    expect(setCookie).toMatch(/^wpwl_admin=[^;]+; HttpOnly; SameSite=Strict; Path=\/reconciliation$/);
    // The cookie is not the token itself.
    expect(setCookie).not.toContain(TOKEN);
    const cookie = setCookie.split(';')[0]!;
    const withCookie = await send(guarded.url, '/reconciliation', { headers: { Cookie: cookie } });
    expect(withCookie.status).toBe(200);
    expect(withCookie.body).toContain('Orders, newest first');
  });

  it('the button: refused from another origin or without one; from the page itself, the due files are written and reconciled', async () => {
    // An order paid by card.
    const checkout = await fetch(`${open.url}/api/checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ items: [{ productId: 'tea-assam', quantity: 2 }] }),
    });
    const { checkoutId, orderId } = (await checkout.json()) as { checkoutId: string; orderId: string };
    expect((await submitCardAsShopper(sandbox.url, checkoutId)).status).toBe(200);
    expect((await readMerchantVerdict(open.url, `/v1/checkouts/${checkoutId}/payment`)).body).toMatchObject({ ok: true, state: 'paid' });

    const form = { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } };
    const crossSite = await send(open.url, '/reconciliation', {
      ...form,
      headers: { ...form.headers, Origin: 'https://attacker.example' },
    });
    expect(crossSite.status).toBe(403);
    const noOrigin = await send(open.url, '/reconciliation', form);
    expect(noOrigin.status).toBe(403);
    expect(readdirSync(settlementDir)).toEqual([]);
    expect(await open.orders.reconciliationStore.lastRun()).toBeUndefined();

    const pressed = await send(open.url, '/reconciliation', { ...form, headers: { ...form.headers, Origin: open.url } });
    expect(pressed.status).toBe(303);
    expect(pressed.headers.location).toBe('/reconciliation?notice=done');
    const today = new Date().toISOString().slice(0, 10);
    expect(readdirSync(settlementDir)).toEqual([`settlement-${today}.csv`]);

    const page = await send(open.url, '/reconciliation?notice=done');
    expect(text(page.body)).toContain("The settlement files were reconciled: the report below is this run's.");
    expect(tableRows(page.body, 'Files read')).toEqual([[`settlement-${today}.csv`, '2', '2', '0', '0']]);
    expect(tableRows(page.body, 'Rows per outcome').map((row) => row.slice(0, 2))).toEqual([
      ['settled', '1'],
      ['fee', '1'],
    ]);
    expect(tableRows(page.body, 'Totals per settlement date and currency')[0]?.slice(0, 5)).toEqual([today, 'EUR', '2', '17.80', '0.00']);
    expect(text(page.body)).toContain('Exceptions (0)');
    expect(tableRows(page.body, 'Orders, newest first').find((row) => row[0] === orderId)).toEqual([
      orderId,
      expect.stringMatching(/UTC$/),
      '17.80 EUR',
      'paid',
      `settled on ${today}`,
    ]);

    // A client with the Bearer header needs no Origin (no other site's form can send that header).
    const scripted = await send(guarded.url, '/reconciliation', {
      ...form,
      headers: { ...form.headers, Authorization: `Bearer ${TOKEN}` },
    });
    expect(scripted.status).toBe(303);
  });

  it('lists the orders newest first, 50 a page, each with its state and whether a file settled it', async () => {
    const before = await open.orders.count();
    const start = Date.now() + 60_000;
    for (let n = 0; n < 55; n++) {
      const createdAt = new Date(start + n * 1000);
      await open.orders.settlementStore.insert({
        orderId: `LIST-${String(n).padStart(4, '0')}`,
        checkoutId: `list-checkout-${n}`,
        amount: '5.00',
        currency: 'EUR',
        paymentType: 'DB',
        createdAt,
        expiresAt: new Date(createdAt.getTime() + 30 * 60_000),
        state: n % 2 === 0 ? 'paid' : 'declined',
        paidCart: false,
        mismatches: [],
        followUps: [],
        checks: 0,
        details: { shopperResultUrl: 'http://127.0.0.1/result.html', lines: [] },
      });
    }
    const total = before + 55;
    const first = await send(open.url, '/reconciliation');
    expect(text(first.body)).toContain(`Orders, newest first: 1–50 of ${total}`);
    const rows = tableRows(first.body, 'Orders, newest first');
    expect(rows.slice(0, 2).map((row) => [row[0], row[3], row[4]])).toEqual([
      ['LIST-0054', 'paid', 'not in a file yet'],
      ['LIST-0053', 'declined', 'nothing to settle'],
    ]);
    expect(first.body).toContain('<nav aria-label="Order pages">');
    expect(first.body).toMatch(/<a href="\/reconciliation\?orders=2#orders" rel="next">Older orders<\/a>/);

    const second = await send(open.url, '/reconciliation?orders=2');
    expect(text(second.body)).toContain(`Orders, newest first: 51–${total} of ${total}`);
    expect(tableRows(second.body, 'Orders, newest first').at(-1)?.[0]).not.toMatch(/^LIST-005/);
    expect(second.body).toMatch(/<a href="\/reconciliation#orders" rel="prev">Newer orders<\/a>/);
  });
});
