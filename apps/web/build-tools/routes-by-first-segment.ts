import type { Plugin } from 'vite';

/**
 * Lets React Router's route matching skip the routes a path's first segment rules out.
 *
 * To match a URL, React Router tries the app's route branches in rank order until one matches
 * (`matchRoutesImpl`), and every branch tried runs its routes' regular expressions one by one from
 * the root layout down, making the match objects as it goes, before its own path fails. The home
 * page's `/` ranks last of the app's ~66 branches, so each home page rendered every request tried
 * them all, twice (once to pick the document's routes, once in the static handler's `query`):
 * 6.7 % of the server's main thread (issue 12, session 48's profile at a million listings).
 *
 * A branch whose path starts with a fixed segment (`properties-details/:slug` starts with
 * `properties-details`) matches only a path whose first segment is that one, in any case (the
 * expressions are case-insensitive but for ASCII; a case-sensitive route fails on case anyway).
 * So each set of precomputed branches (the server's, made once per build) gets the first segment
 * of each branch, lower-cased, or null where the first segment is a parameter, a splat, optional,
 * or anything but plain ASCII, and the loop skips a branch whose fixed first segment differs from
 * the path's. Branches with null are tried as before, and in the same order, so the first match
 * is the one React Router would have found. Branches made afresh for one call (no precomputed
 * branches) are matched as before.
 *
 * A React Router release that words the loop otherwise fails the build here, so the rewrite is
 * never lost silently.
 */
const FROM = `  let decoded = decodePath(pathname);
  for (let i = 0; matches == null && i < branches.length; ++i) {
    matches = matchRouteBranch(`;
const TO = `  let decoded = decodePath(pathname);
  let __leads = precomputedBranches ? __firstSegmentsOf(branches) : null;
  let __lead = __leads === null ? null : __firstSegmentOfPath(decoded);
  for (let i = 0; matches == null && i < branches.length; ++i) {
    if (__lead !== null && __leads[i] !== null && __leads[i] !== __lead) continue;
    matches = matchRouteBranch(`;

/** Added once to the file rewritten. */
const HELPERS = `
const __firstSegmentsKept = new WeakMap();
/** Each branch's fixed first segment, lower-cased, or null: kept by the branches' array. */
function __firstSegmentsOf(branches) {
  let kept = __firstSegmentsKept.get(branches);
  if (kept === undefined || kept.length !== branches.length) {
    kept = branches.map((branch) => {
      let first = String(branch.path ?? "").split("/").find((segment) => segment !== "");
      return first !== undefined && /^[A-Za-z0-9_.~-]+$/.test(first) ? first.toLowerCase() : null;
    });
    __firstSegmentsKept.set(branches, kept);
  }
  return kept;
}
/** A decoded path's first segment, lower-cased ("" for "/"), or null when it does not start with "/". */
function __firstSegmentOfPath(path) {
  if (path.charCodeAt(0) !== 47) return null;
  let end = path.indexOf("/", 1);
  return (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
}
`;

/** React Router's own files (`dist/**`) that hold `matchRoutesImpl`, each build of them. */
export function routesByFirstSegment(): Plugin {
  let done = 0;
  return {
    name: 'estate:routes-by-first-segment',
    enforce: 'pre',
    buildStart() {
      done = 0;
    },
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]/.test(id) || !code.includes('function matchRoutesImpl(')) return null;
      if (!code.includes(FROM)) this.error(`React Router's ${id.split(/[\\/]/).pop()} no longer matches routes as routes-by-first-segment.ts expects: update the rewrite for this release`);
      done++;
      return { code: code.replace(FROM, TO) + HELPERS, map: null };
    },
    generateBundle() {
      // Only the server's bundle matches every request it renders.
      if (this.environment.name !== 'ssr') return;
      if (done === 0) this.error("routes-by-first-segment.ts found no matchRoutesImpl in React Router's code");
    },
  };
}
