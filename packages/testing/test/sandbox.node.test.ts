// The kit's outcomes against the sandbox itself: each test card the kit
// offers ends, in a real sandbox, with the result the kit says; and the
// sandbox helpers (start, global setup, status read) as a test run uses them.
import { TEST_CARDS as SANDBOX_CARDS } from '@wpwl/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS, testCard, verdictOf } from '../src/index.js';
import { SANDBOX_ENV, readPaymentStatus, sandboxFromEnv, sandboxGlobalSetup, startSandbox, type Sandbox } from '../src/sandbox.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox?.close());

/** Prepares a checkout and pays it with `number` as the widget would; returns the status read's resourcePath. */
async function payWith(number: string, cvv: string, brand: string): Promise<string> {
  const prepared = await fetch(`${sandbox.url}/v1/checkouts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sandbox.accessToken}` },
    body: new URLSearchParams({ entityId: sandbox.entityId, amount: '12.00', currency: 'EUR', paymentType: 'DB' }),
  });
  const { id } = (await prepared.json()) as { id: string };
  await fetch(`${sandbox.url}/v1/checkouts/${id}/payment`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      paymentBrand: brand,
      'card.number': number,
      'card.holder': 'Jane Jones',
      'card.expiryMonth': '12',
      'card.expiryYear': String(new Date().getFullYear() + 2),
      'card.cvv': cvv,
    }),
  });
  return `/v1/checkouts/${id}/payment`;
}

describe('the test cards', () => {
  it('are the sandbox’s own, with the same brands', () => {
    for (const card of TEST_CARDS) {
      expect(SANDBOX_CARDS.find((candidate) => candidate.number === card.number)?.brand, card.number).toBe(card.brand);
    }
  });

  it('the uncertain cards settle to the result the sandbox settles them to', () => {
    const uncertain = TEST_CARDS.filter((card) => card.settledResultCode !== undefined);
    expect(uncertain.map((card) => card.outcome)).toEqual(['uncertain-then-approved', 'uncertain-then-declined']);
    for (const card of uncertain) {
      const outcome = SANDBOX_CARDS.find((candidate) => candidate.number === card.number)?.outcome;
      if (outcome?.kind !== 'uncertain') throw new Error(`${card.number} is no uncertain card in the sandbox`);
      expect(outcome.result.code, card.number).toBe(card.resultCode);
      expect(outcome.settlesTo.kind === 'success' ? '000.100.110' : outcome.settlesTo.result.code, card.number).toBe(
        card.settledResultCode,
      );
    }
  });

  it.each(TEST_CARDS.filter((card) => card.outcome !== '3ds'))('$outcome ($brand): the sandbox answers $resultCode', async (card) => {
    const status = await readPaymentStatus(sandbox, await payWith(card.number, card.cvv, card.brand));
    expect(status.resultCode).toBe(card.resultCode);
    const uncertain = card.resultCode === '900.100.300';
    expect(status.verdict).toBe(card.outcome === 'approved' ? 'approved' : uncertain ? 'uncertain' : 'declined');
  });

  it('3ds: pending until the challenge is answered', async () => {
    const card = testCard('3ds');
    const status = await readPaymentStatus(sandbox, await payWith(card.number, card.cvv, card.brand));
    expect(status).toMatchObject({ resultCode: '000.200.000', verdict: 'pending' });
  });

  it('a card for an outcome and brand that has none is refused by name', () => {
    expect(() => testCard('declined', 'AMEX')).toThrow('no AMEX test card for outcome "declined"; there is one for VISA');
  });

  it('verdictOf reads the published groups', () => {
    expect(
      ['000.100.110', '000.400.000', '000.200.000', '800.400.500', '800.100.151', '100.380.401', '900.100.300', '800.500.100'].map(
        verdictOf,
      ),
    ).toEqual(['approved', 'approved', 'pending', 'pending', 'declined', 'declined', 'uncertain', 'uncertain']);
  });
});

describe('a sandbox for the test run', () => {
  it('the global setup starts one, hands it to the tests through the environment, and its teardown stops it', async () => {
    const saved = Object.values(SANDBOX_ENV).map((name) => [name, process.env[name]] as const);
    try {
      const teardown = await sandboxGlobalSetup({ accessToken: 'fixed-token-for-the-run' })();
      const access = sandboxFromEnv();
      expect(access.accessToken).toBe('fixed-token-for-the-run');
      expect(access.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const read = await readPaymentStatus(access, await prepareUnpaidCheckout(access));
      expect(read.httpStatus).toBe(200);
      await teardown();
      await expect(fetch(`${access.url}/v1/static.min.js`)).rejects.toThrow();
    } finally {
      for (const [name, value] of saved) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it('sandboxFromEnv names what is missing', () => {
    expect(() => sandboxFromEnv({})).toThrow('WPWL_SANDBOX_URL, WPWL_SANDBOX_ACCESS_TOKEN, WPWL_SANDBOX_ENTITY_ID not set');
  });

  it('readPaymentStatus refuses a resourcePath that is no gateway path', async () => {
    await expect(readPaymentStatus(sandbox, 'https://elsewhere.example/v1/x')).rejects.toThrow('resourcePath must be a gateway path');
    await expect(readPaymentStatus(sandbox, '/v1/../admin')).rejects.toThrow('resourcePath must be a gateway path');
  });
});

/** Prepares a checkout on `access` and returns its payment's resourcePath (unpaid: pending). */
async function prepareUnpaidCheckout(access: { url: string; accessToken: string; entityId: string }): Promise<string> {
  const prepared = await fetch(`${access.url}/v1/checkouts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${access.accessToken}` },
    body: new URLSearchParams({ entityId: access.entityId, amount: '1.00', currency: 'EUR', paymentType: 'DB' }),
  });
  const { id } = (await prepared.json()) as { id: string };
  return `/v1/checkouts/${id}/payment`;
}
