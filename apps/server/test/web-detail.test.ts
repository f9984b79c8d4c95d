import { calculateMortgage, formatPrice } from '@estate/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outdoorFacilities, propertyDocuments, propertyFacilities, propertyImages } from '../src/db/schema/index.ts';
import { createProperty, createUser } from './factories.ts';
import { createTestApp, listenForPages } from './harness.ts';
import { html, pagesApp, webBuilt } from './pages.ts';

describe.skipIf(!webBuilt)('property detail page through the server', () => {
  const web = pagesApp();
  const { page } = web;

  async function richListing(overrides: Parameters<typeof createProperty>[1] = {}) {
    const p = await createProperty(web.t.db, {
      price: '7500000',
      propertyType: 0,
      address: '12 Test Lane, Bandra West',
      city: 'Mumbai',
      state: 'Maharashtra',
      latitude: 19.06,
      longitude: 72.83,
      titleImage: 'demo/properties/apartment-1-w960.webp',
      threeDImage: 'demo/properties/pano-1.webp',
      videoLink: 'https://www.youtube.com/watch?v=ysz5S6PUM-U',
      ...overrides,
    });
    await web.t.db.insert(propertyImages).values([
      { propertyId: p.id, image: 'demo/properties/apartment-2-w960.webp', sequence: 1 },
      { propertyId: p.id, image: 'demo/properties/apartment-3-w960.webp', sequence: 2 },
    ]);
    await web.t.db.insert(propertyDocuments).values({ propertyId: p.id, name: 'Floor plan', type: 'pdf', file: 'demo/documents/floor-plan.pdf' });
    return p;
  }

  it('sends an old address of a retitled listing to its new one (301), and shows how its price moved', async () => {
    const p = await richListing({ price: '9500000' });
    await web.t.db.execute(sql`insert into property_slug_redirects (slug_id, property_id) values (${`${p.slugId}-old`}, ${p.id})`);
    await web.t.db.execute(sql`insert into property_price_changes (property_id, price, changed_at) values (${p.id}, 10000000, '2026-01-10T10:00:00Z'), (${p.id}, 9500000, '2026-03-03T10:00:00Z')`);
    const moved = await page(`/properties-details/${p.slugId}-old?lang=en`);
    expect(moved.status).toBe(301);
    expect(moved.raw.headers.location).toBe(`/properties-details/${p.slugId}?lang=en`);
    // A visitor already on the site asks for the page's data (`.data`, React Router's own `_routes`):
    // the loader reads the page's address, so the new one keeps the visitor's search and no more.
    const movedData = await page(`/properties-details/${p.slugId}-old.data?lang=en&_routes=routes%2Fproperty-detail`);
    expect(movedData.body).toContain(`"/properties-details/${p.slugId}?lang=en"`);
    expect(movedData.body).not.toContain('_routes');
    expect(movedData.body).not.toContain('.data');
    const res = await page(`/properties-details/${p.slugId}`);
    expect(res.body).toMatch(/Reduced by 5% on (?:3 March 2026|March 3, 2026)/);
  });

  it('renders the gallery with a photo-viewer dialog, each photo linking to its large size', async () => {
    const p = await richListing();
    const res = await page(`/properties-details/${p.slugId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/<dialog[^>]*aria-label="Photo viewer"/);
    for (const n of [1, 2, 3]) expect(res.body).toContain(`/media/demo/properties/apartment-${n}-w1600.webp"`);
    expect(res.body).toMatch(/srcSet="[^"]*apartment-2-w480\.webp 480w/);
  });

  it('offers the 360° view and the video behind buttons, loading nothing from the video site', async () => {
    const p = await richListing();
    const res = await page(`/properties-details/${p.slugId}`);
    expect(res.body).toContain('Open the 360° view');
    expect(res.body).toContain('data-testid="video-play"');
    expect(res.body).toContain('href="https://www.youtube.com/watch?v=ysz5S6PUM-U"');
    expect(res.body).not.toContain('<iframe');
    expect(res.body).not.toContain('youtube-nocookie');
  });

  it('plays a video file of our own in the browser\'s player: nothing fetched before Play, the title picture as poster', async () => {
    const p = await richListing({ videoLink: 'demo/videos/walkthrough-1.webm' });
    const res = await page(`/properties-details/${p.slugId}`);
    const video = /<video[^>]*data-testid="video-file"[^>]*>/.exec(res.body)?.[0] ?? '';
    expect(video).toMatch(/src="http[^"]+\/media\/demo\/videos\/walkthrough-1\.webm"/);
    expect(video).toMatch(/poster="http[^"]+\/media\/demo\/properties\/apartment-1-w960\.webp"/);
    expect(video).toContain('preload="none"');
    expect(video).toContain('controls');
    expect(video).toContain(`aria-label="Video: ${html(p.title)}"`);
    expect(res.body).not.toContain('data-testid="video-play"');
  });

  it('shows the address, reserves the location map, and lists the documents', async () => {
    const p = await richListing();
    const res = await page(`/properties-details/${p.slugId}`);
    expect(res.body).toMatch(/<address[^>]*data-testid="listing-address"[^>]*>(<bdi>)?12 Test Lane, Bandra West/);
    // The map's box has its height before MapLibre loads, so nothing shifts.
    expect(res.body).toMatch(/class="[^"]*h-72[^"]*"><div[^>]*role="status">Loading the map…/);
    expect(res.body).not.toMatch(/maplibre/i);
    expect(res.body).toMatch(/href="[^"]*\/media\/demo\/documents\/floor-plan\.pdf"[^>]*download/);
    expect(res.body).toContain('Floor plan');
  });

  it('shows a premium listing to visitors as its teaser, with the way to unlock it', async () => {
    const p = await richListing({ isPremium: true, address: '9 Premium Secret Road' });
    const res = await page(`/properties-details/${p.slugId}`);
    expect(res.status).toBe(200);
    expect(res.body).toContain(html(p.title));
    expect(res.body).toContain('data-testid="premium-lock"');
    expect(res.body).toContain('Unlock this listing');
    expect(res.body).toContain('Subscribe Now');
    // What only the entitled may see is not in the page at all.
    expect(res.body).not.toContain('9 Premium Secret Road');
    expect(res.body).not.toContain('apartment-2-w960.webp');
    expect(res.body).not.toContain('floor-plan.pdf');
    expect(res.body).not.toContain('ysz5S6PUM-U');
    expect(res.body).not.toContain('data-testid="panorama-open"');
  });

  it('gives distances to nearby places in the unit the settings name', async () => {
    const p = await richListing();
    const [facility] = await web.t.db.select().from(outdoorFacilities).limit(1);
    await web.t.db.insert(propertyFacilities).values({ propertyId: p.id, facilityId: facility.id, distance: '1.5' });
    const inKm = await page(`/properties-details/${p.slugId}`);
    const shows = (body: string, unit: string) => new RegExp(`>1\\.5(</bdi>)?(<!-- -->)? (<!-- -->)?${unit}<`).test(body);
    expect(shows(inKm.body, 'km')).toBe(true);
    await web.t.services.settings.update({ distance_option: 'mi' });
    try {
      expect(shows((await page(`/properties-details/${p.slugId}`)).body, 'mi')).toBe(true);
    } finally {
      await web.t.services.settings.update({ distance_option: 'km' });
    }
  });

  it('has share links for the canonical URL and an announced status line', async () => {
    const p = await richListing();
    const res = await page(`/properties-details/${p.slugId}`);
    const url = encodeURIComponent(`http://${web.host}/properties-details/${p.slugId}`);
    expect(res.body).toContain(`https://www.facebook.com/sharer/sharer.php?u=${url}`);
    expect(res.body).toContain(html(`https://twitter.com/intent/tweet?url=${url}`));
    expect(res.body).toContain(`https://wa.me/?text=${encodeURIComponent(`${p.title} http://${web.host}/properties-details/${p.slugId}`)}`);
    expect(res.body).toContain('href="mailto:?subject=');
    expect(res.body).toContain('Copy link');
    expect(res.body).toMatch(/role="status" aria-live="polite"[^>]*data-testid="share-status"/);
  });

  it('gives phones a contact bar: the number to call, and WhatsApp with the listing typed in', async () => {
    const owner = await createUser(web.t.db, { name: 'Deccan Homes & Estates', mobile: '+91 98100 10101' });
    const p = await createProperty(web.t.db, { ownerId: owner.id });
    const res = await page(`/properties-details/${p.slugId}`);
    expect(res.body).toMatch(/<section aria-label="Contact about this listing"[^>]*data-testid="contact-bar"[^>]*class="sticky bottom-0[^"]*md:hidden"/);
    expect(res.body).toContain(`href="tel:+919810010101" aria-label="${html('Call Deccan Homes & Estates')}"`);
    const message = encodeURIComponent(`${p.title} http://${web.host}/properties-details/${p.slugId}`);
    expect(res.body).toContain(`href="https://wa.me/919810010101?text=${message}" target="_blank" rel="noopener noreferrer" aria-label="${html('Message Deccan Homes & Estates on WhatsApp')}"`);
  });

  it('leads the contact bar of a premium teaser to the unlock, never to the number it holds back', async () => {
    const owner = await createUser(web.t.db, { name: 'Premium Owner', mobile: '+919820099999' });
    const p = await createProperty(web.t.db, { ownerId: owner.id, isPremium: true });
    const res = await page(`/properties-details/${p.slugId}`);
    expect(res.body).toContain('data-testid="contact-bar"');
    expect(res.body).toMatch(/<a href="#premium-lock"[^>]*>.*Unlock to contact<\/a>/);
    expect(res.body).not.toContain('9820099999');
    expect(res.body).not.toContain('wa.me/9');
  });

  it('lays the photos out as one strip with a position mark for phones, the cover spanning the grid on wider screens', async () => {
    const p = await richListing();
    const res = await page(`/properties-details/${p.slugId}`);
    expect(res.body).toMatch(/<ul data-testid="gallery-strip" class="[^"]*snap-x snap-mandatory[^"]*overflow-x-auto[^"]*md:grid[^"]*"><li class="[^"]*md:col-span-4/);
    expect(res.body).toMatch(/data-testid="gallery-position"[^>]*><bdi dir="ltr">1<!-- --> \/ <!-- -->3<\/bdi><\/p>/);
  });

  it('computes the mortgage from the price in the site currency, labelled, in a live region', async () => {
    const p = await richListing();
    const settings = (await web.t.get('/api/web-settings')).body.data;
    const res = await page(`/properties-details/${p.slugId}`);
    const expected = calculateMortgage({ loanAmount: 7_500_000, downPayment: 1_500_000, annualRatePercent: 8.5, years: 20 })!;
    const money = (v: number) => formatPrice(v, { currencySymbol: settings.currency_symbol, currencyCode: settings.selected_currency_data.code, withSuffix: false });
    expect(res.body).toContain(html(money(expected.monthlyPayment)));
    expect(res.body).toContain(html(money(expected.totalInterest)));
    expect(res.body).toContain(html(money(expected.totalPayment)));
    expect(res.body).toMatch(/<div aria-live="polite"[^>]*data-testid="mortgage-result"/);
    // The loan is derived: price less down payment.
    expect(res.body).toMatch(/<dt>Loan amount<\/dt><dd[^>]*data-testid="mortgage-loan"[^>]*>/);
    expect(res.body).toContain(html(money(6_000_000)));
    for (const label of ['Property price', 'Down payment', 'Interest rate (% a year)', 'Term (years)']) {
      expect(res.body).toMatch(new RegExp(`<label for="([^"]+)"[^>]*>${label.replace(/[()%]/g, '\\$&')}</label><input id="\\1"`));
    }
    expect(res.body).toContain('value="7500000"');
    expect(res.body).toContain('value="1500000"');
  });

  it('leaves out what a listing does not have, and the calculator for rentals', async () => {
    const p = await createProperty(web.t.db, { propertyType: 1, rentduration: 'Monthly', latitude: null, longitude: null, address: 'Somewhere 5' });
    const res = await page(`/properties-details/${p.slugId}`);
    expect(res.status).toBe(200);
    expect(res.body).not.toContain('data-testid="mortgage-calculator"');
    expect(res.body).not.toContain('data-testid="panorama-open"');
    expect(res.body).not.toContain('data-testid="video-play"');
    expect(res.body).not.toContain('data-testid="documents"');
    expect(res.body).not.toContain('data-testid="listing-map"');
    expect(res.body).toContain('Somewhere 5');
  });
});

describe.skipIf(!webBuilt)('map tiles setting', () => {
  it('gives the pages no tile server by default, and the configured MAP_TILE_URL when set', async () => {
    const plain = await createTestApp();
    const tiled = await createTestApp({ MAP_TILE_URL: 'https://tiles.example.test/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© Example tiles' });
    try {
      const [plainHost, tiledHost] = [await listenForPages(plain), await listenForPages(tiled)];
      const a = await plain.request({ method: 'GET', url: '/properties?view=map', headers: { host: plainHost } });
      const b = await tiled.request({ method: 'GET', url: '/properties?view=map', headers: { host: tiledHost } });
      expect(a.status).toBe(200);
      expect(a.body).not.toContain('tiles.example.test');
      expect(b.body).toContain('https://tiles.example.test/{z}/{x}/{y}.png');
      expect(b.body).toContain('© Example tiles');
    } finally {
      await plain.close();
      await tiled.close();
    }
  });

  it('refuses a tile URL without {z}/{x}/{y} at start-up', async () => {
    await expect(createTestApp({ MAP_TILE_URL: 'https://tiles.example.test/tile.png' })).rejects.toThrow(/MAP_TILE_URL/);
  });
});

describe.skipIf(!webBuilt)('Google sign-in setting', () => {
  it('offers "Continue with Google" on the login and sign-up pages only when GOOGLE_CLIENT_ID is set', async () => {
    const plain = await createTestApp();
    const google = await createTestApp({ GOOGLE_CLIENT_ID: 'web-client.apps.googleusercontent.com', GOOGLE_AUTH_URL: 'https://accounts.example.test/authorize' });
    try {
      const [plainHost, googleHost] = [await listenForPages(plain), await listenForPages(google)];
      for (const url of ['/login', '/signup']) {
        const a = await plain.request({ method: 'GET', url, headers: { host: plainHost } });
        const b = await google.request({ method: 'GET', url, headers: { host: googleHost } });
        expect(a.status).toBe(200);
        expect(a.body).not.toContain('Continue with Google</button>');
        expect(a.body).not.toContain('googleusercontent');
        expect(b.body).toContain('Continue with Google</button>');
        // The browser is handed the client and Google's endpoint; never a secret (there is none in this flow).
        expect(b.body).toContain('web-client.apps.googleusercontent.com');
        expect(b.body).toContain('https://accounts.example.test/authorize');
      }
      // Google sends the browser back here; crawlers leave it alone.
      const callback = await google.request({ method: 'GET', url: '/auth/google', headers: { host: googleHost } });
      expect(callback.status).toBe(200);
      expect(callback.body).toContain('noindex');
      expect((await google.request({ method: 'GET', url: '/robots.txt', headers: { host: googleHost } })).body).toContain('Disallow: /auth/');
    } finally {
      await plain.close();
      await google.close();
    }
  });
});
