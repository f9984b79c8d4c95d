import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_STYLE_URL, loadConfig } from '../src/config.ts';
import { createTestApp, listenForPages } from './harness.ts';
import { webBuilt } from './pages.ts';

/** The map page's body and its Content Security Policy, on an app started with these settings. */
async function mapPage(env: Record<string, string>) {
  const t = await createTestApp(env);
  try {
    const host = await listenForPages(t);
    const res = await t.request({ method: 'GET', url: '/properties?view=map', headers: { host } });
    expect(res.status).toBe(200);
    const header = String(res.raw.headers['content-security-policy'] ?? '');
    const policy = new Map(header.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
    return { body: res.body, connect: policy.get('connect-src') ?? [], img: policy.get('img-src') ?? [], worker: policy.get('worker-src') ?? [] };
  } finally {
    await t.close();
  }
}

describe.skipIf(!webBuilt)('street map setting (MAP_STYLE_URL)', () => {
  it('by default hands the pages the OpenFreeMap style with its credit, and lets its host through the policy', async () => {
    const page = await mapPage({});
    expect(page.body).toContain(DEFAULT_MAP_STYLE_URL);
    expect(page.body).toContain('OpenFreeMap');
    expect(page.body).toContain('https://www.openstreetmap.org/copyright');
    expect(page.body).toContain('OpenMapTiles');
    for (const directive of [page.connect, page.img]) expect(directive).toContain('https://tiles.openfreemap.org');
    expect(page.worker).toEqual(["'self'", 'blob:']);
  });

  it('hands the pages a configured style and credit, and allows that host instead', async () => {
    const page = await mapPage({ MAP_STYLE_URL: 'https://maps.example.net/styles/streets.json', MAP_STYLE_ATTRIBUTION: '© Example Maps' });
    expect(page.body).toContain('https://maps.example.net/styles/streets.json');
    expect(page.body).toContain('© Example Maps');
    expect(page.body).not.toContain('openfreemap');
    for (const directive of [page.connect, page.img]) {
      expect(directive).toContain('https://maps.example.net');
      expect(directive).not.toContain('https://tiles.openfreemap.org');
    }
  });

  it('lets MAP_TILE_URL win over the style, and `none` leave the bundled outline alone', async () => {
    const tiled = await mapPage({ MAP_TILE_URL: 'https://tiles.example.test/{z}/{x}/{y}.png', MAP_STYLE_URL: 'https://maps.example.net/style.json' });
    expect(tiled.body).toContain('https://tiles.example.test/{z}/{x}/{y}.png');
    expect(tiled.body).not.toContain('maps.example.net');
    expect(tiled.connect).toContain('https://tiles.example.test');
    expect(tiled.connect).not.toContain('https://maps.example.net');

    const none = await mapPage({ MAP_STYLE_URL: 'none' });
    expect(none.body.includes('openfreemap')).toBe(false);
    expect(none.connect).toEqual(["'self'"]);
  });

  it('refuses a style URL that is neither http(s), a /path nor none', () => {
    expect(() => loadConfig({ MAP_STYLE_URL: 'ftp://maps.example.net/style.json' })).toThrow(/MAP_STYLE_URL/);
    expect(loadConfig({ MAP_STYLE_URL: '/map/style.json' }).MAP_STYLE_URL).toBe('/map/style.json');
  });
});
