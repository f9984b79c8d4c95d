import type { Plugin } from 'vite';

/**
 * Lets `renderToString` hand over the page's pieces instead of one string it joined itself.
 *
 * React DOM's `renderToString` appends each of a page's pieces (some 8,000 on the home page) to one
 * string, and the page's bytes need that string flat: V8 copies the pieces into a new string of
 * the page's length. A page with any character past Latin-1 (₹, the language menu's हिन्दी and
 * العربية) is stored two bytes a character, so a page past 64K characters (the home page at 1M
 * listings is 75,712) is past V8's largest ordinary object (128 KB) and goes to memory mapped for it
 * alone: every page faulted in new pages as it was written, and the mapping was unmapped when the
 * page was collected. Measured on the home page at 1M listings, one connection: 830–940 µs of a
 * 4.6 ms render, the page faults and unmapping about two thirds of that (perf: 6.7 % and 1.8 % of
 * the samples, under a flatten of 12.9 %). Written from its pieces, a part at a time
 * (`render-whole.ts`), no string is ever that long.
 *
 * Neither the pieces nor the string's destination is reachable from outside React DOM, so this
 * plugin rewrites the legacy server renderer as it is bundled: given `{ parts: [] }` in its
 * options, `renderToString` pushes each piece onto `parts` and answers ''; without it, it does as
 * before. The server's build bundles React DOM for that (vite.config.ts); elsewhere (tests on the
 * sources, `vite dev`) React DOM is unchanged and `renderWhole` takes the string it answers.
 *
 * A React DOM release that words the two places otherwise fails the build here, so the rewrite is
 * never lost silently.
 */
const REWRITES: { name: string; from: RegExp; to: string }[] = [
  {
    // Read before `options` is replaced by the render's own state, two lines below.
    name: 'the parts from the options',
    from: /result = "",(\s*)readyToStream = !1;/,
    to: 'result = "",$1parts = options && Array.isArray(options.parts) ? options.parts : null,$1readyToStream = !1;',
  },
  {
    name: 'each piece pushed onto them',
    from: /null !== chunk && \(result \+= chunk\);/,
    to: 'null !== chunk && (parts !== null ? parts.push(chunk) : (result += chunk));',
  },
];

/** React DOM's legacy server renderer, each build of it (node or browser, production or development). */
const LEGACY_SERVER = /[\\/]react-dom[\\/]cjs[\\/]react-dom-server-legacy\.[a-z]+\.(production|development)\.js$/;

/** Rewrites React DOM's legacy server renderer wherever the build bundles it. */
export function renderInParts(): Plugin {
  const done = new Set<string>();
  return {
    name: 'estate:render-in-parts',
    enforce: 'pre',
    buildStart() {
      done.clear();
    },
    transform(code, id) {
      if (!LEGACY_SERVER.test(id)) return null;
      let out = code;
      for (const r of REWRITES) {
        if (!r.from.test(out)) this.error(`React DOM's ${id.split(/[\\/]/).pop()} no longer reads as render-in-parts.ts expects (${r.name}): update the rewrite for this release`);
        out = out.replace(r.from, r.to);
      }
      done.add(id);
      return { code: out, map: null };
    },
    generateBundle() {
      // Only the server's bundle renders pages, and it must carry the rewrite.
      if (this.environment.name !== 'ssr') return;
      if (![...done].some((id) => /node\.production\.js$/.test(id))) this.error("render-in-parts.ts found no React DOM legacy server renderer (node, production) in the server's bundle: is react-dom still bundled (vite.config.ts)?");
    },
  };
}
