// Owns what the gateway's resources hand the HTTP layer: a JSON answer, an
// HTML page or a redirect, and where a finished payment sends the shopper
// (the shopper result URL with the id and the resource path to read).

/** What the HTTP layer sends back. */
export type Reply =
  | { kind: 'json'; status: number; body: Record<string, unknown> }
  | { kind: 'html'; status: number; html: string }
  | { kind: 'redirect'; location: string };

/** A JSON answer. */
export type JsonReply = Extract<Reply, { kind: 'json' }>;

/** `{resultUrl}?id={id}&resourcePath={resourcePath}`, where the shopper goes after a payment. */
export function shopperResultLocation(resultUrl: string, id: string, resourcePath: string): string {
  const target = new URL(resultUrl);
  target.searchParams.set('id', id);
  target.searchParams.set('resourcePath', resourcePath);
  return target.href;
}
