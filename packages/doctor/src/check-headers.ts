// Owns the findings about the page's security headers: the CSP (present, in
// a header rather than <meta>, script-src with a nonce or hashes and without
// 'unsafe-inline' / 'unsafe-eval' / wildcards, frame-ancestors, reporting),
// the widget's hosts in each directive the widget needs (test and live
// hosts differ), and HTTPS with Strict-Transport-Security.
import { contentSecurityPolicy } from '@wpwl/core';
import { effectiveSources, sourcesAllowUrl, type Policy } from './csp.js';
import type { PageEvidence } from './evidence.js';
import type { Finding } from './findings.js';
import { pagePolicies } from './policies.js';

/** What the checks are told beyond the page. */
export interface HeaderCheckOptions {
  /** The page must load the widget from the live gateway: a test host is an error. */
  live?: boolean;
}

const LOOPBACK = /^(localhost|127(\.\d+){3}|\[::1\])$/;

/** The widget's origins: where the page loaded paymentWidgets.js from. */
export function widgetOrigins(evidence: PageEvidence): string[] {
  return [...new Set(evidence.widgetLoads.map((load) => new URL(load.url).origin))];
}

/** The directives the widget needs for `origin`, from @wpwl/core's policy builder (frame-ancestors aside). */
function neededDirectives(origin: string): string[] {
  try {
    return Object.keys(contentSecurityPolicy({ baseUrl: origin, nonce: 'doctor-check-nonce' }).directives).filter(
      (name) => name !== 'frame-ancestors',
    );
  } catch {
    return ['script-src', 'style-src', 'frame-src', 'connect-src', 'img-src'];
  }
}

const WHY: Record<string, string> = {
  'script-src': "the widget's follow-up script cannot load",
  'style-src': "the widget's stylesheet is refused",
  'frame-src': 'the card number and CVV iframes cannot load',
  'connect-src': 'the widget cannot talk to the gateway',
  'img-src': 'the brand logos do not show',
};

/** The findings about the page's headers. */
export function checkHeaders(evidence: PageEvidence, options: HeaderCheckOptions = {}): Finding[] {
  const findings: Finding[] = [];
  const { enforced, reportOnly } = pagePolicies(evidence);
  const headerPolicies = enforced.filter((policy) => policy.source === 'header');
  const pageUrl = new URL(evidence.url);

  if (enforced.length === 0) {
    findings.push({
      code: 'CSP_MISSING',
      severity: 'error',
      requirement: 'saqA',
      subject: 'Content-Security-Policy',
      message:
        reportOnly.length > 0
          ? 'The page has only a report-only CSP: nothing stops a script that is not yours from running.'
          : 'The page has no Content-Security-Policy: any script that gets onto it runs.',
      fix: "Send a Content-Security-Policy header with a per-response nonce in script-src and the widget's host (@wpwl/core's contentSecurityPolicy builds the widget's part).",
    });
  } else if (headerPolicies.length === 0) {
    findings.push({
      code: 'CSP_IN_META',
      severity: 'warning',
      requirement: 'tamper',
      subject: '<meta http-equiv="Content-Security-Policy">',
      message: 'The CSP comes in a <meta> element: it cannot report violations and browsers ignore its frame-ancestors.',
      fix: 'Send the same policy as a Content-Security-Policy response header, with report-to, and remove the <meta> element.',
    });
  }

  for (const policy of enforced) findings.push(...checkScriptSrc(policy));

  if (enforced.length > 0 && !headerPolicies.some((policy) => policy.directives.has('frame-ancestors'))) {
    findings.push({
      code: 'CSP_NO_FRAME_ANCESTORS',
      severity: 'warning',
      requirement: 'saqA',
      subject: 'frame-ancestors',
      message: 'No CSP header sets frame-ancestors: any site may show the payment page in a frame (clickjacking).',
      fix: "Add frame-ancestors 'self' (or 'none') to the Content-Security-Policy header.",
    });
  }
  const reports = [...headerPolicies, ...reportOnly].some(
    (policy) => policy.directives.has('report-to') || policy.directives.has('report-uri'),
  );
  if (headerPolicies.length > 0 && !reports) {
    findings.push({
      code: 'CSP_NO_REPORTING',
      severity: 'info',
      requirement: 'tamper',
      subject: 'report-to',
      message: 'The CSP sends no violation reports: a script refused in a shopper\u2019s browser goes unnoticed.',
      fix: 'Add report-to (with a Reporting-Endpoints header) and report-uri pointing at a collector you watch.',
    });
  }

  for (const origin of widgetOrigins(evidence)) findings.push(...checkWidgetHost(origin, enforced, evidence, options));
  findings.push(...checkTransport(evidence, pageUrl));
  return findings;
}

function checkScriptSrc(policy: Policy): Finding[] {
  const where = policy.source === 'meta' ? '<meta> CSP' : 'CSP header';
  const governing = effectiveSources(policy, 'script-src');
  if (!governing) {
    return [
      {
        code: 'CSP_NO_SCRIPT_SRC',
        severity: 'error',
        requirement: 'saqA',
        subject: 'script-src',
        message: `The ${where} sets neither script-src nor default-src: scripts from anywhere run.`,
        fix: "Add script-src 'self' 'nonce-<per response>' and the widget's host.",
      },
    ];
  }
  const findings: Finding[] = [];
  const sources = governing.sources.map((source) => source.toLowerCase());
  const hasNonceOrHash = sources.some((source) => /^'(nonce|sha256|sha384|sha512)-/.test(source));
  const strictDynamic = sources.includes("'strict-dynamic'");
  if (!hasNonceOrHash) {
    findings.push({
      code: 'CSP_NO_NONCE',
      severity: 'warning',
      requirement: 'saqA',
      subject: governing.directive,
      message: `The ${where}'s ${governing.directive} has no nonce or hash: any script on an allowed host runs, whoever added it.`,
      fix: `Add a fresh 'nonce-<random>' per response to ${governing.directive} and the same nonce to each of your script tags.`,
    });
  }
  if (sources.includes("'unsafe-inline'") && !hasNonceOrHash && !strictDynamic) {
    findings.push({
      code: 'CSP_UNSAFE_INLINE',
      severity: 'error',
      requirement: 'saqA',
      subject: governing.directive,
      message: `The ${where}'s ${governing.directive} allows 'unsafe-inline': an injected inline script runs (the widget does not need it for scripts).`,
      fix: `Remove 'unsafe-inline' from ${governing.directive} and give your inline scripts the response's nonce.`,
    });
  }
  if (sources.includes("'unsafe-eval'")) {
    findings.push({
      code: 'CSP_UNSAFE_EVAL',
      severity: 'warning',
      requirement: 'saqA',
      subject: governing.directive,
      message: `The ${where}'s ${governing.directive} allows 'unsafe-eval', which the widget does not need.`,
      fix: `Remove 'unsafe-eval' from ${governing.directive}.`,
    });
  }
  const broad = sources.filter(
    (source) => ['*', 'http:', 'https:', 'data:', 'blob:'].includes(source) || /^(https?:\/\/)?\*$/.test(source),
  );
  if (broad.length > 0 && !strictDynamic) {
    findings.push({
      code: 'CSP_BROAD_SCRIPT_SRC',
      severity: 'warning',
      requirement: 'saqA',
      subject: governing.directive,
      message: `The ${where}'s ${governing.directive} allows ${broad.join(' ')}: scripts from any such source run.`,
      fix: `Replace ${broad.join(' ')} in ${governing.directive} with the hosts you load scripts from.`,
    });
  }
  return findings;
}

function checkWidgetHost(origin: string, enforced: Policy[], evidence: PageEvidence, options: HeaderCheckOptions): Finding[] {
  const findings: Finding[] = [];
  const host = new URL(origin).hostname;
  const test = LOOPBACK.test(host) || /(^|[.-])(test|sandbox)([.-]|\d|$)/.test(host);
  if (test) {
    findings.push({
      code: 'WIDGET_TEST_HOST',
      severity: options.live ? 'error' : 'info',
      requirement: 'widget',
      subject: origin,
      message: `The page loads the widget from ${origin}, a test gateway host: the live page loads it from the live host, which its CSP must allow instead.`,
      fix: options.live
        ? "Point the page at the live gateway's base URL and allow that host in the CSP."
        : "When going live, use the live gateway's base URL and build the CSP from it (the hosts differ).",
    });
  }
  for (const policy of enforced) {
    for (const directive of neededDirectives(origin)) {
      const governing = effectiveSources(policy, directive);
      if (!governing) continue;
      const sources = governing.sources.map((source) => source.toLowerCase());
      const allowed =
        sourcesAllowUrl(governing.sources, `${origin}/`, evidence.url) ||
        (directive === 'script-src' && sources.includes("'strict-dynamic'") && sources.some((source) => source.startsWith("'nonce-")));
      if (allowed) continue;
      const fallback = governing.directive === directive ? '' : ` (it falls back to ${governing.directive})`;
      findings.push({
        code: 'CSP_WIDGET_HOST_MISSING',
        severity: 'error',
        requirement: 'widget',
        subject: directive,
        message: `The ${policy.source === 'meta' ? '<meta> CSP' : 'CSP header'}'s ${directive}${fallback} does not allow the widget's host ${origin}: ${WHY[directive] ?? 'the widget breaks'}.`,
        fix: `Add ${origin} to ${directive} (@wpwl/core's contentSecurityPolicy gives every directive the widget needs).`,
      });
    }
  }
  return findings;
}

function checkTransport(evidence: PageEvidence, pageUrl: URL): Finding[] {
  if (pageUrl.protocol === 'https:') {
    if (evidence.headers['strict-transport-security']) return [];
    return [
      {
        code: 'HSTS_MISSING',
        severity: 'warning',
        requirement: 'transport',
        subject: 'Strict-Transport-Security',
        message: 'The page sends no Strict-Transport-Security: a shopper\u2019s first visit over http can be intercepted.',
        fix: 'Send Strict-Transport-Security: max-age=31536000; includeSubDomains.',
      },
    ];
  }
  const local = LOOPBACK.test(pageUrl.hostname);
  return [
    {
      code: local ? 'LOCAL_HTTP' : 'PAGE_NOT_HTTPS',
      severity: local ? 'info' : 'error',
      requirement: 'transport',
      subject: pageUrl.origin,
      message: local
        ? 'The page is served over http on a loopback address: HTTPS and Strict-Transport-Security apply to the deployed page.'
        : 'The payment page is served over plain http.',
      fix: local
        ? 'Run the doctor against the deployed https page as well.'
        : 'Serve the page over https only, with Strict-Transport-Security.',
    },
  ];
}
