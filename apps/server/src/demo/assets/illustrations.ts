/**
 * Deterministic SVG illustrations for demo content. Every function returns an SVG document
 * string; the same arguments always produce the same picture, and different seeds produce
 * visibly different ones. Rasterise with sharp: `sharp(Buffer.from(svg)).webp()`.
 */
import { renderCityBody } from './city-scene.ts';
import { hsl, isDark, mix, shade } from './colour.ts';
import { type ExteriorKind, renderExteriorScene } from './exteriors.ts';
import { renderFloorPlanSvg } from './floor-plan.ts';
import { categoryGlyph, facilityGlyph, houseGlyph, parameterGlyph } from './glyphs.ts';
import { type InteriorKind, renderInteriorScene } from './interiors.ts';
import { createRng, hashString } from './random.ts';
import { circle, document, element, fitText, group, initialsOf, line, linearGradient, path, polygon, rect, round, text } from './svg.ts';

export { escapeXml, initialsOf } from './svg.ts';

export const PROPERTY_PHOTO_KINDS = [
  'apartment',
  'villa',
  'house',
  'penthouse',
  'plot',
  'office',
  'shop',
  'warehouse',
  'farmhouse',
  'interior-living',
  'interior-bedroom',
  'interior-kitchen',
] as const;

export type PropertyPhotoKind = ExteriorKind | InteriorKind;

/** Pixel sizes of every generator's output, for callers that resize or validate. */
export const ILLUSTRATION_SIZES = {
  propertyPhoto: { width: 1600, height: 1067 },
  floorPlan: { width: 1600, height: 1131 },
  avatar: { width: 512, height: 512 },
  categoryIcon: { width: 256, height: 256 },
  facilityIcon: { width: 128, height: 128 },
  parameterIcon: { width: 128, height: 128 },
  cityScene: { width: 1200, height: 800 },
  articleCover: { width: 1600, height: 900 },
  sliderBanner: { width: 1920, height: 720 },
  logo: { width: 600, height: 160 },
  placeholder: { width: 800, height: 600 },
} as const;

/** Seeds are mixed with a label so that, say, seed 3 of a villa and seed 3 of an avatar do not share colours. */
function rngFor(label: string, seed: number) {
  return createRng(hashString(`${label}:${seed}`));
}

function isInteriorKind(kind: PropertyPhotoKind): kind is InteriorKind {
  return kind.startsWith('interior-');
}

export function renderPropertyPhoto(seed: number, kind: PropertyPhotoKind): string {
  const { width, height } = ILLUSTRATION_SIZES.propertyPhoto;
  const rng = rngFor(`photo:${kind}`, seed);
  const scene = isInteriorKind(kind) ? renderInteriorScene(rng, kind) : renderExteriorScene(rng, kind);
  return document(width, height, scene.body, scene.defs);
}

/** `title` such as "2 BHK – 1,150 sq ft" also shapes the plan: bedroom count and overall size follow it. */
export function renderFloorPlan(seed: number, title: string): string {
  return renderFloorPlanSvg(rngFor('plan', seed), title);
}

export function renderAvatar(seed: number, name: string): string {
  const { width, height } = ILLUSTRATION_SIZES.avatar;
  const rng = rngFor('avatar', seed);
  const hue = rng.int(0, 359);
  const base = hsl(hue, rng.int(45, 65), rng.int(42, 52));
  const second = hsl(hue + rng.pick([-35, 30, 50]), 55, 38);
  const defs = linearGradient(
    'avatarBg',
    [
      [0, shade(base, 0.12)],
      [1, second],
    ],
    rng.chance(0.5),
  );
  let body = rect(0, 0, width, height, 'url(#avatarBg)');
  const pattern = rng.int(0, 3);
  if (pattern === 0) {
    const cx = rng.float(0, width);
    const cy = rng.float(0, height);
    for (let r = 60; r < 760; r += 56) body += circle(cx, cy, r, 'none', { stroke: '#ffffff', 'stroke-width': 14, opacity: 0.07 });
  } else if (pattern === 1) {
    for (let y = 24; y < height; y += 48) for (let x = (y / 48) % 2 === 0 ? 24 : 48; x < width; x += 48) body += circle(x, y, 5, '#ffffff', { opacity: 0.12 });
  } else if (pattern === 2) {
    for (let x = -height; x < width; x += 64) body += line(x, height, x + height, 0, '#ffffff', 18, { opacity: 0.06 });
  } else {
    body += circle(width / 2, height / 2, 186, '#ffffff', { opacity: 0.14 });
    body += circle(width / 2, height / 2, 210, 'none', { stroke: '#ffffff', 'stroke-width': 4, opacity: 0.25 });
  }
  body += circle(width * 0.82, height * 0.18, rng.float(40, 90), '#ffffff', { opacity: 0.08 });
  const initials = initialsOf(name);
  const size = initials.length > 1 ? 196 : 230;
  body += text(width / 2, height / 2 + size * 0.35, initials, { size, weight: 700, fill: '#ffffff', anchor: 'middle', letterSpacing: initials.length > 1 ? 4 : 0 });
  return document(width, height, body, defs);
}

function tintedTile(seed: number, label: string): { background: string; ink: string; accent: string } {
  const rng = rngFor(label, seed);
  const hue = rng.int(0, 359);
  return { background: hsl(hue, rng.int(55, 75), rng.int(90, 94)), ink: hsl(hue, rng.int(45, 60), rng.int(30, 38)), accent: hsl(hue, 60, 80) };
}

/** A category pictogram (apartment, villa, plot, office, …; unknown labels get a house). */
export function renderCategoryIcon(seed: number, label: string): string {
  const { width, height } = ILLUSTRATION_SIZES.categoryIcon;
  const { background, ink, accent } = tintedTile(seed, 'category');
  const glyph = categoryGlyph(label);
  let body = rect(0, 0, width, height, background, { rx: 48 });
  body += circle(width * 0.78, height * 0.22, 46, accent, { opacity: 0.6 });
  body += group(glyph(ink, background), { transform: 'translate(48 48) scale(1.6)' });
  return document(width, height, body);
}

/** A nearby-facility pictogram (school, hospital, metro, …; unknown names get a map pin). */
export function renderFacilityIcon(seed: number, name: string): string {
  const { width, height } = ILLUSTRATION_SIZES.facilityIcon;
  const rng = rngFor('facility', seed);
  const background = hsl(rng.int(0, 359), rng.int(50, 65), rng.int(40, 48));
  let body = circle(width / 2, height / 2, width / 2, background);
  body += circle(width / 2, height / 2, width / 2 - 6, 'none', { stroke: '#ffffff', 'stroke-width': 2, opacity: 0.25 });
  body += group(facilityGlyph(name)('#ffffff', background), { transform: 'translate(30 30) scale(0.68)' });
  return document(width, height, body);
}

/** A pictogram for a listing parameter (bedrooms, bathrooms, area, parking, …). */
export function renderParameterIcon(seed: number, name: string): string {
  const { width, height } = ILLUSTRATION_SIZES.parameterIcon;
  const { background, ink } = tintedTile(seed, 'parameter');
  let body = rect(0, 0, width, height, background, { rx: 28 });
  body += group(parameterGlyph(name)(ink, background), { transform: 'translate(24 24) scale(0.8)' });
  return document(width, height, body);
}

/** A city's skyline with its landmarks; no lettering — pages and apps print the name beside it. */
export function renderCityScene(seed: number, cityName: string): string {
  const { width, height } = ILLUSTRATION_SIZES.cityScene;
  const rng = rngFor(`city:${cityName.toLowerCase()}`, seed);
  const scene = renderCityBody(rng, cityName, width, height);
  return document(width, height, scene.body, scene.defs);
}

const COVER_PALETTES = [
  { bg: '#14324a', a: '#f2a541', b: '#2e7d8c', text: '#ffffff' },
  { bg: '#1f3b2c', a: '#e9c46a', b: '#4f8a5b', text: '#ffffff' },
  { bg: '#3a1f3d', a: '#ff8c69', b: '#7b4b94', text: '#ffffff' },
  { bg: '#f4ede1', a: '#d1603d', b: '#2f6f73', text: '#1e2a32' },
  { bg: '#0f2430', a: '#5fd0c7', b: '#f25f5c', text: '#ffffff' },
  { bg: '#f7f3ea', a: '#264653', b: '#e76f51', text: '#1b1f24' },
  { bg: '#23262f', a: '#f6bd60', b: '#84a59d', text: '#ffffff' },
  { bg: '#e8eef3', a: '#1d4e89', b: '#f4a259', text: '#14213d' },
];

/** An editorial cover; `kicker` is an optional small label above the title (e.g. the category). */
export function renderArticleCover(seed: number, title: string, kicker?: string): string {
  const { width, height } = ILLUSTRATION_SIZES.articleCover;
  const rng = rngFor('cover', seed);
  const palette = rng.pick(COVER_PALETTES);
  let body = rect(0, 0, width, height, palette.bg);
  const motif = rng.int(0, 2);
  const artX = width * 0.72;
  if (motif === 0) {
    body += circle(artX, height * 0.45, rng.float(240, 320), palette.b, { opacity: 0.9 });
    body += circle(artX + rng.float(60, 160), height * rng.float(0.6, 0.8), rng.float(110, 170), palette.a);
    body += circle(artX - 220, height * 0.18, 40, palette.a, { opacity: 0.8 });
  } else if (motif === 1) {
    for (let i = 0; i < 7; i += 1) {
      const x = width * 0.62 + i * 86;
      body += rect(x, height * rng.float(0.2, 0.55), 64, height, i % 2 === 0 ? palette.a : palette.b, { rx: 32, opacity: 0.9 });
    }
  } else {
    body += path(`M${width * 0.58} ${height} C${width * 0.64} ${height * 0.3} ${width * 0.85} ${height * 0.7} ${width} ${height * 0.1} V${height} Z`, palette.b);
    body += path(`M${width * 0.62} ${height} C${width * 0.7} ${height * 0.55} ${width * 0.9} ${height * 0.85} ${width} ${height * 0.45} V${height} Z`, palette.a);
  }
  for (let y = 60; y < 260; y += 28) for (let x = width - 260; x < width - 60; x += 28) body += circle(x, y, 3.5, palette.text, { opacity: 0.18 });
  // A house pictogram on a disc ties the abstract art back to property.
  const discX = artX + rng.float(-60, 40);
  const discY = height * rng.float(0.38, 0.5);
  body += circle(discX, discY, 130, palette.bg, { opacity: isDark(palette.bg) ? 0.9 : 0.95 });
  body += group(houseGlyph(palette.text, palette.bg), { transform: `translate(${round(discX - 80)} ${round(discY - 84)}) scale(1.6)` });
  const maxWidth = width * 0.52;
  const fitted = fitText(title, maxWidth, 80, 50, 4, true);
  const lineHeight = fitted.size * 1.18;
  const blockHeight = fitted.lines.length * lineHeight;
  let y = height / 2 - blockHeight / 2 + fitted.size * 0.8 + 20;
  body += rect(96, y - fitted.size - 50, 84, 8, palette.a, { rx: 4 });
  if (kicker) body += text(96, y - fitted.size - 76, kicker.toUpperCase(), { size: 28, weight: 700, fill: palette.text, opacity: 0.75, letterSpacing: 4 });
  for (const titleLine of fitted.lines) {
    body += text(96, y, titleLine, { size: fitted.size, weight: 700, fill: palette.text });
    y += lineHeight;
  }
  return document(width, height, body);
}

const BANNER_KINDS: ExteriorKind[] = ['apartment', 'villa', 'house', 'office', 'penthouse', 'apartment', 'villa'];

/**
 * A home-page banner's artwork: a street scene across the whole banner, with no lettering — the
 * page sets the slide's heading, text and link over it, translated and clickable.
 */
export function renderSliderBanner(seed: number): string {
  const { width, height } = ILLUSTRATION_SIZES.sliderBanner;
  const rng = rngFor('banner', seed);
  const kind = rng.pick(BANNER_KINDS);
  const scene = renderExteriorScene(rng, kind);
  const body = element('svg', { x: 0, y: 0, width, height, viewBox: '0 0 1600 1067', preserveAspectRatio: 'xMidYMax slice' }, scene.body);
  return document(width, height, body, scene.defs);
}

/** A wordmark: a house-roof mark in `colour` (a #rrggbb hex) next to the name. */
export function renderLogo(name: string, colour: string): string {
  const { width, height } = ILLUSTRATION_SIZES.logo;
  const mark = /^#[0-9a-f]{6}$/i.test(colour) ? colour : '#0f766e';
  let body = rect(16, 16, 128, 128, mark, { rx: 32 });
  body += path('M40 88 L80 52 L120 88', 'none', { stroke: '#ffffff', 'stroke-width': 12, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
  body += path('M52 82 V114 H108 V82', 'none', { stroke: '#ffffff', 'stroke-width': 12, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
  body += rect(72, 94, 16, 20, '#ffffff', { rx: 3 });
  body += circle(112, 44, 8, mix(mark, '#ffffff', 0.55));
  const fitted = fitText(name, width - 190, 64, 30, 1, true);
  body += text(172, height / 2 + fitted.size * 0.36, fitted.lines[0], { size: fitted.size, weight: 700, fill: isDark(mark) ? shade(mark, -0.35) : '#1f2933', letterSpacing: -1 });
  return document(width, height, body);
}

/** Neutral stand-in for a missing image. */
export function renderPlaceholder(): string {
  const { width, height } = ILLUSTRATION_SIZES.placeholder;
  const stroke = { stroke: '#b3bcc4', 'stroke-width': 14, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', fill: 'none' };
  let body = rect(0, 0, width, height, '#eef1f4');
  body += polygon(
    [
      [400, 150],
      [540, 270],
      [540, 400],
      [260, 400],
      [260, 270],
    ],
    '#e3e8ec',
  );
  body += path('M230 290 L400 150 L570 290', 'none', stroke);
  body += path('M270 262 V400 H530 V262', 'none', stroke);
  body += path('M370 400 V330 H430 V400', 'none', stroke);
  body += text(width / 2, 480, 'No image available', { size: 30, weight: 700, fill: '#8b96a1', anchor: 'middle' });
  return document(width, height, body);
}
