// Owns POST /csp-reports: the CSP violation reports shoppers' browsers send
// (report-to and report-uri of the storefront pages' policy). No login:
// browsers send them on their own. So each client address is rate limited,
// the body is bounded in size and in time (CSP_REPORT_READ_MS) and checked by @wpwl/server/csp-reports, reports about
// pages of other sites are refused, and what is kept is deduplicated by the
// store. A browser does nothing with the answer: 204, or the refusal's
// status and code for people testing by hand.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CSP_REPORT_LIMITS, receiveCspReports } from '@wpwl/server/csp-reports';
import type { CspReportStore } from './csp-report-store.js';
import { readBody, sendJson } from './http.js';
import type { RateLimiter } from './rate-limit.js';

/**
 * How long a report's body may take to arrive, in ms. A browser sends its
 * few kilobytes at once; a client trickling bytes to hold connections open is
 * answered 408 and cut off.
 */
export const CSP_REPORT_READ_MS = 10_000;

/** What the route needs of the server. */
export interface CspReportRouteContext {
  reports: CspReportStore;
  /** Report requests per client address. */
  limiter: RateLimiter;
  /** Who `req` comes from (client-address.ts). */
  clientAddress(req: IncomingMessage): string;
  /** The origins of the shop's own pages: reports about any other page are refused. */
  documentOrigins(): string[];
}

/** POST /csp-reports */
export async function receiveCspReportRequest(context: CspReportRouteContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const wait = context.limiter.take(context.clientAddress(req));
  if (wait > 0) {
    res.setHeader('Retry-After', String(Math.ceil(wait / 1000)));
    return sendJson(res, 429, { error: { code: 'TOO_MANY_REPORTS', message: 'too many reports from this address; wait' } });
  }
  // Read here, not by the receiver: an over-long body is drained while it is refused (http.ts), so the refusal arrives.
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    res.on('finish', () => req.socket.destroy());
    res.setHeader('Connection', 'close');
    sendJson(res, 408, {
      error: {
        code: 'CSP_REPORT_TIMEOUT',
        field: 'body',
        rule: `sent within ${CSP_REPORT_READ_MS} ms`,
        message: 'the report body came too slowly',
      },
    });
  }, CSP_REPORT_READ_MS);
  let body: Buffer | undefined;
  try {
    body = await readBody(req, CSP_REPORT_LIMITS.bodyBytes);
  } catch (error) {
    if (timedOut) return;
    throw error;
  } finally {
    clearTimeout(timer);
  }
  if (timedOut) return;
  const receipt = body
    ? await receiveCspReports(body, req.headers, { documentOrigins: context.documentOrigins() })
    : // Too long: the receiver's own refusal (413, or 415 for a body of another type), from the length alone.
      await receiveCspReports(null, { ...req.headers, 'content-length': String(CSP_REPORT_LIMITS.bodyBytes + 1) });
  if (!receipt.ok) {
    const { code, field, rule, message } = receipt.error;
    return sendJson(res, receipt.status, { error: { code, field, rule, message } });
  }
  const { dropped } = await context.reports.record(receipt.reports, req.headers['user-agent']);
  if (dropped > 0) console.error(`merchant-server: ${dropped} new CSP violation(s) not kept: the table holds its most already`);
  res.writeHead(204, { 'Cache-Control': 'no-store' });
  res.end();
}
