import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { RenderToString } from '../app/lib/render-whole.ts';
import { renderInParts } from './render-in-parts.ts';
import { runPlugin } from './run-plugin.ts';

// For tests: React DOM's server renderer as the build rewrites it (render-in-parts.ts).

const require = createRequire(import.meta.url);
/** Where React DOM's builds are. */
export const cjs = path.join(path.dirname(require.resolve('react-dom/package.json')), 'cjs');
/** React DOM's legacy server renderers, every build of them, as Vite would load them. */
export const legacyServers = fs
  .readdirSync(cjs)
  .filter((name) => name.startsWith('react-dom-server-legacy.'))
  .map((name) => ({ id: path.join(cjs, name), code: fs.readFileSync(path.join(cjs, name), 'utf8') }));

/** The plugin's hooks run as Vite runs them. */
export const run = (files: { id: string; code: string }[], environment = 'ssr') => runPlugin(renderInParts(), files, environment);

/**
 * The node renderer as the build rewrites it, loaded as Node loads it (its own `require`): the
 * production build, as the server's; the development one to render components with React's
 * development build (which tests load), whose elements the production renderer does not take.
 */
export function rewrittenRenderToString(build: 'production' | 'development' = 'production'): RenderToString {
  const file = run(legacyServers).find((f) => f.id.endsWith(`react-dom-server-legacy.node.${build}.js`))!;
  const module = { exports: {} as { renderToString: RenderToString } };
  new Function('exports', 'require', 'module', file.code)(module.exports, createRequire(file.id), module);
  return module.exports.renderToString;
}
