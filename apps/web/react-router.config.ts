import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // The browser gets every route's manifest at start, as one immutable asset loaded with the
  // other modules (after the first paint), instead of each page inlining the part it needs: the
  // server then neither matches the URL's parents nor writes a manifest into every render, and
  // navigating never waits on a /__manifest request (issue 12).
  routeDiscovery: { mode: 'initial' },
  future: {
    // Loaders and actions get the request as it came, not a copy made without React Router's own
    // search parameters (`index`, `_routes`) twice for each loader of each page: they read the
    // address from `url`, which is the page's, `.data` and those parameters taken out (issue 12).
    v8_passThroughRequests: true,
  },
} satisfies Config;
