import { slugify } from '@estate/core';
import type { MediaStore } from '../platform/media.ts';
import {
  CATEGORIES,
  CITIES,
  FACILITIES,
  renderArticleCover,
  renderAvatar,
  renderCategoryIcon,
  renderCityScene,
  renderFacilityIcon,
  renderFloorPlan,
  renderLogo,
  renderPdf,
  renderPlaceholder,
  renderPropertyPhoto,
  renderSliderBanner,
  hashString,
} from './assets/index.ts';
import { RENDERERS, mapLimit, putDrawing } from './render-cache.ts';

export type PhotoKind = Parameters<typeof renderPropertyPhoto>[1];
const INTERIORS: PhotoKind[] = ['interior-living', 'interior-bedroom', 'interior-kitchen'];

export interface ImagePool {
  /** Exterior photos by illustration kind. */
  exteriors: Map<string, string[]>;
  interiors: string[];
  /** Floor plans by their title (see `floorPlanTitleFor`). */
  floorPlans: Map<string, string>;
  brochures: string[];
  placeholder: string;
  logo: string;
}

export interface PoolSize {
  /** Variants per exterior kind and per interior kind. */
  perKind: number;
  floorPlans: number;
  brochures: number;
}

export const FULL_POOL: PoolSize = { perKind: 8, floorPlans: 8, brochures: 6 };
export const SMALL_POOL: PoolSize = { perKind: 1, floorPlans: 2, brochures: 2 };

/**
 * A photo of its own for each listing (`kinds[i]` is listing i's exterior kind), so no picture
 * shows twice on a results page: each is a differently drawn building. Named by position, so a
 * seed that died half-way overwrites its own files.
 */
export function renderCovers(media: MediaStore, folder: string, kinds: readonly string[]): Promise<string[]> {
  return mapLimit(kinds, RENDERERS, (kind, i) => putDrawing(media, folder, renderPropertyPhoto(20_000 + i * 7919, kind as PhotoKind), { name: `cover-${i}` }));
}

/**
 * Floor plans drawn from their titles ("3 BHK – 1,480 sq ft" draws three bedrooms on about that
 * carpet area), one per distinct title, so a plan's label always matches its drawing.
 */
export async function renderFloorPlans(media: MediaStore, titles: readonly string[]): Promise<Map<string, string>> {
  const distinct = [...new Set(titles)];
  const keys = await mapLimit(distinct, RENDERERS, (title) =>
    putDrawing(media, 'demo/plans', renderFloorPlan(hashString(title), title), { name: `plan-${slugify(title)}` }),
  );
  return new Map(distinct.map((title, i) => [title, keys[i]]));
}

/** The floor plan a listing's documents carry: its own number of bedrooms, or its kind of space. */
export function floorPlanTitleFor(listing: { bedrooms: number | null; category: string }): string {
  if (listing.bedrooms) return `${listing.bedrooms} BHK floor plan`;
  return listing.category === 'Shop' ? 'Shop floor plan' : 'Office floor plan';
}
export const PROPERTY_FLOOR_PLAN_TITLES = [1, 2, 3, 4, 5, 6].map((bedrooms) => floorPlanTitleFor({ bedrooms, category: '' })).concat(['Shop floor plan', 'Office floor plan']);

/**
 * Renders the demo's pictures locally (no network) and stores them like uploads. Names are
 * deterministic, so a seed that died half-way overwrites its own files when run again.
 */
export async function renderImagePool(media: MediaStore, size: PoolSize): Promise<ImagePool> {
  const exteriors = new Map<string, string[]>();
  const kinds = [...new Set(CATEGORIES.map((c) => c.illustration as PhotoKind))];
  for (const kind of kinds) {
    const seeds = Array.from({ length: size.perKind }, (_, i) => i);
    exteriors.set(kind, await mapLimit(seeds, RENDERERS, (i) => putDrawing(media, 'demo/properties', renderPropertyPhoto(1000 + i * 17 + kinds.indexOf(kind) * 101, kind), { name: `${kind}-${i}` })));
  }
  const interiorKinds = INTERIORS.flatMap((kind) => Array.from({ length: size.perKind }, (_, i) => ({ kind, i })));
  const interiors = await mapLimit(interiorKinds, RENDERERS, ({ kind, i }) =>
    putDrawing(media, 'demo/properties', renderPropertyPhoto(5000 + i * 31 + INTERIORS.indexOf(kind) * 7, kind), { name: `${kind}-${i}` }),
  );
  const floorPlans = await renderFloorPlans(media, PROPERTY_FLOOR_PLAN_TITLES.slice(0, Math.max(2, size.floorPlans)));
  const brochures: string[] = [];
  for (let i = 0; i < size.brochures; i++) {
    const pdf = renderPdf(`Property brochure ${i + 1}`, [
      'This brochure summarises the property: location, specifications, amenities and the payment plan.',
      'All areas are approximate. Prices exclude stamp duty, registration and GST where applicable.',
      'For a site visit, contact the listing owner through the marketplace.',
    ]);
    brochures.push(await media.putFile('demo/documents', pdf, 'pdf', `brochure-${i}`));
  }
  const placeholder = await putDrawing(media, 'demo/brand', renderPlaceholder(), { name: 'placeholder', widths: [480, 960] });
  const logo = await putDrawing(media, 'demo/brand', renderLogo('Ghar Bazaar', '#0f766e'), { name: 'logo', widths: [480] });
  return { exteriors, interiors, floorPlans, brochures, placeholder, logo };
}

// Icons stay SVG: clients with `svg_clr` on fetch and recolour them in the site's colour.
export const renderCategoryImage = (media: MediaStore, index: number, label: string) =>
  media.putFile('demo/categories', Buffer.from(renderCategoryIcon(index + 1, label)), 'svg', `category-${index}`);

export const renderFacilityImage = (media: MediaStore, index: number, name: string) =>
  media.putFile('demo/facilities', Buffer.from(renderFacilityIcon(index + 1, name)), 'svg', `facility-${index}`);

export const renderAvatarImage = (media: MediaStore, index: number, name: string) =>
  putDrawing(media, 'demo/avatars', renderAvatar(index + 1, name), { name: `avatar-${index}`, widths: [160, 480] });

export const renderCityImage = (media: MediaStore, index: number, name: string) =>
  putDrawing(media, 'demo/cities', renderCityScene(index + 1, name), { name: `city-${index}`, widths: [480, 960] });

export const renderArticleImage = (media: MediaStore, index: number, title: string) =>
  putDrawing(media, 'demo/articles', renderArticleCover(index + 1, title), { name: `article-${index}` });

export const renderSliderImage = (media: MediaStore, index: number) =>
  putDrawing(media, 'demo/sliders', renderSliderBanner(index + 1), { name: `slide-${index}`, widths: [960, 1920] });

export { CITIES, FACILITIES };
