import type { Plugin } from 'vite';

/**
 * Makes React Router's server render build its route tree once per build rather than once per page.
 *
 * For every document it renders, React Router's `ServerRouter` turns the build's route manifest
 * into route objects (`createServerRoutes`, from the modules by route id, which
 * `createEntryRouteModules` also makes anew), and `createStaticRouter` turns those into data
 * routes again (`convertRoutesToDataRoutes`), for the whole app's tree, though all three depend
 * only on the build. On a results page rendered every request at a million listings they were about 5 % of
 * the server's main thread (issue 12). Neither is exported to be called another way, so this
 * plugin rewrites the three calls in React Router's code as it is bundled: each result is kept by the
 * identity of what it was made from (the build's manifest and modules; a development server's new
 * modules after an edit make a new entry). The kept objects are read, never changed: the server's
 * router refuses every call that would patch its routes, and React elements are immutable.
 *
 * A React Router release that words the three calls otherwise fails the build here, so the rewrite
 * is never lost silently.
 */
const REWRITES: { where: string; from: string; to: string }[] = [
  {
    // The modules by route id, which the route tree is kept by: made anew for every document too.
    where: 'function createEntryRouteModules(',
    from: 'routeModules: createEntryRouteModules(build.routes),',
    to: 'routeModules: __keptOnce(__kept.modules, build.routes, [], () => createEntryRouteModules(build.routes)),',
  },
  {
    where: 'function ServerRouter(',
    from: 'let routes = createServerRoutes(\n    manifest.routes,\n    routeModules,\n    context.future,\n    context.isSpaMode\n  );',
    to: 'let routes = __keptOnce(__kept.routes, manifest.routes, [routeModules, context.future, context.isSpaMode], () => createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode));',
  },
  {
    where: 'function createStaticRouter(',
    from: 'function createStaticRouter(routes, context, opts = {}) {\n  let manifest = {};\n  let dataRoutes = convertRoutesToDataRoutes(\n    routes,\n    mapRouteProperties,\n    void 0,\n    manifest\n  );',
    to: 'function createStaticRouter(routes, context, opts = {}) {\n  let { manifest, dataRoutes } = __keptOnce(__kept.dataRoutes, routes, [], () => {\n    let manifest = {};\n    return { manifest, dataRoutes: convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, manifest) };\n  });',
  },
];

/**
 * Added once to each file rewritten: what `make` made for `key`, made again only when one of
 * `also` differs from the last time (WeakMaps: a build's tree goes with the build).
 */
const KEEPER = `
const __kept = { modules: new WeakMap(), routes: new WeakMap(), dataRoutes: new WeakMap() };
function __keptOnce(kept, key, also, make) {
  let entry = kept.get(key);
  if (!entry || entry.also.some((value, i) => value !== also[i])) {
    entry = { also, value: make() };
    kept.set(key, entry);
  }
  return entry.value;
}
`;

/** Rewrites the three calls in React Router's own files (`dist/**`), in any build mode. */
export function serverRoutesOnce(): Plugin {
  const done = new Set<string>();
  return {
    name: 'estate:server-routes-once',
    enforce: 'pre',
    buildStart() {
      done.clear();
    },
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]/.test(id)) return null;
      let out = code;
      for (const r of REWRITES) {
        if (!out.includes(r.where)) continue;
        if (!out.includes(r.from)) this.error(`React Router's ${r.where}…) no longer reads as server-routes-once.ts expects: update the rewrite for this release`);
        out = out.replace(r.from, r.to);
        done.add(r.where);
      }
      return out === code ? null : { code: out + KEEPER, map: null };
    },
    generateBundle() {
      // Only the server's bundle holds the server render.
      if (this.environment.name !== 'ssr') return;
      const missing = REWRITES.filter((r) => !done.has(r.where)).map((r) => r.where);
      if (missing.length) this.error(`server-routes-once.ts found no ${missing.join(' and ')}…) in React Router's code`);
    },
  };
}
