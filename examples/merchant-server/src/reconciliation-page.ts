// Owns the back office's reconciliation page, /reconciliation, rendered here
// as plain HTML (no script): the shop's orders newest first, 50 a page, each
// with its state and what the settlement files said of it; the last
// reconciliation's report (files, rows per outcome, totals per settlement
// date and currency) and its exceptions, 50 a page; and the button that
// reconciles the settlement files of WPWL_SETTLEMENT_DIR (a POST, answered
// with a redirect back to the page). Who may see and use it is
// admin-access.ts's decision; back-office-html.ts sends it. Every value shown is escaped.
import { readdir } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, join } from 'node:path';
import {
  compareFileNames,
  reconcileSettlementFiles,
  RECONCILIATION_OUTCOME_WORDS,
  ReconciliationRunningError,
  type OrderSettlementView,
  type ReconciliationException,
  type ReconciliationOutcomeKind,
  type ReconciliationRunView,
} from '@wpwl/server/reconciliation';
import { CHARGED_STATES, isRetryableStoreError, type OrderState } from '@wpwl/server/settlement';
import { acceptTokenVisit, adminAccess, isSameOrigin } from './admin-access.js';
import { escapeHtml, sendBackOfficePage } from './back-office-html.js';
import { readBody } from './http.js';
import type { OrderListing, OrderStore } from './store.js';

/** The page's address. */
export const RECONCILIATION_PATH = '/reconciliation';
/** Orders and exceptions per page. */
export const PAGE_SIZE = 50;

/** Where the settlement files are, and what to do before reading them. */
export interface ReconciliationSettings {
  /** The folder of the gateway's settlement files (`*.csv`); without it the button says so. */
  settlementDir?: string;
  /** Runs before each reconciliation: the local sandbox writes the files due by its clock. */
  beforeRun?: () => Promise<unknown>;
  /** Paid orders older than this many days and in no file are exceptions. Default 5. */
  missingAfterDays?: number;
}

/** What the page needs of the server. */
export interface ReconciliationPageContext {
  orders: OrderStore;
  /** WPWL_ADMIN_TOKEN, when set. */
  adminToken: string | undefined;
  settings: ReconciliationSettings;
  /** The origin shoppers reach the server at. */
  publicUrl(): string;
  /** The shop's stylesheet is served (at /shared/shop.css). */
  styled: boolean;
}

/** The outcome of a press of the button, shown once on the page it redirects to. */
const NOTICES = {
  done: "The settlement files were reconciled: the report below is this run's.",
  'no-dir': 'No settlement folder is configured: set WPWL_SETTLEMENT_DIR to the folder the gateway delivers its files to.',
  'no-files': 'The settlement folder holds no settlement file (*.csv) yet.',
  busy: 'A reconciliation is running already (here, on another instance, or the wpwl-reconcile command): reload the page in a moment.',
  failed: "The reconciliation stopped with an error: see the server's log.",
} as const;
type Notice = keyof typeof NOTICES;

/** Charged orders that should appear settled in a file (a reversed payment never settles). */
const SETTLING: ReadonlySet<OrderState> = new Set([...CHARGED_STATES].filter((state) => state !== 'reversed'));

const escape = escapeHtml;

/** Answers GET, HEAD and POST of /reconciliation. */
export async function handleReconciliationPage(
  context: ReconciliationPageContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const method = req.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
    res.setHeader('Allow', 'GET, HEAD, POST');
    return sendPage(res, 405, context, 'Method not allowed', '<p>Use GET to see the page, POST (its button) to reconcile.</p>');
  }
  const secure = context.publicUrl().startsWith('https:');
  if (method === 'GET' && acceptTokenVisit(req, res, url, context.adminToken, { secure })) return;
  const access = adminAccess(req, context.adminToken, context.publicUrl());
  if (!access.ok) {
    if (access.status === 401) res.setHeader('WWW-Authenticate', 'Bearer realm="wpwl back office"');
    return sendPage(res, access.status, context, 'Not for you', `<p>${escape(access.message)}</p>`);
  }
  if (method === 'POST') {
    // Only this page's own form (or a client with the Bearer header, which no other site's form can send).
    const origins = [`http://${req.headers.host ?? ''}`, new URL(context.publicUrl()).origin].map((origin) => origin.toLowerCase());
    if (!access.bearer && !isSameOrigin(req, origins)) {
      return sendPage(res, 403, context, 'Refused', '<p>The form was not sent from this shop’s own page: nothing was reconciled.</p>');
    }
    await readBody(req, 1024);
    const notice = await runReconciliation(context);
    res.writeHead(303, { Location: `${RECONCILIATION_PATH}?notice=${notice}`, 'Cache-Control': 'no-store' });
    return void res.end();
  }
  const html = await renderPage(context, url);
  sendPage(res, 200, context, 'Reconciliation', html, method === 'HEAD');
}

/** Reconciles every settlement file of the folder, in name order; one run at a time across instances and the command. */
async function runReconciliation(context: ReconciliationPageContext): Promise<Notice> {
  const { settlementDir: dir, beforeRun, missingAfterDays } = context.settings;
  if (!dir) return 'no-dir';
  try {
    await beforeRun?.();
  } catch (error) {
    console.error(`merchant-server: before reconciling: ${error instanceof Error ? error.message : String(error)}`);
  }
  const names = await readdir(dir).catch(() => [] as string[]);
  const files = names
    .filter((name) => /\.csv$/i.test(name))
    .sort(compareFileNames)
    .map((name) => join(dir, name));
  if (files.length === 0) return 'no-files';
  const { orders } = context;
  try {
    await orders.withReconciliationRun(() =>
      reconcileSettlementFiles({
        files,
        store: orders.reconciliationStore,
        ...(missingAfterDays !== undefined ? { missingAfterDays } : {}),
      }),
    );
  } catch (error) {
    if (error instanceof ReconciliationRunningError) return 'busy';
    // The database is away: the server answers 503 with Retry-After.
    if (isRetryableStoreError(error)) throw error;
    console.error('merchant-server: reconciliation failed', error);
    return 'failed';
  }
  return 'done';
}

/** A page number from the query (1 when absent or malformed). */
function pageOf(url: URL, name: string): number {
  const value = Number(url.searchParams.get(name) ?? '1');
  return Number.isInteger(value) && value >= 1 && value <= 1_000_000 ? value : 1;
}

/** A link to the page with `name` set to `page`, the other page numbers kept. */
function pageLink(url: URL, name: string, page: number, text: string, rel: 'prev' | 'next'): string {
  const target = new URLSearchParams();
  for (const key of ['orders', 'exceptions']) {
    const value = key === name ? String(page) : url.searchParams.get(key);
    if (value && value !== '1') target.set(key, value);
  }
  const query = target.toString();
  return `<a href="${RECONCILIATION_PATH}${query ? `?${escape(query)}` : ''}#${name}" rel="${rel}">${escape(text)}</a>`;
}

/** Previous / next links of a paged table, and where this page is. */
function pager(url: URL, name: string, label: string, page: number, total: number, words: [string, string]): string {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (pages === 1) return '';
  const links = [
    page > 1 ? `<li>${pageLink(url, name, page - 1, words[0], 'prev')}</li>` : '',
    `<li>Page ${page} of ${pages}</li>`,
    page < pages ? `<li>${pageLink(url, name, page + 1, words[1], 'next')}</li>` : '',
  ].join('');
  return `<nav aria-label="${escape(label)}"><ul class="pager">${links}</ul></nav>`;
}

/** Which rows of `total` a page shows, e.g. `51–100 of 230`. */
function range(page: number, shown: number, total: number): string {
  if (shown === 0) return `none of ${total}`;
  const first = (page - 1) * PAGE_SIZE + 1;
  return `${first}–${first + shown - 1} of ${total}`;
}

const timeOf = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const labelOf = (kind: string) => RECONCILIATION_OUTCOME_WORDS[kind as ReconciliationOutcomeKind]?.label ?? kind;

/** What the settlement files said of an order. */
export function settlementText(order: Pick<OrderListing, 'state'>, view: OrderSettlementView | undefined): string {
  const others = (view?.outcomes ?? []).filter((outcome) => outcome !== 'settled').map(labelOf);
  if (view?.settledOn) return [`settled on ${view.settledOn}`, ...others].join('; ');
  if (others.length > 0) return others.join('; ');
  return SETTLING.has(order.state) ? 'not in a file yet' : 'nothing to settle';
}

async function renderPage(context: ReconciliationPageContext, url: URL): Promise<string> {
  const { orders } = context;
  const ordersPage = pageOf(url, 'orders');
  const exceptionsPage = pageOf(url, 'exceptions');
  const [total, listing, run] = await Promise.all([
    orders.count(),
    orders.newestFirst((ordersPage - 1) * PAGE_SIZE, PAGE_SIZE),
    orders.reconciliationStore.lastRun(),
  ]);
  const [views, exceptions] = await Promise.all([
    orders.reconciliationStore.settlementOf(listing.map((order) => order.orderId)),
    run
      ? orders.reconciliationStore.exceptions(run.runId, { offset: (exceptionsPage - 1) * PAGE_SIZE, limit: PAGE_SIZE })
      : Promise.resolve([]),
  ]);

  const notice = url.searchParams.get('notice');
  const noticeHtml =
    notice && Object.hasOwn(NOTICES, notice)
      ? `<p role="status" class="${notice === 'done' ? 'status' : 'warning'}">${escape(NOTICES[notice as Notice])}</p>`
      : '';
  return [
    noticeHtml,
    await runSection(context),
    reportSection(run, exceptions, url, exceptionsPage),
    ordersSection(listing, views, url, ordersPage, total),
  ].join('');
}

async function runSection(context: ReconciliationPageContext): Promise<string> {
  const dir = context.settings.settlementDir;
  const count = dir ? (await readdir(dir).catch(() => [] as string[])).filter((name) => /\.csv$/i.test(name)).length : 0;
  const where = dir
    ? `<p>Settlement files in <code>${escape(dir)}</code>: ${count}. Each row is recorded once: reconciling a file again changes nothing.</p>`
    : '<p>No settlement folder is configured (<code>WPWL_SETTLEMENT_DIR</code>).</p>';
  return `<section aria-labelledby="run-heading"><h2 id="run-heading">Reconcile</h2>${where}<form method="post" action="${RECONCILIATION_PATH}"><button type="submit">Reconcile the settlement files</button></form></section>`;
}

function reportSection(run: ReconciliationRunView | undefined, exceptions: ReconciliationException[], url: URL, page: number): string {
  const heading = '<h2 id="report-heading">Last reconciliation</h2>';
  if (!run?.report) return `<section aria-labelledby="report-heading">${heading}<p>No reconciliation has run yet.</p></section>`;
  const { report } = run;
  const files = report.files
    .map(
      (file) =>
        `<tr><th scope="row">${escape(basename(file.file))}</th><td class="number">${file.rows}</td><td class="number">${file.records}</td><td class="number">${file.rowErrors}</td><td class="number">${file.alreadyReconciled}</td></tr>`,
    )
    .join('');
  const kinds = (Object.keys(RECONCILIATION_OUTCOME_WORDS) as ReconciliationOutcomeKind[]).filter((kind) => report.counts[kind]);
  const counts = kinds
    .map(
      (kind) =>
        `<tr><th scope="row">${escape(RECONCILIATION_OUTCOME_WORDS[kind].label)}</th><td class="number">${report.counts[kind]}</td><td>${escape(RECONCILIATION_OUTCOME_WORDS[kind].meaning)}</td></tr>`,
    )
    .join('');
  const totals = report.totals
    .map(
      (t) =>
        `<tr><th scope="row">${escape(t.settlementDate)}</th><td>${escape(t.currency)}</td><td class="number">${t.rows}</td><td class="number">${escape(t.credited)}</td><td class="number">${escape(t.debited)}</td><td class="number">${escape(t.fees)}</td><td class="number">${escape(t.net)}</td></tr>`,
    )
    .join('');
  const exceptionRows = exceptions
    .map((e) => {
      const where = e.file ? `${basename(e.file)}${e.line !== undefined ? `:${e.line}` : ''}` : '—';
      return `<tr><th scope="row">${escape(labelOf(e.kind))}</th><td>${escape(where)}</td><td>${escape(e.orderId ?? '—')}</td><td>${escape(e.message)}</td></tr>`;
    })
    .join('');
  const finished = run.finishedAt ? `, finished ${timeOf(run.finishedAt)}` : '';
  return [
    `<section aria-labelledby="report-heading">${heading}`,
    `<p>Run <code>${escape(run.runId)}</code>${escape(finished)}. Paid orders older than ${report.missingAfterDays} days and in no file count as missing.</p>`,
    `<table><caption>Files read</caption><thead><tr><th scope="col">File</th><th scope="col" class="number">Rows</th><th scope="col" class="number">Records</th><th scope="col" class="number">Row errors</th><th scope="col" class="number">Already reconciled</th></tr></thead><tbody>${files}</tbody></table>`,
    `<table><caption>Rows per outcome</caption><thead><tr><th scope="col">Outcome</th><th scope="col" class="number">Rows</th><th scope="col">Meaning</th></tr></thead><tbody>${counts || '<tr><td colspan="3">No rows.</td></tr>'}</tbody></table>`,
    `<table><caption>Totals per settlement date and currency</caption><thead><tr><th scope="col">Settlement date</th><th scope="col">Currency</th><th scope="col" class="number">Rows</th><th scope="col" class="number">Credited</th><th scope="col" class="number">Debited</th><th scope="col" class="number">Fees</th><th scope="col" class="number">Net</th></tr></thead><tbody>${totals || '<tr><td colspan="7">No rows.</td></tr>'}</tbody></table>`,
    `<h3 id="exceptions">Exceptions (${report.exceptionCount})</h3>`,
    report.exceptionCount === 0
      ? '<p>None: every row agrees with the shop.</p>'
      : `<table><caption>Exceptions, ${range(page, exceptions.length, report.exceptionCount)}</caption><thead><tr><th scope="col">Kind</th><th scope="col">File:line</th><th scope="col">Order</th><th scope="col">Message</th></tr></thead><tbody>${exceptionRows}</tbody></table>${pager(url, 'exceptions', 'Exception pages', page, report.exceptionCount, ['Previous exceptions', 'Next exceptions'])}`,
    '</section>',
  ].join('');
}

function ordersSection(listing: OrderListing[], views: Map<string, OrderSettlementView>, url: URL, page: number, total: number): string {
  const rows = listing
    .map(
      (order) =>
        `<tr><th scope="row">${escape(order.orderId)}</th><td>${escape(timeOf(order.createdAt))}</td><td class="number">${escape(order.amount)} ${escape(order.currency)}</td><td>${escape(order.state)}</td><td>${escape(settlementText(order, views.get(order.orderId)))}</td></tr>`,
    )
    .join('');
  return [
    '<section aria-labelledby="orders-heading"><h2 id="orders-heading">Orders</h2>',
    `<table id="orders"><caption>Orders, newest first: ${range(page, listing.length, total)}</caption><thead><tr><th scope="col">Order</th><th scope="col">Created</th><th scope="col" class="number">Amount</th><th scope="col">State</th><th scope="col">Settlement</th></tr></thead><tbody>${rows || '<tr><td colspan="5">No orders yet.</td></tr>'}</tbody></table>`,
    pager(url, 'orders', 'Order pages', page, total, ['Newer orders', 'Older orders']),
    '</section>',
  ].join('');
}

function sendPage(
  res: ServerResponse,
  status: number,
  context: ReconciliationPageContext,
  title: string,
  body: string,
  head = false,
): void {
  sendBackOfficePage(res, { status, styled: context.styled, title, body, head });
}
