import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { DEFAULT_WEB_BUILD_DIR } from '../src/platform/web.ts';
import { createTestApp, listenForPages, type TestApp } from './harness.ts';

/** Page tests need the built web app: `npm test` builds it first; run `npm run build` before running one alone. */
export const webBuilt = fs.existsSync(path.join(DEFAULT_WEB_BUILD_DIR, 'server', 'index.js'));

/** Text as React writes it into HTML. */
export const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/**
 * A test app serving the web app's pages on an open port, for the enclosing `describe` block.
 * `page` asks for a page and `api` for an API answer, both under the pages' own host, so media
 * URLs in the two match.
 */
export function pagesApp(env: Record<string, string> = {}) {
  const web = {
    t: undefined as unknown as TestApp,
    host: '',
    page: (url: string) => web.t.request({ method: 'GET', url, headers: { host: web.host } }),
    api: (apiPath: string, query?: Record<string, string | number>) => web.t.get(apiPath, query, { host: web.host }),
  };
  beforeAll(async () => {
    web.t = await createTestApp(env);
    web.host = await listenForPages(web.t);
  });
  afterAll(() => web.t?.close());
  return web;
}
