/**
 * The page paints before its JavaScript is fetched (issue 12, Lighthouse mobile).
 *
 * A server-rendered page is readable and its links work before it hydrates. But React Router's
 * `<Scripts>` asks for every module at once: some twenty-five `modulepreload`s in the head and the
 * module script that imports the route modules. On a phone's network those 150–190 KB (gzip) of
 * JavaScript share the line with the document and its stylesheet, and the first paint waits for
 * them. So the shell's HTML is rewritten once as it is made: the module script's code stays in the
 * page, inert, and a small inline script adds it and the preloads, unchanged, right after the
 * first paint. Modules still load in parallel (the preloads go in together), and only the start of
 * hydration moves, by the time the page takes to paint. A page opened in a background tab, which
 * paints nothing until it is shown, starts at once. Decision 17 has the why and the trade.
 */

/** React Router's preloads, which React puts in the head (no `integrity`: the build has no subresource integrity). */
const PRELOAD = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g;
/** How React Router's inline module script opens, after `<script` and its nonce. */
const MODULE_SCRIPT = ' type="module" async="">';
/** All a module script may carry besides: the nonce. */
const SCRIPT_ATTRIBUTES = /^(?: nonce="[^"]*")?$/;

/** The longest the scripts wait for a paint that is not reported. */
export const PAINT_WAIT_MS = 3000;

/**
 * Runs in the page: adds the preloads, and the module script with the code kept in the inert
 * script just before this one, once the browser reports the first contentful paint (where it
 * reports no paints, after the next frame; at most PAINT_WAIT_MS). The module script is inline,
 * so the page's policy must allow it: with the nonce of this script (a page rendered for its
 * visitor), or by the hash of its code (a page from the page cache, which hashes the inert
 * script's code too).
 */
const START_AFTER_PAINT = `((modules) => {
  const own = document.currentScript;
  const code = own.previousElementSibling.textContent;
  const start = () => {
    for (const href of modules) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.setAttribute('href', href);
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    if (own.nonce) script.nonce = own.nonce;
    script.textContent = code;
    document.body.append(script);
  };
  if (document.visibilityState !== 'visible') return start();
  if (typeof PerformanceObserver !== 'function' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return requestAnimationFrame(() => setTimeout(start));
  // However the first paint is reported, or if it never is, the page hydrates.
  const fallback = setTimeout(start, ${PAINT_WAIT_MS});
  const painted = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    painted.disconnect();
    clearTimeout(fallback);
    start();
  });
  painted.observe({ type: 'paint', buffered: true });
})`;

/** The type that keeps the module script's code in the page without running it. */
const AFTER_PAINT_TYPE = 'text/x-after-paint';

/** A value as JavaScript inside an inline script: no `</script>` or `<!--` can close it. */
const inScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The shell's HTML with React Router's preloads and module script replaced by the script that adds
 * them after the first paint. HTML without the module script (an error before the scripts, a
 * document that is not the app) is left as it is. Works on the bytes React wrote: only the head and
 * the script's attributes are read as text.
 */
export function paintFirst(html: Buffer): Buffer {
  const opening = html.lastIndexOf(MODULE_SCRIPT);
  const headEnd = html.indexOf('</head>');
  if (opening < 0 || headEnd < 0 || headEnd > opening) return html;
  const scriptStart = html.lastIndexOf('<script', opening);
  const codeStart = opening + MODULE_SCRIPT.length;
  const codeEnd = html.indexOf('</script>', codeStart);
  if (scriptStart < 0 || codeEnd < 0) return html;
  const attributes = html.toString('utf8', scriptStart + '<script'.length, opening);
  if (!SCRIPT_ATTRIBUTES.test(attributes)) return html;
  const head = html.toString('utf8', 0, headEnd);
  const modules = [...head.matchAll(PRELOAD)].map((m) => m[1]);
  return Buffer.concat([
    Buffer.from(head.replace(PRELOAD, '')),
    html.subarray(headEnd, scriptStart),
    Buffer.from(`<script${attributes} type="${AFTER_PAINT_TYPE}">`),
    html.subarray(codeStart, codeEnd),
    Buffer.from(`</script><script${attributes}>${START_AFTER_PAINT}(${inScript(modules)})</script>`),
    html.subarray(codeEnd + '</script>'.length),
  ]);
}
