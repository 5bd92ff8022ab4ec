// Owns reading a report body into typed violation reports: the two wire
// formats (the Reporting API's array of reports, and the older
// `{"csp-report": {…}}` of report-uri) told apart by Content-Type, each
// field checked by fields.ts, and the key a repeated violation shares.
import { createHash } from 'node:crypto';
import {
  blocked,
  directive,
  disposition,
  documentUrl,
  objectAt,
  optionalInteger,
  optionalString,
  optionalUrl,
  requiredString,
  type Fields,
} from './fields.js';
import { CSP_REPORT_LIMITS, CspReportError, type CspViolationReport } from './report.js';

/** The media types a report body may have. `application/json` is read by its shape. */
export const CSP_REPORT_CONTENT_TYPES = ['application/reports+json', 'application/csp-report', 'application/json'] as const;

/** What {@link parseCspReports} found. */
export interface ParsedCspReports {
  /** The CSP violations, in the body's order. */
  reports: CspViolationReport[];
  /** Reporting API reports of another type (`deprecation`, `intervention` …) sharing the endpoint: not read. */
  skipped: number;
}

const LINE_MAX = 10_000_000;
const STATUS_MAX = 999;
const AGE_MAX = 7 * 24 * 60 * 60 * 1000;

/** The media type of a Content-Type header, lower-case, without parameters; undefined when absent. */
export function mediaTypeOf(contentType: string | null | undefined): string | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type || undefined;
}

/** The media type of a report body's Content-Type, or the `CSP_REPORT_CONTENT_TYPE` error for any other. */
export function reportMediaType(contentType: string | null | undefined): string {
  const type = mediaTypeOf(contentType);
  if (type && (CSP_REPORT_CONTENT_TYPES as readonly string[]).includes(type)) return type;
  const rule = CSP_REPORT_CONTENT_TYPES.join(' | ');
  const message = `Content-Type must be one of ${CSP_REPORT_CONTENT_TYPES.join(', ')}; got ${type ?? 'none'}`;
  throw new CspReportError('CSP_REPORT_CONTENT_TYPE', message, { field: 'Content-Type', rule });
}

/**
 * The key a report shares with its repeats (the dedupe key): SHA-256 (hex)
 * of the document URL, what was blocked, the directive and the source
 * location (file, line, column). Disposition, policy and sample are not part of it.
 */
export function cspReportKey(
  report: Pick<CspViolationReport, 'documentUrl' | 'blocked' | 'directive' | 'sourceFile' | 'lineNumber' | 'columnNumber'>,
): string {
  const parts = [
    report.documentUrl,
    report.blocked,
    report.directive,
    report.sourceFile ?? '',
    report.lineNumber ?? '',
    report.columnNumber ?? '',
  ];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

function withKey(report: Omit<CspViolationReport, 'key'>): CspViolationReport {
  const defined = Object.fromEntries(Object.entries(report).filter(([, value]) => value !== undefined)) as Omit<CspViolationReport, 'key'>;
  return { ...defined, key: cspReportKey(report) };
}

/** One Reporting API report of type `csp-violation`; `prefix` names its place in the batch, e.g. `[0].`. */
function readReportingApiReport(entry: Fields, prefix: string): CspViolationReport {
  const body = objectAt(entry.body, `${prefix}body`);
  const at = `${prefix}body.`;
  return withKey({
    format: 'reporting-api',
    documentUrl: documentUrl(body, 'documentURL', at),
    blocked: blocked(body, 'blockedURL', at),
    directive: directive(body, 'effectiveDirective', at),
    disposition: disposition(body, 'disposition', at),
    originalPolicy: optionalString(body, 'originalPolicy', at, CSP_REPORT_LIMITS.policyChars),
    sourceFile: optionalUrl(body, 'sourceFile', at),
    lineNumber: optionalInteger(body, 'lineNumber', at, LINE_MAX),
    columnNumber: optionalInteger(body, 'columnNumber', at, LINE_MAX),
    sample: optionalString(body, 'sample', at, CSP_REPORT_LIMITS.sampleChars),
    referrer: optionalUrl(body, 'referrer', at),
    statusCode: optionalInteger(body, 'statusCode', at, STATUS_MAX),
    userAgent: optionalString(entry, 'user_agent', prefix, CSP_REPORT_LIMITS.userAgentChars),
    ageMs: optionalInteger(entry, 'age', prefix, AGE_MAX),
  });
}

function readReportingApi(value: unknown): ParsedCspReports {
  if (!Array.isArray(value))
    throw new CspReportError('CSP_REPORT_INVALID', 'a Reporting API body must be an array of reports', { field: 'body', rule: 'an array' });
  if (value.length > CSP_REPORT_LIMITS.reportsPerBody) {
    const rule = `at most ${CSP_REPORT_LIMITS.reportsPerBody} reports`;
    throw new CspReportError('CSP_REPORT_INVALID', `a Reporting API body must hold ${rule}; got ${value.length}`, { field: 'body', rule });
  }
  const reports: CspViolationReport[] = [];
  let skipped = 0;
  value.forEach((item, index) => {
    const entry = objectAt(item, `[${index}]`);
    const type = requiredString(entry, 'type', `[${index}].`, CSP_REPORT_LIMITS.directiveChars);
    if (type !== 'csp-violation') return void skipped++;
    reports.push(readReportingApiReport(entry, `[${index}].`));
  });
  return { reports, skipped };
}

function readLegacy(value: unknown): ParsedCspReports {
  const report = objectAt(objectAt(value, 'body')['csp-report'], 'csp-report');
  const at = 'csp-report.';
  // Older browsers name only the violated directive, as a policy text ("script-src 'self'").
  const effective =
    report['effective-directive'] !== undefined
      ? directive(report, 'effective-directive', at)
      : directive(report, 'violated-directive', at, true);
  return {
    reports: [
      withKey({
        format: 'csp-report',
        documentUrl: documentUrl(report, 'document-uri', at),
        blocked: blocked(report, 'blocked-uri', at),
        directive: effective,
        disposition: disposition(report, 'disposition', at, 'enforce'),
        originalPolicy: optionalString(report, 'original-policy', at, CSP_REPORT_LIMITS.policyChars),
        sourceFile: optionalUrl(report, 'source-file', at),
        lineNumber: optionalInteger(report, 'line-number', at, LINE_MAX),
        columnNumber: optionalInteger(report, 'column-number', at, LINE_MAX),
        sample: optionalString(report, 'script-sample', at, CSP_REPORT_LIMITS.sampleChars),
        referrer: optionalUrl(report, 'referrer', at),
        statusCode: optionalInteger(report, 'status-code', at, STATUS_MAX),
      }),
    ],
    skipped: 0,
  };
}

/**
 * Reads a report body as a browser sent it. `application/reports+json` is
 * the Reporting API's array (reports of other types are skipped and
 * counted); `application/csp-report` is one `{"csp-report": {…}}`;
 * `application/json` is either, by its shape. Every field is checked: one
 * broken rule refuses the whole body.
 *
 * @param body The raw body (UTF-8).
 * @param contentType The request's Content-Type header.
 * @throws CspReportError `CSP_REPORT_CONTENT_TYPE`, `CSP_REPORT_JSON`, `CSP_REPORT_INVALID` (with `field` and `rule`)
 *
 * @example
 * const { reports } = parseCspReports(rawBody, req.headers['content-type']);
 */
export function parseCspReports(body: string | Uint8Array, contentType: string | null | undefined): ParsedCspReports {
  const type = reportMediaType(contentType);
  let value: unknown;
  try {
    const text = typeof body === 'string' ? body : new TextDecoder('utf-8', { fatal: true }).decode(body);
    value = JSON.parse(text);
  } catch (cause) {
    throw new CspReportError('CSP_REPORT_JSON', 'the report body is not UTF-8 JSON', { field: 'body', rule: 'UTF-8 JSON', cause });
  }
  if (type === 'application/reports+json' || (type === 'application/json' && Array.isArray(value))) return readReportingApi(value);
  return readLegacy(value);
}
