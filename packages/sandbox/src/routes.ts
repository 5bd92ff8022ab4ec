// Owns the routes: which path and method goes to which resource of the
// gateway, which of them need the merchant's Bearer token and which the
// shopper's browser calls (with CORS), the throttle on each operation, the
// widget files, the browser's own form post, which is sent on rather than
// answered with JSON, and the sandbox-only routes under `/sandbox/`: the
// admin routes (chargebacks, settlement files), which take the merchant's Bearer token and no
// throttle, and the Apple Pay stand-in script, which takes nothing.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { CHECKOUT_ID_PATTERN, PAYMENT_ID_PATTERN } from '@wpwl/gateway-spec';
import { checkAuthorization } from './auth.js';
import { newPaymentId } from './format.js';
import { backLink, formPostAnswer, formPostRefusal, isBrowserFormPost } from './form-post.js';
import type { Gateway } from './gateway.js';
import type { Reply } from './gateway/replies.js';
import type { Submitter } from './gateway/resource.js';
import { BodyError, CORS_HEADERS, parseParams, readForm, send, sendRefusal } from './http.js';
import { envelope, paymentNotificationPayload } from './records.js';
import { RESULTS } from './result-codes.js';
import { SettlementFilesError } from './settlement/files.js';
import type { SandboxOperation, Throttle } from './throttle.js';
import type { AssetServer } from './widget-assets.js';
import { APPLE_PAY_SESSION_PATH, APPLE_PAY_SESSION_STAND_IN } from './widget/apple-pay-session.js';

/** What the routes work with. */
export interface RouterDeps {
  /** The Bearer token merchants must send. */
  accessToken: string;
  gateway: Gateway;
  throttle: Throttle;
  /** The widget files. */
  assets: AssetServer;
  now: () => number;
  /** The sandbox's own base URL, for a request without a plain host:port Host header. */
  sandboxUrl: () => string;
  /** Writes the settlement files due; rejects with a SettlementFilesError. */
  writeSettlementFiles: () => Promise<string[]>;
}

/** Answers each request; a body refused while it is read throws a BodyError, which the server answers. */
export function createRouter({
  accessToken,
  gateway,
  throttle,
  assets,
  now,
  sandboxUrl,
  writeSettlementFiles,
}: RouterDeps): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const path = url.pathname;
    if (method === 'OPTIONS') {
      res.writeHead(204, { ...CORS_HEADERS, 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    if ((method === 'GET' || method === 'HEAD') && assets.has(path)) {
      assets.serve(path, res, method === 'HEAD');
      return;
    }
    if ((method === 'GET' || method === 'HEAD') && path === APPLE_PAY_SESSION_PATH) {
      // For test pages (a <script> or page.addInitScript's text): no token, any origin, like the widget's files.
      const body = Buffer.from(APPLE_PAY_SESSION_STAND_IN, 'utf8');
      res.writeHead(200, {
        ...CORS_HEADERS,
        'Cache-Control': 'no-store',
        'Content-Type': 'text/javascript; charset=utf-8',
        'Content-Length': body.length,
      });
      res.end(method === 'HEAD' ? undefined : body);
      return;
    }
    const baseUrl = requestBaseUrl(req) ?? sandboxUrl();
    const query = parseParams(url.search.slice(1));
    const reply = (r: Reply, cors = false, headers: Record<string, string> = {}) => send(res, r, cors, headers);
    const json = (status: number, result: { code: string; description: string }, cors = false) =>
      reply({ kind: 'json', status, body: envelope(result, now()) }, cors);

    /** Bearer check; false when a reply (401, 403) was sent. */
    const authorized = (cors = false): boolean => {
      const auth = checkAuthorization(req.headers.authorization, accessToken);
      if (auth === 'unauthenticated') {
        json(401, RESULTS.unauthenticated, cors);
        return false;
      }
      if (auth === 'forbidden') {
        json(403, RESULTS.forbidden, cors);
        return false;
      }
      return true;
    };
    /** Bearer check plus throttle for a merchant operation; false when a reply was sent. */
    const admit = (operation: SandboxOperation, cors = false): boolean => authorized(cors) && notThrottled(operation, cors);
    const notThrottled = (operation: SandboxOperation, cors = false): boolean => {
      const waitMs = throttle.take(operation);
      if (waitMs === 0) return true;
      const idMatch = /^\/v1\/(?:checkouts|payments|threeds)\/([^/]+)/.exec(path)?.[1];
      reply(
        {
          kind: 'json',
          status: 429,
          body: envelope(RESULTS.throttled, now(), { id: idMatch ? decodeURIComponent(idMatch) : newPaymentId() }),
        },
        cors,
        { 'Retry-After': String(Math.ceil(waitMs / 1000)) },
      );
      return false;
    };
    /** The browser posting the widget's form itself: sent on with a 303, or shown a page; never JSON. */
    const browserFormPost = async (id: string): Promise<void> => {
      const back = backLink(req.headers.referer);
      const waitMs = throttle.take('checkoutPayment');
      if (waitMs > 0) {
        return reply(
          formPostRefusal(429, 'Too many requests', 'Nothing was charged. Please wait a moment and pay again.', back, RESULTS.throttled),
          true,
          {
            'Retry-After': String(Math.ceil(waitMs / 1000)),
          },
        );
      }
      let params: Record<string, string>;
      try {
        params = await readForm(req);
      } catch (error) {
        if (!(error instanceof BodyError)) throw error;
        return sendRefusal(
          req,
          res,
          formPostRefusal(error.status, 'The payment could not be made', `Nothing was charged: the ${error.message}.`, back),
          true,
        );
      }
      return reply(formPostAnswer(gateway.payments.takeCheckoutPayment(id, params, 'shopper', baseUrl), id, back), true);
    };
    const wrongMethod = () =>
      json(400, { ...RESULTS.invalidMethod, description: `${RESULTS.invalidMethod.description}: ${method} ${path}` });

    if (path === '/v1/checkouts') {
      if (method !== 'POST') return wrongMethod();
      if (!admit('checkout')) return;
      return reply(gateway.checkouts.create(await readForm(req)));
    }

    const updatePath = /^\/v1\/checkouts\/([^/]+)$/.exec(path);
    if (updatePath) {
      if (method !== 'POST') return wrongMethod();
      if (!admit('checkout')) return;
      const id = safeDecode(updatePath[1] ?? '');
      const params = await readForm(req);
      if (!CHECKOUT_ID_PATTERN.test(id)) return json(404, RESULTS.checkoutUnknown);
      return reply(gateway.checkouts.update(id, params));
    }

    const checkoutPath = /^\/v1\/checkouts\/([^/]+)\/(payment|registration|widget-session)$/.exec(path);
    if (checkoutPath) {
      const id = safeDecode(checkoutPath[1] ?? '');
      const what = checkoutPath[2];
      const known = CHECKOUT_ID_PATTERN.test(id);
      if (what === 'widget-session') {
        if (method !== 'GET') return wrongMethod();
        if (!notThrottled('widgetSession', true)) return;
        return reply(
          known ? gateway.checkouts.widgetSession(id) : { kind: 'json', status: 404, body: envelope(RESULTS.checkoutUnknown, now()) },
          true,
        );
      }
      const isPayment = what === 'payment';
      if (method === 'GET') {
        if (!admit(isPayment ? 'checkoutStatus' : 'registrationStatus')) return;
        if (!known) return json(404, RESULTS.checkoutUnknown);
        return reply(isPayment ? gateway.statusReads.checkoutPayment(id, query) : gateway.statusReads.checkoutRegistration(id, query));
      }
      if (method !== 'POST') return wrongMethod();
      if (isPayment && isBrowserFormPost(req.headers)) return browserFormPost(id);
      // No Authorization header: the shopper's browser, for which the checkout id is the capability.
      const submitter: Submitter = req.headers.authorization === undefined ? 'shopper' : 'merchant';
      const operation = isPayment ? 'checkoutPayment' : 'registration';
      if (submitter === 'merchant' ? !admit(operation, true) : !notThrottled(operation, true)) return;
      const params = await readForm(req);
      if (!known) return json(404, RESULTS.checkoutUnknown, true);
      return reply(
        isPayment
          ? gateway.payments.submitToCheckout(id, params, submitter, baseUrl)
          : gateway.registrations.submitToCheckout(id, params, submitter),
        true,
      );
    }

    if (path === '/v1/fastcheckout/integrity') {
      if (method !== 'GET') return wrongMethod();
      if (!authorized()) return;
      return reply(gateway.checkouts.fastCheckoutIntegrity());
    }

    if (path === '/v1/payments') {
      if (method !== 'POST') return wrongMethod();
      if (!admit('payment')) return;
      return reply(gateway.payments.create(await readForm(req), baseUrl));
    }

    const paymentPath = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (paymentPath) {
      const id = safeDecode(paymentPath[1] ?? '');
      const notFound = () =>
        json(404, { ...RESULTS.invalidParameter, description: `${RESULTS.invalidParameter.description}: no payment with this id` });
      if (method === 'GET') {
        if (!admit('paymentStatus')) return;
        return PAYMENT_ID_PATTERN.test(id) ? reply(gateway.statusReads.payment(id, query)) : notFound();
      }
      if (method !== 'POST') return wrongMethod();
      if (!admit('reference')) return;
      const params = await readForm(req);
      return PAYMENT_ID_PATTERN.test(id) ? reply(gateway.payments.reference(id, params)) : notFound();
    }

    const threedsPath = /^\/v1\/threeds\/([^/]+)$/.exec(path);
    if (threedsPath) {
      const id = safeDecode(threedsPath[1] ?? '');
      if (method === 'GET') return reply(gateway.threeDSecure.challengePage(id, query.target));
      if (method === 'POST') return reply(gateway.threeDSecure.completeChallenge(id, await readForm(req)));
      return wrongMethod();
    }

    // Sandbox-only: what the card network starts (a chargeback and its reversal), for a test in another process.
    const adminPath = /^\/sandbox\/payments\/([^/]+)\/(chargeback|chargeback-reversal)$/.exec(path);
    if (adminPath) {
      if (method !== 'POST') return wrongMethod();
      if (!authorized()) return;
      const id = safeDecode(adminPath[1] ?? '');
      const params = await readForm(req);
      const outcome = adminPath[2] === 'chargeback' ? gateway.chargebacks.chargeback(id, params) : gateway.chargebacks.reverse(id, params);
      if (outcome.kind === 'refused') return reply(outcome.reply);
      return reply({ kind: 'json', status: 200, body: paymentNotificationPayload(outcome.payment, now()) });
    }

    // Sandbox-only: the gateway's settlement run, for a test or demo in another process.
    if (path === '/sandbox/settlement-files') {
      if (method !== 'POST') return wrongMethod();
      if (!authorized()) return;
      await readForm(req);
      try {
        const files = await writeSettlementFiles();
        return reply({ kind: 'json', status: 200, body: envelope(RESULTS.requestSucceeded, now(), { files }) });
      } catch (error) {
        if (!(error instanceof SettlementFilesError)) throw error;
        const off = error.code === 'NOT_CONFIGURED';
        const base = off ? RESULTS.invalidWorkflow : RESULTS.internalError;
        return json(off ? 400 : 500, { code: base.code, description: `${base.description}: ${error.message}` });
      }
    }

    return json(404, RESULTS.noRoute);
  };
}

// The base URL the shopper's browser used, so redirect URLs reach the sandbox
// the same way (localhost vs 127.0.0.1); only a plain host:port is trusted.
function requestBaseUrl(req: IncomingMessage): string | undefined {
  const host = req.headers.host;
  return host && /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/.test(host) ? `http://${host}` : undefined;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
