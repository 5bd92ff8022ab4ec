// Owns the back office's CSP report page, GET /csp-reports: the violations
// shoppers' browsers reported on the storefront pages, the most recently
// seen first, 50 a page, each with how often it came and when. Who may see
// it is admin-access.ts's decision (as for /reconciliation); every value
// shown came from a browser and is escaped.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { acceptTokenVisit, adminAccess } from './admin-access.js';
import { escapeHtml as escape, sendBackOfficePage } from './back-office-html.js';
import type { CspReportStore, KeptViolation } from './csp-report-store.js';
import { CSP_REPORT_PATH } from './csp.js';

/** Violations per page. */
export const CSP_REPORTS_PAGE_SIZE = 50;

/** What the page needs of the server. */
export interface CspReportsPageContext {
  reports: CspReportStore;
  /** WPWL_ADMIN_TOKEN, when set. */
  adminToken: string | undefined;
  /** The origin shoppers reach the server at. */
  publicUrl(): string;
  /** The shop's stylesheet is served (at /shared/shop.css). */
  styled: boolean;
}

const timeOf = (date: Date) => `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

function location(violation: KeptViolation): string {
  if (!violation.sourceFile) return '—';
  const line = violation.lineNumber !== undefined ? `:${violation.lineNumber}` : '';
  const column = violation.lineNumber !== undefined && violation.columnNumber !== undefined ? `:${violation.columnNumber}` : '';
  return `${violation.sourceFile}${line}${column}`;
}

function row(violation: KeptViolation): string {
  const sample = violation.sample ? `<br><code>${escape(violation.sample)}</code>` : '';
  return [
    `<tr><th scope="row">${escape(violation.directive)}</th>`,
    `<td>${escape(violation.blocked)}${sample}</td>`,
    `<td>${escape(violation.documentUrl)}</td>`,
    `<td>${escape(location(violation))}</td>`,
    `<td>${escape(violation.disposition === 'enforce' ? 'blocked' : 'reported only')}</td>`,
    `<td class="number">${violation.count}</td>`,
    `<td>${escape(timeOf(violation.firstSeen))}</td>`,
    `<td>${escape(timeOf(violation.lastSeen))}</td>`,
    `<td>${escape(violation.userAgent ?? '—')}</td></tr>`,
  ].join('');
}

/** Answers GET and HEAD of /csp-reports. */
export async function handleCspReportsPage(
  context: CspReportsPageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const head = req.method === 'HEAD';
  const secure = context.publicUrl().startsWith('https:');
  if (acceptTokenVisit(req, res, url, context.adminToken, { secure })) return;
  const access = adminAccess(req, context.adminToken, context.publicUrl());
  if (!access.ok) {
    if (access.status === 401) res.setHeader('WWW-Authenticate', 'Bearer realm="wpwl back office"');
    return sendBackOfficePage(res, {
      status: access.status,
      styled: context.styled,
      title: 'Not for you',
      body: `<p>${escape(access.message)}</p>`,
      head,
    });
  }
  const requested = Number(url.searchParams.get('page') ?? '1');
  const page = Number.isInteger(requested) && requested >= 1 && requested <= 1_000_000 ? requested : 1;
  const [total, violations] = await Promise.all([
    context.reports.count(),
    context.reports.newestFirst((page - 1) * CSP_REPORTS_PAGE_SIZE, CSP_REPORTS_PAGE_SIZE),
  ]);
  const pages = Math.max(1, Math.ceil(total / CSP_REPORTS_PAGE_SIZE));
  const links = [
    page > 1 ? `<li><a href="${CSP_REPORT_PATH}?page=${page - 1}" rel="prev">Newer</a></li>` : '',
    `<li>Page ${page} of ${pages}</li>`,
    page < pages ? `<li><a href="${CSP_REPORT_PATH}?page=${page + 1}" rel="next">Older</a></li>` : '',
  ].join('');
  const intro =
    '<p>What shoppers’ browsers blocked (or, under a report-only policy, would have blocked) on the storefront pages. ' +
    'A script from an unknown host or inline code on a payment page can be a skimmer: find out where it came from. ' +
    'Addresses are shown without their query or fragment.</p>';
  const table =
    total === 0
      ? '<p>No violation has been reported.</p>'
      : `<table id="violations"><caption>Violations, most recently seen first: ${violations.length} of ${total}</caption><thead><tr><th scope="col">Directive</th><th scope="col">Blocked</th><th scope="col">Page</th><th scope="col">Source</th><th scope="col">Outcome</th><th scope="col" class="number">Reports</th><th scope="col">First seen</th><th scope="col">Last seen</th><th scope="col">Browser</th></tr></thead><tbody>${violations.map(row).join('')}</tbody></table>` +
        (pages > 1 ? `<nav aria-label="Violation pages"><ul class="pager">${links}</ul></nav>` : '');
  sendBackOfficePage(res, { status: 200, styled: context.styled, title: 'CSP reports', body: intro + table, head });
}
