// Owns the Content-Security-Policy of the storefront pages: a fresh nonce per
// response, and the widget host allowed where the widget needs it. The widget
// directives come from @wpwl/core's contentSecurityPolicy when it offers one,
// so the policy follows the widget library; the built-in list is the fallback.
import { randomBytes } from 'node:crypto';

/** A fresh nonce: 128 random bits, base64. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

type CspBuilder = (options: { baseUrl: string; nonce: string }) => unknown;
let fromCore: Promise<CspBuilder | undefined> | undefined;

function coreCsp(): Promise<CspBuilder | undefined> {
  fromCore ??= import('@wpwl/core').then(
    (core) => (core as unknown as { contentSecurityPolicy?: CspBuilder }).contentSecurityPolicy,
    () => undefined,
  );
  return fromCore;
}

/** The header value for a page that loads the widget from `gatewayBaseUrl`. */
export async function storefrontCsp(gatewayBaseUrl: string, nonce: string): Promise<string> {
  const gateway = new URL(gatewayBaseUrl).origin;
  const build = await coreCsp();
  let widget: string | undefined;
  if (typeof build === 'function') {
    const policy = build({ baseUrl: gatewayBaseUrl, nonce }) as string | { header?: unknown } | undefined;
    widget = typeof policy === 'string' ? policy : typeof policy?.header === 'string' ? policy.header : undefined;
  }
  // The page's own files and API are same-origin.
  const own = ["default-src 'self'", "base-uri 'none'", "object-src 'none'", `form-action 'self' ${gateway}`];
  const fallback = [
    `script-src 'self' 'nonce-${nonce}' ${gateway}`,
    `style-src 'self' 'unsafe-inline' ${gateway}`,
    `frame-src ${gateway}`,
    `connect-src 'self' ${gateway}`,
    `img-src 'self' data: ${gateway}`,
  ];
  const widgetDirectives = widget ? widget.split(';').map((d) => d.trim()).filter(Boolean) : fallback;
  return mergePolicies([...own, ...widgetDirectives]);
}

/**
 * Joins directives; a directive named twice gets the union of its sources
 * (a browser would ignore the second one instead). The page's own scripts,
 * styles, API calls and images stay allowed ('self').
 */
export function mergePolicies(directives: string[]): string {
  const merged = new Map<string, Set<string>>();
  for (const directive of directives) {
    const [name, ...sources] = directive.split(/\s+/);
    if (!name) continue;
    const set = merged.get(name) ?? new Set<string>();
    for (const source of sources) set.add(source);
    merged.set(name, set);
  }
  for (const name of ['script-src', 'style-src', 'connect-src', 'img-src']) merged.get(name)?.add("'self'");
  return [...merged].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}
