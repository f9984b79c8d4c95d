import { describe, expect, it } from 'vitest';
import { pagesApp, webBuilt } from './pages.ts';

describe.skipIf(!webBuilt)('properties page views and map areas', () => {
  const web = pagesApp();
  const { page } = web;

  it('links the grid, list and map views, keeping the filters, and marks the current one', async () => {
    const res = await page('/properties?property_type=1&view=list');
    expect(res.status).toBe(200);
    const link = (view: string) => res.body.match(new RegExp(`<a[^>]*data-testid="view-${view}"[^>]*>`))?.[0] ?? '';
    expect(link('list')).toContain('aria-current="page"');
    expect(link('list')).toContain('href="/properties?property_type=1&amp;view=list"');
    expect(link('grid')).not.toContain('aria-current');
    expect(link('grid')).toContain('href="/properties?property_type=1"');
    expect(link('map')).toContain('href="/properties?property_type=1&amp;view=map"');
    // The search form keeps the view.
    expect(res.body).toContain('<input type="hidden" name="view" value="list"/>');
  });

  it('renders the map view with its tools and a reserved, not yet loaded map, above the result list', async () => {
    const res = await page('/properties?view=map');
    expect(res.body).toContain('data-testid="map-draw-toggle"');
    expect(res.body).toMatch(/class="[^"]*h-\[28rem\][^"]*"><div[^>]*role="status">Loading the map…/);
    expect(res.body).not.toMatch(/maplibre/i);
    const expected = (await web.t.get('/api/get-property-list', { limit: 12 })).body;
    for (const p of expected.data) expect(res.body).toContain(`/properties-details/${p.slug_id}`);
  });

  it('narrows the results to a bbox and to a polygon from the URL', async () => {
    const bbox = '72.7,18.8,73.1,19.4';
    const polygon = '72.7 18.8,73.1 18.8,73.1 19.4,72.7 19.4';
    const inBox = (await web.t.get('/api/get-property-list', { bbox, limit: 12 })).body;
    const inPolygon = (await web.t.get('/api/get-property-list', { polygon, limit: 12 })).body;
    const all = (await web.t.get('/api/get-property-list', { limit: 1 })).body;
    expect(inBox.total).toBeGreaterThan(0);
    expect(inBox.total).toBeLessThan(all.total);
    const boxPage = await page(`/properties?view=map&bbox=${encodeURIComponent(bbox)}`);
    expect(boxPage.body).toMatch(new RegExp(`>${inBox.total} propert(y|ies) found<`));
    expect(boxPage.body).toContain('data-testid="map-clear-area"');
    const polygonPage = await page(`/properties?polygon=${encodeURIComponent(polygon)}`);
    expect(polygonPage.body).toMatch(new RegExp(`>${inPolygon.total} propert(y|ies) found<`));
    expect(polygonPage.body).toContain('Results are limited to an area of the map.');
    expect(polygonPage.body).toContain(`<input type="hidden" name="polygon" value="${polygon}"/>`);
  });

  it('shows the API message for an area it refuses', async () => {
    const res = await page('/properties?view=map&bbox=1,2,3');
    expect(res.status).toBe(400);
    expect(res.body).toContain('bbox must be min_lng,min_lat,max_lng,max_lat');
  });
});
