// Owns the sandbox's own HTML pages: the one page frame they share and the
// escaping of every value they show (a page may echo what a request sent).

/** Escapes `value` for HTML text and double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A whole page around `body` (already HTML); `title` is escaped here. */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}button{font:inherit;padding:.5rem 1rem;margin-right:.5rem}code{font-size:.9em}.result{color:#555;font-size:.9em}</style>
</head><body>
${body}
</body></html>`;
}
