/** Skyline silhouettes for city cards, with a nod to a well-known landmark where we have one. */
import { mix } from './colour.ts';
import type { Rng } from './random.ts';
import { type Sky, drawDistantSkyline, drawHills, drawSky, pickSky } from './scene-parts.ts';
import { circle, group, line, path, polygon, rect, round } from './svg.ts';

type Landmark = 'arch' | 'dome' | 'charminar' | 'gopuram' | 'cable-bridge' | 'truss-bridge' | 'tv-tower' | 'clock-tower' | 'palace' | 'fishing-net' | 'towers';

type CityStyle = { landmarks: Landmark[]; water: 'sea' | 'river' | null; hasHills: boolean };

const CITY_STYLES: Array<[RegExp, CityStyle]> = [
  [/mumbai|bombay/, { landmarks: ['cable-bridge', 'towers'], water: 'sea', hasHills: false }],
  [/new delhi|delhi/, { landmarks: ['arch', 'dome'], water: null, hasHills: false }],
  [/gurugram|gurgaon|noida/, { landmarks: ['towers', 'towers'], water: null, hasHills: false }],
  [/bengaluru|bangalore/, { landmarks: ['dome', 'towers'], water: null, hasHills: false }],
  [/hyderabad|secunderabad/, { landmarks: ['charminar', 'towers'], water: null, hasHills: true }],
  [/chennai|madras|madurai/, { landmarks: ['gopuram', 'towers'], water: 'sea', hasHills: false }],
  [/kolkata|calcutta|howrah/, { landmarks: ['truss-bridge', 'dome'], water: 'river', hasHills: false }],
  [/ahmedabad|surat|vadodara/, { landmarks: ['dome', 'towers'], water: 'river', hasHills: false }],
  [/jaipur|udaipur|jodhpur/, { landmarks: ['palace'], water: null, hasHills: true }],
  [/kochi|cochin|kozhikode/, { landmarks: ['fishing-net', 'towers'], water: 'sea', hasHills: false }],
  [/chandigarh|mohali|panchkula|dehradun|shimla/, { landmarks: ['towers'], water: null, hasHills: true }],
  [/lucknow|agra/, { landmarks: ['arch', 'dome'], water: null, hasHills: false }],
  [/pune|nashik/, { landmarks: ['clock-tower', 'towers'], water: null, hasHills: true }],
];

function styleFor(rng: Rng, cityName: string): CityStyle {
  const lower = cityName.toLowerCase();
  const known = CITY_STYLES.find(([pattern]) => pattern.test(lower));
  if (known) return known[1];
  return {
    landmarks: [rng.pick<Landmark>(['dome', 'clock-tower', 'tv-tower', 'arch']), 'towers'],
    water: rng.pick([null, null, 'river', 'sea'] as const),
    hasHills: rng.chance(0.4),
  };
}

function drawArch(x: number, baseY: number, s: number, ink: string): string {
  const w = 130 * s;
  const h = 190 * s;
  const d =
    `M${round(x - w / 2)} ${round(baseY)} V${round(baseY - h)} H${round(x + w / 2)} V${round(baseY)} H${round(x + w * 0.22)} ` +
    `V${round(baseY - h * 0.5)} A${round(w * 0.22)} ${round(w * 0.22)} 0 0 0 ${round(x - w * 0.22)} ${round(baseY - h * 0.5)} V${round(baseY)} Z`;
  return (
    path(d, ink) +
    rect(x - w * 0.58, baseY - h - 14 * s, w * 1.16, 16 * s, ink) +
    rect(x - w * 0.3, baseY - h - 40 * s, w * 0.6, 28 * s, ink) +
    path(`M${round(x - w * 0.18)} ${round(baseY - h - 40 * s)} A${round(w * 0.18)} ${round(w * 0.14)} 0 0 1 ${round(x + w * 0.18)} ${round(baseY - h - 40 * s)} Z`, ink)
  );
}

function drawDome(x: number, baseY: number, s: number, ink: string): string {
  const w = 200 * s;
  let out = rect(x - w / 2, baseY - 80 * s, w, 80 * s, ink);
  out += rect(x - w * 0.3, baseY - 110 * s, w * 0.6, 32 * s, ink);
  out += path(
    `M${round(x - w * 0.3)} ${round(baseY - 108 * s)} C${round(x - w * 0.36)} ${round(baseY - 190 * s)} ${round(x - 6 * s)} ${round(baseY - 200 * s)} ${round(x)} ${round(baseY - 226 * s)} C${round(x + 6 * s)} ${round(baseY - 200 * s)} ${round(x + w * 0.36)} ${round(baseY - 190 * s)} ${round(x + w * 0.3)} ${round(baseY - 108 * s)} Z`,
    ink,
  );
  out += rect(x - 2 * s, baseY - 250 * s, 4 * s, 26 * s, ink);
  for (const side of [-1, 1]) {
    const mx = x + side * (w / 2 + 14 * s);
    out += rect(mx - 7 * s, baseY - 170 * s, 14 * s, 170 * s, ink) + circle(mx, baseY - 172 * s, 10 * s, ink);
  }
  return out;
}

function drawCharminar(x: number, baseY: number, s: number, ink: string): string {
  const w = 150 * s;
  const h = 130 * s;
  let out = path(
    `M${round(x - w / 2)} ${round(baseY)} V${round(baseY - h)} H${round(x + w / 2)} V${round(baseY)} H${round(x + w * 0.2)} V${round(baseY - h * 0.45)} A${round(w * 0.2)} ${round(w * 0.25)} 0 0 0 ${round(x - w * 0.2)} ${round(baseY - h * 0.45)} V${round(baseY)} Z`,
    ink,
  );
  out += rect(x - w / 2, baseY - h - 30 * s, w, 30 * s, ink);
  for (const mx of [x - w / 2, x + w / 2]) {
    out += rect(mx - 11 * s, baseY - 270 * s, 22 * s, 270 * s, ink);
    for (let b = 1; b < 4; b += 1) out += rect(mx - 16 * s, baseY - h - b * 40 * s, 32 * s, 6 * s, ink);
    out += circle(mx, baseY - 272 * s, 15 * s, ink) + rect(mx - 2 * s, baseY - 300 * s, 4 * s, 20 * s, ink);
  }
  return out;
}

function drawGopuram(x: number, baseY: number, s: number, ink: string): string {
  let out = '';
  const tiers = 7;
  for (let t = 0; t < tiers; t += 1) {
    const w = (170 - t * 18) * s;
    const y = baseY - (t + 1) * 34 * s;
    out += rect(x - w / 2, y, w, 36 * s, ink);
    out += rect(x - w / 2 - 4 * s, y, w + 8 * s, 5 * s, ink);
  }
  const topY = baseY - tiers * 34 * s;
  out += path(`M${round(x - 50 * s)} ${round(topY)} Q${round(x)} ${round(topY - 50 * s)} ${round(x + 50 * s)} ${round(topY)} Z`, ink);
  for (const dx of [-30, 0, 30]) out += rect(x + dx * s - 2 * s, topY - 46 * s, 4 * s, 22 * s, ink);
  return out;
}

function drawTvTower(x: number, baseY: number, s: number, ink: string): string {
  return (
    polygon(
      [
        [x - 16 * s, baseY],
        [x - 5 * s, baseY - 300 * s],
        [x + 5 * s, baseY - 300 * s],
        [x + 16 * s, baseY],
      ],
      ink,
    ) +
    rect(x - 30 * s, baseY - 250 * s, 60 * s, 22 * s, ink, { rx: 10 * s }) +
    rect(x - 2 * s, baseY - 360 * s, 4 * s, 62 * s, ink)
  );
}

function drawClockTower(x: number, baseY: number, s: number, ink: string, face: string): string {
  return (
    rect(x - 24 * s, baseY - 220 * s, 48 * s, 220 * s, ink) +
    rect(x - 30 * s, baseY - 230 * s, 60 * s, 12 * s, ink) +
    circle(x, baseY - 180 * s, 15 * s, face) +
    line(x, baseY - 180 * s, x, baseY - 190 * s, ink, 2.5 * s) +
    line(x, baseY - 180 * s, x + 8 * s, baseY - 180 * s, ink, 2.5 * s) +
    polygon(
      [
        [x - 30 * s, baseY - 230 * s],
        [x, baseY - 290 * s],
        [x + 30 * s, baseY - 230 * s],
      ],
      ink,
    )
  );
}

function drawPalace(x: number, baseY: number, s: number, ink: string, windowColour: string): string {
  let out = '';
  const tiers = 6;
  for (let t = 0; t < tiers; t += 1) {
    const w = (300 - t * 44) * s;
    const y = baseY - (t + 1) * 40 * s;
    out += rect(x - w / 2, y, w, 41 * s, ink);
    const count = Math.max(1, Math.floor(w / (26 * s)));
    for (let i = 0; i < count; i += 1) {
      const wx = x - w / 2 + ((i + 0.5) * w) / count;
      out += path(`M${round(wx - 6 * s)} ${round(y + 32 * s)} V${round(y + 16 * s)} A${round(6 * s)} ${round(6 * s)} 0 0 1 ${round(wx + 6 * s)} ${round(y + 16 * s)} V${round(y + 32 * s)} Z`, windowColour);
    }
    for (let i = 0; i <= count; i += 2) out += circle(x - w / 2 + (i * w) / count, y, 7 * s, ink);
  }
  return out;
}

function drawFishingNet(x: number, baseY: number, s: number, ink: string): string {
  const top: [number, number] = [x, baseY - 220 * s];
  const left: [number, number] = [x - 150 * s, baseY - 60 * s];
  const right: [number, number] = [x + 150 * s, baseY - 60 * s];
  let out = line(x - 30 * s, baseY, top[0], top[1], ink, 6 * s) + line(x + 30 * s, baseY, top[0], top[1], ink, 6 * s);
  out += line(top[0], top[1], left[0], left[1], ink, 3 * s) + line(top[0], top[1], right[0], right[1], ink, 3 * s);
  out += path(`M${round(left[0])} ${round(left[1])} Q${round(x)} ${round(baseY + 10 * s)} ${round(right[0])} ${round(right[1])}`, 'none', { stroke: ink, 'stroke-width': 2.5 * s });
  for (let i = 1; i < 8; i += 1) {
    const t = i / 8;
    const nx = left[0] + (right[0] - left[0]) * t;
    const ny = left[1] + (1 - Math.abs(t - 0.5) * 2) * 60 * s + 10 * s;
    out += line(top[0], top[1], nx, ny, ink, 1.2 * s, { opacity: 0.7 });
  }
  out += rect(x - 60 * s, baseY - 6 * s, 120 * s, 8 * s, ink);
  return out;
}

function drawCableBridge(x0: number, x1: number, deckY: number, s: number, ink: string): string {
  let out = rect(x0, deckY, x1 - x0, 8 * s, ink);
  const pylons = [x0 + (x1 - x0) * 0.3, x0 + (x1 - x0) * 0.72];
  for (const px of pylons) {
    const topY = deckY - 170 * s;
    out += polygon(
      [
        [px - 22 * s, deckY + 40 * s],
        [px - 3 * s, topY],
        [px + 3 * s, topY],
        [px + 22 * s, deckY + 40 * s],
        [px + 14 * s, deckY + 40 * s],
        [px, topY + 40 * s],
        [px - 14 * s, deckY + 40 * s],
      ],
      ink,
    );
    for (let i = 1; i <= 8; i += 1) {
      const spread = i * 17 * s;
      out += line(px, topY + 8 * s + i * 5 * s, px - spread, deckY, ink, 1.3 * s) + line(px, topY + 8 * s + i * 5 * s, px + spread, deckY, ink, 1.3 * s);
    }
  }
  for (let x = x0 + 30 * s; x < x1; x += 70 * s) out += rect(x, deckY + 6 * s, 6 * s, 40 * s, ink);
  return out;
}

function drawTrussBridge(x0: number, x1: number, deckY: number, s: number, ink: string): string {
  let out = rect(x0, deckY, x1 - x0, 8 * s, ink);
  const towers = [x0 + (x1 - x0) * 0.28, x0 + (x1 - x0) * 0.72];
  for (const tx of towers) out += rect(tx - 10 * s, deckY - 140 * s, 20 * s, 180 * s, ink);
  const profile = (x: number) => {
    const d = Math.min(...towers.map((t) => Math.abs(x - t)));
    return deckY - Math.max(20 * s, 140 * s - d * 0.55);
  };
  const points: Array<[number, number]> = [];
  for (let x = x0; x <= x1; x += 10 * s) points.push([x, profile(x)]);
  out += path(`M${points.map(([x, y]) => `${round(x)} ${round(y)}`).join(' L')}`, 'none', { stroke: ink, 'stroke-width': 5 * s });
  for (let x = x0; x < x1; x += 24 * s) {
    out += line(x, deckY, x + 12 * s, profile(x + 12 * s), ink, 2 * s) + line(x + 12 * s, profile(x + 12 * s), x + 24 * s, deckY, ink, 2 * s);
  }
  return out;
}

function drawTowerCluster(rng: Rng, x: number, baseY: number, s: number, ink: string, lit: string | null): string {
  let out = '';
  const count = rng.int(3, 5);
  let cx = x - count * 35 * s;
  for (let i = 0; i < count; i += 1) {
    const w = rng.float(40, 70) * s;
    const h = rng.float(160, 300) * s;
    out += rect(cx, baseY - h, w, h, ink);
    if (rng.chance(0.4)) {
      out += polygon(
        [
          [cx, baseY - h],
          [cx + w, baseY - h - rng.float(10, 40) * s],
          [cx + w, baseY - h],
        ],
        ink,
      );
    }
    if (rng.chance(0.3)) out += rect(cx + w / 2 - 1.5 * s, baseY - h - 40 * s, 3 * s, 40 * s, ink);
    if (lit) {
      for (let wy = baseY - h + 10 * s; wy < baseY - 10 * s; wy += 12 * s) {
        for (let wx = cx + 6 * s; wx < cx + w - 8 * s; wx += 10 * s) if (rng.chance(0.3)) out += rect(wx, wy, 4 * s, 5 * s, lit);
      }
    }
    cx += w + rng.float(4, 16) * s;
  }
  return out;
}

export function renderCityBody(rng: Rng, cityName: string, width: number, height: number): { defs: string; body: string; sky: Sky } {
  const style = styleFor(rng, cityName);
  const sky = pickSky(rng, ['day', 'morning', 'dusk', 'dusk']);
  const backdrop = drawSky(rng, sky, width, height, 'citySky');
  const horizon = height * (style.water ? rng.float(0.6, 0.64) : rng.float(0.7, 0.76));
  const far = mix(sky.haze, sky.top, 0.25);
  const mid = sky.isDusk ? mix(sky.top, '#2a2440', 0.35) : mix(sky.top, '#24384f', 0.45);
  const near = sky.isDusk ? '#17142a' : mix(sky.top, '#121c2b', 0.78);
  const lit = sky.isDusk ? '#ffd98a' : null;
  let body = backdrop.body;
  if (style.hasHills) body += drawHills(rng, width, horizon - 110, 110, mix(sky.haze, sky.top, 0.35), horizon + 10);
  body += drawDistantSkyline(rng, width, horizon + 4, height * 0.3, far);
  const landmarkX = width * rng.float(0.36, 0.64);
  const scale = rng.float(1.15, 1.35) * (height / 800);
  let landmarks = '';
  let placed = 0;
  for (const landmark of style.landmarks) {
    const lx = placed === 0 ? landmarkX : landmarkX < width / 2 ? width * rng.float(0.72, 0.85) : width * rng.float(0.15, 0.28);
    placed += 1;
    switch (landmark) {
      case 'arch':
        landmarks += drawArch(lx, horizon + 4, scale, mid);
        break;
      case 'dome':
        landmarks += drawDome(lx, horizon + 4, scale, mid);
        break;
      case 'charminar':
        landmarks += drawCharminar(lx, horizon + 4, scale, mid);
        break;
      case 'gopuram':
        landmarks += drawGopuram(lx, horizon + 4, scale, mid);
        break;
      case 'tv-tower':
        landmarks += drawTvTower(lx, horizon + 4, scale, mid);
        break;
      case 'clock-tower':
        landmarks += drawClockTower(lx, horizon + 4, scale, mid, mix(sky.bottom, '#ffffff', 0.4));
        break;
      case 'palace':
        landmarks += drawPalace(lx, horizon + 4, scale, mix(mid, '#d0707a', 0.5), mix(sky.bottom, '#ffe2b0', 0.5));
        break;
      case 'fishing-net':
        landmarks += drawFishingNet(lx, horizon + 10, scale, near);
        break;
      case 'cable-bridge':
        landmarks += drawCableBridge(-20, width + 20, horizon + 8, scale * 0.9, mid);
        break;
      case 'truss-bridge':
        landmarks += drawTrussBridge(width * 0.05, width * 0.95, horizon + 8, scale * 0.9, mid);
        break;
      case 'towers':
        landmarks += drawTowerCluster(rng, lx, horizon + 4, scale, mid, lit);
        break;
    }
  }
  body += landmarks;
  if (style.water) {
    const waterTop = horizon + 8;
    const water = style.water === 'sea' ? mix(sky.bottom, '#2f6f95', 0.55) : mix(sky.bottom, '#4d6f75', 0.5);
    body += rect(0, waterTop, width, height - waterTop, water);
    body += group(landmarks, { transform: `translate(0 ${round(waterTop * 2)}) scale(1 -1)`, opacity: 0.16 });
    for (let i = 0; i < 40; i += 1) {
      const y = rng.float(waterTop + 6, height - 60);
      body += rect(rng.float(0, width), y, rng.float(20, 70) * (0.6 + (y - waterTop) / (height - waterTop)), 2.5, '#ffffff', { opacity: 0.2 });
    }
    body += rect(0, height - 56, width, 56, near);
    for (let x = rng.float(20, 80); x < width; x += rng.float(110, 170)) {
      body += rect(x, height - 120, 4, 64, near) + rect(x - 2, height - 124, 18, 6, near, { rx: 3 });
      if (lit) body += circle(x + 12, height - 118, 10, lit, { opacity: 0.45 });
    }
  } else {
    body += rect(0, horizon + 4, width, height - horizon, mix(mid, near, 0.55));
    // Near blocks stand on the bottom edge, darker, with lit windows at dusk.
    let x = rng.float(-40, 0);
    while (x < width) {
      const w = rng.float(50, 130);
      const h = rng.float(0.1, 0.27) * height;
      body += rect(x, height - h, w, h, near);
      if (rng.chance(0.25)) body += rect(x + w * 0.15, height - h - 16, w * 0.3, 16, near);
      if (lit) {
        for (let wy = height - h + 12; wy < height - 10; wy += 16) {
          for (let wx = x + 8; wx < x + w - 10; wx += 14) if (rng.chance(0.28)) body += rect(wx, wy, 6, 7, lit);
        }
      }
      x += w + rng.float(-6, 10);
    }
    for (let i = 0; i < 5; i += 1) body += circle(rng.float(0, width), height - rng.float(0, 20), rng.float(26, 46), near);
  }
  return { defs: backdrop.defs, body, sky };
}
