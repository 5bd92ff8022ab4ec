// The settlement's PostgreSQL store when the database fails, on a real
// server: a connection terminated while borrowed (in a transaction, or
// holding a cart lock) ends neither the process nor the pool, and a server
// stopped the hard way (an outage) makes every call fail fast with a stable
// code, then serve again once the server is back, with no new store.
// Servers of the test's own: the run's shared one is never stopped.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  postgresDatabase,
  postgresSettlementStore,
  recommendedPoolOptions,
  SettlementStoreError,
  type SettlementStore,
} from '../packages/server/src/settlement/index.js';
import { ensureDatabase, startPostgresServer, type PostgresServer } from './support/postgres-server.mjs';

/** Uncaught exceptions while a test runs: an 'error' event nobody listened to lands here. */
const uncaught: unknown[] = [];
const collect = (error: unknown) => uncaught.push(error);
beforeAll(() => void process.on('uncaughtException', collect));
afterAll(() => void process.off('uncaughtException', collect));
afterEach(() => {
  expect(uncaught).toEqual([]);
});

const pools = (url: string) => {
  const options = { connectionString: url, ...recommendedPoolOptions() };
  return { pool: new pg.Pool(options), lockPool: new pg.Pool(options), onConnectionError: () => undefined };
};

async function terminate(adminUrl: string, pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a connection lost while borrowed', () => {
  const adminUrl = inject('postgresUrl');
  let url: string;
  beforeAll(async () => {
    url = await ensureDatabase(adminUrl, `wpwl_settlement_${randomBytes(4).toString('hex')}`);
  });

  it('in a transaction: the call fails with STORE_UNAVAILABLE, the process lives, the next call works', async () => {
    const database = postgresDatabase(pools(url));
    try {
      const failed = await database
        .transaction(async (tx) => {
          const [own] = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
          await terminate(adminUrl, own!.pid);
          await sleep(200);
          return tx.query('SELECT 1');
        })
        .catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(SettlementStoreError);
      expect((failed as SettlementStoreError).code).toBe('STORE_UNAVAILABLE');
      // The broken connection was destroyed, not handed to the next caller.
      for (let n = 0; n < 12; n++) expect(await database.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });

  it('holding a cart lock across a slow call: the work ends, the process lives, the cart can be taken again', async () => {
    const database = postgresDatabase(pools(url));
    try {
      let lockPid = 0;
      const watcher = new pg.Client({ connectionString: url });
      await watcher.connect();
      const result = await database.exclusive('cart:lost', 1000, async () => {
        const [row] = (await watcher.query<{ pid: number }>("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted LIMIT 1"))
          .rows;
        lockPid = row?.pid ?? 0;
        await terminate(adminUrl, lockPid);
        await sleep(200);
        return 'done';
      });
      await watcher.end();
      expect(lockPid).toBeGreaterThan(0);
      expect(result).toBe('done');
      await expect(database.exclusive('cart:lost', 1000, async () => 'again')).resolves.toBe('again');
    } finally {
      await database.close();
    }
  });
});

describe('an outage of the database', () => {
  let server: PostgresServer;
  let store: SettlementStore;
  beforeAll(async () => {
    server = await startPostgresServer();
    console.log(`settlement outage test: ${server.description}`);
    store = await postgresSettlementStore(pools(server.url));
  });
  afterAll(async () => {
    await store?.close();
    await server?.remove();
  });

  it('fails fast with STORE_UNAVAILABLE while the server is down, and serves again once it is back, with the same store', async () => {
    const order = {
      orderId: 'order-outage',
      checkoutId: `${'c'.repeat(32)}.outage`,
      amount: '5.00',
      currency: 'EUR',
      paymentType: 'DB',
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 30 * 60_000),
      state: 'open' as const,
      paidCart: false,
      mismatches: [],
      followUps: [],
      checks: 0,
      details: {},
    };
    await store.insert(order);
    await server.stop({ mode: 'immediate' });
    for (const call of [
      () => store.find({ orderId: order.orderId }),
      () => store.update(order.checkoutId, () => undefined),
      () => store.due(new Date(), 5),
    ]) {
      const startedAt = Date.now();
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SettlementStoreError);
      expect((error as SettlementStoreError).code).toBe('STORE_UNAVAILABLE');
      // Fast: the pool's connect timeout, not a hang.
      expect(Date.now() - startedAt).toBeLessThan(5000);
    }
    await server.start();
    await expect
      .poll(() => store.find({ orderId: order.orderId }).catch(() => undefined), { timeout: 10_000 })
      .toMatchObject({ orderId: order.orderId });
  });
});
