import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { getWidgetAssets } from '../src/widget/assets.js';
import { openSandbox, type Client } from './client.js';

let client: Client | undefined;
afterEach(async () => {
  await client?.sandbox.close();
  client = undefined;
});

const sha384 = (bytes: ArrayBuffer) => `sha384-${createHash('sha384').update(Buffer.from(bytes)).digest('base64')}`;

describe('widget files', () => {
  it('serves every widget file with CORS *, no-store and its content type, without auth', async () => {
    client = await openSandbox();
    for (const asset of getWidgetAssets()) {
      const res = await fetch(`${client.sandbox.url}${asset.path}?checkoutId=x`);
      expect(res.status, asset.path).toBe(200);
      expect(res.headers.get('access-control-allow-origin'), asset.path).toBe('*');
      expect(res.headers.get('cache-control'), asset.path).toBe('no-store');
      expect(res.headers.get('content-type'), asset.path).toBe(asset.contentType);
      expect(await res.text(), asset.path).toBe(asset.body);
    }
  });

  it('answers integrity=true with the sha384 of the exact bytes served for paymentWidgets.js', async () => {
    client = await openSandbox();
    const created = await client.request('POST', '/v1/checkouts', client.checkoutParams({ integrity: 'true' }));
    expect(created.body.integrity).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    const served = await fetch(`${client.sandbox.url}/v1/paymentWidgets.js?checkoutId=${created.body.id}`);
    expect(created.body.integrity).toBe(sha384(await served.arrayBuffer()));
    const plain = await client.request('POST', '/v1/checkouts', client.checkoutParams());
    expect(plain.body.integrity).toBeUndefined();
  });

  it.each([
    ['404', 404],
    ['500', 500],
  ] as const)('answers %s when that fault is set, and recovers when cleared', async (fault, status) => {
    client = await openSandbox();
    client.sandbox.setWidgetFault(fault);
    expect((await fetch(`${client.sandbox.url}/v1/paymentWidgets.js`)).status).toBe(status);
    // Only the widget script misbehaves.
    expect((await fetch(`${client.sandbox.url}/v1/static.min.js`)).status).toBe(200);
    client.sandbox.setWidgetFault(null);
    expect((await fetch(`${client.sandbox.url}/v1/paymentWidgets.js`)).status).toBe(200);
  });

  it('serves bytes that fail the integrity hash under truncate and tamper', async () => {
    client = await openSandbox();
    const { integrity } = (await client.request('POST', '/v1/checkouts', client.checkoutParams({ integrity: 'true' }))).body;
    const full = await (await fetch(`${client.sandbox.url}/v1/paymentWidgets.js`)).arrayBuffer();
    for (const fault of ['truncate', 'tamper'] as const) {
      client.sandbox.setWidgetScriptFault(fault);
      const res = await fetch(`${client.sandbox.url}/v1/paymentWidgets.js`);
      expect(res.status, fault).toBe(200);
      const bytes = await res.arrayBuffer();
      expect(sha384(bytes), fault).not.toBe(integrity);
      if (fault === 'truncate') expect(bytes.byteLength).toBeLessThan(full.byteLength);
    }
  });

  it('never answers under hang, until the sandbox closes', async () => {
    client = await openSandbox();
    client.sandbox.setWidgetFault('hang');
    const outcome = await Promise.race([
      fetch(`${client.sandbox.url}/v1/paymentWidgets.js`).then(
        () => 'answered',
        () => 'failed',
      ),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 300)),
    ]);
    expect(outcome).toBe('still waiting');
  });

  it('delays the widget files by widgetDelayMs', async () => {
    client = await openSandbox({ widgetDelayMs: 200 });
    const started = Date.now();
    expect((await fetch(`${client.sandbox.url}/v1/paymentWidgets.js`)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('refuses an unknown fault', async () => {
    client = await openSandbox();
    expect(() => client?.sandbox.setWidgetFault('slow' as never)).toThrow(/404, 500, hang, truncate, tamper/);
  });

  it('answers a CORS preflight on the widget-facing endpoints', async () => {
    client = await openSandbox();
    const id = await client.checkout();
    const res = await fetch(`${client.sandbox.url}/v1/checkouts/${id}/payment`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://shop.localhost', 'Access-Control-Request-Method': 'POST' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    const session = await client.request('GET', `/v1/checkouts/${id}/widget-session`, {}, 'none');
    expect(session.headers.get('access-control-allow-origin')).toBe('*');
  });
});
