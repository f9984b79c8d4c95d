/**
 * 360° photos: equirectangular (2:1) panoramas of a room or a roof terrace, seen from a camera
 * standing in it. The room is modelled in feet (x across, y up, z along) and every point is turned
 * into a direction — longitude across the picture, latitude down it — so straight edges bend the way
 * a real 360° camera bends them. Edges are cut into short pieces before projecting for that reason.
 * The picture is drawn once and repeated one turn to either side, so shapes may cross the seam.
 */
import { hsl, mix, shade } from './colour.ts';
import { createRng, hashString, type Rng } from './random.ts';
import { drawCloud, pickSky, type Sky, windowSkyGradient } from './scene-parts.ts';
import { document, element, group, linearGradient, polygon, rect, round } from './svg.ts';

export const PANORAMA_KINDS = ['panorama-living', 'panorama-bedroom', 'panorama-terrace'] as const;
export type PanoramaKind = (typeof PANORAMA_KINDS)[number];
export const PANORAMA_SIZE = { width: 4096, height: 2048 } as const;

const W = PANORAMA_SIZE.width;
const H = PANORAMA_SIZE.height;
/** Longest piece an edge is cut into before projecting, in feet. */
const PIECE = 0.35;

type Vec = [number, number, number];
type Pixel = [number, number];

type Space = {
  rng: Rng;
  width: number;
  depth: number;
  /** Wall height (a terrace's parapet). */
  height: number;
  camera: Vec;
  /** Radians added to every longitude, to choose what lands where in the picture. */
  turn: number;
  defs: string[];
  ids: number;
};

/** Walls run anticlockwise seen from above: 0 along z=0, 1 along x=width, 2 along z=depth, 3 along x=0. */
type WallIndex = 0 | 1 | 2 | 3;

function direction(space: Space, [x, y, z]: Vec): Pixel {
  const dx = x - space.camera[0];
  const dy = y - space.camera[1];
  const dz = z - space.camera[2];
  const turned = Math.atan2(dx, dz) + space.turn;
  const longitude = turned - 2 * Math.PI * Math.floor((turned + Math.PI) / (2 * Math.PI));
  const latitude = Math.atan2(dy, Math.hypot(dx, dz));
  return [(longitude / (2 * Math.PI) + 0.5) * W, (0.5 - latitude / Math.PI) * H];
}

/**
 * A planar outline in the picture. Consecutive points are kept within half a turn of each other so
 * shapes that cross the seam stay whole; an outline that goes round the camera (a floor, a ceiling)
 * is closed through the pole below or above.
 */
function outline(space: Space, corners: Vec[]): Pixel[] {
  const points: Pixel[] = [];
  let previousU: number | null = null;
  for (let i = 0; i <= corners.length; i += 1) {
    const from = corners[i % corners.length];
    const to = corners[(i + 1) % corners.length];
    const pieces = i === corners.length ? 1 : Math.max(1, Math.ceil(Math.hypot(to[0] - from[0], to[1] - from[1], to[2] - from[2]) / PIECE));
    for (let p = 0; p < pieces; p += 1) {
      const t = p / pieces;
      const [rawU, v] = direction(space, [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t, from[2] + (to[2] - from[2]) * t]);
      let u = rawU;
      if (previousU !== null) {
        while (u - previousU > W / 2) u -= W;
        while (u - previousU < -W / 2) u += W;
      }
      previousU = u;
      points.push([u, v]);
      if (i === corners.length) break;
    }
  }
  const closing = points.pop()!;
  const turned = closing[0] - points[0][0];
  if (Math.abs(turned) > W / 2) {
    const poleV = corners[0][1] < space.camera[1] ? H : 0;
    points.push([closing[0], closing[1]], [closing[0], poleV], [points[0][0], poleV]);
  }
  return points;
}

/**
 * The shape as drawn, plus a copy one turn to the left or right when it crosses an edge of the
 * picture, so it shows at both edges and the painting order stays the shapes' order.
 */
function wrapped(svg: string, points: Pixel[]): string {
  let min = Infinity;
  let max = -Infinity;
  for (const [u] of points) {
    min = Math.min(min, u);
    max = Math.max(max, u);
  }
  let out = svg;
  if (max > W) out += group(svg, { transform: `translate(${-W} 0)` });
  if (min < 0) out += group(svg, { transform: `translate(${W} 0)` });
  return out;
}

function face(space: Space, corners: Vec[], fill: string, extra: Record<string, string | number> = {}): string {
  const points = outline(space, corners);
  return wrapped(polygon(points, fill, extra), points);
}

function edge(space: Space, from: Vec, to: Vec, stroke: string, width: number, extra: Record<string, string | number> = {}): string {
  // The outline runs there and back; the first half is the line.
  const all = outline(space, [from, to]);
  const points = all.slice(0, Math.ceil(all.length / 2) + 1);
  const svg = element('polyline', {
    points: points.map(([u, v]) => `${round(u)},${round(v)}`).join(' '),
    fill: 'none',
    stroke,
    'stroke-width': width,
    'stroke-linecap': 'round',
    ...extra,
  });
  return wrapped(svg, points);
}

/** Pixels per foot at a point (its distance from the camera), for things drawn as flat sprites. */
function scaleAt(space: Space, [x, y, z]: Vec): number {
  return H / Math.PI / Math.max(0.5, Math.hypot(x - space.camera[0], y - space.camera[1], z - space.camera[2]));
}

function wallCorners(space: Space, wall: WallIndex): [[number, number], [number, number]] {
  const c: Array<[number, number]> = [
    [0, 0],
    [space.width, 0],
    [space.width, space.depth],
    [0, space.depth],
  ];
  return [c[wall], c[(wall + 1) % 4]];
}

const wallLength = (space: Space, wall: WallIndex) => (wall % 2 === 0 ? space.width : space.depth);

/** A point `s` feet along a wall, `y` up, `off` feet in from its face (negative: outside). */
function onWall(space: Space, wall: WallIndex, s: number, y: number, off = 0): Vec {
  const [[x0, z0], [x1, z1]] = wallCorners(space, wall);
  const length = Math.hypot(x1 - x0, z1 - z0);
  const dx = (x1 - x0) / length;
  const dz = (z1 - z0) / length;
  return [x0 + dx * s - dz * off, y, z0 + dz * s + dx * off];
}

function wallRect(space: Space, wall: WallIndex, s0: number, s1: number, y0: number, y1: number, off: number, fill: string, extra: Record<string, string | number> = {}): string {
  return face(space, [onWall(space, wall, s0, y0, off), onWall(space, wall, s1, y0, off), onWall(space, wall, s1, y1, off), onWall(space, wall, s0, y1, off)], fill, extra);
}

type Item = { distance: number; svg: string };

/** An axis-aligned solid; only faces turned towards the camera are drawn. */
function box(space: Space, x0: number, x1: number, y0: number, y1: number, z0: number, z1: number, colour: string, extra: Record<string, string | number> = {}): Item {
  const [cx, cy, cz] = space.camera;
  let svg = '';
  if (cy > y1) svg += face(space, [[x0, y1, z0], [x1, y1, z0], [x1, y1, z1], [x0, y1, z1]], shade(colour, 0.14), extra);
  if (cy < y0) svg += face(space, [[x0, y0, z0], [x1, y0, z0], [x1, y0, z1], [x0, y0, z1]], shade(colour, -0.25), extra);
  if (cx < x0) svg += face(space, [[x0, y0, z0], [x0, y1, z0], [x0, y1, z1], [x0, y0, z1]], shade(colour, -0.1), extra);
  if (cx > x1) svg += face(space, [[x1, y0, z0], [x1, y1, z0], [x1, y1, z1], [x1, y0, z1]], shade(colour, -0.06), extra);
  if (cz < z0) svg += face(space, [[x0, y0, z0], [x1, y0, z0], [x1, y1, z0], [x0, y1, z0]], shade(colour, -0.02), extra);
  if (cz > z1) svg += face(space, [[x0, y0, z1], [x1, y0, z1], [x1, y1, z1], [x0, y1, z1]], shade(colour, -0.16), extra);
  const nearX = Math.min(Math.max(cx, x0), x1);
  const nearZ = Math.min(Math.max(cz, z0), z1);
  return { distance: Math.hypot(nearX - cx, nearZ - cz), svg };
}

/** A box standing against a wall: `s` along it, `d` feet out from it. */
function boxAt(space: Space, wall: WallIndex, s0: number, s1: number, y0: number, y1: number, d0: number, d1: number, colour: string): Item {
  const a = onWall(space, wall, s0, y0, d0);
  const b = onWall(space, wall, s1, y1, d1);
  return box(space, Math.min(a[0], b[0]), Math.max(a[0], b[0]), y0, y1, Math.min(a[2], b[2]), Math.max(a[2], b[2]), colour);
}

/** Stands the camera `off` feet out from a wall, near its middle, at eye height. */
function standCamera(space: Space, wall: WallIndex, off: number): void {
  const across = wall % 2 === 0 ? space.depth : space.width;
  space.camera = onWall(space, wall, wallLength(space, wall) / 2 + space.rng.float(-1.2, 1.2), 5, Math.min(off, across - 2.5));
  faceWall(space, wall);
}

/**
 * Turns the picture so the middle of `wall` sits a quarter of the way across: our viewer opens on
 * the picture's left part, and a phone shows under half a turn, so the room's best side comes first.
 */
function faceWall(space: Space, wall: WallIndex): void {
  const [x, , z] = onWall(space, wall, wallLength(space, wall) / 2, 5);
  space.turn = -Math.atan2(x - space.camera[0], z - space.camera[2]) - Math.PI / 2;
}

function nextId(space: Space, prefix: string): string {
  space.ids += 1;
  return `${prefix}${space.ids}`;
}

type Palette = { wall: string; feature: string; floor: string; isWood: boolean; ceiling: string; fabric: string; accent: string; wood: string; metal: string; isDusk: boolean };

const WALLS = ['#f1ebe2', '#e7dfd4', '#d5e0d0', '#f0dcd3', '#d8e3ea', '#f2e8cc', '#ece7e1'];
const FEATURES = ['#c9785a', '#2f6f73', '#34495e', '#7a7f4a', '#d4a237', '#b87b7b', '#5b6b8c'];
const FABRICS = ['#4a6b8a', '#b5523b', '#6b8f71', '#d9c6a5', '#3d3d46', '#c9a227', '#8a5a7a', '#7d8c99'];

function pickPalette(rng: Rng): Palette {
  const wall = rng.pick(WALLS);
  const isWood = rng.chance(0.55);
  return {
    wall,
    feature: rng.chance(0.6) ? rng.pick(FEATURES) : shade(wall, -0.08),
    floor: isWood ? rng.pick(['#c8a27a', '#a8774f', '#dcc3a1', '#8d6446']) : rng.pick(['#e9e4dc', '#d9d4cc', '#efe9df', '#cfc6b8']),
    isWood,
    ceiling: shade(wall, 0.45),
    fabric: rng.pick(FABRICS),
    accent: rng.pick(FABRICS),
    wood: rng.pick(['#a0704a', '#7a5236', '#c49a6c', '#5e3f2b']),
    metal: rng.pick(['#2f3237', '#b8954a', '#9aa0a6']),
    isDusk: rng.chance(0.25),
  };
}

function drawFloor(space: Space, colour: string, pattern: 'wood' | 'tile'): string {
  const { width, depth, rng } = space;
  let out = face(space, [[0, 0, 0], [width, 0, 0], [width, 0, depth], [0, 0, depth]], colour);
  const lineColour = shade(colour, pattern === 'wood' ? -0.16 : -0.1);
  if (pattern === 'wood') {
    for (let x = 0.6; x < width; x += 0.6) {
      out += edge(space, [x, 0, 0], [x, 0, depth], lineColour, 2, { opacity: 0.7 });
      for (let z = rng.float(0, 3); z < depth; z += rng.float(3, 6)) out += edge(space, [x - 0.6, 0, z], [x, 0, z], lineColour, 2, { opacity: 0.6 });
    }
  } else {
    const tile = 2;
    for (let x = tile; x < width; x += tile) out += edge(space, [x, 0, 0], [x, 0, depth], lineColour, 2);
    for (let z = tile; z < depth; z += tile) out += edge(space, [0, 0, z], [width, 0, z], lineColour, 2);
  }
  return out;
}

function drawWalls(space: Space, palette: Palette, featureWall: WallIndex): string {
  let out = '';
  for (const wall of [0, 1, 2, 3] as WallIndex[]) {
    const colour = wall === featureWall ? palette.feature : shade(palette.wall, [-0.02, -0.08, 0.02, -0.12][wall]);
    out += wallRect(space, wall, 0, wallLength(space, wall), 0, space.height, 0, colour);
    out += wallRect(space, wall, 0, wallLength(space, wall), 0, 0.35, 0.01, shade(palette.wall, -0.22));
    out += wallRect(space, wall, 0, wallLength(space, wall), space.height - 0.3, space.height, 0.01, shade(palette.ceiling, -0.04));
  }
  return out;
}

function skyGradient(space: Space, isDusk: boolean): string {
  const id = nextId(space, 'panoSky');
  space.defs.push(windowSkyGradient(id, isDusk));
  return `url(#${id})`;
}

/** A window with the city outside, framed, with curtains either side. */
function drawWindow(space: Space, palette: Palette, wall: WallIndex, s0: number, s1: number, y0: number, y1: number): string {
  const { rng } = space;
  const frame = '#f7f5f0';
  const clip = nextId(space, 'panoWindow');
  const glass = outline(space, [onWall(space, wall, s0, y0, 0.03), onWall(space, wall, s1, y0, 0.03), onWall(space, wall, s1, y1, 0.03), onWall(space, wall, s0, y1, 0.03)]);
  space.defs.push(element('clipPath', { id: clip }, polygon(glass, '#000000')));
  let view = polygon(glass, skyGradient(space, palette.isDusk));
  // Drawn unwrapped and clipped to the glass; the whole view is repeated across the seam below.
  const flat = (corners: Vec[], fill: string) => polygon(outline(space, corners), fill);
  // The skyline stands forty feet beyond the wall, so it shifts with the view like a real one.
  const skyline = palette.isDusk ? '#4a4668' : '#a9bccb';
  for (let s = s0 - 30; s < s1 + 30; s += rng.float(4, 9)) {
    const top = rng.float(8, 40);
    const width = rng.float(4, 8);
    view += flat([onWall(space, wall, s, -40, -40), onWall(space, wall, s + width, -40, -40), onWall(space, wall, s + width, top, -40), onWall(space, wall, s, top, -40)], skyline);
  }
  view += flat([onWall(space, wall, s0 - 60, -60, -30), onWall(space, wall, s1 + 60, -60, -30), onWall(space, wall, s1 + 60, -12, -30), onWall(space, wall, s0 - 60, -12, -30)], palette.isDusk ? '#3b3550' : '#8fa58a');
  let out = wallRect(space, wall, s0 - 0.25, s1 + 0.25, y0 - 0.25, y1 + 0.25, 0.02, frame);
  out += wrapped(group(group(view, { 'clip-path': `url(#${clip})` })), glass);
  const panes = Math.max(2, Math.round((s1 - s0) / 2));
  for (let i = 1; i < panes; i += 1) {
    const s = s0 + ((s1 - s0) * i) / panes;
    out += edge(space, onWall(space, wall, s, y0, 0.04), onWall(space, wall, s, y1, 0.04), frame, 7);
  }
  out += edge(space, onWall(space, wall, s0, y1 - 1.4, 0.04), onWall(space, wall, s1, y1 - 1.4, 0.04), frame, 6);
  out += wallRect(space, wall, s0 - 0.5, s1 + 0.5, y0 - 0.45, y0 - 0.25, 0.05, shade(palette.wall, -0.15));
  const curtain = rng.chance(0.5) ? palette.fabric : shade(palette.wall, 0.25);
  out += wallRect(space, wall, s0 - 1.3, s0 + 0.3, 0.5, space.height - 0.6, 0.3, curtain, { opacity: 0.94 });
  out += wallRect(space, wall, s1 - 0.3, s1 + 1.3, 0.5, space.height - 0.6, 0.3, curtain, { opacity: 0.94 });
  out += edge(space, onWall(space, wall, s0 - 1.5, space.height - 0.6, 0.3), onWall(space, wall, s1 + 1.5, space.height - 0.6, 0.3), palette.metal, 5);
  return out;
}

function drawDoor(space: Space, palette: Palette, wall: WallIndex, s0: number): string {
  const s1 = s0 + 3;
  let out = wallRect(space, wall, s0 - 0.3, s1 + 0.3, 0, 7.3, 0.02, shade(palette.wall, 0.3));
  out += wallRect(space, wall, s0, s1, 0, 7, 0.03, palette.wood);
  out += wallRect(space, wall, s0 + 0.4, s1 - 0.4, 3.9, 6.5, 0.04, shade(palette.wood, 0.08));
  out += wallRect(space, wall, s0 + 0.4, s1 - 0.4, 0.5, 3.4, 0.04, shade(palette.wood, 0.08));
  out += edge(space, onWall(space, wall, s1 - 0.45, 3.5, 0.1), onWall(space, wall, s1 - 0.9, 3.5, 0.1), palette.metal, 8);
  return out;
}

function drawArt(space: Space, palette: Palette, wall: WallIndex, centre: number, y0: number, y1: number, count: number): string {
  const { rng } = space;
  const width = count === 1 ? 3.4 : 1.6;
  const gap = 0.45;
  const total = count * width + (count - 1) * gap;
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const s0 = centre - total / 2 + i * (width + gap);
    out += wallRect(space, wall, s0 + 0.08, s0 + width + 0.08, y0 - 0.1, y1 - 0.1, 0.02, '#000000', { opacity: 0.1 });
    out += wallRect(space, wall, s0, s0 + width, y0, y1, 0.03, palette.metal);
    out += wallRect(space, wall, s0 + 0.12, s0 + width - 0.12, y0 + 0.12, y1 - 0.12, 0.04, '#f8f4ec');
    const style = rng.int(0, 2);
    if (style === 0) {
      out += wallRect(space, wall, s0 + 0.12, s0 + width - 0.12, y0 + 0.12, y0 + (y1 - y0) * 0.4, 0.05, shade(palette.fabric, 0.2));
      const sun = onWall(space, wall, s0 + width / 2, y0 + (y1 - y0) * 0.62, 0.05);
      const [u, v] = direction(space, sun);
      out += element('circle', { cx: u, cy: v, r: scaleAt(space, sun) * Math.min(width, y1 - y0) * 0.2, fill: palette.accent });
    } else if (style === 1) {
      const peaks: Vec[] = [onWall(space, wall, s0 + 0.12, y0 + 0.12, 0.05), onWall(space, wall, s0 + width * 0.4, y1 - (y1 - y0) * 0.35, 0.05), onWall(space, wall, s0 + width * 0.62, y0 + (y1 - y0) * 0.4, 0.05), onWall(space, wall, s0 + width * 0.8, y1 - (y1 - y0) * 0.45, 0.05), onWall(space, wall, s0 + width - 0.12, y0 + 0.12, 0.05)];
      out += face(space, peaks, shade(palette.accent, -0.1));
    } else {
      for (let b = 0; b < 3; b += 1) {
        const a = y0 + 0.12 + ((y1 - y0 - 0.24) * b) / 3;
        out += wallRect(space, wall, s0 + 0.12, s0 + width - 0.12, a, a + (y1 - y0 - 0.24) / 3, 0.05, [palette.accent, palette.fabric, shade(palette.feature, 0.3)][b], { opacity: 0.85 });
      }
    }
  }
  return out;
}

function plant(space: Space, x: number, z: number, size: number): Item {
  const { rng } = space;
  const pot = box(space, x - 0.55 * size, x + 0.55 * size, 0, 1.5 * size, z - 0.55 * size, z + 0.55 * size, rng.pick(['#c4744e', '#e8e2d6', '#3d3d46', '#b9a78f']));
  const base: Vec = [x, 1.5 * size, z];
  const [u, v] = direction(space, base);
  const unit = scaleAt(space, base) * size;
  const leaf = hsl(rng.int(100, 140), 40, 36);
  let leaves = '';
  for (let i = 0; i < 9; i += 1) {
    const angle = -Math.PI / 2 + rng.float(-1.2, 1.2);
    const length = unit * rng.float(1.6, 2.8);
    const mx = u + (Math.cos(angle) * length) / 2;
    const my = v + (Math.sin(angle) * length) / 2;
    leaves += element('ellipse', { cx: mx, cy: my, rx: length / 2, ry: unit * 0.24, fill: i % 2 === 0 ? leaf : shade(leaf, 0.15), transform: `rotate(${round((angle * 180) / Math.PI)} ${round(mx)} ${round(my)})` });
  }
  return { distance: pot.distance, svg: pot.svg + leaves };
}

function lampOn(space: Space, palette: Palette, x: number, y: number, z: number): Item {
  const stand = box(space, x - 0.08, x + 0.08, y, y + 1, z - 0.08, z + 0.08, palette.metal);
  const lampShade = box(space, x - 0.5, x + 0.5, y + 1, y + 1.8, z - 0.5, z + 0.5, palette.isDusk ? '#ffe6a3' : '#f4ead8');
  return { distance: lampShade.distance, svg: stand.svg + lampShade.svg };
}

function ceilingFan(space: Space, palette: Palette, x: number, z: number): string {
  const y = space.height - 1.3;
  let out = edge(space, [x, space.height, z], [x, y, z], palette.metal, 6);
  for (let i = 0; i < 3; i += 1) {
    const a = (i * 2 * Math.PI) / 3 + 0.3;
    const ca = Math.cos(a);
    const sa = Math.sin(a);
    const blade = (r: number, w: number): Vec => [x + ca * r - sa * w, y, z + sa * r + ca * w];
    out += face(space, [blade(0.3, -0.2), blade(2.1, -0.3), blade(2.1, 0.3), blade(0.3, 0.2)], shade(palette.wood, -0.1));
  }
  out += box(space, x - 0.35, x + 0.35, y - 0.25, y + 0.1, z - 0.35, z + 0.35, palette.metal).svg;
  return out;
}

function downlights(space: Space): string {
  let out = '';
  for (const fx of [0.25, 0.75]) {
    for (const fz of [0.25, 0.75]) {
      const p: Vec = [space.width * fx, space.height - 0.01, space.depth * fz];
      const [u, v] = direction(space, p);
      const r = scaleAt(space, p) * 0.35;
      out += element('ellipse', { cx: u, cy: v, rx: r, ry: r * 0.6, fill: '#fffbe8' });
    }
  }
  return out;
}

function airConditioner(space: Space, wall: WallIndex, s: number): Item {
  const unit = boxAt(space, wall, s, s + 3, space.height - 2.2, space.height - 1.1, 0, 0.8, '#f4f4f2');
  return unit;
}

function drawItems(items: Item[]): string {
  return items
    .sort((a, b) => b.distance - a.distance)
    .map((i) => i.svg)
    .join('');
}

function rug(space: Space, palette: Palette, x0: number, x1: number, z0: number, z1: number): string {
  const colour = space.rng.chance(0.5) ? palette.accent : shade(palette.wall, -0.18);
  let out = face(space, [[x0, 0.02, z0], [x1, 0.02, z0], [x1, 0.02, z1], [x0, 0.02, z1]], colour);
  out += face(space, [[x0 + 0.4, 0.03, z0 + 0.4], [x1 - 0.4, 0.03, z0 + 0.4], [x1 - 0.4, 0.03, z1 - 0.4], [x0 + 0.4, 0.03, z1 - 0.4]], 'none', { stroke: shade(colour, 0.3), 'stroke-width': 4 });
  return out;
}

function shell(space: Space, palette: Palette, featureWall: WallIndex): string {
  // Plain bands under the ceiling and floor, so the seam where their outlines meet never shows.
  let out = rect(0, 0, W, H / 2, palette.ceiling) + rect(0, H / 2, W, H / 2, palette.floor);
  out += face(space, [[0, space.height, 0], [space.width, space.height, 0], [space.width, space.height, space.depth], [0, space.height, space.depth]], palette.ceiling);
  out += drawWalls(space, palette, featureWall);
  out += drawFloor(space, palette.floor, palette.isWood ? 'wood' : 'tile');
  return out;
}

/** Living room: sofa wall with art, a TV wall opposite, a window wall and a wall with the door. */
function drawLivingRoom(space: Space, palette: Palette): string {
  const { rng } = space;
  const sofaWall = rng.pick([0, 2] as WallIndex[]);
  const tvWall = ((sofaWall + 2) % 4) as WallIndex;
  const windowWall = rng.pick([1, 3] as WallIndex[]);
  const doorWall = ((windowWall + 2) % 4) as WallIndex;
  standCamera(space, sofaWall, space.depth * rng.float(0.6, 0.66));
  let out = shell(space, palette, sofaWall);
  const along = wallLength(space, sofaWall);
  const sofaLength = rng.float(7, 8.5);
  const sofaS = along / 2 - sofaLength / 2;
  out += drawArt(space, palette, sofaWall, along / 2, 4.6, 6.8, rng.pick([1, 2, 3]));
  const windowLength = wallLength(space, windowWall);
  out += drawWindow(space, palette, windowWall, windowLength * 0.22, windowLength * 0.78, 2.4, 8);
  out += drawDoor(space, palette, doorWall, rng.float(1.2, 2.5));
  const tvLength = wallLength(space, tvWall);
  out += wallRect(space, tvWall, tvLength / 2 - 2.6, tvLength / 2 + 2.6, 3.3, 6.3, 0.15, '#1d1f24');
  out += wallRect(space, tvWall, tvLength / 2 - 2.45, tvLength / 2 + 2.45, 3.45, 6.15, 0.16, '#2c3440');
  const rugA = onWall(space, sofaWall, sofaS - 0.8, 0, 3.5);
  const rugB = onWall(space, sofaWall, sofaS + sofaLength + 0.8, 0, 7.4);
  out += rug(space, palette, Math.min(rugA[0], rugB[0]), Math.max(rugA[0], rugB[0]), Math.min(rugA[2], rugB[2]), Math.max(rugA[2], rugB[2]));

  const items: Item[] = [];
  const sofa = palette.fabric;
  items.push(boxAt(space, sofaWall, sofaS, sofaS + sofaLength, 1.4, 3.1, 0.2, 1.1, shade(sofa, -0.05)));
  items.push(boxAt(space, sofaWall, sofaS + 0.7, sofaS + sofaLength - 0.7, 0.3, 1.6, 0.3, 3.2, sofa));
  items.push(boxAt(space, sofaWall, sofaS, sofaS + 0.7, 0.3, 2.3, 0.2, 3.3, shade(sofa, -0.1)));
  items.push(boxAt(space, sofaWall, sofaS + sofaLength - 0.7, sofaS + sofaLength, 0.3, 2.3, 0.2, 3.3, shade(sofa, -0.1)));
  for (let i = 0; i < 2; i += 1) items.push(boxAt(space, sofaWall, sofaS + 1 + i * (sofaLength - 3.3), sofaS + 2.3 + i * (sofaLength - 3.3), 1.6, 2.8, 1.1, 1.5, i === 0 ? palette.accent : shade(palette.accent, 0.3)));
  items.push(boxAt(space, tvWall, tvLength / 2 - 3.5, tvLength / 2 + 3.5, 0.3, 1.8, 0, 1.4, palette.wood));
  const tableLength = rng.float(3.4, 4.2);
  const middle = onWall(space, sofaWall, along / 2, 0, 5.3);
  items.push(box(space, middle[0] - tableLength / 2, middle[0] + tableLength / 2, 1.1, 1.4, middle[2] - 1, middle[2] + 1, rng.chance(0.4) ? '#cfe6ee' : palette.wood));
  items.push(boxAt(space, sofaWall, sofaS - 1.8, sofaS - 0.3, 0, 1.9, 0.3, 1.8, palette.wood));
  items.push(lampOn(space, palette, ...onWall(space, sofaWall, sofaS - 1.05, 1.9, 1.05)));
  const corner = onWall(space, windowWall, 1.2, 0, 1.2);
  items.push(plant(space, corner[0], corner[2], 1.1));
  const shelfS = wallLength(space, doorWall) - 3.2;
  items.push(boxAt(space, doorWall, shelfS, shelfS + 2.6, 0, 6.5, 0, 1.2, palette.wood));
  for (let y = 1.5; y < 6.5; y += 1.6) items.push(boxAt(space, doorWall, shelfS + 0.3, shelfS + rng.float(1, 2.3), y, y + 0.9, 0.1, 1, rng.pick([palette.accent, palette.fabric, '#e8e2d6'])));
  items.push(airConditioner(space, sofaWall, along - 4));
  out += drawItems(items);
  const fan = onWall(space, sofaWall, along / 2, 0, 4.8);
  out += rng.chance(0.6) ? ceilingFan(space, palette, fan[0], fan[2]) : downlights(space);
  return out;
}

function drawBedroom(space: Space, palette: Palette): string {
  const { rng } = space;
  const bedWall = rng.pick([0, 1, 2, 3] as WallIndex[]);
  const windowWall = ((bedWall + rng.pick([1, 3])) % 4) as WallIndex;
  const doorWall = ((bedWall + 2) % 4) as WallIndex;
  standCamera(space, bedWall, 9.2);
  let out = shell(space, palette, bedWall);
  const along = wallLength(space, bedWall);
  const bedWidth = rng.float(5.4, 6.4);
  const bedS = along / 2 - bedWidth / 2;
  out += drawArt(space, palette, bedWall, along / 2, 5.2, 7, rng.pick([1, 2]));
  const windowLength = wallLength(space, windowWall);
  out += drawWindow(space, palette, windowWall, windowLength * 0.3, windowLength * 0.7, 3, 7.8);
  const doorS = rng.float(1, 2);
  out += drawDoor(space, palette, doorWall, doorS);
  out += rug(space, palette, ...rugUnderBed(space, bedWall, bedS, bedWidth));

  const items: Item[] = [];
  const headboard = rng.chance(0.5) ? palette.wood : shade(palette.fabric, -0.2);
  items.push(boxAt(space, bedWall, bedS - 0.3, bedS + bedWidth + 0.3, 0, 4.2, 0, 0.35, headboard));
  items.push(boxAt(space, bedWall, bedS, bedS + bedWidth, 0.2, 1.2, 0.35, 6.8, shade(palette.wood, -0.1)));
  items.push(boxAt(space, bedWall, bedS + 0.05, bedS + bedWidth - 0.05, 1.2, 1.9, 0.35, 6.75, '#f6f3ee'));
  items.push(boxAt(space, bedWall, bedS - 0.1, bedS + bedWidth + 0.1, 0.9, 2, 2.6, 6.9, palette.fabric));
  items.push(boxAt(space, bedWall, bedS - 0.12, bedS + bedWidth + 0.12, 0.9, 2.02, 5.3, 6.2, shade(palette.fabric, 0.25)));
  for (let i = 0; i < 2; i += 1) items.push(boxAt(space, bedWall, bedS + 0.3 + (i * bedWidth) / 2, bedS + bedWidth / 2 - 0.3 + (i * bedWidth) / 2, 1.9, 2.6, 0.5, 1.6, i === 0 ? '#ffffff' : '#f1ede6'));
  for (const s of [bedS - 2.1, bedS + bedWidth + 0.3]) {
    items.push(boxAt(space, bedWall, s, s + 1.8, 0, 2, 0.2, 1.8, palette.wood));
    items.push(lampOn(space, palette, ...onWall(space, bedWall, s + 0.9, 2, 1)));
  }
  const wardrobeWall = ((windowWall + 2) % 4) as WallIndex;
  const wardrobeLength = wallLength(space, wardrobeWall);
  const wardrobeColour = rng.chance(0.5) ? palette.wood : shade(palette.wall, -0.12);
  const w0 = wardrobeLength - 6.5;
  items.push(boxAt(space, wardrobeWall, w0, wardrobeLength - 0.3, 0, 7.6, 0, 2, wardrobeColour));
  let doors = '';
  for (let i = 1; i < 3; i += 1) {
    const s = w0 + ((wardrobeLength - 0.3 - w0) * i) / 3;
    doors += edge(space, onWall(space, wardrobeWall, s, 0.1, 2.01), onWall(space, wardrobeWall, s, 7.5, 2.01), shade(wardrobeColour, -0.3), 3);
    doors += edge(space, onWall(space, wardrobeWall, s - 0.25, 3.3, 2.02), onWall(space, wardrobeWall, s - 0.25, 4.3, 2.02), palette.metal, 6);
  }
  const wardrobe = items[items.length - 1];
  wardrobe.svg += doors;
  if (rng.chance(0.7)) {
    const corner = onWall(space, windowWall, windowLength - 1.2, 0, 1.2);
    items.push(plant(space, corner[0], corner[2], 1));
  }
  items.push(airConditioner(space, doorWall, wallLength(space, doorWall) - 4.5));
  out += drawItems(items);
  const fan = onWall(space, bedWall, along / 2, 0, 4.2);
  out += rng.chance(0.5) ? ceilingFan(space, palette, fan[0], fan[2]) : downlights(space);
  return out;
}

function rugUnderBed(space: Space, wall: WallIndex, bedS: number, bedWidth: number): [number, number, number, number] {
  const a = onWall(space, wall, bedS - 1.2, 0, 3.5);
  const b = onWall(space, wall, bedS + bedWidth + 1.2, 0, 8.4);
  return [Math.min(a[0], b[0]), Math.max(a[0], b[0]), Math.min(a[2], b[2]), Math.max(a[2], b[2])];
}

/** A roof terrace: sky all round, the city on the horizon, a parapet with glass rails, seating under a pergola. */
function drawTerrace(space: Space, sky: Sky): string {
  const { rng } = space;
  const stairWall = rng.pick([0, 1, 2, 3] as WallIndex[]);
  const seatWall = ((stairWall + 2) % 4) as WallIndex;
  faceWall(space, seatWall);
  const horizon = H / 2;
  const skyId = nextId(space, 'panoSky');
  space.defs.push(
    linearGradient(skyId, [
      [0, sky.top],
      [0.35, sky.top],
      [0.46, sky.middle],
      [0.5, sky.bottom],
      [1, sky.bottom],
    ]),
  );
  let out = rect(0, 0, W, H, `url(#${skyId})`);
  const sunU = rng.float(0, W);
  const sunV = sky.isDusk ? horizon - rng.float(20, 60) : rng.float(H * 0.15, H * 0.3);
  out += element('circle', { cx: sunU, cy: sunV, r: 90, fill: sky.sun, opacity: 0.25 }) + element('circle', { cx: sunU, cy: sunV, r: 42, fill: sky.sun });
  for (let i = 0; i < rng.int(5, 9); i += 1) out += drawCloud(rng, rng.float(0, W), rng.float(H * 0.12, H * 0.42), rng.float(0.7, 1.5), sky.cloud, sky.isDusk ? 0.45 : rng.float(0.7, 0.95));
  // Hills and the city stand far away, a band just above the horizon.
  let hills = `M0 ${horizon + 40}`;
  for (let u = 0; u <= W; u += W / 12) hills += ` L${round(u)} ${round(horizon - rng.float(10, 45))}`;
  out += element('path', { d: `${hills} L${W} ${horizon + 40} Z`, fill: mix(sky.haze, '#6f8a6a', 0.35) });
  const city = mix(sky.haze, '#5a6473', 0.45);
  for (let u = -40; u < W; u += rng.float(30, 90)) {
    const h = rng.float(12, 110);
    const w = rng.float(28, 70);
    out += rect(u, horizon - h, w, h + 60, rng.chance(0.5) ? city : shade(city, 0.08));
    if (sky.isDusk) for (let wy = horizon - h + 8; wy < horizon - 4; wy += 12) if (rng.chance(0.35)) out += rect(u + 6, wy, 5, 5, '#ffd27a');
  }
  for (let u = 0; u < W; u += rng.float(60, 160)) out += element('circle', { cx: u, cy: horizon - 6, r: rng.float(10, 22), fill: mix(sky.haze, '#4f7a4a', 0.55) });

  const floor = rng.pick(['#c98e6b', '#d9cbb5', '#b9b2a6', '#cf9d7a']);
  out += rect(0, H * 0.66, W, H * 0.34, floor);
  out += drawFloor(space, floor, 'tile');
  const parapet = rng.pick(['#efe9df', '#e4d6c3', '#f2efe8', '#d9d2c6']);
  for (const wall of [0, 1, 2, 3] as WallIndex[]) {
    const length = wallLength(space, wall);
    out += wallRect(space, wall, 0, length, 0, space.height, 0, shade(parapet, [-0.04, -0.1, 0, -0.14][wall]));
    out += face(space, [onWall(space, wall, 0, space.height, 0), onWall(space, wall, length, space.height, 0), onWall(space, wall, length, space.height, -0.7), onWall(space, wall, 0, space.height, -0.7)], shade(parapet, 0.12));
    out += wallRect(space, wall, 0, length, space.height, space.height + 2.4, -0.35, '#cfe8f0', { opacity: 0.28 });
    out += edge(space, onWall(space, wall, 0, space.height + 2.4, -0.35), onWall(space, wall, length, space.height + 2.4, -0.35), '#9aa0a6', 5);
    for (let s = 0; s <= length; s += length / Math.round(length / 4)) out += edge(space, onWall(space, wall, s, space.height, -0.35), onWall(space, wall, s, space.height + 2.4, -0.35), '#9aa0a6', 4);
  }

  const items: Item[] = [];
  // The staircase room every Indian roof has, with its door, in one corner.
  const stairColour = shade(parapet, -0.05);
  items.push(boxAt(space, stairWall, 0, 8, 0, 9, 0, 7, stairColour));
  const cushions = rng.pick(FABRICS);
  const wood = rng.pick(['#a0704a', '#7a5236', '#c49a6c']);
  const seatLength = wallLength(space, seatWall);
  items.push(boxAt(space, seatWall, seatLength / 2 - 4, seatLength / 2 + 3, 0, 1.6, 0.3, 2.8, wood));
  items.push(boxAt(space, seatWall, seatLength / 2 - 3.8, seatLength / 2 + 2.8, 1.6, 2.2, 0.4, 2.7, cushions));
  items.push(boxAt(space, seatWall, seatLength / 2 - 3.8, seatLength / 2 + 2.8, 1.6, 3.2, 0.3, 0.9, shade(cushions, -0.12)));
  const table = onWall(space, seatWall, seatLength / 2 - 0.5, 0, 5);
  items.push(box(space, table[0] - 1.2, table[0] + 1.2, 1.2, 1.45, table[2] - 1, table[2] + 1, wood));
  items.push(box(space, table[0] - 0.1, table[0] + 0.1, 0, 1.2, table[2] - 0.1, table[2] + 0.1, '#2f3237'));
  // Pergola beams over the seating.
  for (let i = 0; i < 5; i += 1) {
    const s = seatLength / 2 - 4 + i * 1.75;
    items.push(boxAt(space, seatWall, s, s + 0.35, 8.6, 9.1, 0, 7, wood));
  }
  for (const s of [seatLength / 2 - 4.2, seatLength / 2 + 3.2]) items.push(boxAt(space, seatWall, s, s + 0.5, 0, 8.6, 6.5, 7, wood));
  items.push(boxAt(space, seatWall, seatLength / 2 - 4.2, seatLength / 2 + 3.7, 8.1, 8.6, 6.5, 7, wood));
  for (const wall of [0, 1, 2, 3] as WallIndex[]) {
    if (wall === stairWall) continue;
    const length = wallLength(space, wall);
    for (let s = 1.2; s < length - 1; s += rng.float(3.5, 6)) {
      if (wall === seatWall && Math.abs(s - seatLength / 2) < 5) continue;
      const p = onWall(space, wall, s, 0, 1);
      items.push(plant(space, p[0], p[2], rng.float(0.7, 1.1)));
    }
  }
  out += drawItems(items);
  out += stairDoor(space, stairWall, wood);
  return out;
}

/** The staircase room's door, on the face towards the terrace. */
function stairDoor(space: Space, wall: WallIndex, wood: string): string {
  const corners = [onWall(space, wall, 2.5, 0, 7.02), onWall(space, wall, 5.5, 0, 7.02), onWall(space, wall, 5.5, 7, 7.02), onWall(space, wall, 2.5, 7, 7.02)];
  return face(space, corners, shade(wood, -0.15));
}

/** An equirectangular 360° photo; the same seed and kind always give the same picture. */
export function renderPanorama(seed: number, kind: PanoramaKind): string {
  const rng = createRng(hashString(`panorama:${kind}:${seed}`));
  const isTerrace = kind === 'panorama-terrace';
  const width = isTerrace ? rng.float(22, 28) : rng.float(13, 16);
  const depth = isTerrace ? rng.float(20, 26) : kind === 'panorama-living' ? rng.float(14, 17) : rng.float(12.5, 15);
  const space: Space = {
    rng,
    width,
    depth,
    height: isTerrace ? 3.5 : 10,
    camera: [width * rng.float(0.42, 0.58), 5, depth * rng.float(0.4, 0.55)],
    turn: 0,
    defs: [],
    ids: 0,
  };
  let body: string;
  if (isTerrace) {
    body = drawTerrace(space, pickSky(rng, ['day', 'day', 'morning', 'dusk']));
  } else {
    const palette = pickPalette(rng);
    body = kind === 'panorama-bedroom' ? drawBedroom(space, palette) : drawLivingRoom(space, palette);
    // Corners and the far ends of the room a shade darker, as a room's light falls off.
    space.defs.push(
      element(
        'linearGradient',
        { id: 'panoShade', x1: 0, y1: 0, x2: 0, y2: 1 },
        element('stop', { offset: 0, 'stop-color': '#3a2a1a', 'stop-opacity': 0.12 }) +
          element('stop', { offset: 0.3, 'stop-color': '#3a2a1a', 'stop-opacity': 0 }) +
          element('stop', { offset: 0.75, 'stop-color': '#3a2a1a', 'stop-opacity': 0 }) +
          element('stop', { offset: 1, 'stop-color': '#3a2a1a', 'stop-opacity': palette.isDusk ? 0.25 : 0.14 }),
      ),
    );
    body += rect(-W, 0, 3 * W, H, 'url(#panoShade)');
    if (palette.isDusk) body += rect(-W, 0, 3 * W, H, '#ffb347', { opacity: 0.07 });
  }
  return document(W, H, body, space.defs.join(''));
}
