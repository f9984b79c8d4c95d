import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverRoutesOnce } from './server-routes-once.ts';

const dist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist');
/** React Router's own files of one build (production or development), as Vite would load them. */
const filesOf = (build: string) =>
  fs
    .readdirSync(path.join(dist, build))
    .filter((name) => name.endsWith('.mjs'))
    .map((name) => ({ id: path.join(dist, build, name), code: fs.readFileSync(path.join(dist, build, name), 'utf8') }));

/** The plugin's hooks run as Vite runs them, with `this.error` throwing and the build's environment named. */
function run(files: { id: string; code: string }[], environment = 'ssr') {
  const plugin = serverRoutesOnce();
  const ctx = {
    environment: { name: environment },
    error(message: string): never {
      throw new Error(message);
    },
  };
  (plugin.buildStart as (this: unknown) => void).call(ctx);
  const out = files.map(({ id, code }) => {
    const result = (plugin.transform as (this: unknown, code: string, id: string) => { code: string } | null).call(ctx, code, id);
    return { id, code: result?.code ?? code };
  });
  (plugin.generateBundle as (this: unknown) => void).call(ctx);
  return out.map((f) => f.code).join('\n');
}

describe('serverRoutesOnce', () => {
  for (const build of ['production', 'development']) {
    it(`keeps the server render's route tree by the build it came from, in React Router's ${build} files`, () => {
      const code = run(filesOf(build));
      // Each call is made through its keeper, and the keeper makes it the old way once.
      expect(code).toContain('routeModules: __entryRouteModulesOnce(build.routes),');
      expect(code).toContain('let routes = __serverRoutesOnce(manifest.routes, routeModules, context.future, context.isSpaMode);');
      expect(code).toContain('let { manifest, dataRoutes } = __staticDataRoutesOnce(routes);');
      expect(code).not.toContain('routeModules: createEntryRouteModules(build.routes)');
      expect(code).not.toMatch(/let routes = createServerRoutes\(\s*manifest\.routes/);
      expect(code).toMatch(/function __serverRoutesOnce[^]*createServerRoutes\(manifestRoutes, routeModules, future, isSpaMode\)/);
    });
  }

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
