/**
 * The two small HTML pages of the payment calls (`paypal`, and the providers' return): each sends
 * the browser on by a meta refresh and a plain link — no script, so they need nothing from the
 * Content Security Policy — and sends no referrer to the page it leads to.
 */

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function forwardPage(page: { title: string; text: string; href: string; link: string }): string {
  const href = escape(page.href);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><meta name="robots" content="noindex">
<meta http-equiv="refresh" content="0;url=${href}"><title>${escape(page.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937;text-align:center}a{display:inline-block;margin-top:1rem;padding:.75rem 1.5rem;border-radius:.5rem;background:#1d4ed8;color:#fff;text-decoration:none}</style></head>
<body><main><h1>${escape(page.title)}</h1><p>${escape(page.text)}</p><a href="${href}" rel="noreferrer">${escape(page.link)}</a></main></body></html>`;
}
