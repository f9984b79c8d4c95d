/** Outdoor property scenes: a building drawn by kind, standing in its own sky and ground. */
import { hsl, mix, shade } from './colour.ts';
import type { Rng } from './random.ts';
import {
  type Foliage,
  type Mood,
  type Sky,
  drawBush,
  drawDistantSkyline,
  drawHills,
  drawPalm,
  drawRoundTree,
  drawShadow,
  drawSky,
  drawTree,
  pickFoliage,
  pickSky,
  tone,
} from './scene-parts.ts';
import { circle, element, ellipse, group, line, linearGradient, path, polygon, rect, round, text } from './svg.ts';

export type ExteriorKind = 'apartment' | 'villa' | 'house' | 'penthouse' | 'plot' | 'office' | 'shop' | 'warehouse' | 'farmhouse';

export const SCENE_WIDTH = 1600;
export const SCENE_HEIGHT = 1067;
const W = SCENE_WIDTH;
const H = SCENE_HEIGHT;

const WALLS = ['#f3ead8', '#f5f2ec', '#e8d3ae', '#dd9a6f', '#f2c9a5', '#d9dcdf', '#cfe1d2', '#f1dc9f', '#c9dbe8', '#eed2ca', '#e6e0d3'];
const ACCENTS = ['#b5523b', '#2f6f73', '#6b4f3a', '#c9a227', '#4a5a7a', '#8a3b4e', '#3f6b4a', '#d07a3a'];
const ROOFS = ['#8c3b2e', '#5b4a42', '#3d4450', '#a4552f', '#6e3b2f', '#44505c'];

type Look = {
  rng: Rng;
  sky: Sky;
  wall: string;
  wallSide: string;
  trim: string;
  accent: string;
  roof: string;
  glass: string;
  glassDusk: string;
  lit: string;
  wood: string;
  foliage: Foliage;
  defs: string[];
};

function pickLook(rng: Rng, sky: Sky): Look {
  const wall = tone(sky, rng.pick(WALLS));
  return {
    rng,
    sky,
    wall,
    wallSide: shade(wall, -0.16),
    trim: tone(sky, rng.chance(0.6) ? '#fbfaf6' : '#4b4f56'),
    accent: tone(sky, rng.pick(ACCENTS)),
    roof: tone(sky, rng.pick(ROOFS)),
    glass: tone(sky, hsl(rng.int(195, 215), rng.int(30, 50), rng.int(58, 68))),
    glassDusk: hsl(232, 28, 26),
    lit: hsl(rng.int(38, 46), 95, 72),
    wood: tone(sky, hsl(rng.int(22, 32), 45, rng.int(38, 50))),
    foliage: pickFoliage(rng, sky),
    defs: [],
  };
}

type WindowOptions = { frame?: number; mullions?: number; litChance?: number; hasChajja?: boolean; hasGrill?: boolean; isArched?: boolean };

function drawWindow(look: Look, x: number, y: number, w: number, h: number, options: WindowOptions = {}): string {
  const { rng, sky } = look;
  const frame = options.frame ?? Math.max(2, Math.min(w, h) * 0.07);
  const isLit = sky.isDusk && rng.chance(options.litChance ?? 0.55);
  const pane = isLit ? look.lit : sky.isDusk ? look.glassDusk : rng.chance(0.5) ? look.glass : shade(look.glass, 0.1);
  let out = '';
  if (options.isArched) {
    const r = w / 2 + frame;
    out += path(`M${round(x - frame)} ${round(y + h + frame)} V${round(y + r - frame)} A${round(r)} ${round(r)} 0 0 1 ${round(x + w + frame)} ${round(y + r - frame)} V${round(y + h + frame)} Z`, look.trim);
    out += path(`M${round(x)} ${round(y + h)} V${round(y + w / 2)} A${round(w / 2)} ${round(w / 2)} 0 0 1 ${round(x + w)} ${round(y + w / 2)} V${round(y + h)} Z`, pane);
  } else {
    out += rect(x - frame, y - frame, w + frame * 2, h + frame * 2, look.trim);
    out += rect(x, y, w, h, pane);
  }
  if (isLit) {
    out += rect(x, y + h * 0.62, w, h * 0.38, shade(look.lit, -0.12), { opacity: 0.6 });
  } else if (!sky.isDusk) {
    out += polygon(
      [
        [x, y + h * 0.55],
        [x + w * 0.45, y + (options.isArched ? w * 0.3 : 0)],
        [x + w * 0.7, y + (options.isArched ? w * 0.3 : 0)],
        [x, y + h * 0.92],
      ],
      '#ffffff',
      { opacity: 0.2 },
    );
  }
  const mullions = options.mullions ?? (w > h * 0.9 ? 1 : 0);
  for (let i = 1; i <= mullions; i += 1) {
    const mx = x + (w * i) / (mullions + 1);
    out += line(mx, y, mx, y + h, look.trim, frame * 0.8);
  }
  if (options.hasGrill) {
    for (let gx = x + 8; gx < x + w - 4; gx += 9) out += line(gx, y, gx, y + h, shade(look.trim, -0.5), 1.5, { opacity: 0.45 });
  }
  if (options.hasChajja) {
    out += rect(x - frame - 10, y - frame - 12, w + frame * 2 + 20, 9, shade(look.wall, -0.08));
    out += rect(x - frame, y - frame - 3, w + frame * 2, 3, '#000000', { opacity: 0.12 });
  }
  return out;
}

function drawDoor(look: Look, x: number, y: number, w: number, h: number, colour = look.wood): string {
  return (
    rect(x - 4, y - 4, w + 8, h + 4, look.trim) +
    rect(x, y, w, h, colour) +
    rect(x + w * 0.12, y + h * 0.08, w * 0.76, h * 0.36, shade(colour, -0.12)) +
    rect(x + w * 0.12, y + h * 0.52, w * 0.76, h * 0.4, shade(colour, -0.12)) +
    circle(x + w * 0.82, y + h * 0.5, Math.max(2, w * 0.04), '#d9b44a')
  );
}

function drawCar(rng: Rng, sky: Sky, x: number, baseY: number, length: number): string {
  const body = tone(sky, rng.pick(['#c0392b', '#f4f4f4', '#2c3e50', '#7f8c8d', '#1f6f8b', '#d4a017', '#222222']));
  const h = length * 0.3;
  const wheel = length * 0.1;
  const cabin =
    `M${round(x + length * 0.2)} ${round(baseY - h * 0.62)} L${round(x + length * 0.33)} ${round(baseY - h * 1.08)} ` +
    `L${round(x + length * 0.68)} ${round(baseY - h * 1.08)} L${round(x + length * 0.82)} ${round(baseY - h * 0.62)} Z`;
  return (
    ellipse(x + length / 2, baseY, length * 0.55, wheel * 0.45, '#000000', { opacity: 0.18 }) +
    path(cabin, body) +
    path(
      `M${round(x + length * 0.27)} ${round(baseY - h * 0.66)} L${round(x + length * 0.36)} ${round(baseY - h * 0.98)} L${round(x + length * 0.49)} ${round(baseY - h * 0.98)} L${round(x + length * 0.49)} ${round(baseY - h * 0.66)} Z M${round(x + length * 0.52)} ${round(baseY - h * 0.66)} L${round(x + length * 0.52)} ${round(baseY - h * 0.98)} L${round(x + length * 0.65)} ${round(baseY - h * 0.98)} L${round(x + length * 0.75)} ${round(baseY - h * 0.66)} Z`,
      sky.isDusk ? '#2a3150' : '#bfd9e6',
    ) +
    rect(x, baseY - h * 0.66, length, h * 0.5, body, { rx: h * 0.16 }) +
    rect(x + length * 0.02, baseY - h * 0.5, length * 0.06, h * 0.1, sky.isDusk ? '#fff3b0' : '#f1f1f1') +
    circle(x + length * 0.22, baseY - wheel * 0.2, wheel, '#26282b') +
    circle(x + length * 0.78, baseY - wheel * 0.2, wheel, '#26282b') +
    circle(x + length * 0.22, baseY - wheel * 0.2, wheel * 0.45, '#9aa0a6') +
    circle(x + length * 0.78, baseY - wheel * 0.2, wheel * 0.45, '#9aa0a6')
  );
}

function drawStreetLamp(sky: Sky, x: number, baseY: number, height: number): string {
  const pole = tone(sky, '#3c4046');
  let out = rect(x - 3, baseY - height, 6, height, pole);
  out += path(`M${x} ${round(baseY - height)} q 0 -16 22 -16 h 18`, 'none', { stroke: pole, 'stroke-width': 5 });
  out += rect(x + 30, baseY - height - 20, 26, 8, pole, { rx: 3 });
  if (sky.isDusk) out += ellipse(x + 43, baseY - height - 8, 30, 12, '#ffe9a8', { opacity: 0.45 });
  return out;
}

function drawRoad(sky: Sky, top: number, hasMarkings = true): string {
  const asphalt = tone(sky, '#62666c');
  let out = rect(0, top - 16, W, 16, tone(sky, '#cfcac0'));
  out += rect(0, top, W, H - top, asphalt);
  out += rect(0, top, W, 5, tone(sky, '#8d9096'));
  if (hasMarkings) {
    const y = top + (H - top) * 0.55;
    for (let x = -20; x < W; x += 140) out += rect(x, y, 80, 7, '#f1efe6', { opacity: 0.8 });
  }
  return out;
}

function drawCompoundWall(look: Look, x0: number, x1: number, baseY: number, height: number, gateX: number, gateWidth: number): string {
  const colour = shade(look.wall, look.rng.chance(0.5) ? -0.1 : 0.08);
  const cap = shade(colour, -0.18);
  let out = '';
  out += rect(x0, baseY - height, gateX - x0, height, colour);
  out += rect(gateX + gateWidth, baseY - height, x1 - gateX - gateWidth, height, colour);
  out += rect(x0 - 4, baseY - height - 8, gateX - x0 + 4, 8, cap);
  out += rect(gateX + gateWidth, baseY - height - 8, x1 - gateX - gateWidth + 4, 8, cap);
  const pillar = shade(colour, -0.06);
  out += rect(gateX - 26, baseY - height - 34, 26, height + 34, pillar) + rect(gateX - 30, baseY - height - 42, 34, 10, cap);
  out += rect(gateX + gateWidth, baseY - height - 34, 26, height + 34, pillar) + rect(gateX + gateWidth - 4, baseY - height - 42, 34, 10, cap);
  const gate = tone(look.sky, look.rng.pick(['#2f3337', '#5a4632', '#3b4a5a']));
  out += rect(gateX, baseY - height + 6, gateWidth, 5, gate) + rect(gateX, baseY - 10, gateWidth, 5, gate);
  for (let gx = gateX + 6; gx < gateX + gateWidth - 2; gx += 12) out += rect(gx, baseY - height + 6, 3, height - 6, gate);
  return out;
}

function drawWaterTank(x: number, top: number, size: number, colour = '#2b2d30'): string {
  return (
    rect(x, top + size * 0.15, size, size, colour) +
    ellipse(x + size / 2, top + size * 0.15, size / 2, size * 0.16, shade(colour, 0.2)) +
    rect(x + size * 0.3, top - size * 0.05, size * 0.4, size * 0.12, shade(colour, 0.3))
  );
}

// ---------------------------------------------------------------------------------------------
// Residential towers
// ---------------------------------------------------------------------------------------------

type TowerOptions = { cols: number; colWidth: number; floors: number; floorHeight: number; hasAccentColumns: boolean; balconyEvery: number; tanks: number };

function drawApartmentTower(look: Look, x: number, baseY: number, options: TowerOptions): { svg: string; width: number; top: number } {
  const { rng } = look;
  const { cols, colWidth, floors, floorHeight } = options;
  const pad = colWidth * 0.3;
  const width = cols * colWidth + pad * 2;
  const side = width * 0.2;
  const groundHeight = floorHeight * 1.25;
  const bodyTop = baseY - groundHeight - floors * floorHeight;
  const top = bodyTop - 14;
  let out = drawShadow(x + (width + side) / 2, baseY + 4, width + side + 60);
  out += rect(x + width, top, side, baseY - top, look.wallSide);
  for (let f = 0; f < floors; f += 1) {
    const y = bodyTop + f * floorHeight;
    out += drawWindow(look, x + width + side * 0.3, y + floorHeight * 0.24, side * 0.4, floorHeight * 0.5, { mullions: 0 });
  }
  out += rect(x, top, width, baseY - top, look.wall);
  if (options.hasAccentColumns) {
    for (let c = 0; c < cols; c += 1) {
      if (c % 2 === 1) out += rect(x + pad + c * colWidth, bodyTop, colWidth, floors * floorHeight, look.accent, { opacity: 0.85 });
    }
  }
  for (let f = 0; f < floors; f += 1) {
    const y = bodyTop + f * floorHeight;
    for (let c = 0; c < cols; c += 1) {
      const wx = x + pad + c * colWidth + colWidth * 0.16;
      const ww = colWidth * 0.68;
      const hasBalcony = options.balconyEvery > 0 && (c + (f % 2 === 0 ? 0 : 1)) % options.balconyEvery === 0;
      if (hasBalcony) {
        out += drawWindow(look, wx, y + floorHeight * 0.14, ww, floorHeight * 0.8, { mullions: 1, frame: 3 });
        const railHeight = floorHeight * 0.34;
        out += rect(wx - 8, y + floorHeight - railHeight - 6, ww + 16, railHeight, '#d8eef5', { opacity: 0.45 });
        out += rect(wx - 8, y + floorHeight - railHeight - 8, ww + 16, 3, look.trim);
        out += rect(wx - 10, y + floorHeight - 7, ww + 20, 7, shade(look.trim, -0.08));
      } else {
        out += drawWindow(look, wx, y + floorHeight * 0.22, ww, floorHeight * 0.52, { frame: 3 });
      }
    }
    out += rect(x - 3, y + floorHeight - 4, width + 6, 4, shade(look.wall, -0.1));
  }
  // Stilt parking at ground level, typical of Indian apartment blocks.
  out += rect(x, baseY - groundHeight, width, groundHeight, shade(look.wall, -0.45));
  const pillars = cols + 1;
  for (let p = 0; p < pillars; p += 1) {
    const px = x + pad * 0.5 + ((width - pad) * p) / (pillars - 1) - 9;
    out += rect(px, baseY - groundHeight, 18, groundHeight, look.wallSide);
  }
  const lobbyX = x + width / 2 - colWidth * 0.45;
  out += rect(lobbyX, baseY - groundHeight * 0.78, colWidth * 0.9, groundHeight * 0.78, look.sky.isDusk ? look.lit : look.glass);
  out += rect(lobbyX - 20, baseY - groundHeight * 0.86, colWidth * 0.9 + 40, 8, look.trim);
  // Roof: parapet, lift machine room and black plastic water tanks.
  out += rect(x - 4, top, width + 8, 14, look.trim);
  const roomWidth = width * rng.float(0.22, 0.32);
  const roomX = x + rng.float(0.1, 0.9 - roomWidth / width) * width;
  out += rect(roomX, top - 48, roomWidth, 48, look.wallSide) + rect(roomX - 4, top - 54, roomWidth + 8, 7, look.trim);
  for (let t = 0; t < options.tanks; t += 1) {
    const tx = x + 16 + t * 44;
    if (tx + 34 < roomX || tx > roomX + roomWidth) out += drawWaterTank(tx, top - 38, 32);
  }
  return { svg: out, width: width + side, top };
}

function drawApartmentScene(look: Look): string {
  const { rng, sky } = look;
  const baseY = H - rng.float(165, 200);
  let out = '';
  const backCount = rng.int(0, 2);
  for (let i = 0; i < backCount; i += 1) {
    const faded: Look = { ...look, wall: mix(look.wall, sky.haze, 0.4), wallSide: mix(look.wallSide, sky.haze, 0.4), accent: mix(look.accent, sky.haze, 0.4) };
    const floors = rng.int(7, 12);
    const x = i === 0 ? rng.float(40, 260) : rng.float(1050, 1250);
    out += drawApartmentTower(faded, x, baseY - 30, {
      cols: rng.int(3, 4),
      colWidth: 62,
      floors,
      floorHeight: Math.min(46, (baseY - 200) / (floors + 1.5)),
      hasAccentColumns: false,
      balconyEvery: 2,
      tanks: rng.int(1, 2),
    }).svg;
  }
  out += rect(0, baseY - 20, W, 60, tone(sky, '#cfcac0'));
  const floors = rng.int(8, 16);
  const floorHeight = Math.min(62, (baseY - 120) / (floors + 1.4));
  const cols = rng.int(3, 5);
  const colWidth = rng.float(78, 104);
  const width = cols * colWidth * 1.2 + colWidth * 0.6;
  const x = W / 2 - width / 2 + rng.float(-180, 180);
  out += drawApartmentTower(look, x, baseY, {
    cols,
    colWidth,
    floors,
    floorHeight,
    hasAccentColumns: rng.chance(0.45),
    balconyEvery: rng.pick([0, 1, 2, 2, 3]),
    tanks: rng.int(1, 3),
  }).svg;
  out += drawLandscape(look, baseY, x - 40, x + width + 40, ['round', 'palm', 'cypress']);
  out += drawRoad(sky, baseY + 60);
  if (rng.chance(0.6)) out += drawCar(rng, sky, rng.float(100, W - 400), H - 24, rng.float(230, 280));
  return out;
}

/** Trees and bushes either side of the main building, none covering its middle. */
function drawLandscape(look: Look, baseY: number, avoidFrom: number, avoidTo: number, kinds: Array<'round' | 'palm' | 'cypress'>): string {
  const { rng } = look;
  let out = '';
  const count = rng.int(2, 5);
  for (let i = 0; i < count; i += 1) {
    const onLeft = i % 2 === 0;
    const x = onLeft ? rng.float(30, Math.max(60, avoidFrom + 60)) : rng.float(Math.min(W - 60, avoidTo - 60), W - 30);
    out += drawTree(rng, x, baseY + rng.float(4, 20), rng.float(170, 280), look.foliage, kinds);
  }
  for (let i = 0; i < rng.int(2, 5); i += 1) {
    out += drawBush(rng, rng.float(40, W - 40), baseY + rng.float(10, 24), rng.float(60, 110), look.foliage);
  }
  return out;
}

function drawPenthouseScene(look: Look): string {
  const { rng, sky } = look;
  // Seen from a neighbouring tower: the city lies low, the building runs off the bottom edge.
  const horizonY = H * rng.float(0.74, 0.8);
  let out = '';
  if (rng.chance(0.4)) {
    const sea = tone(sky, mix(sky.haze, '#3d7ea6', 0.5));
    out += rect(0, horizonY - 20, W, H - horizonY + 20, sea);
    out += rect(0, horizonY - 20, W, 3, shade(sea, 0.25));
    for (let i = 0; i < 40; i += 1) {
      const sy = rng.float(horizonY, H);
      out += rect(rng.float(0, W), sy, rng.float(20, 90) * (0.5 + (sy - horizonY) / (H - horizonY)), 3, shade(sea, 0.3), { opacity: 0.5 });
    }
  } else {
    out += drawDistantSkyline(rng, W, horizonY + 30, 120, mix(sky.haze, sky.bottom, 0.2));
    out += drawDistantSkyline(rng, W, horizonY + 60, 70, mix(sky.haze, '#5d6473', 0.3));
    out += rect(0, horizonY + 58, W, H, mix(sky.haze, '#5d6473', 0.3));
  }
  const width = rng.float(640, 780);
  const x = W / 2 - width / 2 + rng.float(-200, 200);
  const floorHeight = rng.float(96, 116);
  const penthouseHeight = floorHeight * 1.45;
  const terraceY = rng.float(380, 430);
  const side = width * 0.16;
  out += rect(x + width, terraceY, side, H - terraceY, look.wallSide);
  out += rect(x, terraceY, width, H - terraceY, look.wall);
  const bayCount = rng.int(3, 5);
  const bay = width / bayCount;
  for (let y = terraceY + 14; y < H; y += floorHeight) {
    for (let b = 0; b < bayCount; b += 1) {
      out += drawWindow(look, x + b * bay + 14, y + 12, bay - 28, floorHeight - 36, { mullions: 2, frame: 3, litChance: 0.7 });
    }
    out += rect(x - 18, y + floorHeight - 22, width + 36, 10, look.trim);
    out += rect(x - 18, y + floorHeight - 60, width + 36, 38, '#d8eef5', { opacity: 0.35 });
    out += rect(x - 18, y + floorHeight - 62, width + 36, 3, shade(look.trim, -0.2));
    for (let s = 0; s < bayCount; s += 1) {
      out += drawWindow(look, x + width + side * 0.3, y + 20, side * 0.4, floorHeight - 50, { frame: 2 });
    }
  }
  // The penthouse itself: a set-back glass pavilion under a deep roof slab.
  const pw = width * rng.float(0.62, 0.78);
  const px = rng.chance(0.5) ? x + 24 : x + width - pw - 24;
  const py = terraceY - penthouseHeight;
  out += rect(px, py, pw, penthouseHeight, sky.isDusk ? mix(look.lit, '#7a5a3a', 0.25) : mix(look.glass, look.lit, 0.3));
  const furniture = sky.isDusk ? '#6b4a2f' : shade(look.glass, -0.35);
  out += rect(px + pw * 0.15, terraceY - 38, pw * 0.3, 30, furniture, { rx: 8 }) + rect(px + pw * 0.15, terraceY - 56, pw * 0.3, 22, furniture, { rx: 8, opacity: 0.8 });
  out += rect(px + pw * 0.62, terraceY - 90, 4, 82, furniture) + polygon([[px + pw * 0.62 - 20, terraceY - 90], [px + pw * 0.62 + 24, terraceY - 90], [px + pw * 0.62 + 14, terraceY - 116], [px + pw * 0.62 - 10, terraceY - 116]], sky.isDusk ? '#fff1c4' : furniture);
  const panes = Math.round(pw / 70);
  for (let p = 1; p < panes; p += 1) out += rect(px + (pw * p) / panes - 2, py, 4, penthouseHeight, shade(look.trim, -0.3));
  out += polygon(
    [
      [px, py + penthouseHeight * 0.6],
      [px + pw * 0.25, py],
      [px + pw * 0.4, py],
      [px, py + penthouseHeight],
    ],
    '#ffffff',
    { opacity: 0.12 },
  );
  out += rect(px - 60, py - 26, pw + 120, 26, look.trim) + rect(px - 60, py - 4, pw + 120, 6, look.wood);
  out += rect(x - 12, terraceY - 6, width + 24 + side, 16, look.trim);
  if (rng.chance(0.6)) {
    const poolWidth = width - pw - 70;
    const poolX = px === x + 24 ? px + pw + 30 : x + 20;
    if (poolWidth > 80) out += rect(poolX, terraceY - 18, poolWidth, 14, tone(sky, '#4fb3d9'));
  }
  out += rect(x - 12, terraceY - 58, width + 24, 50, '#d8eef5', { opacity: 0.35 });
  out += rect(x - 12, terraceY - 60, width + 24, 3, shade(look.trim, -0.25));
  for (let i = 0; i < rng.int(3, 6); i += 1) {
    const bx = rng.float(x + 10, x + width - 10);
    out += rect(bx - 14, terraceY - 36, 28, 30, tone(sky, '#8a6f5a'));
    out += drawBush(rng, bx, terraceY - 30, rng.float(50, 80), look.foliage);
  }
  if (rng.chance(0.5)) {
    const tx = px === x + 24 ? x + width - 40 : x + 60;
    out += drawRoundTree(rng, tx, terraceY - 6, rng.float(150, 200), look.foliage);
  }
  return out;
}

function drawOfficeTower(look: Look, x: number, baseY: number, width: number, height: number, id: string): string {
  const { rng, sky } = look;
  const floorHeight = rng.float(34, 46);
  const lobbyHeight = floorHeight * 1.8;
  const top = baseY - height;
  const side = width * 0.22;
  const glassTop = sky.isDusk ? shade(look.glass, -0.55) : shade(look.glass, 0.25);
  const glassBottom = sky.isDusk ? shade(look.glass, -0.7) : shade(look.glass, -0.2);
  look.defs.push(
    linearGradient(`${id}g`, [
      [0, glassTop],
      [1, glassBottom],
    ]),
  );
  look.defs.push(element('clipPath', { id: `${id}c` }, rect(x, top, width, height, '#000000')));
  let out = drawShadow(x + width / 2, baseY + 4, width + side + 80);
  out += rect(x + width, top + 10, side, height - 10, shade(glassBottom, -0.2));
  out += rect(x, top, width, height, `url(#${id}g)`);
  const cols = rng.int(6, 12);
  let clipped = '';
  if (sky.isDusk) {
    for (let y = top + 10; y < baseY - lobbyHeight - floorHeight; y += floorHeight) {
      if (!rng.chance(0.45)) continue;
      const from = rng.int(0, cols - 2);
      const to = rng.int(from + 1, cols);
      clipped += rect(x + (width * from) / cols, y, (width * (to - from)) / cols, floorHeight - 4, look.lit, { opacity: 0.75 });
    }
  } else {
    clipped += polygon(
      [
        [x + width * 0.1, baseY],
        [x + width * 0.75, top],
        [x + width * 0.95, top],
        [x + width * 0.3, baseY],
      ],
      '#ffffff',
      { opacity: 0.13 },
    );
    clipped += polygon(
      [
        [x + width * 0.5, baseY],
        [x + width * 1.05, top + height * 0.3],
        [x + width * 1.05, top + height * 0.45],
        [x + width * 0.62, baseY],
      ],
      '#ffffff',
      { opacity: 0.08 },
    );
  }
  out += group(clipped, { 'clip-path': `url(#${id}c)` });
  const mullion = sky.isDusk ? '#2a2f3a' : shade(look.glass, 0.45);
  for (let c = 1; c < cols; c += 1) out += rect(x + (width * c) / cols - 1, top, 2, height - lobbyHeight, mullion, { opacity: 0.8 });
  for (let y = top + floorHeight; y < baseY - lobbyHeight; y += floorHeight) out += rect(x, y - 3, width, 5, look.trim, { opacity: 0.75 });
  for (let y = top + floorHeight; y < baseY - lobbyHeight; y += floorHeight * 2) {
    out += rect(x + width + side * 0.1, y - 3, side * 0.8, 4, look.trim, { opacity: 0.4 });
  }
  const crown = rng.pick(['flat', 'stepped', 'slant', 'spire']);
  if (crown === 'stepped') {
    out += rect(x + width * 0.12, top - 40, width * 0.76, 40, shade(glassTop, -0.1)) + rect(x + width * 0.3, top - 70, width * 0.4, 30, shade(glassTop, -0.2));
  } else if (crown === 'slant') {
    out += polygon(
      [
        [x, top],
        [x + width, top - 70],
        [x + width, top],
      ],
      shade(glassTop, -0.05),
    );
  } else if (crown === 'spire') {
    out += rect(x + width / 2 - 3, top - 90, 6, 90, look.trim) + rect(x + width * 0.2, top - 24, width * 0.6, 24, look.trim);
  }
  out += rect(x - 2, top - 6, width + side + 4, 8, look.trim);
  // Double-height lobby and canopy.
  out += rect(x, baseY - lobbyHeight, width, lobbyHeight, sky.isDusk ? mix(look.lit, '#5a4a3a', 0.3) : shade(look.glass, -0.35));
  for (let c = 1; c < cols; c += 1) out += rect(x + (width * c) / cols - 2, baseY - lobbyHeight, 4, lobbyHeight, look.trim);
  out += rect(x + width * 0.25, baseY - lobbyHeight - 10, width * 0.5, 12, look.trim);
  out += rect(x + width * 0.25, baseY - lobbyHeight - 36, width * 0.5, 20, look.accent);
  return out;
}

function drawOfficeScene(look: Look): string {
  const { rng, sky } = look;
  const baseY = H - rng.float(165, 200);
  let out = '';
  const faded: Look = { ...look, glass: mix(look.glass, sky.haze, 0.45), trim: mix(look.trim, sky.haze, 0.4), accent: mix(look.accent, sky.haze, 0.5) };
  if (rng.chance(0.7)) {
    const bw = rng.float(220, 320);
    out += drawOfficeTower(faded, rng.chance(0.5) ? rng.float(60, 200) : rng.float(1100, 1300), baseY - 20, bw, rng.float(380, 560), 'ob');
  }
  out += rect(0, baseY - 20, W, 60, tone(sky, '#d3cec4'));
  const width = rng.float(380, 520);
  const height = rng.float(600, baseY - 80);
  const x = W / 2 - width / 2 + rng.float(-200, 200);
  out += drawOfficeTower(look, x, baseY, width, height, 'om');
  for (let i = 0; i < rng.int(2, 4); i += 1) {
    const onLeft = i % 2 === 0;
    const tx = onLeft ? rng.float(40, Math.max(80, x - 40)) : rng.float(Math.min(W - 80, x + width + 150), W - 40);
    out += rect(tx - 36, baseY + 6, 72, 22, tone(sky, '#9a948a'));
    out += drawRoundTree(rng, tx, baseY + 8, rng.float(150, 210), look.foliage);
  }
  out += drawRoad(sky, baseY + 60);
  for (let lx = rng.float(80, 200); lx < W; lx += rng.float(380, 520)) out += drawStreetLamp(sky, lx, baseY + 50, 190);
  if (rng.chance(0.7)) out += drawCar(rng, sky, rng.float(80, W - 360), H - 22, rng.float(230, 270));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Houses
// ---------------------------------------------------------------------------------------------

function drawVillaScene(look: Look): string {
  const { rng, sky } = look;
  const baseY = H - rng.float(175, 200);
  const style = rng.pick(['modern', 'pitched', 'arched']);
  const width = rng.float(720, 900);
  const x = W / 2 - width / 2 + rng.float(-140, 140);
  const groundHeight = rng.float(190, 215);
  const upperHeight = rng.float(170, 190);
  const hasPool = rng.chance(0.45);
  let out = '';
  out += drawLandscape(look, baseY - 30, x + 40, x + width - 40, ['round', 'cypress', 'palm']);
  out += drawShadow(x + width / 2, baseY + 2, width + 120);
  // Ground floor.
  out += rect(x, baseY - groundHeight, width, groundHeight, look.wall);
  const upperWidth = width * rng.float(0.58, 0.75);
  const upperX = rng.chance(0.5) ? x + width * 0.06 : x + width - upperWidth - width * 0.06;
  const upperY = baseY - groundHeight - upperHeight;
  const upperWall = style === 'modern' && rng.chance(0.5) ? shade(look.wall, 0.25) : look.wall;
  out += rect(upperX, upperY, upperWidth, upperHeight, upperWall);
  if (style === 'modern') {
    // Timber-clad panel and a cantilevered slab on each level.
    const panelWidth = upperWidth * 0.28;
    const panelX = upperX + (rng.chance(0.5) ? 0 : upperWidth - panelWidth);
    out += rect(panelX, upperY, panelWidth, upperHeight, look.wood);
    for (let lx = panelX + 10; lx < panelX + panelWidth; lx += 12) out += line(lx, upperY, lx, upperY + upperHeight, shade(look.wood, -0.2), 2);
    const windowX = panelX === upperX ? upperX + panelWidth + 30 : upperX + 30;
    out += drawWindow(look, windowX, upperY + 30, upperWidth - panelWidth - 60, upperHeight - 60, { mullions: 3, frame: 4 });
    out += rect(upperX - 40, upperY - 18, upperWidth + 80, 18, shade(look.trim, -0.1));
    out += rect(x - 30, baseY - groundHeight - 16, width + 60, 16, shade(look.trim, -0.1));
    const terraceX = upperX > x + width * 0.1 ? x : upperX + upperWidth;
    const terraceWidth = upperX > x + width * 0.1 ? upperX - x : x + width - upperX - upperWidth;
    if (terraceWidth > 40) {
      out += rect(terraceX, baseY - groundHeight - 60, terraceWidth, 44, '#d8eef5', { opacity: 0.4 });
      out += rect(terraceX, baseY - groundHeight - 62, terraceWidth, 3, look.trim);
    }
    const glassWidth = width * 0.5;
    const glassX = rng.chance(0.5) ? x + 40 : x + width - glassWidth - 40;
    out += drawWindow(look, glassX, baseY - groundHeight + 34, glassWidth, groundHeight - 34, { mullions: 3, frame: 4 });
    const doorX = glassX === x + 40 ? x + width - 130 : x + 70;
    out += drawDoor(look, doorX, baseY - 130, 70, 130);
  } else {
    const roofRise = style === 'pitched' ? rng.float(90, 120) : rng.float(50, 70);
    const eave = 34;
    out += polygon(
      [
        [upperX - eave, upperY],
        [upperX + upperWidth + eave, upperY],
        [upperX + upperWidth - upperWidth * 0.18, upperY - roofRise],
        [upperX + upperWidth * 0.18, upperY - roofRise],
      ],
      look.roof,
    );
    for (let r = 1; r < 5; r += 1) {
      const ry = upperY - (roofRise * r) / 5;
      const inset = (upperWidth * 0.18 + eave) * (r / 5);
      out += line(upperX - eave + inset, ry, upperX + upperWidth + eave - inset, ry, shade(look.roof, -0.2), 2);
    }
    out += rect(x - eave, baseY - groundHeight - 14, width + eave * 2, 14, look.roof);
    const windowCount = Math.max(2, Math.floor(upperWidth / 150));
    for (let i = 0; i < windowCount; i += 1) {
      const wx = upperX + (upperWidth * (i + 0.5)) / windowCount - 40;
      out += drawWindow(look, wx, upperY + 34, 80, upperHeight - 66, { isArched: style === 'arched', mullions: 1 });
      if (style === 'pitched') out += rect(wx - 24, upperY + 34, 18, upperHeight - 66, look.accent) + rect(wx + 86, upperY + 34, 18, upperHeight - 66, look.accent);
    }
    const doorX = x + width / 2 - 45 + rng.float(-width * 0.25, width * 0.25);
    out += rect(doorX - 30, baseY - groundHeight + 20, 150, 18, shade(look.wall, -0.1));
    out += drawDoor(look, doorX, baseY - 140, 90, 140);
    const groundWindows = Math.max(2, Math.floor(width / 190));
    for (let i = 0; i < groundWindows; i += 1) {
      const wx = x + (width * (i + 0.5)) / groundWindows - 45;
      if (Math.abs(wx + 45 - (doorX + 45)) < 120) continue;
      out += drawWindow(look, wx, baseY - groundHeight + 50, 90, groundHeight - 90, { isArched: style === 'arched', mullions: 1 });
    }
  }
  if (hasPool) {
    const poolY = baseY + 24;
    out += rect(0, baseY, W, 14, tone(sky, '#e5ddd0'));
    out += polygon(
      [
        [x - 40, poolY],
        [x + width + 40, poolY],
        [x + width + 120, poolY + 70],
        [x - 120, poolY + 70],
      ],
      tone(sky, '#f0ebe3'),
    );
    out += polygon(
      [
        [x - 10, poolY + 10],
        [x + width + 10, poolY + 10],
        [x + width + 70, poolY + 60],
        [x - 70, poolY + 60],
      ],
      tone(sky, '#4fb6d8'),
    );
    out += polygon(
      [
        [x + width * 0.1, poolY + 24],
        [x + width * 0.5, poolY + 24],
        [x + width * 0.45, poolY + 34],
        [x + width * 0.05, poolY + 34],
      ],
      '#ffffff',
      { opacity: 0.3 },
    );
  } else {
    out += drawCompoundWall(look, -10, W + 10, baseY + 70, 80, x + width / 2 - 110 + rng.float(-100, 100), 220);
  }
  for (let i = 0; i < rng.int(1, 3); i += 1) {
    const onLeft = rng.chance(0.5);
    out += drawPalm(rng, onLeft ? rng.float(40, Math.max(60, x - 30)) : rng.float(Math.min(W - 60, x + width + 30), W - 40), baseY + 80, rng.float(260, 360), look.foliage);
  }
  out += drawRoad(sky, baseY + 86, false);
  return out;
}

function drawHouseScene(look: Look): string {
  const { rng, sky } = look;
  const baseY = H - rng.float(190, 215);
  const storeys = rng.pick([1, 2, 2, 3]);
  const floorHeight = rng.float(172, 192);
  const width = rng.float(470, 620);
  const x = W / 2 - width / 2 + rng.float(-220, 220);
  const roofStyle = rng.pick(['flat', 'flat', 'gable', 'kerala']);
  let out = '';
  // Neighbouring houses, half hidden, make it read as a street rather than a lone box.
  for (const side of [-1, 1]) {
    if (!rng.chance(0.7)) continue;
    const nw = rng.float(300, 420);
    const nx = side < 0 ? x - nw - rng.float(60, 120) : x + width + rng.float(60, 120);
    const nh = floorHeight * rng.int(1, Math.max(1, storeys - 1)) * 0.9 + 20;
    const neighbour = mix(tone(sky, rng.pick(WALLS)), sky.haze, 0.3);
    out += rect(nx, baseY - nh, nw, nh, neighbour) + rect(nx - 6, baseY - nh - 12, nw + 12, 12, shade(neighbour, -0.1));
    for (let i = 0; i < 2; i += 1) out += rect(nx + nw * (0.2 + i * 0.4), baseY - nh + 40, nw * 0.2, 70, mix(look.glass, sky.haze, 0.4));
  }
  out += drawLandscape(look, baseY - 10, x + 30, x + width - 30, ['round', 'palm', 'round']);
  out += drawShadow(x + width / 2, baseY + 2, width + 90);
  const height = storeys * floorHeight;
  const top = baseY - height;
  out += rect(x, top, width, height, look.wall);
  if (rng.chance(0.5)) out += rect(x, top, width * 0.08, height, look.accent, { opacity: 0.9 });
  for (let s = 0; s < storeys; s += 1) {
    const fy = baseY - (s + 1) * floorHeight;
    if (s > 0) out += rect(x - 6, fy + floorHeight - 10, width + 12, 10, shade(look.wall, -0.12));
    const hasBalcony = s > 0 && rng.chance(0.6);
    if (s === 0) {
      const doorX = x + width * rng.float(0.15, 0.65);
      out += drawDoor(look, doorX, baseY - 128, 74, 128);
      out += rect(doorX - 20, baseY - 10, 114, 10, shade(look.wall, -0.2));
      out += rect(doorX - 16, baseY - 140, 106, 10, shade(look.wall, -0.1));
      const wx = doorX > x + width / 2 ? x + 50 : doorX + 140;
      out += drawWindow(look, wx, fy + 50, Math.min(130, x + width - wx - 40), 80, { hasChajja: true, hasGrill: true, mullions: 1 });
    } else if (hasBalcony) {
      const bx = x + width * 0.12;
      const bw = width * 0.5;
      out += drawDoor(look, bx + bw * 0.2, fy + 32, 66, floorHeight - 42, shade(look.glass, -0.1));
      out += drawWindow(look, bx + bw * 0.6, fy + 40, bw * 0.35, 70, { mullions: 1 });
      out += rect(bx - 12, fy + floorHeight - 62, bw + 24, 56, 'none', { stroke: shade(look.trim, -0.55), 'stroke-width': 4 });
      for (let rx = bx; rx < bx + bw; rx += 14) out += line(rx, fy + floorHeight - 62, rx, fy + floorHeight - 6, shade(look.trim, -0.55), 2);
      out += drawWindow(look, x + width * 0.74, fy + 44, width * 0.16, 72, { hasChajja: true, hasGrill: true });
    } else {
      const count = rng.int(2, 3);
      for (let i = 0; i < count; i += 1) {
        out += drawWindow(look, x + (width * (i + 0.5)) / count - 45, fy + 44, 90, 76, { hasChajja: true, hasGrill: rng.chance(0.7), mullions: 1 });
      }
    }
  }
  if (roofStyle === 'flat') {
    out += rect(x - 6, top - 30, width + 12, 30, shade(look.wall, -0.08));
    out += rect(x - 10, top - 36, width + 20, 8, look.trim);
    const stairX = x + width * rng.float(0.5, 0.7);
    out += rect(stairX, top - 110, width * 0.26, 80, look.wall) + rect(stairX - 8, top - 118, width * 0.26 + 16, 10, look.trim);
    out += drawWaterTank(x + width * 0.12, top - 88, 54);
  } else if (roofStyle === 'gable') {
    out += polygon(
      [
        [x - 40, top + 4],
        [x + width / 2, top - rng.float(110, 150)],
        [x + width + 40, top + 4],
      ],
      look.roof,
    );
    out += polygon(
      [
        [x + width * 0.2, top],
        [x + width / 2, top - 90],
        [x + width * 0.8, top],
      ],
      shade(look.wall, -0.05),
    );
    out += circle(x + width / 2, top - 40, 20, look.trim) + circle(x + width / 2, top - 40, 14, look.sky.isDusk ? look.lit : look.glass);
  } else {
    // Steep, deep-eaved tiled roof as on Kerala and Konkan houses.
    const rise = rng.float(130, 170);
    out += polygon(
      [
        [x - 70, top + 24],
        [x + width * 0.22, top - rise],
        [x + width * 0.78, top - rise],
        [x + width + 70, top + 24],
      ],
      look.roof,
    );
    for (let r = 1; r < 6; r += 1) {
      const ry = top + 24 - ((rise + 24) * r) / 6;
      const t = r / 6;
      out += line(x - 70 + (width * 0.22 + 70) * t, ry, x + width + 70 - (width * 0.22 + 70) * t, ry, shade(look.roof, -0.22), 3);
    }
    out += polygon(
      [
        [x + width * 0.22, top - rise],
        [x + width * 0.3, top - rise - 28],
        [x + width * 0.7, top - rise - 28],
        [x + width * 0.78, top - rise],
      ],
      shade(look.roof, -0.1),
    );
  }
  const gateX = x + width / 2 - 80 + rng.float(-60, 60);
  out += drawCompoundWall(look, -10, W + 10, baseY + 60, 74, gateX, 160);
  out += drawRoad(sky, baseY + 76, false);
  if (rng.chance(0.6)) out += drawCar(rng, sky, rng.chance(0.5) ? rng.float(40, 300) : rng.float(1000, 1300), H - 20, rng.float(250, 290));
  return out;
}

function drawFarmhouseScene(look: Look, horizonY: number): string {
  const { rng, sky } = look;
  const baseY = horizonY + rng.float(40, 70);
  const width = rng.float(520, 680);
  const x = W / 2 - width / 2 + rng.float(-280, 280);
  const wallHeight = rng.float(170, 200);
  let out = '';
  // Fields as stripes converging to a vanishing point above the horizon.
  const fieldTop = baseY + 20;
  const vanishX = W / 2 + rng.float(-300, 300);
  const crop = tone(sky, hsl(rng.int(60, 110), rng.int(40, 60), rng.int(38, 50)));
  out += rect(0, fieldTop, W, H - fieldTop, crop);
  const rows = rng.int(14, 22);
  for (let i = 0; i <= rows; i += 1) {
    const bottomX = -W + (3 * W * i) / rows;
    const fromX = vanishX + (bottomX - vanishX) * 0.06;
    out += path(
      `M${round(fromX)} ${round(fieldTop)} L${round(bottomX - 22)} ${H} L${round(bottomX + 22)} ${H} Z`,
      i % 2 === 0 ? shade(crop, -0.14) : shade(crop, 0.1),
      { opacity: 0.8 },
    );
  }
  if (rng.chance(0.6)) {
    const split = rng.float(0.3, 0.7) * W;
    out += polygon(
      [
        [split, fieldTop],
        [W, fieldTop],
        [W, H],
        [split + 500, H],
      ],
      tone(sky, hsl(rng.int(40, 50), 65, 60)),
      { opacity: 0.55 },
    );
  }
  out += rect(0, baseY - 10, W, 34, tone(sky, hsl(95, 35, 48)));
  // A dirt track from the viewer to the house.
  out += polygon(
    [
      [x + width / 2 - 30, baseY + 10],
      [x + width / 2 + 30, baseY + 10],
      [x + width / 2 + 240, H],
      [x + width / 2 - 200, H],
    ],
    tone(sky, '#c9a878'),
  );
  for (let i = 0; i < rng.int(3, 6); i += 1) {
    const tx = rng.chance(0.5) ? rng.float(20, Math.max(40, x - 60)) : rng.float(Math.min(W - 40, x + width + 60), W - 20);
    out += drawTree(rng, tx, baseY + 6, rng.float(170, 260), look.foliage, ['round', 'round', 'palm']);
  }
  out += drawShadow(x + width / 2, baseY + 4, width + 100);
  out += rect(x, baseY - wallHeight, width, wallHeight, look.wall);
  // Verandah with pillars under the deep roof.
  const verandahDepth = wallHeight * 0.75;
  out += rect(x + 20, baseY - verandahDepth, width - 40, verandahDepth, shade(look.wall, -0.25));
  const pillars = rng.int(4, 6);
  for (let p = 0; p < pillars; p += 1) {
    const px = x + 24 + ((width - 60) * p) / (pillars - 1);
    out += rect(px, baseY - verandahDepth, 14, verandahDepth, look.trim);
  }
  out += drawDoor(look, x + width / 2 - 40, baseY - verandahDepth + 8, 80, verandahDepth - 8);
  out += drawWindow(look, x + width * 0.18, baseY - verandahDepth + 30, 70, 60, { hasGrill: true, mullions: 1 });
  out += drawWindow(look, x + width * 0.82 - 70, baseY - verandahDepth + 30, 70, 60, { hasGrill: true, mullions: 1 });
  const rise = rng.float(120, 160);
  out += polygon(
    [
      [x - 60, baseY - verandahDepth + 4],
      [x + width * 0.25, baseY - wallHeight - rise],
      [x + width * 0.75, baseY - wallHeight - rise],
      [x + width + 60, baseY - verandahDepth + 4],
    ],
    look.roof,
  );
  for (let r = 1; r < 6; r += 1) {
    const t = r / 6;
    const ry = baseY - verandahDepth + 4 - (wallHeight - verandahDepth + rise + 4) * t;
    out += line(x - 60 + (width * 0.25 + 60) * t, ry, x + width + 60 - (width * 0.25 + 60) * t, ry, shade(look.roof, -0.2), 3);
  }
  out += rect(x + width * 0.62, baseY - wallHeight - rise + 10, 26, 60, shade(look.wall, -0.2));
  // Wooden post fence across the foreground.
  const fence = tone(sky, '#8b6b4a');
  const fenceY = H - rng.float(120, 170);
  out += rect(0, fenceY + 14, W, 8, fence) + rect(0, fenceY + 44, W, 8, fence);
  for (let fx = 20; fx < W; fx += 110) out += rect(fx, fenceY, 14, 80, shade(fence, -0.1));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Land and commercial
// ---------------------------------------------------------------------------------------------

function drawPlotScene(look: Look, horizonY: number): string {
  const { rng, sky } = look;
  const baseY = horizonY + 30;
  let out = '';
  out += rect(0, horizonY, W, H - horizonY, tone(sky, hsl(90, 30, 55)));
  for (let i = 0; i < rng.int(5, 9); i += 1) {
    out += drawTree(rng, rng.float(0, W), horizonY + rng.float(5, 20), rng.float(90, 170), look.foliage, ['round', 'round', 'palm', 'cypress']);
  }
  if (rng.chance(0.5)) {
    const hx = rng.float(100, W - 400);
    const neighbour = mix(tone(sky, rng.pick(WALLS)), sky.haze, 0.25);
    out += rect(hx, horizonY - 110, 260, 130, neighbour) + rect(hx - 8, horizonY - 122, 276, 14, shade(neighbour, -0.12));
    out += rect(hx + 40, horizonY - 80, 60, 50, mix(look.glass, sky.haze, 0.3)) + rect(hx + 160, horizonY - 80, 60, 50, mix(look.glass, sky.haze, 0.3));
  }
  // The plot: a bare trapezoid of soil in perspective, pegged at the corners.
  const soil = tone(sky, hsl(rng.int(24, 36), rng.int(30, 45), rng.int(52, 62)));
  const backLeft: [number, number] = [W * rng.float(0.22, 0.32), baseY + 20];
  const backRight: [number, number] = [W * rng.float(0.68, 0.78), baseY + 20];
  const frontLeft: [number, number] = [W * rng.float(-0.05, 0.06), H - 120];
  const frontRight: [number, number] = [W * rng.float(0.94, 1.05), H - 120];
  out += polygon([backLeft, backRight, frontRight, frontLeft], soil);
  for (let i = 0; i < 90; i += 1) {
    const t = rng.next();
    const y = backLeft[1] + (frontLeft[1] - backLeft[1]) * t;
    const left = backLeft[0] + (frontLeft[0] - backLeft[0]) * t;
    const right = backRight[0] + (frontRight[0] - backRight[0]) * t;
    const px = rng.float(left, right);
    const size = 2 + t * 5;
    if (rng.chance(0.6)) {
      out += ellipse(px, y, size * 1.5, size * 0.6, shade(soil, rng.chance(0.5) ? -0.15 : 0.12));
    } else {
      out += path(`M${round(px - size)} ${round(y)} l${round(size * 0.6)} ${round(-size * 2.2)} l${round(size * 0.5)} ${round(size * 2.2)} l${round(size * 0.5)} ${round(-size * 2.6)} l${round(size * 0.4)} ${round(size * 2.6)} Z`, look.foliage.leaf);
    }
  }
  // Barbed-wire boundary on concrete posts along the back and sides.
  const post = tone(sky, '#d8d4cc');
  const wire = tone(sky, '#555a60');
  const edges: Array<[[number, number], [number, number], number]> = [
    [backLeft, backRight, 8],
    [backLeft, frontLeft, 6],
    [backRight, frontRight, 6],
  ];
  for (const [from, to, count] of edges) {
    const fromHeight = 46 * (0.6 + (0.4 * (from[1] - baseY)) / (H - baseY));
    const toHeight = 46 * (0.6 + (0.4 * (to[1] - baseY)) / (H - baseY)) * (to[1] > from[1] + 100 ? 2.2 : 1);
    for (let strand = 0; strand < 3; strand += 1) {
      const k = 0.3 + strand * 0.3;
      out += line(from[0], from[1] - fromHeight * k, to[0], to[1] - toHeight * k, wire, 1.5, { opacity: 0.8 });
    }
    for (let i = 0; i <= count; i += 1) {
      const t = i / count;
      const px = from[0] + (to[0] - from[0]) * t;
      const py = from[1] + (to[1] - from[1]) * t;
      const h = fromHeight + (toHeight - fromHeight) * t;
      out += rect(px - h * 0.07, py - h, h * 0.14, h, post) + rect(px - h * 0.07, py - h, h * 0.14, h * 0.18, tone(sky, '#c0392b'), { opacity: 0.7 });
    }
  }
  // "For sale" board.
  const signX = rng.float(W * 0.3, W * 0.58);
  const signY = Math.min(baseY + rng.float(120, 200), H - 290);
  const board = tone(sky, rng.pick(['#c0392b', '#1f5f8b', '#e1a928', '#2f6f4f']));
  const postLength = Math.min(180, H - 130 - signY);
  out += rect(signX + 30, signY, 12, postLength, tone(sky, '#6b5440')) + rect(signX + 300, signY, 12, postLength, tone(sky, '#6b5440'));
  out += rect(signX, signY - 120, 340, 140, board, { rx: 6 });
  out += rect(signX + 8, signY - 112, 324, 124, 'none', { stroke: '#ffffff', 'stroke-width': 3, rx: 4 });
  out += text(signX + 170, signY - 62, 'PLOT FOR SALE', { size: 32, weight: 700, fill: '#ffffff', anchor: 'middle' });
  out += text(signX + 170, signY - 24, rng.pick(['CLEAR TITLE', 'GATED LAYOUT', 'RERA APPROVED', 'CORNER PLOT', 'READY TO BUILD']), {
    size: 20,
    weight: 700,
    fill: '#ffffff',
    anchor: 'middle',
    opacity: 0.9,
    letterSpacing: 2,
  });
  out += rect(0, H - 120, W, 120, tone(sky, '#8d8a84'));
  out += rect(0, H - 120, W, 10, tone(sky, '#d8d4cc'));
  return out;
}

const SHOP_SIGNS = ['STORE', 'CAFE', 'PHARMACY', 'BOUTIQUE', 'BAKERY', 'MOBILES', 'SWEETS', 'BOOKS', 'OPTICALS', 'SALON', 'KIRANA', 'FOOTWEAR'];

function drawShopScene(look: Look, horizonY: number): string {
  const { rng, sky } = look;
  const baseY = H - rng.float(150, 190);
  const storeys = rng.int(2, 3);
  const upperHeight = rng.float(130, 150);
  const shopHeight = rng.float(230, 260);
  const units = rng.int(2, 3);
  const width = rng.float(1040, 1280);
  const x = W / 2 - width / 2 + rng.float(-60, 60);
  const top = baseY - shopHeight - (storeys - 1) * upperHeight;
  let out = drawDistantSkyline(rng, W, horizonY + 40, 180, mix(sky.haze, sky.bottom, 0.2));
  out += rect(0, horizonY + 38, W, H, mix(sky.haze, '#9a968e', 0.4));
  out += rect(x, top, width, baseY - top, look.wall);
  out += rect(x - 10, top - 16, width + 20, 16, look.trim);
  for (let s = 1; s < storeys; s += 1) {
    const fy = baseY - shopHeight - s * upperHeight;
    const count = Math.floor(width / 170);
    for (let i = 0; i < count; i += 1) {
      const wx = x + (width * (i + 0.5)) / count - 50;
      out += drawWindow(look, wx, fy + 30, 100, upperHeight - 60, { hasChajja: true, mullions: 1, hasGrill: rng.chance(0.4) });
      if (rng.chance(0.35)) out += rect(wx + 110, fy + upperHeight - 60, 46, 30, tone(sky, '#e9e9e6')) + circle(wx + 133, fy + upperHeight - 45, 10, tone(sky, '#b9bbbd'));
    }
    out += rect(x, fy + upperHeight - 8, width, 8, shade(look.wall, -0.12));
  }
  const unitWidth = width / units;
  const stripeA = tone(sky, rng.pick(['#c0392b', '#1f6f8b', '#2f7a4f', '#d35400', '#7d3c98']));
  for (let u = 0; u < units; u += 1) {
    const ux = x + u * unitWidth;
    const signColour = tone(sky, rng.pick(['#1f3b57', '#8e2c2c', '#2f5d3a', '#5b3a6b', '#222222', '#b36b00']));
    out += rect(ux + 14, baseY - shopHeight + 14, unitWidth - 28, 54, signColour, { rx: 4 });
    out += text(ux + unitWidth / 2, baseY - shopHeight + 52, rng.pick(SHOP_SIGNS), { size: 30, weight: 700, fill: '#fdf6e3', anchor: 'middle', letterSpacing: 3 });
    const glassTop = baseY - shopHeight + 118;
    out += rect(ux + 20, glassTop, unitWidth - 40, baseY - glassTop, sky.isDusk ? mix(look.lit, '#6b5a48', 0.2) : shade(look.glass, -0.05));
    for (let shelf = 0; shelf < 3; shelf += 1) {
      const sy = glassTop + 30 + shelf * 40;
      out += rect(ux + 30, sy + 24, unitWidth * 0.45, 4, shade(look.trim, -0.35));
      for (let item = 0; item < 6; item += 1) {
        const ih = rng.float(12, 24);
        out += rect(ux + 36 + item * (unitWidth * 0.07), sy + 24 - ih, unitWidth * 0.045, ih, hsl(rng.int(0, 360), 55, 60), { opacity: 0.9 });
      }
    }
    const doorWidth = unitWidth * 0.26;
    out += rect(ux + unitWidth - 40 - doorWidth, glassTop + 10, doorWidth, baseY - glassTop - 10, shade(look.glass, -0.3), { opacity: 0.8 });
    out += rect(ux + unitWidth - 40 - doorWidth - 4, glassTop + 6, doorWidth + 8, 5, look.trim);
    out += polygon(
      [
        [ux + 20, glassTop],
        [ux + 20 + (unitWidth - 40) * 0.3, glassTop],
        [ux + 20, glassTop + 90],
      ],
      '#ffffff',
      { opacity: 0.15 },
    );
    // Scalloped striped awning.
    const awningTop = baseY - shopHeight + 76;
    const stripes = 8;
    const stripeWidth = (unitWidth - 10) / stripes;
    for (let s = 0; s < stripes; s += 1) {
      const sx = ux + 5 + s * stripeWidth;
      const colour = s % 2 === 0 ? stripeA : '#f7f3ea';
      out += path(
        `M${round(sx + 6)} ${round(awningTop)} L${round(sx + stripeWidth + 6)} ${round(awningTop)} L${round(sx + stripeWidth)} ${round(awningTop + 48)} A${round(stripeWidth / 2)} ${round(stripeWidth / 3)} 0 0 1 ${round(sx)} ${round(awningTop + 48)} Z`,
        tone(sky, colour),
      );
    }
    out += rect(ux + 5, awningTop + 46, unitWidth - 10, 4, '#000000', { opacity: 0.08 });
    if (u > 0) out += rect(ux - 8, baseY - shopHeight, 16, shopHeight, shade(look.wall, -0.1));
  }
  out += rect(0, baseY, W, 26, tone(sky, '#bdb5a6'));
  for (let tx = 0; tx < W; tx += 60) out += line(tx, baseY, tx - 20, baseY + 26, tone(sky, '#a69e90'), 2);
  for (let i = 0; i < rng.int(2, 4); i += 1) {
    const px = rng.float(60, W - 60);
    out += rect(px - 26, baseY - 40, 52, 46, tone(sky, '#9c5b3b')) + drawBush(rng, px, baseY - 36, 80, look.foliage);
  }
  out += drawRoad(sky, baseY + 26);
  if (rng.chance(0.5)) out += drawStreetLamp(sky, rng.chance(0.5) ? 60 : W - 120, baseY + 20, 300);
  return out;
}

function drawTruck(rng: Rng, sky: Sky, x: number, baseY: number, length: number): string {
  const cab = tone(sky, rng.pick(['#d35400', '#1f6f8b', '#c0392b', '#2f7a4f', '#f1c40f']));
  const box = tone(sky, rng.pick(['#f4f1ea', '#dfe3e6', '#c9b79c']));
  const h = length * 0.42;
  const wheel = length * 0.07;
  return (
    ellipse(x + length / 2, baseY, length * 0.55, wheel * 0.5, '#000000', { opacity: 0.18 }) +
    rect(x, baseY - h - wheel, length * 0.72, h, box) +
    rect(x + length * 0.05, baseY - h - wheel + 14, length * 0.62, 30, cab, { opacity: 0.85 }) +
    path(`M${round(x + length * 0.74)} ${round(baseY - wheel)} V${round(baseY - h * 0.72 - wheel)} H${round(x + length * 0.88)} L${round(x + length)} ${round(baseY - h * 0.4 - wheel)} V${round(baseY - wheel)} Z`, cab) +
    path(`M${round(x + length * 0.78)} ${round(baseY - h * 0.66 - wheel)} H${round(x + length * 0.87)} L${round(x + length * 0.95)} ${round(baseY - h * 0.42 - wheel)} H${round(x + length * 0.78)} Z`, sky.isDusk ? '#2a3150' : '#bfd9e6') +
    rect(x - 4, baseY - wheel - 8, length + 8, 10, '#2f3237') +
    circle(x + length * 0.15, baseY - wheel * 0.2, wheel, '#26282b') +
    circle(x + length * 0.3, baseY - wheel * 0.2, wheel, '#26282b') +
    circle(x + length * 0.85, baseY - wheel * 0.2, wheel, '#26282b')
  );
}

function drawWarehouseScene(look: Look, horizonY: number): string {
  const { rng, sky } = look;
  const baseY = horizonY + rng.float(130, 170);
  const width = rng.float(1100, 1320);
  const x = W / 2 - width / 2 + rng.float(-100, 100);
  const wallHeight = rng.float(270, 330);
  const annexWidth = width * 0.18;
  const cladding = tone(sky, rng.pick(['#d9dcdf', '#c9d3dc', '#e3ddd0', '#b8c4b8', '#d6cbb8']));
  const roof = tone(sky, rng.pick(['#7b8a99', '#8d5a4a', '#5f6f7f', '#9aa4ad']));
  let out = drawHills(rng, W, horizonY, 60, mix(sky.haze, '#6f8a6a', 0.3), horizonY + 40);
  out += rect(0, horizonY + 10, W, H, tone(sky, '#b9b4a8'));
  for (let i = 0; i < rng.int(2, 4); i += 1) out += drawRoundTree(rng, rng.float(0, W), horizonY + 30, rng.float(120, 180), look.foliage);
  out += drawShadow(x + width / 2, baseY + 6, width + 160);
  const isBarrel = rng.chance(0.4);
  const top = baseY - wallHeight;
  if (isBarrel) {
    out += path(`M${round(x - 20)} ${round(top)} Q${round(x + width / 2)} ${round(top - 170)} ${round(x + width + 20)} ${round(top)} Z`, roof);
    for (let i = 1; i < 12; i += 1) {
      const t = i / 12;
      const rx = x - 20 + (width + 40) * t;
      const ry = top - 170 * 2 * t * (1 - t);
      out += line(rx, top, rx, ry, shade(roof, -0.15), 3);
    }
  } else {
    out += polygon(
      [
        [x - 20, top],
        [x + width / 2, top - 90],
        [x + width + 20, top],
      ],
      roof,
    );
    out += rect(x - 20, top - 4, width + 40, 8, shade(roof, -0.2));
  }
  out += rect(x, top, width, wallHeight, cladding);
  for (let cx = x + 12; cx < x + width; cx += 16) out += line(cx, top, cx, baseY, shade(cladding, -0.08), 2);
  out += rect(x, top + 26, width, 30, look.accent);
  out += text(x + annexWidth + 60, top + 50, rng.pick(['LOGISTICS PARK', 'WAREHOUSING', 'INDUSTRIAL SHED', 'COLD STORAGE', 'DISTRIBUTION HUB']), {
    size: 22,
    weight: 700,
    fill: '#ffffff',
    letterSpacing: 4,
  });
  const doors = rng.int(3, 5);
  const dockHeight = 40;
  out += rect(x - 10, baseY - dockHeight, width + 20, dockHeight, shade(cladding, -0.3));
  for (let d = 0; d < doors; d += 1) {
    const dw = Math.min(150, ((width * 0.72) / doors) * 0.72);
    const dx = x + width * 0.25 + ((width * 0.72) * d) / doors;
    const dy = top + 90;
    const dh = baseY - dockHeight - dy;
    out += rect(dx - 6, dy - 6, dw + 12, dh + 6, shade(cladding, -0.25));
    out += rect(dx, dy, dw, dh, tone(sky, '#9ea5ac'));
    for (let sy = dy + 8; sy < dy + dh; sy += 10) out += line(dx, sy, dx + dw, sy, tone(sky, '#80868d'), 2);
    out += rect(dx + 6, baseY - dockHeight, 14, dockHeight, '#2f3237') + rect(dx + dw - 20, baseY - dockHeight, 14, dockHeight, '#2f3237');
    for (let sy = baseY - dockHeight; sy < baseY; sy += 10) {
      out += rect(dx + 6, sy, 14, 5, '#f1c40f') + rect(dx + dw - 20, sy, 14, 5, '#f1c40f');
    }
  }
  // Two-storey office annex at the front corner.
  out += rect(x + 20, baseY - 200, annexWidth, 200, look.wall);
  for (let f = 0; f < 2; f += 1) out += drawWindow(look, x + 40, baseY - 180 + f * 90, annexWidth - 40, 50, { mullions: 2, frame: 3 });
  out += rect(x + 12, baseY - 208, annexWidth + 16, 10, look.trim);
  out += rect(0, baseY, W, H - baseY, tone(sky, '#a9a59c'));
  for (let ly = baseY + 60; ly < H; ly += 80) out += line(0, ly, W, ly, tone(sky, '#c8c4bb'), 3, { opacity: 0.6 });
  if (rng.chance(0.75)) out += drawTruck(rng, sky, rng.float(60, W - 520), H - rng.float(40, 90), rng.float(380, 460));
  return out;
}

function moodsFor(kind: ExteriorKind): Mood[] {
  if (kind === 'plot' || kind === 'farmhouse' || kind === 'warehouse') return ['day', 'day', 'morning', 'morning', 'dusk'];
  return ['day', 'day', 'morning', 'dusk'];
}

export function renderExteriorScene(rng: Rng, kind: ExteriorKind): { defs: string; body: string } {
  const sky = pickSky(rng, moodsFor(kind));
  const look = pickLook(rng, sky);
  const horizonY = H * rng.float(0.6, 0.68);
  const backdrop = drawSky(rng, sky, W, H);
  let body = backdrop.body;
  const isUrban = kind === 'apartment' || kind === 'office' || kind === 'shop';
  if (isUrban) {
    body += drawDistantSkyline(rng, W, horizonY + 40, rng.float(140, 240), mix(sky.haze, sky.bottom, 0.25));
  } else if (kind !== 'penthouse' && kind !== 'warehouse') {
    body += drawHills(rng, W, horizonY, rng.float(60, 120), mix(sky.haze, '#7d9b7a', 0.25), horizonY + 60);
    body += drawHills(rng, W, horizonY + 30, rng.float(30, 70), tone(sky, mix(sky.haze, '#5f8a55', 0.55)), horizonY + 80);
  }
  if (kind !== 'penthouse') {
    const grass = tone(sky, hsl(rng.int(85, 110), rng.int(32, 45), rng.int(46, 54)));
    body += rect(0, horizonY + 30, W, H - horizonY - 30, grass);
  }
  switch (kind) {
    case 'apartment':
      body += drawApartmentScene(look);
      break;
    case 'office':
      body += drawOfficeScene(look);
      break;
    case 'penthouse':
      body += drawPenthouseScene(look);
      break;
    case 'villa':
      body += drawVillaScene(look);
      break;
    case 'house':
      body += drawHouseScene(look);
      break;
    case 'farmhouse':
      body += drawFarmhouseScene(look, horizonY);
      break;
    case 'plot':
      body += drawPlotScene(look, horizonY);
      break;
    case 'shop':
      body += drawShopScene(look, horizonY);
      break;
    case 'warehouse':
      body += drawWarehouseScene(look, horizonY);
      break;
  }
  return { defs: backdrop.defs + look.defs.join(''), body };
}
