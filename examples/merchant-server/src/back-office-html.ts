// Owns how a back-office page is sent: the shop's frame around its body (the
// stylesheet when it is served, a link home), escaping for every value shown,
// and the headers such a page carries (a policy allowing nothing but its own
// stylesheet and forms posting to itself, never cached).
import type { ServerResponse } from 'node:http';

/** The policy of a back-office page: no script at all. */
const CSP = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** Text or a number, safe inside HTML text and quoted attributes. */
export const escapeHtml = (text: string | number) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Sends a back-office page: `body` is HTML whose values are escaped already. */
export function sendBackOfficePage(
  res: ServerResponse,
  page: { status: number; styled: boolean; title: string; body: string; head?: boolean },
): void {
  const style = page.styled ? '<link rel="stylesheet" href="/shared/shop.css">' : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(page.title)} · Tea shop back office</title>${style}</head><body class="back-office"><header><h1>${escapeHtml(page.title)}</h1><p><a href="/">Tea shop</a></p></header><main>${page.body}</main></body></html>`;
  res.writeHead(page.status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    'Content-Security-Policy': CSP,
    'Cache-Control': 'no-store',
  });
  res.end(page.head ? undefined : html);
}
