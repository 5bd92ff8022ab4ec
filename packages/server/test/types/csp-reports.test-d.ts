// The public types of CSP report reading: a receipt narrows on `ok` to the
// reports or the refusal with its status, the error's code is a closed set,
// and the receiver takes what node:http and the Web platform hand over.
import type { IncomingMessage } from 'node:http';
import { describe, expectTypeOf, it } from 'vitest';
import {
  parseCspReports,
  readCspReports,
  receiveCspReports,
  type CspReportErrorCode,
  type CspReportReceipt,
  type CspViolationReport,
} from '../../src/csp-reports/index.js';

declare const receipt: CspReportReceipt;

describe('CSP report types', () => {
  it('a receipt narrows on ok', () => {
    if (receipt.ok) {
      expectTypeOf(receipt.status).toEqualTypeOf<204>();
      expectTypeOf(receipt.reports).toEqualTypeOf<CspViolationReport[]>();
    } else {
      expectTypeOf(receipt.status).toEqualTypeOf<400 | 413 | 415>();
      expectTypeOf(receipt.error.code).toEqualTypeOf<CspReportErrorCode>();
      expectTypeOf(receipt.error.field).toEqualTypeOf<string | undefined>();
      // @ts-expect-error a refusal carries no reports
      void receipt.reports;
    }
  });

  it('codes, formats and dispositions are closed sets', () => {
    expectTypeOf<CspReportErrorCode>().toEqualTypeOf<
      'CSP_REPORT_CONTENT_TYPE' | 'CSP_REPORT_TOO_LARGE' | 'CSP_REPORT_JSON' | 'CSP_REPORT_INVALID'
    >();
    expectTypeOf<CspViolationReport['format']>().toEqualTypeOf<'reporting-api' | 'csp-report'>();
    expectTypeOf<CspViolationReport['disposition']>().toEqualTypeOf<'enforce' | 'report'>();
  });

  it('takes node:http requests, Web requests, streams and bytes', () => {
    expectTypeOf(receiveCspReports).toBeCallableWith({} as IncomingMessage, ({} as IncomingMessage).headers);
    expectTypeOf(receiveCspReports).toBeCallableWith(new Uint8Array(), new Headers());
    expectTypeOf(receiveCspReports).toBeCallableWith(null as ReadableStream<Uint8Array> | null, new Headers(), { maxBytes: 1024 });
    expectTypeOf(readCspReports).parameter(0).toEqualTypeOf<Request>();
    expectTypeOf(parseCspReports).returns.toEqualTypeOf<{ reports: CspViolationReport[]; skipped: number }>();
  });
});
