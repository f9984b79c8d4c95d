// `npm run bench:web`: the built web app in production mode on the seeded demo database, measured
// the way a phone user meets it — first-load JavaScript of each page (gzip), and Lighthouse's
// mobile run (simulated slow 4G and a 4× slower CPU): performance score, LCP, CLS and TBT.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { sampleListings, startProcess, SERVER_NODE_FLAGS } from './process.ts';

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3910);
const base = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Issue 12: Lighthouse mobile ≥ 95 on all three pages.
const TARGETS = { performance: 95, cls: 0.05, homeJsKb: 200 };
/** Where each run's whole Lighthouse report is written (JSON), when set: what Lighthouse saw and simulated. */
const reportDir = process.env.BENCH_WEB_REPORT_DIR && path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.BENCH_WEB_REPORT_DIR);

if (!fs.existsSync(path.join(root, 'apps/web/build/server/index.js'))) {
  console.error('Build the web app first: npm run build');
  process.exit(1);
}

const dataDir = process.env.BENCH_WEB_DATA_DIR ?? path.join(root, 'data', 'bench-web');
console.log(`starting the server (production, PGlite in ${path.relative(root, dataDir)}; the first run seeds the demo, ~30 s)…`);
const server = await startProcess(
  'node',
  [...SERVER_NODE_FLAGS, '--import', 'tsx', 'apps/server/src/main.ts'],
  { NODE_ENV: 'production', PUBLIC_URL: base, SETTINGS_ENCRYPTION_KEY: '42'.repeat(32), PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' },
  `${base}/healthz`,
  300_000,
);

try {
  // A new data folder is seeded after the server first answers.
  const [card] = await sampleListings(base, 1);
  if (!card) throw new Error('the demo database has no listing to measure');
  const pages = [
    { name: 'home', path: '/' },
    { name: 'search', path: '/properties?property_type=0' },
    { name: 'listing', path: `/properties-details/${card.slug_id}` },
  ];

  // First-load JavaScript: the module scripts and preloads a page's HTML asks for, gzipped.
  const gz = (buf: Buffer) => zlib.gzipSync(buf).length;
  const weights: Record<string, { js: number; css: number; html: number }> = {};
  for (const page of pages) {
    const html = await (await fetch(`${base}${page.path}`)).text();
    const urls = (re: RegExp) => [...new Set([...html.matchAll(re)].map((m) => m[1]))];
    // Preloaded by the script that loads them after the first paint (apps/web/app/lib/paint-first.ts), or named in src, href or import().
    const afterPaint = /\((\["\/assets\/[^\]]*\])\)<\/script>/.exec(html)?.[1];
    const js = [...(afterPaint ? (JSON.parse(afterPaint) as string[]) : []), ...urls(/(?:href|src)="(\/assets\/[^"]+\.js)"/g), ...urls(/import\("(\/assets\/[^"]+\.js)"\)/g)];
    const css = urls(/href="(\/assets\/[^"]+\.css)"/g);
    const size = async (list: string[]) => {
      let total = 0;
      for (const u of new Set(list)) total += gz(Buffer.from(await (await fetch(`${base}${u}`)).arrayBuffer()));
      return total;
    };
    weights[page.name] = { js: await size(js), css: await size(css), html: gz(Buffer.from(html)) };
  }

  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const rows: { name: string; perf: number; lcp: number; cls: number; tbt: number; fcp: number }[] = [];
  try {
    for (const page of pages) {
      const runs: (typeof rows)[number][] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${base}${page.path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
        if (!result) throw new Error('lighthouse gave no result');
        const { lhr } = result;
        if (reportDir) {
          fs.mkdirSync(reportDir, { recursive: true });
          fs.writeFileSync(path.join(reportDir, `${page.name}-${i + 1}.json`), JSON.stringify(lhr));
        }
        runs.push({
          name: page.name,
          perf: Math.round((lhr.categories.performance.score ?? 0) * 100),
          lcp: lhr.audits['largest-contentful-paint'].numericValue ?? 0,
          cls: lhr.audits['cumulative-layout-shift'].numericValue ?? 0,
          tbt: lhr.audits['total-blocking-time'].numericValue ?? 0,
          fcp: lhr.audits['first-contentful-paint'].numericValue ?? 0,
        });
      }
      rows.push({
        name: page.name,
        perf: median(runs.map((r) => r.perf)),
        lcp: median(runs.map((r) => r.lcp)),
        cls: Math.max(...runs.map((r) => r.cls)),
        tbt: median(runs.map((r) => r.tbt)),
        fcp: median(runs.map((r) => r.fcp)),
      });
    }
  } finally {
    await chrome.kill();
  }

  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`\nLighthouse ${RUNS}× per page (mobile; median, CLS the worst run) and first-load weight (gzip):\n`);
  console.log('| page | performance | FCP | LCP | TBT | CLS | JS | CSS | HTML |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const w = weights[r.name];
    console.log(
      `| ${r.name} | ${r.perf} | ${(r.fcp / 1000).toFixed(1)} s | ${(r.lcp / 1000).toFixed(1)} s | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${kb(w.js)} | ${kb(w.css)} | ${kb(w.html)} |`,
    );
  }
  const misses = [
    ...rows.filter((r) => r.perf < TARGETS.performance).map((r) => `${r.name}: performance ${r.perf} < ${TARGETS.performance}`),
    ...rows.filter((r) => r.cls > TARGETS.cls).map((r) => `${r.name}: CLS ${r.cls.toFixed(3)} > ${TARGETS.cls}`),
    ...(weights.home.js / 1024 > TARGETS.homeJsKb ? [`home: first-load JS ${kb(weights.home.js)} > ${TARGETS.homeJsKb} KB`] : []),
  ];
  console.log(misses.length ? `\nTargets missed:\n- ${misses.join('\n- ')}` : `\nAll targets met (performance ≥ ${TARGETS.performance}, CLS ≤ ${TARGETS.cls}, home JS ≤ ${TARGETS.homeJsKb} KB).`);
  process.exitCode = misses.length ? 1 : 0;
} finally {
  server.kill('SIGTERM');
}
