// Owns which policies a page has: the enforced ones (each
// Content-Security-Policy header and each <meta> policy) and the report-only
// ones, read from the evidence, and by what they let a script run.
import { parsePolicies, scriptAllowance, type Allowance, type Policy } from './csp.js';
import type { ObservedScript, PageEvidence } from './evidence.js';

/** The page's policies, enforced and report-only. */
export interface PagePolicies {
  /** Header policies first, then <meta> ones: a script must satisfy each. */
  enforced: Policy[];
  reportOnly: Policy[];
}

/** The policies of the page in `evidence`. */
export function pagePolicies(evidence: PageEvidence): PagePolicies {
  // The protocol joins repeated headers with newlines.
  const lines = (name: string) => (evidence.headers[name] ?? '').split('\n').filter((line) => line.trim());
  return {
    enforced: [
      ...lines('content-security-policy').flatMap((line) => parsePolicies(line, 'header')),
      ...evidence.metaPolicies.flatMap((text) => parsePolicies(text, 'meta')),
    ],
    reportOnly: lines('content-security-policy-report-only').flatMap((line) => parsePolicies(line, 'report-only')),
  };
}

/**
 * By what the page's enforced policies let `script` run: `nonce`, `hash`,
 * `host`, `strict-dynamic`, `unsafe-inline`, `no policy`, or `blocked`
 * (joined with `+` when policies differ).
 */
export function scriptAllowedBy(policies: PagePolicies, script: ObservedScript, pageUrl: string): string {
  if (policies.enforced.length === 0) return 'no policy';
  const facts = {
    ...(script.kind === 'external' ? { url: script.url } : { text: script.text ?? '' }),
    nonce: script.nonce,
    integrity: script.integrity,
    parserInserted: script.parserInserted,
  };
  const allowances = new Set<Allowance>(policies.enforced.map((policy) => scriptAllowance(policy, facts, pageUrl)));
  if (allowances.size > 1) allowances.delete('no policy');
  return [...allowances].join('+');
}
