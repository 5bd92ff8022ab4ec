// A merchant's webhook endpoint for the sandbox tests: an HTTP server on
// 127.0.0.1 that decrypts and authenticates each POST as a merchant does, with
// @wpwl/server's decryptWebhook (AES-256-GCM, hex body, IV and tag headers), keeps the notifications in order (with the headers and
// raw body they came with), and answers as the test says (200 by default; a
// status, or 'hang' for no answer at all).

import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { decryptWebhook, type WebhookNotification } from '@wpwl/server';

/** A receiver's webhook key: 64 hex characters. */
export const WEBHOOK_KEY = randomBytes(32).toString('hex');

/** One POST as it arrived. */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  raw: string;
  /** Decrypted webhook JSON: tests read fields by name. */
  notification: any;
}

export interface WebhookReceiver {
  url: string;
  /** Each notification decrypted, in the order it arrived (webhook JSON: tests read fields by name). */
  notifications: any[];
  /** Each POST with its headers and raw body, in the order it arrived. */
  received: ReceivedWebhook[];
  /** The connections open now. */
  sockets: Set<Socket>;
  /** Resolves once `count` notifications have arrived in all. */
  until(count: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts a receiver on a free loopback port; close it after the test. */
export async function startWebhookReceiver(
  key = WEBHOOK_KEY,
  answer: (n: number) => number | 'hang' = () => 200,
): Promise<WebhookReceiver> {
  const notifications: any[] = [];
  const received: ReceivedWebhook[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const notification = asSent(decryptWebhook(raw, req.headers, key));
      notifications.push(notification);
      received.push({ headers: req.headers, raw, notification });
      for (const waiter of [...waiters]) {
        if (notifications.length >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
      const status = answer(received.length);
      if (status === 'hang') return;
      res.writeHead(status).end();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/webhooks`,
    notifications,
    received,
    sockets,
    until: (count) =>
      notifications.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve })),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The notification's JSON as the sandbox sent it: type, action, and the payload as it came (decryptWebhook keeps it whole in `raw`). */
function asSent(read: WebhookNotification): { type: string; action?: string; payload: Record<string, unknown> } {
  const type = read.type === 'UNKNOWN' ? read.receivedType : read.type;
  const action = 'action' in read ? read.action : undefined;
  return { type, ...(action === undefined ? {} : { action }), payload: read.payload.raw };
}
