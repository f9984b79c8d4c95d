// `npx tsx bench/index-probe.ts`: times the in-memory search index alone (decision 13) on the bench
// database `npm run bench` left, for each distinct search of the mix (list and map), warm, with the
// entries each search read and their cost (`SearchIndex.reads`, the same on any machine).
import { openDatabase } from '../apps/server/src/db/client.ts';
import { SearchIndex } from '../apps/server/src/modules/properties/search-index.ts';
import type { PropertySort } from '@estate/core';
import type { PropertyFilters } from '../apps/server/src/modules/properties/repository.ts';
import { distinctSearches, loadSearchMarket } from './search-mixes.ts';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/estate_bench';
const handle = await openDatabase({ databaseUrl: url, poolSize: 2 });
const market = await loadSearchMarket(handle.db);
const index = new SearchIndex(handle.db, { staleMs: 10_000, pollMs: 0 });
let t0 = performance.now();
await index.start();
console.log(`loaded ${index.listed} in ${(performance.now() - t0).toFixed(0)} ms; heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB, rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
const toFilters = (q: URLSearchParams): PropertyFilters => {
  const n = (k: string) => (q.has(k) ? Number(q.get(k)) : undefined);
  const bbox = q.get('bbox')?.split(',').map(Number);
  return {
    city: q.get('city') ?? undefined, propertyType: n('property_type'), categoryId: n('category_id'), minPrice: n('min_price'), maxPrice: n('max_price'), bedrooms: n('bedrooms'),
    search: q.get('search') ?? undefined,
    bbox: bbox ? { minLng: bbox[0], minLat: bbox[1], maxLng: bbox[2], maxLat: bbox[3] } : undefined,
  };
};
for (const kind of ['list', 'map'] as const) {
  const paths = distinctSearches(market, '/x', 3000, { forMap: kind === 'map', seed: kind === 'map' ? 2 : 1 });
  const times: { ms: number; path: string; entries: number; cost: number }[] = [];
  let skipped = 0;
  const run = (q: URLSearchParams, f: PropertyFilters) =>
    kind === 'map' ? index.mapIds(f, 2001) : index.page(f, (q.get('sort_by') ?? 'newest') as PropertySort, 12, Number(q.get('offset') ?? 0), 1000);
  // A first pass warms the compiled tests; the second is timed.
  for (const pass of [0, 1]) {
    for (const p of paths) {
      const q = new URLSearchParams(p.split('?')[1]);
      const f = toFilters(q);
      if (!index.holds(f)) {
        if (pass) skipped++;
        continue;
      }
      const { entries, cost } = index.reads;
      t0 = performance.now();
      await run(q, f);
      if (pass) times.push({ ms: performance.now() - t0, path: p, entries: index.reads.entries - entries, cost: index.reads.cost - cost });
    }
  }
  times.sort((a, b) => a.ms - b.ms);
  const at = (x: number) => times[Math.floor(x * (times.length - 1))].ms.toFixed(2);
  const total = times.reduce((s, x) => s + x.ms, 0);
  // Entries read and their cost in reads of memory in order (index.reads), the same on any machine.
  const mean = (of: (x: (typeof times)[number]) => number) => Math.round(times.reduce((s, x) => s + of(x), 0) / times.length);
  console.log(`${kind}: ${times.length} answered (${skipped} to SQL): p50 ${at(0.5)} ms, p90 ${at(0.9)}, p99 ${at(0.99)}, max ${at(1)}; mean ${(total / times.length).toFixed(2)} ms`);
  console.log(`   a search reads ${mean((x) => x.entries)} entries, costing ${mean((x) => x.cost)}`);
  for (const s of times.slice(-5)) console.log(`   ${s.ms.toFixed(1)} ms ${s.path}`);
  // Where the time goes: the searches grouped by their sort and the filters they set, the costliest shapes first.
  const shapes = new Map<string, { n: number; ms: number; entries: number; cost: number }>();
  for (const { ms, path, entries, cost } of times) {
    const q = new URLSearchParams(path.split('?')[1]);
    const shape = [q.get('sort_by') ?? 'newest', ...[...q.keys()].filter((k) => k !== 'sort_by' && k !== 'offset').sort()].join(' ');
    const s = shapes.get(shape) ?? { n: 0, ms: 0, entries: 0, cost: 0 };
    s.n++;
    s.ms += ms;
    s.entries += entries;
    s.cost += cost;
    shapes.set(shape, s);
  }
  for (const [shape, s] of [...shapes].sort((a, b) => b[1].ms - a[1].ms).slice(0, 8)) {
    console.log(`   ${((100 * s.ms) / total).toFixed(1).padStart(5)} % of the time, ${s.n} searches, mean ${(s.ms / s.n).toFixed(2)} ms, ${Math.round(s.entries / s.n)} entries costing ${Math.round(s.cost / s.n)}: ${shape}`);
  }
}
index.close();
await handle.close();
