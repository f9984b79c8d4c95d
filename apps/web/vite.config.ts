import { createRequire } from 'node:module';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { handoffOnRead } from './build-tools/handoff-on-read.ts';
import { renderInParts } from './build-tools/render-in-parts.ts';
import { routesByFirstSegment } from './build-tools/routes-by-first-segment.ts';
import { serverRoutesOnce } from './build-tools/server-routes-once.ts';

// React Router's exports map names only its development build (warnings, checks), for browsers and
// Node alike; its production build sits beside it. A production build takes that one, in the
// browser's bundle and in the server's, which then carries its own copy (one copy per process side:
// the server takes `createRequestHandler` from the build, see entry.server.tsx).
const reactRouterDist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', 'production');

export default defineConfig(({ mode }) => ({
  plugins: [serverRoutesOnce(), routesByFirstSegment(), handoffOnRead(), renderInParts(), tailwindcss(), reactRouter()],
  ...(mode === 'production' && {
    // React DOM in the server's bundle, so that its server renderer hands over a page's pieces
    // (build-tools/render-in-parts.ts), and one copy of it serves the pages and their components.
    ssr: { noExternal: ['react-dom'] },
    resolve: {
      alias: [
        { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
        { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
      ],
    },
  }),
}));
