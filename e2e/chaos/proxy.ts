// Owns the fault proxy between a merchant server and the gateway: the
// merchant's WPWL_BASE_URL points here. Its status reads
// (GET /v1/checkouts/{id}/payment) are answered 503, or held past the
// merchant's deadline (sometimes after the gateway was read: the gateway then
// counts the payment as read, and only the answer is lost); everything else
// is passed on. A hook sees each gateway answer to a checkout or a status read
// before the merchant does, so the run can kill the merchant at that moment.
// One proxy per merchant instance, all sharing one set of faults and counts.
//
// Also the webhook relay between the gateway and each merchant's
// POST /api/webhooks: it passes deliveries on unchanged, and lets the run kill
// the merchant while it records one, or once it answered (the answer lost).
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { decryptWebhook } from '@wpwl/server';
import type { Random } from './random.js';

/** Probabilities per status read. */
export interface ProxyFaults {
  /** Answer 503 without asking the gateway. */
  unavailable: number;
  /** Hold the read until the merchant gives up (its deadline), then drop the connection. */
  timeout: number;
  /** Answer 400 with a request-level result code and no payment, without asking the gateway. */
  badRequest: number;
}

/**
 * Request-level codes a status read can be answered with (HTTP 400, no payment in the body): a
 * checkout id the gateway does not know, a configuration error, an authentication error. None says
 * anything about the payment.
 */
export const REQUEST_LEVEL_CODES = [
  { code: '200.300.404', description: 'invalid or missing parameter' },
  { code: '600.200.100', description: 'invalid Payment Method' },
  { code: '800.900.300', description: 'invalid authentication information' },
] as const;

export interface ProxyCounts {
  /** Status reads the merchants sent. */
  statusReads: number;
  /** Of those, answered 503 here. */
  unavailable: number;
  /** Of those, held until the merchant gave up. */
  timeouts: number;
  /** Of those, answered 400 with a request-level code (counted per code). */
  badRequests: Record<string, number>;
  /** Checkouts the merchants prepared through the proxy. */
  checkouts: number;
}

/** A gateway answer the merchant is about to get. */
export interface GatewayAnswerEvent {
  instance: string;
  operation: 'checkout' | 'statusRead';
  /** The checkout id (status reads). */
  checkoutId?: string;
}

/** A webhook delivery passing the relay: sent on to the merchant, or answered by it. */
export interface WebhookEvent {
  instance: string;
  /** Numbers the deliveries through the relays. */
  delivery: number;
  stage: 'sent' | 'answered';
  /** The notification in words (type, payment id, result code, order). */
  what: string;
  /** The order it names (merchantTransactionId), and whether its result is final (not pending). */
  orderId?: string;
  final?: boolean;
  /** The merchant's answer (stage `answered`), its Retry-After header and error code. */
  status?: number;
  retryAfter?: string;
  errorCode?: string;
  /** When the delivery reached the relay (ms since the epoch). */
  sentAt: number;
}

export interface ProxyControl {
  faults: ProxyFaults | null;
  /** Faults for the next status reads, before any drawn by chance (so a short run meets each kind). */
  queue: Array<'unavailable' | 'timeout' | 'badRequest'>;
  counts: ProxyCounts;
  /** Status reads the proxy has not answered yet. */
  inFlight: number;
  /** Called with each checkout and status-read answer; a returned promise holds the answer until it settles. */
  onGatewayAnswer?: (event: GatewayAnswerEvent) => Promise<void> | void;
  /** Webhook deliveries at each merchant instance now (sent on, not answered yet). */
  webhooksAtMerchant: Record<string, number>;
  /**
   * Called when a webhook delivery reaches a merchant and when it answers; a returned promise
   * holds the delivery, and the gateway then gets no answer (a dropped connection) for it.
   */
  onWebhook?: (event: WebhookEvent) => Promise<void> | void;
}

export interface FaultProxy {
  url: string;
  close(): Promise<void>;
}

const STATUS_READ = /^\/v1\/checkouts\/([^/?]+)\/payment(?:\?|$)/;
/** Longest a held read is kept when the merchant does not hang up first. */
const HOLD_MAX_MS = 15_000;

/** A shared control for the proxies of one run. */
export function proxyControl(faults: ProxyFaults | null): ProxyControl {
  return {
    faults,
    queue: [],
    inFlight: 0,
    webhooksAtMerchant: {},
    counts: { statusReads: 0, unavailable: 0, timeouts: 0, badRequests: {}, checkouts: 0 },
  };
}

/** Starts a proxy for the merchant instance `instance` in front of the gateway at `target`. */
export async function startFaultProxy(options: {
  target: string;
  instance: string;
  control: ProxyControl;
  random: Random;
  log: (line: string) => void;
}): Promise<FaultProxy> {
  const { control, random, instance, log } = options;
  const target = new URL(options.target);
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    const statusRead = req.method === 'GET' ? STATUS_READ.exec(path) : null;
    const checkout = req.method === 'POST' && path.split('?')[0] === '/v1/checkouts';
    if (!statusRead) {
      if (checkout) control.counts.checkouts++;
      return forward(req, res, checkout ? { instance, operation: 'checkout' } : undefined);
    }
    control.counts.statusReads++;
    control.inFlight++;
    res.on('close', () => control.inFlight--);
    const checkoutId = decodeURIComponent(statusRead[1] ?? '');
    const faults = control.faults ?? { unavailable: 0, timeout: 0, badRequest: 0 };
    const forced = control.queue.shift();
    const roll = random();
    if (forced === 'unavailable' || (!forced && roll < faults.unavailable)) {
      control.counts.unavailable++;
      log(`status read ${short(checkoutId)} by ${instance}: answered 503`);
      const body = JSON.stringify({ result: { code: '999.999.999', description: 'service unavailable' } });
      res.writeHead(503, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
      return void res.end(body);
    }
    if (
      forced === 'badRequest' ||
      (!forced && roll >= faults.unavailable + faults.timeout && roll < faults.unavailable + faults.timeout + faults.badRequest)
    ) {
      // Each code in turn, so three of them meet all three.
      const made = Object.values(control.counts.badRequests).reduce((n, c) => n + c, 0);
      const answer = REQUEST_LEVEL_CODES[made % REQUEST_LEVEL_CODES.length] ?? REQUEST_LEVEL_CODES[0];
      control.counts.badRequests[answer.code] = (control.counts.badRequests[answer.code] ?? 0) + 1;
      log(`status read ${short(checkoutId)} by ${instance}: answered 400 ${answer.code}`);
      const body = JSON.stringify({
        result: { ...answer },
        buildNumber: 'chaos-proxy',
        timestamp: new Date().toISOString().replace('T', ' ').slice(0, 19) + '+0000',
        ndc: checkoutId,
      });
      res.writeHead(400, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
      return void res.end(body);
    }
    if (forced === 'timeout' || (!forced && roll < faults.unavailable + faults.timeout)) {
      control.counts.timeouts++;
      // Half of them reach the gateway first: it counts the payment as read, and the answer is lost.
      const readFirst = random() < 0.5;
      log(`status read ${short(checkoutId)} by ${instance}: held until the merchant gives up${readFirst ? ' (the gateway read it)' : ''}`);
      if (readFirst) passOn(req, () => {});
      else req.resume();
      const timer = setTimeout(() => res.destroy(), HOLD_MAX_MS);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    return forward(req, res, { instance, operation: 'statusRead', checkoutId });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  /** Sends the request on to the gateway and hands its whole answer to `done` (undefined when there is none). */
  function passOn(
    req: IncomingMessage,
    done: (answer: { status: number; headers: Record<string, any>; body: Buffer } | undefined) => void,
  ) {
    const headers = { ...req.headers, host: target.host };
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent: false },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => done({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks) }));
        answer.on('error', () => done(undefined));
      },
    );
    upstream.on('error', () => done(undefined));
    req.pipe(upstream);
  }

  function forward(req: IncomingMessage, res: ServerResponse, event?: GatewayAnswerEvent) {
    passOn(req, (answer) => {
      if (!answer) return void res.destroy();
      const send = () => {
        if (res.destroyed || res.headersSent) return;
        const { connection: _c, 'keep-alive': _k, 'transfer-encoding': _t, ...headers } = answer.headers;
        res.writeHead(answer.status, { ...headers, 'content-length': String(answer.body.length) });
        res.end(answer.body);
      };
      const held = event ? control.onGatewayAnswer?.(event) : undefined;
      if (held) held.then(send, send);
      else send();
    });
  }

  return listenOnLoopback(server, sockets);
}

let deliveries = 0;

/** Starts a relay for the gateway's webhooks to the merchant instance `instance` (its POST /api/webhooks at `target`). */
export async function startWebhookRelay(options: {
  target: string;
  instance: string;
  key: string;
  control: ProxyControl;
}): Promise<FaultProxy> {
  const { control, instance } = options;
  const target = new URL(options.target);
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const delivery = ++deliveries;
      const { what, orderId, final } = describeNotification(body, req.headers, options.key);
      const sentAt = Date.now();
      const event = (stage: WebhookEvent['stage'], status?: number, extra: Partial<WebhookEvent> = {}): WebhookEvent => ({
        instance,
        delivery,
        stage,
        what,
        sentAt,
        ...(orderId ? { orderId } : {}),
        final,
        ...(status !== undefined ? { status } : {}),
        ...extra,
      });
      // What the run holds the delivery with, once it was sent on (a kill of the merchant).
      const sent: { held?: Promise<void> | undefined } = {};
      let atMerchant = true;
      control.webhooksAtMerchant[instance] = (control.webhooksAtMerchant[instance] ?? 0) + 1;
      const left = () => {
        if (!atMerchant) return;
        atMerchant = false;
        control.webhooksAtMerchant[instance] = (control.webhooksAtMerchant[instance] ?? 1) - 1;
      };
      const headers: Record<string, string> = {};
      for (const name of ['content-type', 'x-initialization-vector', 'x-authentication-tag']) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const upstream = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: 'POST',
          path: target.pathname,
          headers: { ...headers, 'content-length': String(body.length) },
          agent: false,
        },
        (answer) => {
          const answerChunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => answerChunks.push(chunk));
          answer.on('error', () => void (left(), res.destroy()));
          answer.on('end', async () => {
            left();
            if (sent.held) await sent.held;
            const text = Buffer.concat(answerChunks);
            const retryAfter = answer.headers['retry-after'];
            let errorCode: string | undefined;
            try {
              errorCode = (JSON.parse(text.toString('utf8')) as { error?: { code?: string } }).error?.code;
            } catch {
              errorCode = undefined;
            }
            const hold = control.onWebhook?.(
              event('answered', answer.statusCode ?? 0, {
                ...(typeof retryAfter === 'string' ? { retryAfter } : {}),
                ...(errorCode ? { errorCode } : {}),
              }),
            );
            if (hold) {
              // The merchant answered; the answer never reaches the gateway.
              await hold;
              return void res.destroy();
            }
            res.writeHead(answer.statusCode ?? 502, { 'content-type': 'application/json', 'content-length': String(text.length) });
            res.end(text);
          });
        },
      );
      upstream.on('error', async () => {
        left();
        if (sent.held) await sent.held;
        res.destroy();
      });
      upstream.end(body);
      sent.held = control.onWebhook?.(event('sent')) ?? undefined;
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return listenOnLoopback(server, sockets);
}

/** A notification in words, decrypted with the run's key by decryptWebhook, as the merchant server reads it. */
function describeNotification(
  body: Buffer,
  headers: IncomingMessage['headers'],
  key: string,
): { what: string; orderId?: string; final: boolean } {
  try {
    const read = decryptWebhook(body, headers, key);
    const type = read.type === 'UNKNOWN' ? read.receivedType : read.type;
    const payload = read.payload.raw as Record<string, any>;
    const code = String(payload.result?.code ?? '');
    return {
      what: `${type} ${short(String(payload.id ?? '?'))} ${code} for ${payload.merchantTransactionId ?? payload.ndc ?? '?'}`,
      ...(typeof payload.merchantTransactionId === 'string' ? { orderId: payload.merchantTransactionId } : {}),
      // 000.200.xxx: pending.
      final: type === 'PAYMENT' && !code.startsWith('000.200.'),
    };
  } catch {
    return { what: 'a notification that does not decrypt', final: false };
  }
}

/** The first characters of a checkout or payment id, for log lines. */
export function short(id: string): string {
  return id.slice(0, 8);
}

/** Listens on 127.0.0.1 and a free port; `close()` also ends the connections still open. */
async function listenOnLoopback(server: Server, sockets: Set<Socket>): Promise<{ url: string; close(): Promise<void> }> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
