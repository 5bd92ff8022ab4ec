// The sandbox gateway in a process of its own, for the chaos run: the gateway
// keeps its payments and its webhook deliveries while merchant servers are
// killed around it. Forked with an IPC channel by sandbox-process.ts, which
// sends { id, op, args } and gets { id, ok, value | error } back (forceDraws(n)
// makes the faults' next n random draws 0: with only `duplicate` set, the next
// delivered notification is duplicated); the lines
// the sandbox logs about webhook deliveries and shopper result calls come as
// { event: 'log', line }. Needs @wpwl/sandbox built (dist/).
import { startSandbox } from '../../packages/sandbox/dist/index.js';

/** mulberry32, as random.ts: the faults' draws follow the run's seed. */
function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** @type {import('../../packages/sandbox/dist/index.js').Sandbox | undefined} */
let sandbox;
let random = Math.random;
/** Draws still to answer 0 (forceDraws): the next duplicate decision says yes. */
let forced = 0;

const send = (message) => {
  if (process.connected) process.send(message);
};

const ops = {
  async start(options) {
    const draw = seeded(options.seed);
    random = () => {
      if (forced > 0) {
        forced--;
        return 0;
      }
      return draw();
    };
    sandbox = await startSandbox({
      port: 0,
      host: '127.0.0.1',
      webhooks: options.webhooks,
      webhookRetryDelaysMs: options.webhookRetryDelaysMs,
      webhookTimeoutMs: options.webhookTimeoutMs,
      uncertainSettleMs: options.uncertainSettleMs,
      // Only what the run reports: webhook attempts and the 29-minute shopper result calls.
      log: (line) => {
        if (line.startsWith('webhook ') || line.startsWith('shopper result call')) send({ event: 'log', line });
      },
      onWarning: () => {},
    });
    return { url: sandbox.url, accessToken: sandbox.accessToken, entityId: sandbox.entityId };
  },
  advanceClock(ms) {
    sandbox.advanceClock(ms);
  },
  forceDraws(n) {
    forced = n;
  },
  setWebhookFaults(faults) {
    sandbox.setWebhookFaults(faults ? { ...faults, random } : null);
  },
  webhookStats() {
    return sandbox.webhookStats();
  },
  payments() {
    return sandbox.payments();
  },
  webhooksSettled(timeoutMs) {
    return sandbox.webhooksSettled(timeoutMs);
  },
  async close() {
    await sandbox?.close();
    setImmediate(() => process.exit(0));
  },
};

process.on('message', async (message) => {
  const { id, op, args = [] } = message;
  try {
    if (!(op in ops)) throw new Error(`unknown operation ${op}`);
    if (op !== 'start' && !sandbox) throw new Error('the sandbox is not started');
    const value = await ops[op](...args);
    send({ id, ok: true, value });
  } catch (error) {
    send({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});

// The harness went away (ended, or crashed): so does the gateway.
process.on('disconnect', () => {
  void sandbox?.close();
  process.exit(0);
});
