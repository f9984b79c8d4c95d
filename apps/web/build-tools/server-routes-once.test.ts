import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPlugin } from './run-plugin.ts';
import { serverRoutesOnce } from './server-routes-once.ts';

const dist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist');
/** React Router's own files of one build (production or development), as Vite would load them. */
const filesOf = (build: string) =>
  fs
    .readdirSync(path.join(dist, build))
    .filter((name) => name.endsWith('.mjs'))
    .map((name) => ({ id: path.join(dist, build, name), code: fs.readFileSync(path.join(dist, build, name), 'utf8') }));

/** The plugin's hooks run as Vite runs them; the files' code joined. */
const run = (files: { id: string; code: string }[], environment = 'ssr') =>
  runPlugin(serverRoutesOnce(), files, environment)
    .map((f) => f.code)
    .join('\n');

describe('serverRoutesOnce', () => {
  for (const build of ['production', 'development']) {
    it(`keeps the server render's route tree by the build it came from, in React Router's ${build} files`, () => {
      const code = run(filesOf(build));
      // Each call is made through its keeper, and the keeper makes it the old way once.
      expect(code).toContain('routeModules: __keptOnce(__kept.modules, build.routes, [], () => createEntryRouteModules(build.routes)),');
      expect(code).toContain('let routes = __keptOnce(__kept.routes, manifest.routes, [routeModules, context.future, context.isSpaMode], () => createServerRoutes(');
      expect(code).toContain('let { manifest, dataRoutes } = __keptOnce(__kept.dataRoutes, routes, [], () => {');
      expect(code).not.toContain('routeModules: createEntryRouteModules(build.routes)');
      expect(code).not.toMatch(/let routes = createServerRoutes\(\s*manifest\.routes/);
      expect(code).not.toMatch(/function createStaticRouter\(routes, context, opts = \{\}\) \{\s*let manifest = \{\};/);
    });
  }

  it('makes each once for what it is made from, and again for anything else', () => {
    // React Router's wording, around stand-ins that count what they make.
    const source = [
      'let made = 0;',
      'function createEntryRouteModules(routes) { made++; return { routes, made }; }',
      'function createServerRoutes(manifestRoutes, routeModules, future, isSpaMode) { made++; return [{ manifestRoutes, routeModules, future, isSpaMode, made }]; }',
      'function entry(build) {\n  return {\n    routeModules: createEntryRouteModules(build.routes),\n  };\n}',
      'function ServerRouter({ context }) {\n  let { manifest, routeModules } = context;\n  let routes = createServerRoutes(\n    manifest.routes,\n    routeModules,\n    context.future,\n    context.isSpaMode\n  );\n  return routes;\n}',
    ].join('\n');
    const plugin = serverRoutesOnce();
    const { code } = (plugin.transform as (this: unknown, code: string, id: string) => { code: string }).call({}, source, path.join(dist, 'production', 'chunk-X.mjs'));
    const { entry, ServerRouter, count } = new Function(`${code}\nreturn { entry, ServerRouter, count: () => made };`)() as {
      entry: (build: { routes: object }) => { routeModules: object };
      ServerRouter: (props: { context: object }) => unknown;
      count: () => number;
    };
    const build = { routes: {} };
    const modules = entry(build).routeModules;
    expect(entry(build).routeModules).toBe(modules);
    expect(count()).toBe(1);
    expect(entry({ routes: {} }).routeModules).not.toBe(modules);
    expect(count()).toBe(2);

    const future = {};
    const context = (routeModules: object, isSpaMode = false) => ({ context: { manifest: { routes: build.routes }, routeModules, future, isSpaMode } });
    const tree = ServerRouter(context(modules));
    expect(ServerRouter(context(modules))).toBe(tree);
    expect(count()).toBe(3);
    // Other modules (a development server's edit) or another mode: made again.
    expect(ServerRouter(context({}))).not.toBe(tree);
    expect(ServerRouter(context(modules, true))).not.toBe(tree);
    expect(count()).toBe(5);
  });

  it('leaves every other file as it is', () => {
    const plugin = serverRoutesOnce();
    const transform = plugin.transform as (this: unknown, code: string, id: string) => unknown;
    expect(transform.call({}, 'function ServerRouter() {}', '/app/routes/home.tsx')).toBeNull();
    expect(transform.call({}, 'export const x = 1;', path.join(dist, 'production', 'index.mjs'))).toBeNull();
  });

  it('fails the build when a React Router release words a call otherwise', () => {
    const [file] = filesOf('production').filter((f) => f.code.includes('function createStaticRouter('));
    const changed = { ...file, code: file.code.replace('let manifest = {};\n  let dataRoutes = convertRoutesToDataRoutes(', 'const manifest = {};\n  const dataRoutes = convertRoutesToDataRoutes(') };
    expect(() => run([changed])).toThrow(/createStaticRouter.*update the rewrite/);
  });

  it("fails the server's build when a call it rewrites is no longer there, and not the browser's", () => {
    const withoutServerRouter = filesOf('production').filter((f) => !f.code.includes('function ServerRouter('));
    expect(() => run(withoutServerRouter)).toThrow(/found no .*function ServerRouter\(/);
    expect(() => run(withoutServerRouter, 'client')).not.toThrow();
  });
});
