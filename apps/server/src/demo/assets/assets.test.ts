import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  AGENTS,
  AGENT_VERIFICATION_FIELDS,
  ARTICLES,
  ARTICLE_CATEGORIES,
  CATEGORIES,
  CITIES,
  FACILITIES,
  FAQS,
  ILLUSTRATION_SIZES,
  PACKAGES,
  PARAMETERS,
  PROJECTS,
  PROPERTY_PHOTO_KINDS,
  REPORT_REASONS,
  SETTINGS,
  SLIDERS,
  USERS,
  composePropertyDescription,
  composePropertyTitle,
  createRng,
  escapeXml,
  formatInrShort,
  formatIndianNumber,
  htmlToParagraphs,
  renderArticleCover,
  renderAvatar,
  renderCategoryIcon,
  renderCityScene,
  renderFacilityIcon,
  renderFloorPlan,
  renderLogo,
  renderParameterIcon,
  renderPdf,
  renderPlaceholder,
  renderPropertyPhoto,
  renderSliderBanner,
} from './index.ts';

async function rasterise(svg: string) {
  const webp = await sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
  const metadata = await sharp(webp).metadata();
  return { webp, metadata };
}

async function rawPixels(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).resize(320).removeAlpha().raw().toBuffer();
}

/** Share of bytes that differ by more than a small tolerance. */
function differingShare(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let differing = 0;
  for (let i = 0; i < a.length; i += 1) if (Math.abs(a[i] - b[i]) > 8) differing += 1;
  return differing / a.length;
}

function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const toRadians = (d: number) => (d * Math.PI) / 180;
  const dLat = toRadians(lat2 - lat1);
  const dLng = toRadians(lng2 - lng1);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

describe('illustrations', () => {
  const tricky = `O'Brien & <Sons> "Realty"`;
  const cases: Array<[string, string, { width: number; height: number }]> = [
    ['floor plan', renderFloorPlan(3, '3 BHK – 1,650 sq ft'), ILLUSTRATION_SIZES.floorPlan],
    ['avatar', renderAvatar(4, tricky), ILLUSTRATION_SIZES.avatar],
    ['category icon', renderCategoryIcon(5, 'Warehouse'), ILLUSTRATION_SIZES.categoryIcon],
    ['facility icon', renderFacilityIcon(6, 'Metro Station'), ILLUSTRATION_SIZES.facilityIcon],
    ['parameter icon', renderParameterIcon(7, 'Bedrooms'), ILLUSTRATION_SIZES.parameterIcon],
    ['city scene', renderCityScene(8, 'Mumbai'), ILLUSTRATION_SIZES.cityScene],
    ['article cover', renderArticleCover(9, `Stamp duty & registration: a "state-by-state" guide <2024>`, 'Legal & Tax'), ILLUSTRATION_SIZES.articleCover],
    ['slider banner', renderSliderBanner(10), ILLUSTRATION_SIZES.sliderBanner],
    ['logo', renderLogo(tricky, '#0f766e'), ILLUSTRATION_SIZES.logo],
    ['placeholder', renderPlaceholder(), ILLUSTRATION_SIZES.placeholder],
  ];

  it.each(cases)('%s rasterises to WebP at its declared size', async (_name, svg, size) => {
    const { metadata } = await rasterise(svg);
    expect(metadata.format).toBe('webp');
    expect(metadata.width).toBe(size.width);
    expect(metadata.height).toBe(size.height);
  });

  it.each(PROPERTY_PHOTO_KINDS)('property photo "%s" rasterises at 1600×1067', async (kind) => {
    const { metadata } = await rasterise(renderPropertyPhoto(11, kind));
    expect(metadata.width).toBe(ILLUSTRATION_SIZES.propertyPhoto.width);
    expect(metadata.height).toBe(ILLUSTRATION_SIZES.propertyPhoto.height);
  });

  it('is deterministic for the same arguments', () => {
    expect(renderPropertyPhoto(42, 'villa')).toBe(renderPropertyPhoto(42, 'villa'));
    expect(renderFloorPlan(42, '2 BHK')).toBe(renderFloorPlan(42, '2 BHK'));
    expect(renderCityScene(42, 'Pune')).toBe(renderCityScene(42, 'Pune'));
  });

  it('draws visibly different property photos for different seeds', async () => {
    for (const kind of ['apartment', 'villa', 'interior-living'] as const) {
      const [a, b] = await Promise.all([rawPixels(renderPropertyPhoto(1, kind)), rawPixels(renderPropertyPhoto(2, kind))]);
      expect(a.equals(b)).toBe(false);
      expect(differingShare(a, b)).toBeGreaterThan(0.1);
    }
  });

  it('escapes text so hostile names still produce valid SVG', () => {
    expect(escapeXml(`a & b < c > "d" 'e'`)).toBe('a &amp; b &lt; c &gt; &quot;d&quot; &apos;e&apos;');
    const svg = renderArticleCover(1, '<script>alert(1)</script>');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
  });

  it('uses only generic font families', () => {
    const svg = renderArticleCover(1, 'Title') + renderFloorPlan(1, 'Plan') + renderLogo('Brand', '#123456');
    const families = new Set([...svg.matchAll(/font-family="([^"]+)"/g)].map((m) => m[1]));
    expect([...families]).toEqual(['sans-serif']);
  });
});

describe('renderPdf', () => {
  function checkStructure(pdf: Buffer) {
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.endsWith('%%EOF')).toBe(true);
    const startXref = Number(/startxref\s+(\d+)\s+%%EOF$/.exec(text)?.[1]);
    expect(text.slice(startXref, startXref + 4)).toBe('xref');
    const header = /^xref\n0 (\d+)\n/.exec(text.slice(startXref));
    expect(header).not.toBeNull();
    const count = Number(header![1]);
    const entries = text.slice(startXref + header![0].length).split('\n').slice(0, count);
    expect(entries[0]).toBe('0000000000 65535 f ');
    for (let id = 1; id < count; id += 1) {
      expect(entries[id]).toMatch(/^\d{10} 00000 n $/);
      const offset = Number(entries[id].slice(0, 10));
      expect(text.slice(offset, offset + `${id} 0 obj`.length)).toBe(`${id} 0 obj`);
    }
    expect(text).toContain(`/Size ${count}`);
    for (const match of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
      const start = match.index + match[0].length;
      expect(text.slice(start + Number(match[1]), start + Number(match[1]) + 10)).toBe('\nendstream');
    }
    return text;
  }

  it('writes a valid single-page PDF 1.4', () => {
    const text = checkStructure(renderPdf('Aurelia Heights – Brochure', ['Two towers overlooking Powai Lake.', 'Price: ₹1.2 Cr (approx.)']));
    expect(text).toContain('/Count 1');
    expect(text).toContain('/BaseFont /Helvetica');
    // Parentheses inside text must be escaped in the content stream.
    expect(text).toContain('\\(approx.\\)');
  });

  it('wraps long text onto several pages', () => {
    const paragraphs = Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1}. ${'Carpet area is the usable floor inside the walls of the flat. '.repeat(6)}`);
    const text = checkStructure(renderPdf('Long document', paragraphs));
    const pages = Number(/\/Count (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(3);
  });

  it('turns article HTML into paragraphs', () => {
    const paragraphs = htmlToParagraphs(ARTICLES[0].body);
    expect(paragraphs.length).toBeGreaterThan(4);
    expect(paragraphs.join(' ')).not.toMatch(/<[a-z]/);
    checkStructure(renderPdf(ARTICLES[0].title, paragraphs));
  });
});

describe('market data', () => {
  it('has 14 Indian cities with coordinates inside India', () => {
    expect(CITIES).toHaveLength(14);
    for (const city of CITIES) {
      expect(city.country).toBe('India');
      expect(city.latitude).toBeGreaterThan(6);
      expect(city.latitude).toBeLessThan(37);
      expect(city.longitude).toBeGreaterThan(68);
      expect(city.longitude).toBeLessThan(98);
      expect(city.localities.length).toBeGreaterThanOrEqual(6);
      expect(city.localities.length).toBeLessThanOrEqual(10);
      for (const locality of city.localities) {
        expect(distanceKm(city.latitude, city.longitude, locality.latitude, locality.longitude), `${locality.name}, ${city.name}`).toBeLessThan(40);
      }
    }
    expect(Math.max(...CITIES.map((c) => c.salePerSqft[1]))).toBe(CITIES.find((c) => c.name === 'Mumbai')!.salePerSqft[1]);
    for (const city of CITIES) expect(city.salePerSqft[0], city.name).toBeLessThan(city.salePerSqft[1]);
  });

  it('links categories, parameters and projects consistently', () => {
    expect(CATEGORIES).toHaveLength(9);
    const parameterNames = new Set(PARAMETERS.map((p) => p.name));
    for (const category of CATEGORIES) {
      expect(PROPERTY_PHOTO_KINDS).toContain(category.illustration);
      for (const name of category.parameters) expect(parameterNames).toContain(name);
      expect(category.area[0]).toBeLessThan(category.area[1]);
      expect(category.rentYield[0]).toBeLessThan(category.rentYield[1]);
      expect(category.sizeByBedrooms === null).toBe(category.bedrooms === null);
    }
    for (const p of PARAMETERS) expect(p.type_values === null).toBe(p.type_of_parameter === 'number');
    expect(PROJECTS).toHaveLength(28);
    for (const project of PROJECTS) {
      const city = CITIES.find((c) => c.name === project.city);
      expect(city, project.name).toBeDefined();
      expect(city!.localities.map((l) => l.name)).toContain(project.locality);
      expect(CATEGORIES.map((c) => c.name)).toContain(project.category);
      expect(project.plans.length).toBeGreaterThanOrEqual(2);
      expect(project.plans.length).toBeLessThanOrEqual(4);
    }
  });

  it('has the expected people, content and packages', () => {
    expect(AGENTS).toHaveLength(24);
    expect(USERS).toHaveLength(10);
    const verified = AGENTS.filter((a) => a.verified).length;
    expect(verified).toBeGreaterThanOrEqual(10);
    expect(verified).toBeLessThanOrEqual(14);
    const people = [...AGENTS, ...USERS];
    expect(new Set(people.map((p) => p.email)).size).toBe(people.length);
    expect(new Set(people.map((p) => p.mobile)).size).toBe(people.length);
    for (const person of people) expect(CITIES.map((c) => c.name)).toContain(person.city);
    expect(FACILITIES.length).toBeGreaterThanOrEqual(12);
    expect(ARTICLES).toHaveLength(16);
    for (const article of ARTICLES) {
      expect(ARTICLE_CATEGORIES.map((c) => c.name)).toContain(article.category);
      const blocks = article.body.match(/<(p|ul)>/g) ?? [];
      expect(blocks.length, article.title).toBeGreaterThanOrEqual(4);
    }
    expect(new Set(ARTICLES.map((a) => a.slug)).size).toBe(ARTICLES.length);
    expect(FAQS).toHaveLength(12);
    expect(REPORT_REASONS).toHaveLength(6);
    expect(SLIDERS).toHaveLength(4);
    expect(AGENT_VERIFICATION_FIELDS).toHaveLength(4);
    expect(SETTINGS.companyName).toBe('Ghar Bazaar');
    expect(PACKAGES.map((p) => [p.name, p.package_type, p.price, p.duration_hours])).toEqual([
      ['Free', 'free', 0, 720],
      ['Basic', 'paid', 999, 720],
      ['Pro', 'paid', 2499, 2160],
      ['Premium Unlock Day Pass', 'paid', 199, 24],
    ]);
    const free = PACKAGES[0].features;
    expect(free).toContainEqual({ name: 'property_list', limit_type: 'limited', limit: 2 });
    expect(free).toContainEqual({ name: 'mortgage_calculator_detail', limit_type: 'unlimited', limit: null });
    expect(PACKAGES[3].features).toEqual([{ name: 'premium_properties', limit_type: 'limited', limit: 1 }]);
  });

  it('composes listing titles and descriptions', () => {
    const rng = createRng(7);
    for (let i = 0; i < 20; i += 1) {
      expect(composePropertyTitle(rng, 'Apartment', 3, 'Powai', 'Mumbai', false)).toMatch(/^([A-Z][\w-]*( [a-z]+)? )?3 BHK (Apartment|Flat) for Sale in Powai, Mumbai$/);
    }
    expect(composePropertyTitle(rng, 'Office Space', 0, 'MG Road', 'Gurugram', true)).toMatch(/(Office Space|Commercial Office) for Rent in MG Road, Gurugram$/);
    expect(composePropertyTitle(rng, 'Plot', 2, 'Sector 150', 'Noida', false)).not.toContain('BHK');
    const description = composePropertyDescription(rng, {
      category: 'Apartment',
      bedrooms: 2,
      bathrooms: 2,
      area: 1150,
      locality: 'Baner',
      city: 'Pune',
      forRent: true,
      furnishing: 'Semi-furnished',
      floorNumber: 4,
      totalFloors: 12,
      amenities: ['Lift', 'Gym'],
      nearby: [{ name: 'Metro Station', distanceKm: 0.8 }],
    });
    const paragraphs = description.split('\n\n');
    expect(paragraphs.length).toBeGreaterThanOrEqual(2);
    expect(paragraphs.length).toBeLessThanOrEqual(3);
    expect(description).toContain('Baner');
    expect(formatIndianNumber(12_500_000)).toBe('1,25,00,000');
    expect(formatInrShort(12_500_000)).toBe('₹1.25 Cr');
    expect(formatInrShort(4_500_000)).toBe('₹45 L');
  });
});
