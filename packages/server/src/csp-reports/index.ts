// Owns the public surface of @wpwl/server/csp-reports: the CSP violation
// reports shoppers' browsers send (PCI DSS v4 11.6.1 asks to be told when a
// payment page changes), read from either wire format into one typed,
// bounded record with the shopper's data stripped from its URLs, a key for
// counting repeats, and a framework-free receiver that answers the browser.
export { CSP_REPORT_LIMITS, CspReportError, isCspReportError } from './report.js';
export type { CspReportErrorCode, CspReportFormat, CspViolationReport } from './report.js';
export { CSP_REPORT_CONTENT_TYPES, cspReportKey, parseCspReports } from './parse.js';
export type { ParsedCspReports } from './parse.js';
export { readCspReports, receiveCspReports } from './receive.js';
export type { CspReportBody, CspReportHeaders, CspReportReceipt, ReceiveCspReportsOptions } from './receive.js';
