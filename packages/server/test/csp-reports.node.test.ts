// CSP violation reports as browsers send them (the Reporting API's batch and
// report-uri's single report, in the shapes Chromium and Firefox post): read
// into one record with the shopper's data stripped from every URL, repeats
// sharing one key, and every broken rule refused with its field and rule;
// the receiver's answers for bad content types, bodies that are too large
// (declared or streamed), malformed JSON and other sites' pages.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  CSP_REPORT_LIMITS,
  cspReportKey,
  isCspReportError,
  parseCspReports,
  readCspReports,
  receiveCspReports,
  type CspReportError,
} from '../src/csp-reports/index.js';

const POLICY = "default-src 'self'; script-src 'self' https://gw.example 'nonce-abc'; report-to csp-endpoint";

/** A Reporting API report of a script from a host the policy does not allow, as Chromium sends it. */
function reportingApiReport(body: Record<string, unknown> = {}, top: Record<string, unknown> = {}) {
  return {
    age: 12,
    type: 'csp-violation',
    url: 'https://shop.example/checkout?cart=4711#pay',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
    body: {
      documentURL: 'https://shop.example/checkout?cart=4711#pay',
      blockedURL: 'https://evil.example/skim.js?card=4111111111111111',
      effectiveDirective: 'script-src-elem',
      originalPolicy: POLICY,
      disposition: 'enforce',
      statusCode: 200,
      sourceFile: 'https://shop.example/app.js?v=3',
      lineNumber: 14,
      columnNumber: 7,
      sample: '',
      referrer: 'https://shop.example/cart?email=a@b.example',
      ...body,
    },
    ...top,
  };
}

/** A report-uri report of an inline script without the nonce, as Chromium sends it. */
function legacyReport(fields: Record<string, unknown> = {}) {
  return {
    'csp-report': {
      'document-uri': 'https://shop.example/checkout?cart=4711',
      referrer: '',
      'violated-directive': 'script-src-elem',
      'effective-directive': 'script-src-elem',
      'original-policy': POLICY,
      disposition: 'enforce',
      'blocked-uri': 'inline',
      'line-number': 3,
      'column-number': 1,
      'source-file': 'https://shop.example/checkout?cart=4711',
      'status-code': 200,
      'script-sample': 'alert(1)',
      ...fields,
    },
  };
}

const REPORTS_JSON = 'application/reports+json';
const CSP_REPORT = 'application/csp-report';

function refusal(run: () => unknown): CspReportError {
  try {
    run();
  } catch (error) {
    if (isCspReportError(error)) return error;
    throw error;
  }
  throw new Error('expected a CspReportError');
}

describe('parseCspReports: the Reporting API', () => {
  it('reads a csp-violation report into the record, URLs reduced to scheme, host and path', () => {
    const { reports, skipped } = parseCspReports(JSON.stringify([reportingApiReport()]), REPORTS_JSON);
    expect(skipped).toBe(0);
    expect(reports).toEqual([
      {
        format: 'reporting-api',
        documentUrl: 'https://shop.example/checkout',
        blocked: 'https://evil.example/skim.js',
        directive: 'script-src-elem',
        disposition: 'enforce',
        originalPolicy: POLICY,
        sourceFile: 'https://shop.example/app.js',
        lineNumber: 14,
        columnNumber: 7,
        referrer: 'https://shop.example/cart',
        statusCode: 200,
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
        ageMs: 12,
        key: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ]);
    // No query or fragment (a card number, an email, a cart id) is kept anywhere.
    expect(JSON.stringify(reports)).not.toMatch(/4111|email|cart=|#pay/);
  });

  it('skips reports of other types sharing the endpoint, and reads the rest of the batch', () => {
    const deprecation = { type: 'deprecation', age: 1, url: 'https://shop.example/', body: { id: 'x', message: 'old API' } };
    const { reports, skipped } = parseCspReports(
      JSON.stringify([deprecation, reportingApiReport(), reportingApiReport({ blockedURL: 'eval' })]),
      REPORTS_JSON,
    );
    expect(skipped).toBe(1);
    expect(reports.map((report) => report.blocked)).toEqual(['https://evil.example/skim.js', 'eval']);
  });

  it('keeps a report-only disposition', () => {
    const [report] = parseCspReports(JSON.stringify([reportingApiReport({ disposition: 'report' })]), REPORTS_JSON).reports;
    expect(report?.disposition).toBe('report');
  });

  it('reduces a URL without a host to its scheme, and an extension to its id', () => {
    const read = (blockedURL: string) =>
      parseCspReports(JSON.stringify([reportingApiReport({ blockedURL })]), REPORTS_JSON).reports[0]?.blocked;
    expect(read('data:text/javascript,alert(document.cookie)')).toBe('data');
    expect(read('blob:https://shop.example/0f3c')).toBe('blob');
    expect(read('chrome-extension://abcdefgh/inject.js?x=1')).toBe('chrome-extension://abcdefgh/inject.js');
    expect(read('trusted-types-sink')).toBe('trusted-types-sink');
  });

  it.each([
    ['[0].body', { body: 'text' }, 'an object', true],
    ['[0].type', { type: 7 }, 'a string', true],
    ['[0].age', { age: -1 }, 'a whole number from 0 to 604800000', true],
    ['[0].user_agent', { user_agent: 'u'.repeat(513) }, 'at most 512 characters', true],
    ['[0].body.documentURL', { documentURL: undefined }, 'a non-empty string', false],
    ['[0].body.documentURL', { documentURL: 'javascript:alert(1)' }, 'an http or https URL', false],
    ['[0].body.documentURL', { documentURL: '/checkout' }, 'an absolute URL', false],
    ['[0].body.documentURL', { documentURL: `https://shop.example/${'a'.repeat(2048)}` }, 'at most 2048 characters', false],
    ['[0].body.blockedURL', { blockedURL: 'not a url' }, 'an absolute URL', false],
    ['[0].body.blockedURL', { blockedURL: 42 }, 'a string', false],
    [
      '[0].body.effectiveDirective',
      { effectiveDirective: 'Script-Src' },
      'a directive name (lower-case letters and hyphens, at most 64)',
      false,
    ],
    ['[0].body.effectiveDirective', { effectiveDirective: undefined }, 'a non-empty string', false],
    ['[0].body.disposition', { disposition: 'block' }, '"enforce" or "report"', false],
    ['[0].body.disposition', { disposition: undefined }, '"enforce" or "report"', false],
    ['[0].body.originalPolicy', { originalPolicy: 'x'.repeat(8193) }, 'at most 8192 characters', false],
    ['[0].body.sourceFile', { sourceFile: 'app.js' }, 'an absolute URL', false],
    ['[0].body.lineNumber', { lineNumber: 1.5 }, 'a whole number from 0 to 10000000', false],
    ['[0].body.columnNumber', { columnNumber: '7' }, 'a whole number from 0 to 10000000', false],
    ['[0].body.statusCode', { statusCode: 1000 }, 'a whole number from 0 to 999', false],
    ['[0].body.sample', { sample: 's'.repeat(257) }, 'at most 256 characters', false],
    ['[0].body.referrer', { referrer: 'nowhere' }, 'an absolute URL', false],
  ])('refuses %s: %j (%s)', (field, change, rule, top) => {
    const entry = top ? reportingApiReport({}, change) : reportingApiReport(change);
    const error = refusal(() => parseCspReports(JSON.stringify([entry]), REPORTS_JSON));
    expect(error).toMatchObject({ code: 'CSP_REPORT_INVALID', field, rule });
    expect(error.message).toContain(field);
  });

  it('refuses a body that is no array, and a batch of more than 100 reports', () => {
    expect(refusal(() => parseCspReports(JSON.stringify(reportingApiReport()), REPORTS_JSON))).toMatchObject({
      code: 'CSP_REPORT_INVALID',
      field: 'body',
      rule: 'an array',
    });
    const many = JSON.stringify(Array.from({ length: CSP_REPORT_LIMITS.reportsPerBody + 1 }, () => reportingApiReport()));
    expect(refusal(() => parseCspReports(many, REPORTS_JSON))).toMatchObject({ field: 'body', rule: 'at most 100 reports' });
  });

  it('refuses the whole batch when one report breaks a rule, naming its place', () => {
    const batch = [reportingApiReport(), reportingApiReport({ lineNumber: -3 })];
    expect(refusal(() => parseCspReports(JSON.stringify(batch), REPORTS_JSON))).toMatchObject({ field: '[1].body.lineNumber' });
  });
});

describe('parseCspReports: report-uri', () => {
  it('reads a csp-report into the same record', () => {
    const { reports } = parseCspReports(JSON.stringify(legacyReport()), CSP_REPORT);
    expect(reports).toEqual([
      {
        format: 'csp-report',
        documentUrl: 'https://shop.example/checkout',
        blocked: 'inline',
        directive: 'script-src-elem',
        disposition: 'enforce',
        originalPolicy: POLICY,
        sourceFile: 'https://shop.example/checkout',
        lineNumber: 3,
        columnNumber: 1,
        sample: 'alert(1)',
        statusCode: 200,
        key: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ]);
  });

  it('reads what older browsers send: the violated directive as policy text, no disposition, an empty blocked-uri', () => {
    const old = legacyReport({
      'effective-directive': undefined,
      'violated-directive': "script-src 'self'",
      disposition: undefined,
      'blocked-uri': '',
    });
    const [report] = parseCspReports(JSON.stringify(old), CSP_REPORT).reports;
    expect(report).toMatchObject({ directive: 'script-src', disposition: 'enforce', blocked: 'inline' });
  });

  it('reads application/json by its shape, and the charset parameter does not matter', () => {
    expect(parseCspReports(JSON.stringify(legacyReport()), 'application/json').reports[0]?.format).toBe('csp-report');
    expect(parseCspReports(JSON.stringify([reportingApiReport()]), 'Application/JSON; charset=utf-8').reports[0]?.format).toBe(
      'reporting-api',
    );
    expect(parseCspReports(JSON.stringify(legacyReport()), 'application/csp-report; charset=UTF-8').reports).toHaveLength(1);
  });

  it.each([
    ['csp-report', {}, 'an object'],
    ['csp-report.document-uri', { 'document-uri': 'about:blank' }, 'an http or https URL'],
    ['csp-report.blocked-uri', { 'blocked-uri': null }, 'a string (a URL or a keyword)'],
    [
      'csp-report.effective-directive',
      { 'effective-directive': 'script src' },
      'a directive name (lower-case letters and hyphens, at most 64)',
    ],
    ['csp-report.disposition', { disposition: 'Enforce' }, '"enforce" or "report"'],
    ['csp-report.script-sample', { 'script-sample': ['x'] }, 'a string'],
    ['csp-report.line-number', { 'line-number': 10_000_001 }, 'a whole number from 0 to 10000000'],
    ['csp-report.status-code', { 'status-code': -200 }, 'a whole number from 0 to 999'],
  ])('refuses %s: %j (%s)', (field, change, rule) => {
    const body = field === 'csp-report' ? { 'csp-report': 'nothing' } : legacyReport(change);
    expect(refusal(() => parseCspReports(JSON.stringify(body), CSP_REPORT))).toMatchObject({ code: 'CSP_REPORT_INVALID', field, rule });
  });
});

describe('parseCspReports: the body', () => {
  it.each([
    ['text/plain', 'text/plain'],
    ['multipart/form-data; boundary=x', 'multipart/form-data'],
    [undefined, 'none'],
  ])('refuses Content-Type %s', (contentType, named) => {
    const error = refusal(() => parseCspReports(JSON.stringify(legacyReport()), contentType));
    expect(error).toMatchObject({ code: 'CSP_REPORT_CONTENT_TYPE', field: 'Content-Type' });
    expect(error.message).toContain(named);
  });

  it('refuses malformed JSON and bytes that are not UTF-8', () => {
    expect(refusal(() => parseCspReports('{"csp-report": {', CSP_REPORT))).toMatchObject({ code: 'CSP_REPORT_JSON', field: 'body' });
    expect(refusal(() => parseCspReports(new Uint8Array([0x5b, 0xff, 0x5d]), REPORTS_JSON))).toMatchObject({ code: 'CSP_REPORT_JSON' });
  });
});

describe('cspReportKey: repeats of one violation', () => {
  const keyOf = (body: Record<string, unknown>) =>
    parseCspReports(JSON.stringify([reportingApiReport(body)]), REPORTS_JSON).reports[0]?.key;

  it('is shared by reports that differ only in query, fragment, sample, policy or age', () => {
    const first = keyOf({});
    expect(keyOf({ documentURL: 'https://shop.example/checkout?cart=99', blockedURL: 'https://evil.example/skim.js?v=2' })).toBe(first);
    expect(keyOf({ sample: 'other', originalPolicy: "default-src 'none'", statusCode: 404 })).toBe(first);
    // The same violation through report-uri has the same key.
    const legacy = legacyReport({
      'blocked-uri': 'https://evil.example/skim.js',
      'source-file': 'https://shop.example/app.js',
      'line-number': 14,
      'column-number': 7,
    });
    expect(parseCspReports(JSON.stringify(legacy), CSP_REPORT).reports[0]?.key).toBe(first);
  });

  it('differs with the page, what was blocked, the directive or the source location', () => {
    const keys = [
      keyOf({}),
      keyOf({ documentURL: 'https://shop.example/cart' }),
      keyOf({ blockedURL: 'https://evil.example/other.js' }),
      keyOf({ effectiveDirective: 'connect-src' }),
      keyOf({ sourceFile: 'https://shop.example/vendor.js' }),
      keyOf({ lineNumber: 15 }),
      keyOf({ columnNumber: 8 }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(cspReportKey({ documentUrl: 'https://a.example/', blocked: 'inline', directive: 'script-src' })).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('receiveCspReports', () => {
  const legacyBody = JSON.stringify(legacyReport());

  it('answers 204 with the reports, from bytes, a Web stream, a node stream and a Request', async () => {
    const headers = { 'content-type': CSP_REPORT };
    const fromBytes = await receiveCspReports(new TextEncoder().encode(legacyBody), headers);
    const fromWebStream = await receiveCspReports(new Blob([legacyBody]).stream(), new Headers(headers));
    const fromNode = await receiveCspReports(
      Readable.from([Buffer.from(legacyBody.slice(0, 50)), Buffer.from(legacyBody.slice(50))]),
      headers,
    );
    const fromRequest = await readCspReports(
      new Request('https://shop.example/csp-reports', { method: 'POST', headers, body: legacyBody }),
    );
    for (const receipt of [fromBytes, fromWebStream, fromNode, fromRequest]) {
      expect(receipt).toMatchObject({ ok: true, status: 204, skipped: 0, reports: [{ blocked: 'inline', directive: 'script-src-elem' }] });
    }
  });

  it('answers 415 to another Content-Type without reading the body', async () => {
    let pulled = false;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled = true;
          controller.close();
        },
      },
      // Nothing is pulled before a reader asks.
      { highWaterMark: 0 },
    );
    const receipt = await receiveCspReports(body, { 'content-type': 'text/html' });
    expect(receipt).toMatchObject({ ok: false, status: 415, error: { code: 'CSP_REPORT_CONTENT_TYPE' } });
    expect(pulled).toBe(false);
  });

  it('answers 413 to a body over 64 KiB: declared, or streamed without a length', async () => {
    const big = JSON.stringify(legacyReport({ 'script-sample': 'x'.repeat(70 * 1024) }));
    const declared = await receiveCspReports(null, { 'content-type': CSP_REPORT, 'content-length': String(big.length) });
    expect(declared).toMatchObject({ ok: false, status: 413, error: { code: 'CSP_REPORT_TOO_LARGE', rule: 'at most 65536 bytes' } });

    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 16 * 1024;
        controller.enqueue(new Uint8Array(16 * 1024).fill(0x20));
      },
    });
    const streamed = await receiveCspReports(endless, { 'content-type': REPORTS_JSON });
    expect(streamed).toMatchObject({ ok: false, status: 413 });
    // The reading stopped just past the limit.
    expect(sent).toBeLessThanOrEqual(CSP_REPORT_LIMITS.bodyBytes + 2 * 16 * 1024);
    expect(await receiveCspReports(legacyBody, { 'content-type': CSP_REPORT }, { maxBytes: 100 })).toMatchObject({ status: 413 });
  });

  it('answers 400 with the field to malformed JSON and to a broken rule', async () => {
    expect(await receiveCspReports('[{', { 'content-type': REPORTS_JSON })).toMatchObject({
      status: 400,
      error: { code: 'CSP_REPORT_JSON' },
    });
    const broken = JSON.stringify(legacyReport({ 'line-number': 'three' }));
    expect(await receiveCspReports(broken, { 'Content-Type': CSP_REPORT })).toMatchObject({
      status: 400,
      error: { code: 'CSP_REPORT_INVALID', field: 'csp-report.line-number' },
    });
  });

  it('with documentOrigins, refuses reports about pages of other sites', async () => {
    const options = { documentOrigins: ['https://shop.example/'] };
    expect(await receiveCspReports(legacyBody, { 'content-type': CSP_REPORT }, options)).toMatchObject({ ok: true });
    const elsewhere = JSON.stringify(legacyReport({ 'document-uri': 'https://other.example/page' }));
    expect(await receiveCspReports(elsewhere, { 'content-type': CSP_REPORT }, options)).toMatchObject({
      ok: false,
      status: 400,
      error: { code: 'CSP_REPORT_INVALID', field: 'documentUrl', rule: 'a page of https://shop.example' },
    });
  });

  it('answers 204 with no reports to a batch of other report types', async () => {
    const body = JSON.stringify([{ type: 'intervention', age: 0, url: 'https://shop.example/', body: {} }]);
    expect(await receiveCspReports(body, { 'content-type': REPORTS_JSON })).toEqual({ ok: true, status: 204, reports: [], skipped: 1 });
  });
});
