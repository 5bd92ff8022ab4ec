// Owns reading a Content-Security-Policy as a browser does, for the checks:
// the policy's directives, the sources a fetch directive falls back to, and
// whether a source list allows a URL, and by what a script was allowed
// (nonce, hash, host, 'strict-dynamic', 'unsafe-inline') or not at all.
import { createHash } from 'node:crypto';

/** Where a policy came from: a response header or a `<meta http-equiv>` element. */
export type PolicySource = 'header' | 'meta' | 'report-only';

/** One policy: its directives (name → sources, as written) and where it came from. */
export interface Policy {
  source: PolicySource;
  /** The policy's text as delivered. */
  text: string;
  directives: Map<string, string[]>;
}

/** Parses one policy's text (a header may hold several, comma-separated: see {@link parsePolicies}). */
export function parsePolicy(text: string, source: PolicySource): Policy {
  const directives = new Map<string, string[]>();
  for (const part of text.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    const key = name.toLowerCase();
    // The first occurrence of a directive wins; browsers ignore repeats.
    if (!directives.has(key)) directives.set(key, sources);
  }
  return { source, text: text.trim(), directives };
}

/** The policies in a header value or meta content: several may be joined with commas. */
export function parsePolicies(text: string, source: PolicySource): Policy[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => parsePolicy(part, source));
}

const FALLBACKS: Record<string, string[]> = {
  'script-src-elem': ['script-src-elem', 'script-src', 'default-src'],
  'script-src': ['script-src', 'default-src'],
  'style-src': ['style-src', 'default-src'],
  'frame-src': ['frame-src', 'child-src', 'default-src'],
  'connect-src': ['connect-src', 'default-src'],
  'img-src': ['img-src', 'default-src'],
};

/**
 * The sources that govern `directive` in `policy` (its fallback chain: e.g.
 * frame-src, child-src, default-src), or undefined when none of them is set
 * (everything is allowed for that kind of resource).
 */
export function effectiveSources(policy: Policy, directive: string): { directive: string; sources: string[] } | undefined {
  for (const name of FALLBACKS[directive] ?? [directive]) {
    const sources = policy.directives.get(name);
    if (sources) return { directive: name, sources };
  }
  return undefined;
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443' };

/** True when the host-source or scheme-source `source` (or 'self') matches `url` on a page at `pageUrl`. */
export function sourceMatches(source: string, url: URL, pageUrl: URL): boolean {
  const lower = source.toLowerCase();
  if (lower === "'self'") {
    return url.origin === pageUrl.origin || (pageUrl.protocol === 'http:' && url.protocol === 'https:' && url.host === pageUrl.host);
  }
  if (lower === '*') return /^(https?|wss?):$/.test(url.protocol) || url.protocol === pageUrl.protocol;
  if (/^[a-z][a-z\d+.-]*:$/.test(lower)) {
    // A scheme source: http: also allows https: (an upgrade).
    return url.protocol === lower || (lower === 'http:' && url.protocol === 'https:') || (lower === 'ws:' && url.protocol === 'wss:');
  }
  if (lower.startsWith("'")) return false;
  const match = /^(?:([a-z][a-z\d+.-]*):\/\/)?(\*|\*\.[^:/]+|[^:/*]+)(?::(\d+|\*))?(\/.*)?$/.exec(lower);
  if (!match) return false;
  const [, scheme, host = '', port, path] = match;
  if (scheme) {
    const schemeOk =
      url.protocol === `${scheme}:` || (scheme === 'http' && url.protocol === 'https:') || (scheme === 'ws' && url.protocol === 'wss:');
    if (!schemeOk) return false;
  } else if (!(url.protocol === pageUrl.protocol || (pageUrl.protocol === 'http:' && url.protocol === 'https:'))) {
    return false;
  }
  const hostname = url.hostname.toLowerCase();
  if (host === '*') {
    // A lone * as host is only valid with a scheme; treat it as any host.
  } else if (host.startsWith('*.')) {
    if (!hostname.endsWith(host.slice(1))) return false;
  } else if (hostname !== host) {
    return false;
  }
  const urlPort = url.port || DEFAULT_PORTS[url.protocol] || '';
  if (port === '*') {
    // any port
  } else if (port) {
    if (urlPort !== port) return false;
  } else {
    const expected = DEFAULT_PORTS[scheme ? `${scheme}:` : url.protocol];
    // No port in the source: the scheme's default (an upgrade from 80 to 443 included).
    if (urlPort !== expected && !(expected === '80' && urlPort === '443')) return false;
  }
  if (path && path !== '/') {
    const pathname = decodeURIComponent(url.pathname);
    if (path.endsWith('/') ? !pathname.startsWith(path) : pathname !== path) return false;
  }
  return true;
}

/** True when a source in `sources` allows loading `url` on a page at `pageUrl` (keywords other than 'self' do not count). */
export function sourcesAllowUrl(sources: readonly string[], url: string, pageUrl: string): boolean {
  const target = new URL(url);
  const page = new URL(pageUrl);
  return sources.some((source) => sourceMatches(source, target, page));
}

/** The CSP hashes of a script's text: sha256, sha384 and sha512, each `sha…-<base64>`. */
export function cspHashes(text: string): string[] {
  return ['sha256', 'sha384', 'sha512'].map((algorithm) => `${algorithm}-${createHash(algorithm).update(text, 'utf8').digest('base64')}`);
}

/** How a policy let a script run. */
export type Allowance = 'nonce' | 'hash' | 'host' | 'strict-dynamic' | 'unsafe-inline' | 'no policy' | 'blocked';

/** What {@link scriptAllowance} needs to know about a script. */
export interface ScriptFacts {
  /** The script's URL, or undefined for an inline script. */
  url?: string;
  /** The inline script's text. */
  text?: string;
  nonce?: string;
  integrity?: string;
  /** True when the HTML parser inserted it (markup), false when a script did. */
  parserInserted: boolean;
}

const quoted = (sources: readonly string[]) => new Set(sources.map((source) => source.toLowerCase()));

/** By what `policy`'s script-src (or its fallback) allows `script` on the page at `pageUrl`. */
export function scriptAllowance(policy: Policy, script: ScriptFacts, pageUrl: string): Allowance {
  const governing = effectiveSources(policy, 'script-src-elem');
  if (!governing) return 'no policy';
  const { sources } = governing;
  const keywords = quoted(sources);
  const nonces = sources.filter((source) => /^'nonce-/i.test(source)).map((source) => source.slice(7, -1));
  const hashes = new Set(sources.filter((source) => /^'sha(256|384|512)-/i.test(source)).map((source) => source.slice(1, -1)));
  if (script.nonce && nonces.includes(script.nonce)) return 'nonce';
  if (script.url === undefined) {
    if (script.text !== undefined && cspHashes(script.text).some((hash) => hashes.has(hash))) return 'hash';
    // A nonce or a hash in the list makes browsers ignore 'unsafe-inline'.
    if (keywords.has("'unsafe-inline'") && nonces.length === 0 && hashes.size === 0 && !keywords.has("'strict-dynamic'"))
      return 'unsafe-inline';
    return 'blocked';
  }
  const integrity = (script.integrity ?? '').split(/\s+/).filter(Boolean);
  if (integrity.some((hash) => hashes.has(hash))) return 'hash';
  if (keywords.has("'strict-dynamic'")) return script.parserInserted ? 'blocked' : 'strict-dynamic';
  return sourcesAllowUrl(sources, script.url, pageUrl) ? 'host' : 'blocked';
}
