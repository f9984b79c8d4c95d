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
} from './assets/index.ts';

export type PhotoKind = Parameters<typeof renderPropertyPhoto>[1];
const INTERIORS: PhotoKind[] = ['interior-living', 'interior-bedroom', 'interior-kitchen'];

export interface ImagePool {
  /** Exterior photos by illustration kind. */
  exteriors: Map<string, string[]>;
  interiors: string[];
  floorPlans: string[];
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

export const FULL_POOL: PoolSize = { perKind: 5, floorPlans: 8, brochures: 6 };
export const SMALL_POOL: PoolSize = { perKind: 1, floorPlans: 2, brochures: 2 };

/**
 * Renders the demo's pictures locally (no network) and stores them like uploads. Names are
 * deterministic, so a seed that died half-way overwrites its own files when run again.
 */
export async function renderImagePool(media: MediaStore, size: PoolSize): Promise<ImagePool> {
  const exteriors = new Map<string, string[]>();
  const kinds = [...new Set(CATEGORIES.map((c) => c.illustration as PhotoKind))];
  for (const kind of kinds) {
    const keys: string[] = [];
    for (let i = 0; i < size.perKind; i++) {
      keys.push((await media.putImage('demo/properties', renderPropertyPhoto(1000 + i * 17 + kinds.indexOf(kind) * 101, kind), { name: `${kind}-${i}` })).key);
    }
    exteriors.set(kind, keys);
  }
  const interiors: string[] = [];
  for (const kind of INTERIORS) {
    for (let i = 0; i < size.perKind; i++) {
      interiors.push((await media.putImage('demo/properties', renderPropertyPhoto(5000 + i * 31 + INTERIORS.indexOf(kind) * 7, kind), { name: `${kind}-${i}` })).key);
    }
  }
  const floorPlans: string[] = [];
  for (let i = 0; i < size.floorPlans; i++) {
    floorPlans.push((await media.putImage('demo/plans', renderFloorPlan(700 + i, `Floor plan ${String.fromCharCode(65 + i)}`), { name: `plan-${i}` })).key);
  }
  const brochures: string[] = [];
  for (let i = 0; i < size.brochures; i++) {
    const pdf = renderPdf(`Property brochure ${i + 1}`, [
      'This brochure summarises the property: location, specifications, amenities and the payment plan.',
      'All areas are approximate. Prices exclude stamp duty, registration and GST where applicable.',
      'For a site visit, contact the listing owner through the marketplace.',
    ]);
    brochures.push(await media.putFile('demo/documents', pdf, 'pdf', `brochure-${i}`));
  }
  const placeholder = (await media.putImage('demo/brand', renderPlaceholder(), { name: 'placeholder', widths: [480, 960] })).key;
  const logo = (await media.putImage('demo/brand', renderLogo('Ghar Bazaar', '#0f766e'), { name: 'logo', widths: [480] })).key;
  return { exteriors, interiors, floorPlans, brochures, placeholder, logo };
}

// Icons stay SVG: clients with `svg_clr` on fetch and recolour them in the site's colour.
export const renderCategoryImage = (media: MediaStore, index: number, label: string) =>
  media.putFile('demo/categories', Buffer.from(renderCategoryIcon(index + 1, label)), 'svg', `category-${index}`);

export const renderFacilityImage = (media: MediaStore, index: number, name: string) =>
  media.putFile('demo/facilities', Buffer.from(renderFacilityIcon(index + 1, name)), 'svg', `facility-${index}`);

export const renderAvatarImage = (media: MediaStore, index: number, name: string) =>
  media.putImage('demo/avatars', renderAvatar(index + 1, name), { name: `avatar-${index}`, widths: [160, 480] }).then((r) => r.key);

export const renderCityImage = (media: MediaStore, index: number, name: string) =>
  media.putImage('demo/cities', renderCityScene(index + 1, name), { name: `city-${index}`, widths: [480, 960] }).then((r) => r.key);

export const renderArticleImage = (media: MediaStore, index: number, title: string) =>
  media.putImage('demo/articles', renderArticleCover(index + 1, title), { name: `article-${index}` }).then((r) => r.key);

export const renderSliderImage = (media: MediaStore, index: number) =>
  media.putImage('demo/sliders', renderSliderBanner(index + 1), { name: `slide-${index}`, widths: [960, 1920] }).then((r) => r.key);

export { CITIES, FACILITIES };
