// Owns the findings about the scripts that ran (or were refused): inline
// scripts without a nonce or hash, inline event handlers, scripts another
// script added from a host that is neither the page's nor the widget's,
// third-party scripts in the markup without integrity, and the scripts the
// page's CSP refused.
import type { ObservedScript, PageEvidence } from './evidence.js';
import type { Finding } from './findings.js';
import { widgetOrigins } from './check-headers.js';
import { pagePolicies, scriptAllowedBy } from './policies.js';

/** How a script is named in findings and the inventory: its URL, or `inline sha256-…`. */
export function scriptSubject(script: ObservedScript): string {
  return script.kind === 'external' ? script.url! : `inline ${script.hash}`;
}

/** Who added a script, in words. */
export function describeAdder(script: ObservedScript): string {
  if (script.addedBy.kind === 'page') return "the page's markup";
  // Without the query: the widget's carries the checkout id, new on every load.
  const by = script.addedBy.by === 'inline' || !script.addedBy.by ? 'inline' : script.addedBy.by.replace(/[?#].*$/, '');
  if (script.addedBy.kind === 'widget') return `the widget (${by})`;
  return by === 'inline' ? 'an inline script of the page' : `the script ${by}`;
}

/** Where an external script came from: its URL's scheme when it has no host of its own, and that in words. */
interface ScriptSource {
  /** `data` (its code is in the page itself) or `blob` (a script made it); undefined for a host's URL. */
  scheme: 'data' | 'blob' | undefined;
  words: string;
}

/**
 * Where an external script came from. A `data:` URL carries its code in the
 * page itself and a `blob:` URL was made by a script, so neither is "another
 * host" (their origin reads `null`, or the origin that made the blob).
 */
export function scriptSource(script: ObservedScript): ScriptSource {
  const scheme = /^(data|blob):/i.exec(script.url ?? '')?.[1]?.toLowerCase() as ScriptSource['scheme'];
  if (scheme === 'data') return { scheme, words: 'an inline data: URL' };
  if (scheme === 'blob') {
    return { scheme, words: script.origin === 'null' ? 'a blob: URL of no origin' : `a blob: URL made by ${script.origin}` };
  }
  return { scheme, words: `another host (${script.origin})` };
}

const excerpt = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 57)}...` : line;
};

/** The findings about the page's scripts. */
export function checkScripts(evidence: PageEvidence): Finding[] {
  const findings: Finding[] = [];
  const policies = pagePolicies(evidence);
  const pageOrigin = new URL(evidence.url).origin;
  const widget = new Set(widgetOrigins(evidence));
  const ran = new Set(evidence.scripts.map((script) => script.hash));

  for (const script of evidence.scripts) {
    const allowedBy = scriptAllowedBy(policies, script, evidence.url);
    const subject = scriptSubject(script);
    if (script.kind === 'inline') {
      if (allowedBy === 'nonce' || allowedBy === 'hash' || allowedBy === 'strict-dynamic') continue;
      const how = allowedBy === 'no policy' ? 'the page has no CSP' : `the CSP allows it by ${allowedBy}`;
      findings.push(
        script.handler
          ? {
              code: 'INLINE_EVENT_HANDLER',
              severity: 'warning',
              requirement: 'saqA',
              subject,
              message: `An inline event handler or javascript: URL ran ("${excerpt(script.text ?? '')}"): ${how}, so injected handlers run too.`,
              fix: 'Move the handler into a script file or a nonced script (addEventListener) and drop the attribute.',
            }
          : {
              code: 'INLINE_SCRIPT_WITHOUT_NONCE',
              severity: 'error',
              requirement: 'saqA',
              subject,
              message: `An inline script without a nonce or hash ran ("${excerpt(script.text ?? '')}", added by ${describeAdder(script)}): ${how}.`,
              fix: `Give the script tag this response's CSP nonce (or add '${script.hash}' to script-src) and remove 'unsafe-inline'.`,
            },
      );
      continue;
    }
    const foreign = script.origin !== pageOrigin && !widget.has(script.origin);
    if (script.addedBy.kind === 'script' && foreign) {
      findings.push({
        code: 'SCRIPT_ADDED_BY_SCRIPT',
        severity: 'error',
        requirement: 'inventory',
        subject,
        message: `${subject} was added at run time by ${describeAdder(script)}, from ${scriptSource(script).words}, neither the page's host nor the widget's (the way card skimmers arrive); the CSP allowed it by ${allowedBy}.`,
        fix: `Remove what adds it (${script.addedBy.by}); if it is authorised, load it from the page's markup with integrity and a nonce, list it in the inventory with its justification, and drop its host from script-src otherwise.`,
      });
    } else if (foreign && !script.integrity && script.parserInserted) {
      const source = scriptSource(script);
      findings.push({
        code: 'SCRIPT_WITHOUT_INTEGRITY',
        severity: 'warning',
        requirement: 'inventory',
        subject,
        message: source.scheme
          ? `${subject} comes from ${source.words}, not from a host: script-src must allow its scheme, and so lets any injected script of that scheme run.`
          : `${subject} comes from ${source.words} without an integrity attribute: a change on that host goes unnoticed.`,
        fix: source.scheme
          ? `Move its code into a script file on the page's host (or a nonced inline script) and drop ${source.scheme}: from script-src.`
          : `Add integrity="${script.hash}" crossorigin="anonymous" to its tag (or host a reviewed copy yourself).`,
      });
    }
  }

  for (const violation of evidence.violations) {
    if (!violation.directive.startsWith('script-src')) continue;
    const enforce = violation.disposition === 'enforce';
    const inline = violation.blockedUri === 'inline';
    if (inline) {
      // The refused element: an inline one with no nonce that did not run (the report's sample, when the policy asks for one, starts it).
      const element = evidence.scriptElements.find(
        (candidate) =>
          candidate.hash &&
          !candidate.nonce &&
          !ran.has(candidate.hash) &&
          /^(|text\/javascript|module|application\/javascript)$/i.test(candidate.type) &&
          (!violation.sample || (candidate.text ?? '').startsWith(violation.sample)),
      );
      const text = element?.text ?? violation.sample;
      findings.push({
        code: 'INLINE_SCRIPT_WITHOUT_NONCE',
        severity: enforce ? 'error' : 'info',
        requirement: 'saqA',
        subject: element ? `inline ${element.hash}` : 'inline script',
        message: `${enforce ? 'The CSP refused' : 'The report-only CSP would refuse'} an inline script without a nonce or hash${text ? ` ("${excerpt(text)}")` : ''}${enforce ? ': it did not run' : ''}.`,
        fix: `Give the script tag this response's CSP nonce${element ? ` (or add '${element.hash}' to script-src)` : ''}, or remove it if it is not yours.`,
      });
      continue;
    }
    if (violation.blockedUri === 'eval') continue;
    let origin = violation.blockedUri;
    try {
      origin = new URL(violation.blockedUri).origin;
    } catch {
      // not a URL: keep the text
    }
    findings.push({
      code: 'SCRIPT_BLOCKED_BY_CSP',
      severity: enforce ? 'warning' : 'info',
      requirement: 'inventory',
      subject: violation.blockedUri,
      message: `${enforce ? 'The CSP refused' : 'The report-only CSP would refuse'} the script ${violation.blockedUri} (${violation.directive}).`,
      fix: widget.has(origin)
        ? `Add the widget's host ${origin} to script-src.`
        : `If it is authorised, allow it (a nonce on its tag, or ${origin} in script-src) and list it in the inventory; if not, find what adds it and remove that.`,
    });
  }
  return findings;
}
