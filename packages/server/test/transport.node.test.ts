// Transport faults against real local HTTP servers on 127.0.0.1: a server
// that never answers (TIMEOUT), a closed port (NETWORK), throttling with
// backoff, 5xx, redirects, and bodies that are not JSON.
import { afterEach, describe, expect, it } from 'vitest';
import { createGatewayClient, isWpwlServerError } from '../src/index.js';
import { CHECKOUT_ID, ENTITY_ID, PAYMENT_ID, TOKEN, caught, answerJson, closeFakeGateways, startFakeGateway } from './support.js';

afterEach(closeFakeGateways);

const serve = startFakeGateway;
const json = answerJson;

const THROTTLED = {
  result: { code: '800.120.100', description: 'Too many requests. Please try again later.' },
  buildNumber: 'b',
  id: 'x',
  ndc: 'n',
  timestamp: 't',
};
const PAID = { id: PAYMENT_ID, paymentType: 'DB', amount: '1.00', currency: 'EUR', result: { code: '000.100.110' } };

const client = (baseUrl: string, extra: object = {}) =>
  createGatewayClient({ baseUrl, accessToken: TOKEN, entityId: ENTITY_ID, retries: 0, ...extra });

describe('transport faults', () => {
  it('TIMEOUT when the gateway never answers', async () => {
    const { url } = await serve(() => {
      /* never answers */
    });
    const started = Date.now();
    const error = await caught(() => client(url, { timeoutMs: 200 }).getPaymentStatus(CHECKOUT_ID));
    expect(isWpwlServerError(error) && error.code).toBe('TIMEOUT');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('NETWORK when nothing listens on the port', async () => {
    const { url, close } = await serve(() => {});
    await close();
    const error = await caught(() => client(url).prepareCheckout({ amount: '1', currency: 'EUR', paymentType: 'DB' }));
    expect(isWpwlServerError(error) && error.code).toBe('NETWORK');
    expect((error as Error).cause).toBeInstanceOf(Error);
  });

  it('THROTTLED is retried with exponential backoff, then succeeds', async () => {
    const { url, seen } = await serve((_, res, seen) => (seen.length <= 2 ? json(res, 429, THROTTLED) : json(res, 200, PAID)));
    const result = await client(url, { retries: 3, retryDelayMs: 50 }).getPaymentStatus(CHECKOUT_ID);
    expect(result.classification).toBe('success');
    expect(seen).toHaveLength(3);
    const gaps = [seen[1]!.at - seen[0]!.at, seen[2]!.at - seen[1]!.at];
    expect(gaps[0]).toBeGreaterThanOrEqual(45);
    expect(gaps[1]).toBeGreaterThanOrEqual(95);
  });

  it('THROTTLED surfaces once the retries are used up, with the attempt count', async () => {
    const { url, seen } = await serve((_, res) => json(res, 400, THROTTLED));
    const error = await caught(() =>
      client(url, { retries: 2, retryDelayMs: 10 }).prepareCheckout({ amount: '1', currency: 'EUR', paymentType: 'DB' }),
    );
    expect(isWpwlServerError(error) && error.code).toBe('THROTTLED');
    expect(isWpwlServerError(error) && error.details.attempts).toBe(3);
    expect(isWpwlServerError(error) && error.details.result?.code).toBe('800.120.100');
    expect(seen).toHaveLength(3);
  });

  it('honours Retry-After when it asks for longer than the backoff', async () => {
    const { url, seen } = await serve((_, res, seen) =>
      seen.length === 1 ? json(res, 429, THROTTLED, { 'Retry-After': '1' }) : json(res, 200, PAID),
    );
    await client(url, { retries: 1, retryDelayMs: 1 }).getPaymentStatus(CHECKOUT_ID);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('a GET is retried after a 5xx; a POST is not (it may have moved money)', async () => {
    const flaky = await serve((_, res, seen) => (seen.length === 1 ? json(res, 502, {}) : json(res, 200, PAID)));
    await expect(client(flaky.url, { retries: 1, retryDelayMs: 1 }).getPaymentStatus(CHECKOUT_ID)).resolves.toMatchObject({
      id: PAYMENT_ID,
    });
    expect(flaky.seen).toHaveLength(2);

    const failing = await serve((_, res) => json(res, 502, {}));
    const error = await caught(() =>
      client(failing.url, { retries: 3, retryDelayMs: 1 }).refund(PAYMENT_ID, { amount: '1.00', currency: 'EUR' }),
    );
    expect(isWpwlServerError(error) && error.code).toBe('SERVER_ERROR');
    expect(failing.seen).toHaveLength(1);
  });

  it('a POST that timed out is not retried', async () => {
    const { url, seen } = await serve(() => {});
    const error = await caught(() =>
      client(url, { retries: 3, retryDelayMs: 1, timeoutMs: 100 }).capture(PAYMENT_ID, { amount: '1.00', currency: 'EUR' }),
    );
    expect(isWpwlServerError(error) && error.code).toBe('TIMEOUT');
    expect(seen).toHaveLength(1);
  });

  it('does not follow a redirect to another origin, so the token stays put', async () => {
    const elsewhere = await serve((_, res) => json(res, 200, PAID));
    const gateway = await serve((_, res) => {
      res.writeHead(307, { Location: `${elsewhere.url}/steal` });
      res.end();
    });
    const error = await caught(() => client(gateway.url).getPaymentStatus(CHECKOUT_ID));
    expect(isWpwlServerError(error) && error.code).toBe('SERVER_ERROR');
    expect(elsewhere.seen).toHaveLength(0);
  });

  it('follows a redirect on the same origin', async () => {
    const { url, seen } = await serve((req, res) => {
      if (req.url?.startsWith('/v1/')) {
        res.writeHead(307, { Location: '/moved' });
        res.end();
      } else json(res, 200, PAID);
    });
    await expect(client(url).getPaymentStatus(CHECKOUT_ID)).resolves.toMatchObject({ id: PAYMENT_ID });
    expect(seen.map((s) => s.authorization)).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
  });

  it('INVALID_RESPONSE for a body that is not JSON or lacks result.code', async () => {
    const html = await serve((_, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<html>maintenance</html>');
    });
    expect(await caught(() => client(html.url).getPaymentStatus(CHECKOUT_ID))).toMatchObject({ code: 'INVALID_RESPONSE' });
    const empty = await serve((_, res) => json(res, 200, { id: PAYMENT_ID }));
    expect(await caught(() => client(empty.url).getPaymentStatus(CHECKOUT_ID))).toMatchObject({ code: 'INVALID_RESPONSE' });
  });
});
