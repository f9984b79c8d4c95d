/** Shared outdoor scenery: skies, clouds, hills, distant skylines and vegetation. */
import { hsl, mix, shade } from './colour.ts';
import type { Rng } from './random.ts';
import { circle, ellipse, group, linearGradient, path, rect, round } from './svg.ts';

export type Mood = 'day' | 'morning' | 'dusk';

export type Sky = {
  mood: Mood;
  isDusk: boolean;
  top: string;
  middle: string;
  bottom: string;
  sun: string;
  cloud: string;
  /** Colour far-away things fade into. */
  haze: string;
  /** Mixed into near colours at dusk so the whole picture shares the light. */
  ambient: string;
  ambientStrength: number;
};

export function pickSky(rng: Rng, moods: readonly Mood[] = ['day', 'day', 'morning', 'dusk']): Sky {
  const mood = rng.pick(moods);
  if (mood === 'dusk') {
    const hue = rng.int(-12, 12);
    return {
      mood,
      isDusk: true,
      top: hsl(232 + hue, 42, 26),
      middle: hsl(320 + hue, 40, 52),
      bottom: hsl(28 + hue / 2, 88, 70),
      sun: hsl(38, 95, 74),
      cloud: hsl(335 + hue, 45, 74),
      haze: hsl(300 + hue, 28, 58),
      ambient: hsl(255 + hue, 35, 30),
      ambientStrength: 0.32,
    };
  }
  if (mood === 'morning') {
    const hue = rng.int(-8, 8);
    return {
      mood,
      isDusk: false,
      top: hsl(202 + hue, 58, 68),
      middle: hsl(195 + hue, 50, 82),
      bottom: hsl(36 + hue, 85, 86),
      sun: hsl(45, 100, 88),
      cloud: '#ffffff',
      haze: hsl(205 + hue, 30, 80),
      ambient: hsl(35, 80, 70),
      ambientStrength: 0.08,
    };
  }
  const hue = rng.int(-10, 10);
  const saturation = rng.int(55, 75);
  return {
    mood,
    isDusk: false,
    top: hsl(206 + hue, saturation, 58),
    middle: hsl(200 + hue, saturation - 10, 76),
    bottom: hsl(195 + hue, 55, 90),
    sun: hsl(48, 100, 90),
    cloud: '#ffffff',
    haze: hsl(205 + hue, 35, 78),
    ambient: '#ffffff',
    ambientStrength: 0,
  };
}

/** Applies the sky's ambient light to a near colour. */
export function tone(sky: Sky, colour: string): string {
  return sky.ambientStrength > 0 ? mix(colour, sky.ambient, sky.ambientStrength) : colour;
}

export function drawSky(rng: Rng, sky: Sky, width: number, height: number, id = 'sky'): { defs: string; body: string } {
  const defs = linearGradient(id, [
    [0, sky.top],
    [0.6, sky.middle],
    [1, sky.bottom],
  ]);
  let body = rect(0, 0, width, height, `url(#${id})`);
  const sunX = rng.float(width * 0.12, width * 0.88);
  if (sky.isDusk) {
    const sunY = height * rng.float(0.72, 0.9);
    const r = rng.float(60, 95) * (width / 1600);
    body += circle(sunX, sunY, r * 2.2, sky.sun, { opacity: 0.18 });
    body += circle(sunX, sunY, r * 1.45, sky.sun, { opacity: 0.3 });
    body += circle(sunX, sunY, r, sky.sun);
  } else if (rng.chance(0.75)) {
    const sunY = height * rng.float(0.14, 0.38);
    const r = rng.float(38, 60) * (width / 1600);
    body += circle(sunX, sunY, r * 2.4, sky.sun, { opacity: 0.22 });
    body += circle(sunX, sunY, r, sky.sun);
  }
  const cloudCount = rng.int(sky.isDusk ? 1 : 2, 5);
  for (let i = 0; i < cloudCount; i += 1) {
    body += drawCloud(
      rng,
      rng.float(-60, width + 60),
      rng.float(height * 0.08, height * 0.6),
      rng.float(0.6, 1.4) * (width / 1600),
      sky.cloud,
      sky.isDusk ? 0.45 : rng.float(0.7, 0.95),
    );
  }
  return { defs, body };
}

export function drawCloud(rng: Rng, x: number, y: number, scale: number, colour: string, opacity: number): string {
  const width = 220 * scale;
  let puffs = ellipse(x, y, width / 2, 26 * scale, colour);
  const count = rng.int(3, 5);
  for (let i = 0; i < count; i += 1) {
    const px = x - width / 2 + (width * (i + 0.5)) / count + rng.float(-12, 12) * scale;
    const r = rng.float(26, 48) * scale * (1 - Math.abs(i - (count - 1) / 2) * 0.18);
    puffs += circle(px, y - r * 0.45, r, colour);
  }
  return group(puffs, { opacity });
}

/** A smooth ridge line from x=0 to x=width, filled down to `bottom`. */
export function drawHills(rng: Rng, width: number, baseY: number, amplitude: number, colour: string, bottom: number): string {
  const count = rng.int(3, 6);
  const points: Array<[number, number]> = [];
  for (let i = 0; i <= count; i += 1) {
    points.push([(width * i) / count, baseY - rng.float(0.25, 1) * amplitude]);
  }
  let d = `M0 ${round(bottom)} L0 ${round(points[0][1])}`;
  for (let i = 1; i < points.length; i += 1) {
    const [px, py] = points[i - 1];
    const [x, y] = points[i];
    const midX = (px + x) / 2;
    d += ` C${round(midX)} ${round(py)} ${round(midX)} ${round(y)} ${round(x)} ${round(y)}`;
  }
  d += ` L${width} ${round(bottom)} Z`;
  return path(d, colour);
}

/** Blocky far-away buildings, mostly for urban backdrops. */
export function drawDistantSkyline(rng: Rng, width: number, baseY: number, maxHeight: number, colour: string): string {
  let out = '';
  let x = rng.float(-60, 0);
  while (x < width) {
    const w = rng.float(36, 110);
    const h = rng.float(0.25, 1) * maxHeight;
    out += rect(x, baseY - h, w + 1, h + 2, colour);
    if (rng.chance(0.15)) out += rect(x + w / 2 - 2, baseY - h - 30, 4, 30, colour);
    if (rng.chance(0.2)) out += rect(x + w * 0.2, baseY - h - 14, w * 0.6, 14, colour);
    x += w + rng.float(-10, 14);
  }
  return out;
}

export type Foliage = { leaf: string; leafDark: string; trunk: string };

export function pickFoliage(rng: Rng, sky: Sky): Foliage {
  const leaf = tone(sky, hsl(rng.int(95, 140), rng.int(35, 55), rng.int(36, 48)));
  return { leaf, leafDark: shade(leaf, -0.22), trunk: tone(sky, hsl(rng.int(20, 32), 35, 30)) };
}

export function drawRoundTree(rng: Rng, x: number, baseY: number, height: number, foliage: Foliage): string {
  const r = height * 0.32;
  const crownY = baseY - height + r;
  let out = rect(x - height * 0.035, crownY, height * 0.07, baseY - crownY, foliage.trunk);
  out += circle(x - r * 0.55, crownY + r * 0.35, r * 0.72, foliage.leafDark);
  out += circle(x + r * 0.55, crownY + r * 0.3, r * 0.75, foliage.leafDark);
  out += circle(x, crownY, r, foliage.leaf);
  out += circle(x - r * 0.3, crownY - r * 0.3, r * 0.45, shade(foliage.leaf, 0.12), { opacity: rng.float(0.5, 0.8) });
  return out;
}

export function drawCypress(x: number, baseY: number, height: number, foliage: Foliage): string {
  const w = height * 0.17;
  return (
    rect(x - 3, baseY - height * 0.15, 6, height * 0.15, foliage.trunk) +
    ellipse(x, baseY - height * 0.55, w, height * 0.45, foliage.leafDark) +
    ellipse(x - w * 0.25, baseY - height * 0.58, w * 0.55, height * 0.38, foliage.leaf)
  );
}

export function drawPalm(rng: Rng, x: number, baseY: number, height: number, foliage: Foliage): string {
  const lean = rng.float(-0.18, 0.18) * height;
  const topX = x + lean;
  const topY = baseY - height;
  let out = path(
    `M${round(x - 7)} ${round(baseY)} Q${round(x + lean * 0.2)} ${round(baseY - height * 0.5)} ${round(topX - 3)} ${round(topY)} L${round(topX + 4)} ${round(topY)} Q${round(x + lean * 0.2 + 10)} ${round(baseY - height * 0.5)} ${round(x + 7)} ${round(baseY)} Z`,
    foliage.trunk,
  );
  const frondCount = rng.int(6, 8);
  const length = height * 0.42;
  for (let i = 0; i < frondCount; i += 1) {
    const angle = Math.PI + (Math.PI * i) / (frondCount - 1) + rng.float(-0.15, 0.15);
    const droop = Math.abs(Math.cos(angle)) * length * 0.45;
    const tipX = topX + Math.cos(angle) * length;
    const tipY = topY + Math.sin(angle) * length * 0.55 + droop;
    const normalX = -Math.sin(angle) * length * 0.16;
    const normalY = Math.cos(angle) * length * 0.16;
    const midX = (topX + tipX) / 2;
    const midY = (topY + tipY) / 2 - length * 0.12;
    out += path(
      `M${round(topX)} ${round(topY)} Q${round(midX + normalX)} ${round(midY + normalY)} ${round(tipX)} ${round(tipY)} Q${round(midX - normalX)} ${round(midY - normalY)} ${round(topX)} ${round(topY)} Z`,
      i % 2 === 0 ? foliage.leaf : foliage.leafDark,
    );
  }
  out += circle(topX, topY + 4, height * 0.03, shade(foliage.trunk, -0.2));
  return out;
}

export function drawBush(rng: Rng, x: number, baseY: number, width: number, foliage: Foliage): string {
  const h = width * 0.45;
  return (
    ellipse(x - width * 0.22, baseY - h * 0.45, width * 0.3, h * 0.5, foliage.leafDark) +
    ellipse(x + width * 0.22, baseY - h * 0.45, width * 0.3, h * 0.5, foliage.leafDark) +
    ellipse(x, baseY - h * 0.6, width * 0.34, h * 0.62, rng.chance(0.5) ? foliage.leaf : shade(foliage.leaf, 0.08))
  );
}

/** Any tree from the set, for variety. */
export function drawTree(rng: Rng, x: number, baseY: number, height: number, foliage: Foliage, kinds: Array<'round' | 'palm' | 'cypress'> = ['round', 'round', 'palm', 'cypress']): string {
  const kind = rng.pick(kinds);
  if (kind === 'palm') return drawPalm(rng, x, baseY, height * 1.15, foliage);
  if (kind === 'cypress') return drawCypress(x, baseY, height * 0.9, foliage);
  return drawRoundTree(rng, x, baseY, height, foliage);
}

export function drawShadow(x: number, y: number, width: number, colour = '#000000', opacity = 0.14): string {
  return ellipse(x, y, width / 2, Math.max(8, width * 0.035), colour, { opacity });
}

/** The sky seen through a window from inside, by day or at dusk, as a gradient definition named `id`. */
export function windowSkyGradient(id: string, isDusk: boolean): string {
  return linearGradient(
    id,
    isDusk
      ? [
          [0, '#3b3f73'],
          [0.6, '#c0687a'],
          [1, '#f4b26e'],
        ]
      : [
          [0, '#7fb8e6'],
          [1, '#d6ecf7'],
        ],
  );
}
