// Owns the sandbox's own HTML pages: the one page frame they share and the
// escaping of every value they show (a page may echo what a request sent).

/** Escapes `value` for HTML text and double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The pages' look: the example shop's palette and type (off-white page, dark
 * text, green actions), so a shopper sent here for 3-D Secure or a refused
 * form post does not feel they left for somewhere unrelated, and a dark focus
 * ring a keyboard shopper sees on either kind of button. Inline: the sandbox
 * serves no other files for its pages.
 */
const PAGE_STYLE = `
:root{font-family:system-ui,sans-serif;color:#1d1d1f;background:#fafaf7}
body{margin:0 auto;max-width:32rem;padding:1rem}
header{display:flex;justify-content:space-between;align-items:baseline;border-bottom:1px solid #e4e4dc;padding-bottom:.5rem;margin-bottom:1.5rem}
header strong{font-size:1.1rem}
header span{color:#666;font-size:.85rem}
main{background:#fff;border:1px solid #e4e4dc;border-radius:.6rem;padding:1.25rem 1.5rem}
h1{font-size:1.4rem;margin-top:0}
button{font:inherit;padding:.5rem 1rem;border-radius:.4rem;border:1px solid #2f6f4f;background:#2f6f4f;color:#fff;cursor:pointer;margin:0 .5rem .5rem 0}
button.secondary{background:transparent;color:#2f6f4f}
button:focus-visible,a:focus-visible{outline:3px solid #1d1d1f;outline-offset:2px}
a{color:#2f6f4f}
code{font-size:.9em}
.result{color:#555;font-size:.9em}
.amount{font-size:1.2rem;font-weight:600}
`;

/** A whole page around `body` (already HTML); `title` is escaped here. */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head><body>
<header><strong>Secure payment</strong><span>sandbox gateway: test cards only</span></header>
<main>
${body}
</main>
</body></html>`;
}
