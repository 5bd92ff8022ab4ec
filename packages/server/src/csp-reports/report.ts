// Owns the shapes of a CSP violation report as this package hands it over:
// one typed record whichever wire format the browser used, and the error a
// refused report body carries (a stable code, the field and the rule).

/** The wire format a report came in. */
export type CspReportFormat =
  /** `application/reports+json`: the Reporting API (`report-to` with `Reporting-Endpoints`). */
  | 'reporting-api'
  /** `application/csp-report`: the older `report-uri` directive. */
  | 'csp-report';

/**
 * One CSP violation, normalised. URLs are reduced to scheme, host and path:
 * their query and fragment (where a shopper's data could be) are dropped
 * before anything is kept. Strings are bounded (see {@link CSP_REPORT_LIMITS}).
 */
export interface CspViolationReport {
  format: CspReportFormat;
  /** The page the violation happened on, e.g. `https://shop.example/checkout`. */
  documentUrl: string;
  /**
   * What was blocked: a URL reduced to scheme, host and path, a scheme
   * alone for URLs without a host (`data`, `blob`), or the browser's keyword
   * (`inline`, `eval`, `wasm-eval`, `trusted-types-sink` …). An empty value
   * (older browsers, for inline code) is `inline`.
   */
  blocked: string;
  /** The directive that was enforced, e.g. `script-src-elem`. */
  directive: string;
  /** `enforce`: the resource was blocked; `report`: a report-only policy let it through. */
  disposition: 'enforce' | 'report';
  /** The policy as the browser read it. */
  originalPolicy?: string;
  /** The script the violation came from (reduced like every URL), with its line and column. */
  sourceFile?: string;
  lineNumber?: number;
  columnNumber?: number;
  /** The first characters of the blocked inline code, when the policy asks for them (`'report-sample'`). */
  sample?: string;
  /** The page's referrer, reduced like every URL. */
  referrer?: string;
  /** The HTTP status of the page's response. */
  statusCode?: number;
  /** The browser, as the Reporting API names it (a legacy report has none: take the request's User-Agent). */
  userAgent?: string;
  /** Reporting API: how old the report was when it was sent, in milliseconds. */
  ageMs?: number;
  /**
   * The same violation, however often it is reported: a SHA-256 (hex) of the
   * document URL, what was blocked, the directive and the source location.
   * Store reports under it and count repeats.
   */
  key: string;
}

/** The bounds every report is held to. Longer values are refused, not cut. */
export const CSP_REPORT_LIMITS = {
  /** Default largest body, in bytes, {@link receiveCspReports} reads. */
  bodyBytes: 64 * 1024,
  /** Reports in one Reporting API body. */
  reportsPerBody: 100,
  /** Characters of any URL, before it is reduced. */
  urlChars: 2048,
  /** Characters of the policy. */
  policyChars: 8192,
  /** Characters of a sample (browsers send at most 40). */
  sampleChars: 256,
  /** Characters of a directive name or keyword. */
  directiveChars: 64,
  /** Characters of a user agent. */
  userAgentChars: 512,
} as const;

/** Why a report body was refused. Stable values, safe to switch on. */
export type CspReportErrorCode =
  /** The Content-Type is none of `application/reports+json`, `application/csp-report`, `application/json` (HTTP 415). */
  | 'CSP_REPORT_CONTENT_TYPE'
  /** The body is (or says it is) larger than the limit; it was not read further (HTTP 413). */
  | 'CSP_REPORT_TOO_LARGE'
  /** The body is not UTF-8 JSON (HTTP 400). */
  | 'CSP_REPORT_JSON'
  /** A field breaks a rule: `field` and `rule` say which (HTTP 400). */
  | 'CSP_REPORT_INVALID';

/**
 * A refused report body. Switch on `code`; `field` (as the wire format
 * names it, e.g. `body.documentURL` or `csp-report.blocked-uri`, with the
 * report's index in a batch) and `rule` say what was wrong.
 */
export class CspReportError extends Error {
  override readonly name = 'CspReportError';
  readonly code: CspReportErrorCode;
  readonly field: string | undefined;
  readonly rule: string | undefined;

  constructor(code: CspReportErrorCode, message: string, options: { field?: string; rule?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.field = options.field;
    this.rule = options.rule;
  }
}

/** True for a CspReportError, also one from another copy of the package. */
export function isCspReportError(value: unknown): value is CspReportError {
  return value instanceof CspReportError || (value instanceof Error && value.name === 'CspReportError' && 'code' in value);
}
