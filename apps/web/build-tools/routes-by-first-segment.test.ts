import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesByFirstSegment } from './routes-by-first-segment.ts';
import { runPlugin } from './run-plugin.ts';

const packageDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const dist = path.join(packageDir, 'dist');
/** React Router's own files of one build, as Vite would load them. */
const filesOf = (build: string) =>
  fs
    .readdirSync(path.join(dist, build))
    .filter((name) => /\.m?js$/.test(name))
    .map((name) => ({ id: path.join(dist, build, name), code: fs.readFileSync(path.join(dist, build, name), 'utf8') }));

type Branch = { path: string; routesMeta: unknown[] };
type Match = { route: { id: string }; params: Record<string, string>; pathname: string; pathnameBase: string };
type RouterModule = {
  createStaticHandler: (routes: object[]) => { dataRoutes: object[]; _internalRouteBranches: Branch[] };
  matchRoutesImpl: (routes: object[], location: string, basename: string, allowPartial: boolean, branches?: Branch[]) => Match[] | null;
};

/** The app's shape (routes.ts) with the cases a first segment could get wrong. */
const routes = [
  {
    id: 'root',
    path: '',
    children: [
      { id: 'home', index: true },
      { id: 'texts', path: 'texts/:file' },
      { id: 'properties', path: 'properties' },
      { id: 'listing', path: 'properties-details/:slug' },
      { id: 'profile', path: 'user/profile' },
      { id: 'edit', path: 'user/edit-property/:id' },
      { id: 'sitemap', path: 'sitemap.xml' },
      { id: 'case', path: 'Exact-Case', caseSensitive: true },
      { id: 'optional', path: 'maybe?/page' },
      { id: 'by-lang', path: ':lang/about' },
      { id: 'about', path: 'about' },
      { id: 'accent', path: 'café' },
      { id: 'absolute', path: '/absolute/child' },
      {
        id: 'admin',
        path: 'admin',
        children: [
          { id: 'admin-home', index: true },
          { id: 'admin-listing', path: 'listings/:kind/:slug' },
          { id: 'admin-pathless', children: [{ id: 'admin-audit', path: 'audit' }] },
        ],
      },
      { id: 'rest', path: 'files/*' },
      { id: 'not-found', path: '*' },
    ],
  },
];

const paths = [
  '/',
  '',
  '/properties',
  '/properties/',
  '/PROPERTIES',
  '/Properties/extra',
  '//properties',
  '/properties-details/a-house',
  '/properties-details/',
  '/properties-details%2Fx',
  '/properties-details/a%2Fb',
  '/texts/en.js',
  '/user/profile',
  '/USER/Profile/',
  '/user',
  '/user/edit-property/12',
  '/sitemap.xml',
  '/sitemapXxml',
  '/Exact-Case',
  '/exact-case',
  '/maybe/page',
  '/page',
  '/en/about',
  '/about',
  '/about/more',
  '/café',
  '/CAFÉ',
  '/caf%C3%A9',
  '/absolute/child',
  '/admin',
  '/admin/',
  '/Admin/listings/property/x',
  '/admin/audit',
  '/admin/nothing',
  '/files',
  '/files/a/b',
  '/nowhere/at/all',
  '/%E0%A4%98%E0%A4%B0',
  '/?x=1',
];

const simple = (matches: Match[] | null) => matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase })) ?? null;

describe('routesByFirstSegment', () => {
  let before: RouterModule;
  let after: RouterModule;
  // The rewritten file sits where its `import … from "react"` finds the app's React.
  const rewrittenDir = path.join(packageDir, '..', '.cache', `routes-by-first-segment-${process.pid}`);

  beforeAll(async () => {
    const [file] = filesOf('production').filter((f) => f.id.endsWith('.mjs') && f.code.includes('function createStaticHandler('));
    const [rewritten] = runPlugin(routesByFirstSegment(), [file]);
    fs.mkdirSync(rewrittenDir, { recursive: true });
    const target = path.join(rewrittenDir, path.basename(file.id));
    fs.writeFileSync(target, rewritten.code);
    before = (await import(/* @vite-ignore */ pathToFileURL(file.id).href)) as RouterModule;
    after = (await import(/* @vite-ignore */ pathToFileURL(target).href)) as RouterModule;
  });
  afterAll(() => fs.rmSync(rewrittenDir, { recursive: true, force: true }));

  for (const build of ['production', 'development']) {
    it(`rewrites the matching loop in each of React Router's ${build} files that has one`, () => {
      const files = filesOf(build).filter((f) => f.code.includes('function matchRoutesImpl('));
      expect(files.length).toBeGreaterThanOrEqual(2);
      for (const { code } of runPlugin(routesByFirstSegment(), files)) {
        expect(code).toContain('if (__lead !== null && __leads[i] !== null && __leads[i] !== __lead) continue;');
        expect(code).toContain('function __firstSegmentsOf(branches)');
      }
    });
  }

  it('finds what React Router finds, for every path, partial or whole', () => {
    const handlerBefore = before.createStaticHandler(routes);
    const handlerAfter = after.createStaticHandler(routes);
    for (const allowPartial of [false, true]) {
      for (const p of paths) {
        const expected = simple(before.matchRoutesImpl(handlerBefore.dataRoutes, p, '/', allowPartial, handlerBefore._internalRouteBranches));
        const found = simple(after.matchRoutesImpl(handlerAfter.dataRoutes, p, '/', allowPartial, handlerAfter._internalRouteBranches));
        expect({ path: p, allowPartial, found }).toEqual({ path: p, allowPartial, found: expected });
      }
    }
    // The cases are real ones: some paths match a fixed first segment, some a parameter, some nothing but the splat.
    const ids = (p: string) => simple(before.matchRoutesImpl(handlerBefore.dataRoutes, p, '/', false, handlerBefore._internalRouteBranches))?.at(-1)?.id;
    expect(['/', '/PROPERTIES', '/en/about', '/exact-case', '/Exact-Case', '/caf%C3%A9', '/admin/audit', '/nowhere/at/all'].map(ids)).toEqual(['home', 'properties', 'by-lang', 'not-found', 'case', 'accent', 'admin-audit', 'not-found']);
  });

  it('tries only the branches a path can match: for the home page, none with a fixed first segment', () => {
    const tried = (router: RouterModule, p: string) => {
      const handler = router.createStaticHandler(routes);
      const seen: string[] = [];
      const branches = handler._internalRouteBranches.map((branch) => {
        const counted = { ...branch };
        Object.defineProperty(counted, 'routesMeta', {
          get: () => (seen.push(branch.path), branch.routesMeta),
        });
        return counted as Branch;
      });
      router.matchRoutesImpl(handler.dataRoutes, p, '/', false, branches);
      return seen;
    };
    const fixed = (p: string) => /^\/?[A-Za-z0-9_.~-]+(\/|$)/.test(p);
    // React Router alone: every branch ranked above the home page's, most of them with a fixed first segment.
    const homeBefore = tried(before, '/');
    expect(homeBefore.at(-1)).toBe('/');
    expect(homeBefore.filter(fixed).length).toBeGreaterThan(10);
    const home = tried(after, '/');
    expect(home.at(-1)).toBe('/');
    expect(home.filter(fixed)).toEqual([]);
    expect(home).toEqual(homeBefore.filter((p) => !fixed(p)));
    expect(tried(after, '/Properties-Details/x').filter(fixed).map((p) => p.replace(/^\//, '').split('/')[0])).toEqual(['properties-details']);
  });

  it('leaves files without the matching loop as they are, and fails the build when a release words it otherwise', () => {
    const transform = routesByFirstSegment().transform as (this: unknown, code: string, id: string) => unknown;
    expect(transform.call({}, 'function matchRoutesImpl() {}', '/app/routes/home.tsx')).toBeNull();
    expect(transform.call({}, 'export const x = 1;', path.join(dist, 'production', 'index.mjs'))).toBeNull();
    const [file] = filesOf('production').filter((f) => f.id.endsWith('.mjs') && f.code.includes('function matchRoutesImpl('));
    const changed = { ...file, code: file.code.replace('let decoded = decodePath(pathname);', 'const decoded = decodePath(pathname);') };
    expect(() => runPlugin(routesByFirstSegment(), [changed])).toThrow(/update the rewrite/);
    // The server's bundle without React Router's matching fails too.
    expect(() => runPlugin(routesByFirstSegment(), [{ id: '/app/x.ts', code: '' }])).toThrow(/found no matchRoutesImpl/);
    expect(() => runPlugin(routesByFirstSegment(), [{ id: '/app/x.ts', code: '' }], 'client')).not.toThrow();
  });
});
