/**
 * Architectural-style 2D floor plans. Layouts are built as rows of rooms (bedrooms at the back,
 * a service strip of baths, living and kitchen at the front) so they read as plausible flats,
 * sized from the title when it says "3 BHK" or "1,150 sq ft".
 */
import type { Rng } from './random.ts';
import { circle, document, ellipse, element, fitText, group, line, path, polygon, rect, round, text } from './svg.ts';

export const FLOOR_PLAN_WIDTH = 1600;
export const FLOOR_PLAN_HEIGHT = 1131;

type RoomType = 'living' | 'bedroom' | 'kitchen' | 'bath' | 'balcony' | 'passage' | 'utility' | 'pooja' | 'study' | 'work' | 'cabin' | 'meeting' | 'reception' | 'store';

type PlanRoom = { name: string; type: RoomType; x: number; y: number; w: number; h: number };

type Theme = {
  paper: string;
  grid: string;
  wall: string;
  ink: string;
  muted: string;
  furniture: string;
  fills: Record<RoomType, string>;
};

const PAPER: Theme = {
  paper: '#fbfaf6',
  grid: '#ece9e1',
  wall: '#2b2d33',
  ink: '#23252b',
  muted: '#6b6f78',
  furniture: '#8a8f99',
  fills: {
    living: '#f7ead0',
    bedroom: '#dfe9f4',
    kitchen: '#e3efd9',
    bath: '#d5eef0',
    balcony: '#eef0e2',
    passage: '#f3f1ec',
    utility: '#ebe4f1',
    pooja: '#f8e1cf',
    study: '#e9e3f4',
    work: '#e7ecf5',
    cabin: '#f1e6d6',
    meeting: '#e2efe6',
    reception: '#f7ead0',
    store: '#ece8e0',
  },
};

const BLUEPRINT: Theme = {
  paper: '#1f4a7a',
  grid: '#2a5a8f',
  wall: '#f4f8fc',
  ink: '#f4f8fc',
  muted: '#b9cde3',
  furniture: '#9fbddc',
  fills: Object.fromEntries(
    Object.keys(PAPER.fills).map((k) => [k, k === 'balcony' || k === 'passage' ? '#234f80' : '#1f4a7a']),
  ) as Record<RoomType, string>,
};

const WARM: Theme = {
  ...PAPER,
  paper: '#f6f1e6',
  grid: '#ebe3d2',
  wall: '#3a3128',
  ink: '#3a3128',
  muted: '#7d7062',
  furniture: '#a08f7c',
  fills: { ...PAPER.fills, living: '#f3dfc1', bedroom: '#e8e0d0', kitchen: '#dfe6cf', bath: '#d8e6e3' },
};

function half(value: number): number {
  return Math.round(value * 2) / 2;
}

export function formatFeet(value: number): string {
  const feet = Math.floor(value + 1e-9);
  const inches = Math.round((value - feet) * 12);
  return `${feet}'${inches}"`;
}

type Layout = { rooms: PlanRoom[]; width: number; depth: number; rows: number[]; kind: 'residential' | 'studio' | 'office' | 'shop' };

/** Splits `total` into parts near the given weights, each rounded to half a foot. */
function splitWidths(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((w) => half((total * w) / sum));
  parts[parts.length - 1] = half(total - parts.slice(0, -1).reduce((a, b) => a + b, 0));
  return parts;
}

function placeRow(rooms: PlanRoom[], y: number, h: number, entries: Array<[string, RoomType, number]>, total: number): void {
  const widths = splitWidths(
    total,
    entries.map((e) => e[2]),
  );
  let x = 0;
  entries.forEach(([name, type], i) => {
    rooms.push({ name, type, x, y, w: widths[i], h });
    x += widths[i];
  });
}

function buildResidential(rng: Rng, bedrooms: number, areaHint: number | null): Layout {
  const rooms: PlanRoom[] = [];
  const bedroomWidths = Array.from({ length: bedrooms }, (_, i) => (i === 0 ? rng.float(12, 14) : rng.float(10, 12.5)));
  let width = Math.max(
    bedroomWidths.reduce((a, b) => a + b, 0),
    bedrooms === 1 ? 23 : 0,
  );
  let backDepth = rng.float(11, 13.5);
  let serviceDepth = rng.float(6.5, 8);
  let frontDepth = rng.float(13, 16);
  if (areaHint) {
    const factor = Math.min(1.25, Math.max(0.8, Math.sqrt((areaHint * 0.78) / (width * (backDepth + serviceDepth + frontDepth)))));
    width *= factor;
    backDepth *= factor;
    frontDepth *= factor;
    serviceDepth = Math.min(9, serviceDepth * factor);
  }
  width = half(width);
  backDepth = half(backDepth);
  serviceDepth = half(serviceDepth);
  frontDepth = half(frontDepth);
  const back: Array<[string, RoomType, number]> = bedroomWidths.map((w, i) => [i === 0 ? 'Master Bedroom' : `Bedroom ${i + 1}`, 'bedroom', w]);
  if (bedrooms === 1) back.push([rng.chance(0.5) ? 'Study' : 'Dining', rng.chance(0.5) ? 'study' : 'living', 9]);
  if (rng.chance(0.5)) back.reverse();
  placeRow(rooms, 0, backDepth, back, width);
  const baths = Math.min(bedrooms === 1 ? 1 : bedrooms, Math.max(1, Math.floor(width / 11)));
  const service: Array<[string, RoomType, number]> = [];
  for (let i = 0; i < baths; i += 1) {
    service.push([baths === 1 ? 'Bath' : i === 0 ? 'Bath 1' : `Bath ${i + 1}`, 'bath', 6]);
    if (i < baths - 1 || baths === 1) service.push(['Passage', 'passage', i === 0 && rng.chance(0.4) && width > 30 ? 10 : 8]);
  }
  if (width > 30 && rng.chance(0.5)) service.splice(1, 0, ['Pooja', 'pooja', 4.5]);
  placeRow(rooms, backDepth, serviceDepth, service, width);
  const front: Array<[string, RoomType, number]> = [[bedrooms >= 3 ? 'Living / Dining' : 'Living', 'living', rng.float(1.4, 1.9)]];
  if (rng.chance(0.5)) {
    front.push(['Kitchen', 'kitchen', 1]);
  } else {
    front.push(['Kitchen', 'kitchen', 0.75], ['Utility', 'utility', 0.3]);
  }
  if (rng.chance(0.5)) front.reverse();
  placeRow(rooms, backDepth + serviceDepth, frontDepth, front, width);
  const depth = backDepth + serviceDepth + frontDepth;
  const living = rooms.find((r) => r.type === 'living' && r.y > 0);
  if (living) {
    const balconyWidth = half(Math.min(living.w - 2, rng.float(0.5, 0.8) * living.w));
    rooms.push({ name: 'Balcony', type: 'balcony', x: half(living.x + (living.w - balconyWidth) / 2), y: depth, w: balconyWidth, h: half(rng.float(4, 5.5)) });
  }
  const master = rooms.find((r) => r.name === 'Master Bedroom');
  if (master && rng.chance(0.5)) {
    rooms.push({ name: 'Balcony', type: 'balcony', x: master.x + 1, y: -4, w: half(master.w - 2), h: 4 });
  }
  return { rooms, width, depth, rows: [backDepth, serviceDepth, frontDepth], kind: 'residential' };
}

function buildStudio(rng: Rng): Layout {
  const rooms: PlanRoom[] = [];
  const width = half(rng.float(17, 21));
  const mainDepth = half(rng.float(14, 17));
  const serviceDepth = half(rng.float(7, 8.5));
  placeRow(rooms, 0, mainDepth, [['Living / Sleeping', 'living', 1]], width);
  placeRow(rooms, mainDepth, serviceDepth, rng.chance(0.5) ? [['Bath', 'bath', 0.8], ['Kitchenette', 'kitchen', 1.2]] : [['Kitchenette', 'kitchen', 1.2], ['Bath', 'bath', 0.8]], width);
  rooms.push({ name: 'Balcony', type: 'balcony', x: 2, y: -4, w: width - 4, h: 4 });
  return { rooms, width, depth: mainDepth + serviceDepth, rows: [mainDepth, serviceDepth], kind: 'studio' };
}

function buildOffice(rng: Rng, areaHint: number | null): Layout {
  const rooms: PlanRoom[] = [];
  const scale = areaHint ? Math.min(1.6, Math.max(0.75, Math.sqrt(areaHint / 2400))) : rng.float(0.9, 1.3);
  const width = half(rng.float(52, 60) * scale);
  const backDepth = half(rng.float(11, 13) * Math.sqrt(scale));
  const serviceDepth = half(rng.float(7, 8));
  const frontDepth = half(rng.float(20, 24) * scale);
  const cabins = Math.max(2, Math.round(width / 14));
  const back: Array<[string, RoomType, number]> = [];
  for (let i = 0; i < cabins; i += 1) back.push([`Cabin ${i + 1}`, 'cabin', 1]);
  back.splice(rng.int(0, cabins), 0, ['Conference', 'meeting', 1.8]);
  placeRow(rooms, 0, backDepth, back, width);
  placeRow(
    rooms,
    backDepth,
    serviceDepth,
    [
      ['Pantry', 'kitchen', 1.2],
      ['Passage', 'passage', 3],
      ['Washroom', 'bath', 0.8],
      ['Washroom', 'bath', 0.8],
    ],
    width,
  );
  placeRow(
    rooms,
    backDepth + serviceDepth,
    frontDepth,
    [
      ['Open Workspace', 'work', 3],
      ['Reception', 'reception', 1],
    ],
    width,
  );
  return { rooms, width, depth: backDepth + serviceDepth + frontDepth, rows: [backDepth, serviceDepth, frontDepth], kind: 'office' };
}

function buildShop(rng: Rng, areaHint: number | null): Layout {
  const rooms: PlanRoom[] = [];
  const scale = areaHint ? Math.min(1.8, Math.max(0.6, Math.sqrt(areaHint / 600))) : rng.float(0.8, 1.3);
  const width = half(rng.float(18, 24) * scale);
  const backDepth = half(rng.float(7, 9));
  const frontDepth = half(rng.float(20, 28) * scale);
  placeRow(
    rooms,
    0,
    backDepth,
    [
      ['Store Room', 'store', 2],
      ['Washroom', 'bath', 1],
    ],
    width,
  );
  placeRow(rooms, backDepth, frontDepth, [['Sales Floor', 'living', 1]], width);
  return { rooms, width, depth: backDepth + frontDepth, rows: [backDepth, frontDepth], kind: 'shop' };
}

function buildLayout(rng: Rng, title: string): Layout {
  const lower = title.toLowerCase();
  const areaMatch = /(\d[\d,]*)\s*(sq\.?\s*ft|sqft|square feet)/.exec(lower);
  const areaHint = areaMatch ? Number(areaMatch[1].replace(/,/g, '')) : null;
  if (/office|workspace|commercial|co-?working/.test(lower)) return buildOffice(rng, areaHint);
  if (/shop|retail|showroom|store/.test(lower)) return buildShop(rng, areaHint);
  if (/studio|1\s*rk/.test(lower)) return buildStudio(rng);
  const bhk = /(\d)\s*(bhk|bed)/.exec(lower);
  const bedrooms = bhk ? Math.min(5, Math.max(1, Number(bhk[1]))) : rng.int(1, 4);
  return buildResidential(rng, bedrooms, areaHint);
}

type Edge = { x1: number; y1: number; x2: number; y2: number };

/** The stretch of wall two rooms share, if any. */
function sharedEdge(a: PlanRoom, b: PlanRoom): Edge | null {
  const eps = 0.01;
  if (Math.abs(a.x + a.w - b.x) < eps || Math.abs(b.x + b.w - a.x) < eps) {
    const x = Math.abs(a.x + a.w - b.x) < eps ? b.x : a.x;
    const y1 = Math.max(a.y, b.y);
    const y2 = Math.min(a.y + a.h, b.y + b.h);
    return y2 - y1 > 0.5 ? { x1: x, y1, x2: x, y2 } : null;
  }
  if (Math.abs(a.y + a.h - b.y) < eps || Math.abs(b.y + b.h - a.y) < eps) {
    const y = Math.abs(a.y + a.h - b.y) < eps ? b.y : a.y;
    const x1 = Math.max(a.x, b.x);
    const x2 = Math.min(a.x + a.w, b.x + b.w);
    return x2 - x1 > 0.5 ? { x1, y1: y, x2, y2: y } : null;
  }
  return null;
}

const DOOR_TARGETS: RoomType[] = ['passage', 'living', 'work', 'reception', 'bedroom', 'kitchen'];

export function renderFloorPlanSvg(rng: Rng, title: string): string {
  const theme = rng.pick([PAPER, PAPER, WARM, BLUEPRINT]);
  const layout = buildLayout(rng, title);
  const { rooms, width, depth } = layout;
  const minY = Math.min(0, ...rooms.map((r) => r.y));
  const maxY = Math.max(depth, ...rooms.map((r) => r.y + r.h));
  const area = { left: 210, top: 310, right: FLOOR_PLAN_WIDTH - 110, bottom: FLOOR_PLAN_HEIGHT - 100 };
  const scale = Math.min((area.right - area.left) / width, (area.bottom - area.top) / (maxY - minY));
  const originX = area.left + (area.right - area.left - width * scale) / 2;
  const originY = area.top + (area.bottom - area.top - (maxY - minY) * scale) / 2 - minY * scale;
  const px = (x: number) => originX + x * scale;
  const py = (y: number) => originY + y * scale;
  const wallWidth = Math.max(5, scale * 0.35);
  const outerWidth = Math.max(10, scale * 0.75);

  let defs = element(
    'pattern',
    { id: 'grid', width: 40, height: 40, patternUnits: 'userSpaceOnUse' },
    path('M40 0 L0 0 0 40', 'none', { stroke: theme.grid, 'stroke-width': 1 }),
  );
  defs += element(
    'pattern',
    { id: 'hatch', width: 10, height: 10, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
    line(0, 0, 0, 10, theme.furniture, 1.5, { opacity: 0.5 }),
  );
  let body = rect(0, 0, FLOOR_PLAN_WIDTH, FLOOR_PLAN_HEIGHT, theme.paper) + rect(0, 0, FLOOR_PLAN_WIDTH, FLOOR_PLAN_HEIGHT, 'url(#grid)');

  // Title block.
  const heading = fitText(title || 'Floor plan', 1050, 46, 30, 1, true);
  body += text(80, 104, heading.lines[0], { size: heading.size, weight: 700, fill: theme.ink });
  const carpet = rooms.filter((r) => r.type !== 'balcony').reduce((sum, r) => sum + r.w * r.h, 0);
  const balconies = rooms.filter((r) => r.type === 'balcony').reduce((sum, r) => sum + r.w * r.h, 0);
  const subtitle =
    `Carpet area approx. ${Math.round(carpet).toLocaleString('en-IN')} sq ft` +
    (balconies > 0 ? ` + balcony ${Math.round(balconies)} sq ft` : '') +
    ' · Indicative layout, not to scale';
  body += text(80, 150, subtitle, { size: 22, fill: theme.muted });
  body += line(80, 178, FLOOR_PLAN_WIDTH - 80, 178, theme.muted, 1.5, { opacity: 0.5 });
  // North arrow.
  const nx = FLOOR_PLAN_WIDTH - 120;
  const ny = 100;
  body += circle(nx, ny, 38, 'none', { stroke: theme.ink, 'stroke-width': 2 });
  body += polygon(
    [
      [nx, ny - 30],
      [nx + 13, ny + 18],
      [nx, ny + 8],
      [nx - 13, ny + 18],
    ],
    theme.ink,
  );
  body += text(nx, ny - 46, 'N', { size: 20, weight: 700, fill: theme.ink, anchor: 'middle' });

  // Floors, then walls on top so shared walls merge cleanly.
  for (const room of rooms) {
    body += rect(px(room.x), py(room.y), room.w * scale, room.h * scale, theme.fills[room.type]);
    if (room.type === 'balcony') body += rect(px(room.x), py(room.y), room.w * scale, room.h * scale, 'url(#hatch)', { opacity: 0.5 });
    if (room.type === 'bath') {
      const tile = scale * 1.5;
      for (let tx = px(room.x) + tile; tx < px(room.x + room.w); tx += tile) body += line(tx, py(room.y), tx, py(room.y + room.h), theme.furniture, 1, { opacity: 0.25 });
      for (let ty = py(room.y) + tile; ty < py(room.y + room.h); ty += tile) body += line(px(room.x), ty, px(room.x + room.w), ty, theme.furniture, 1, { opacity: 0.25 });
    }
  }
  for (const room of rooms) body += drawFurniture(rng, room, px, py, scale, theme);
  for (const room of rooms) {
    if (room.type === 'balcony') {
      body += rect(px(room.x), py(room.y), room.w * scale, room.h * scale, 'none', { stroke: theme.wall, 'stroke-width': wallWidth * 0.6 });
    } else if (room.type !== 'passage') {
      body += rect(px(room.x), py(room.y), room.w * scale, room.h * scale, 'none', { stroke: theme.wall, 'stroke-width': wallWidth });
    }
  }
  body += rect(px(0), py(0), width * scale, depth * scale, 'none', { stroke: theme.wall, 'stroke-width': outerWidth });

  // Windows on outside walls of habitable rooms.
  for (const room of rooms) {
    if (room.type === 'passage' || room.type === 'balcony' || room.type === 'store') continue;
    const edges: Edge[] = [];
    if (room.y === 0 && !rooms.some((r) => r.type === 'balcony' && r.y < 0 && r.x < room.x + room.w && r.x + r.w > room.x)) {
      edges.push({ x1: room.x, y1: 0, x2: room.x + room.w, y2: 0 });
    }
    if (room.x === 0) edges.push({ x1: 0, y1: room.y, x2: 0, y2: room.y + room.h });
    if (Math.abs(room.x + room.w - width) < 0.01) edges.push({ x1: width, y1: room.y, x2: width, y2: room.y + room.h });
    if (Math.abs(room.y + room.h - depth) < 0.01 && !rooms.some((r) => r.type === 'balcony' && r.y >= depth && r.x < room.x + room.w && r.x + r.w > room.x)) {
      edges.push({ x1: room.x, y1: depth, x2: room.x + room.w, y2: depth });
    }
    if (edges.length === 0) continue;
    const edge = rng.pick(edges);
    const length = Math.hypot(edge.x2 - edge.x1, edge.y2 - edge.y1);
    const windowLength = room.type === 'bath' ? Math.min(2.5, length - 1) : Math.min(length * 0.5, rng.float(4, 6));
    if (windowLength < 1.5) continue;
    const start = (length - windowLength) / 2;
    const isHorizontal = edge.y1 === edge.y2;
    const wx = isHorizontal ? px(edge.x1 + start) : px(edge.x1) - outerWidth / 2;
    const wy = isHorizontal ? py(edge.y1) - outerWidth / 2 : py(edge.y1 + start);
    const ww = isHorizontal ? windowLength * scale : outerWidth;
    const wh = isHorizontal ? outerWidth : windowLength * scale;
    body += rect(wx, wy, ww, wh, theme.paper, { stroke: theme.wall, 'stroke-width': 1.5 });
    body += isHorizontal ? line(wx, wy + wh / 2, wx + ww, wy + wh / 2, theme.wall, 1.5) : line(wx + ww / 2, wy, wx + ww / 2, wy + wh, theme.wall, 1.5);
  }

  // Doors: each room opens onto the most public neighbour it touches.
  for (const room of rooms) {
    if (room.type === 'passage' || room.type === 'living' || room.type === 'work') continue;
    let best: { edge: Edge; rank: number; neighbour: PlanRoom } | null = null;
    for (const other of rooms) {
      if (other === room) continue;
      const edge = sharedEdge(room, other);
      if (!edge) continue;
      const length = Math.hypot(edge.x2 - edge.x1, edge.y2 - edge.y1);
      if (length < 3) continue;
      const rank = DOOR_TARGETS.indexOf(other.type);
      const score = rank === -1 ? 99 : rank;
      if (!best || score < best.rank) best = { edge, rank: score, neighbour: other };
    }
    if (!best) continue;
    if (room.type === 'balcony') {
      body += drawSlidingDoor(best.edge, px, py, scale, theme, wallWidth);
    } else {
      body += drawDoor(rng, room, best.edge, px, py, scale, theme, wallWidth, room.type === 'bath' ? 2.3 : 3);
    }
  }
  const entryRoom = rooms.find((r) => r.type === 'living' || r.type === 'reception');
  if (entryRoom) body += drawEntrance(rng, entryRoom, layout, px, py, scale, theme, outerWidth);

  // Labels.
  for (const room of rooms) {
    const roomWidth = room.w * scale;
    const roomHeight = room.h * scale;
    if (room.type === 'passage' && roomHeight < 60) continue;
    const size = Math.max(13, Math.min(26, roomWidth / 7, roomHeight / 3.2));
    const label = fitText(room.name.toUpperCase(), roomWidth - 12, size, 11, 1, true);
    const cx = px(room.x) + roomWidth / 2;
    const cy = py(room.y) + roomHeight / 2;
    const dims = `${formatFeet(room.w)} × ${formatFeet(room.h)}`;
    const plateWidth = Math.min(roomWidth - 8, Math.max(label.lines[0].length * label.size * 0.68, dims.length * label.size * 0.5) + 20);
    const showDims = roomHeight > 70 && roomWidth > dims.length * label.size * 0.48;
    const plateHeight = showDims ? label.size * 2.3 : label.size * 1.5;
    body += rect(cx - plateWidth / 2, cy - plateHeight / 2, plateWidth, plateHeight, theme.paper, { opacity: 0.85, rx: 4 });
    body += text(cx, showDims ? cy - label.size * 0.15 : cy + label.size * 0.35, label.lines[0], {
      size: label.size,
      weight: 700,
      fill: theme.ink,
      anchor: 'middle',
      letterSpacing: 1,
    });
    if (showDims) body += text(cx, cy + label.size * 0.85, dims, { size: label.size * 0.72, fill: theme.muted, anchor: 'middle' });
  }

  // Dimension chains: per-room along the top row and per-row down the left side, then overall.
  const dimTop = py(minY) - 40;
  const topRow = rooms.filter((r) => r.y === 0 && r.type !== 'balcony').sort((a, b) => a.x - b.x);
  const xs = [0, ...topRow.map((r) => r.x + r.w)];
  body += drawDimensionChain(xs, (v) => px(v), dimTop, true, theme);
  body += drawDimensionChain([0, width], (v) => px(v), dimTop - 50, true, theme);
  const ys = [0];
  for (const row of layout.rows) ys.push(ys[ys.length - 1] + row);
  const dimLeft = px(0) - 44;
  body += drawDimensionChain(ys, (v) => py(v), dimLeft, false, theme);
  body += drawDimensionChain([0, depth], (v) => py(v), dimLeft - 54, false, theme);

  // Scale bar.
  const barY = FLOOR_PLAN_HEIGHT - 56;
  const barX = 80;
  for (let i = 0; i < 4; i += 1) {
    body += rect(barX + i * 2.5 * scale, barY, 2.5 * scale, 10, i % 2 === 0 ? theme.ink : theme.paper, { stroke: theme.ink, 'stroke-width': 1.5 });
  }
  body += text(barX, barY + 34, '0', { size: 16, fill: theme.muted, anchor: 'middle' });
  body += text(barX + 10 * scale, barY + 34, '10 ft', { size: 16, fill: theme.muted, anchor: 'middle' });
  body += text(FLOOR_PLAN_WIDTH - 80, barY + 10, 'All dimensions are internal and approximate.', { size: 16, fill: theme.muted, anchor: 'end' });
  return document(FLOOR_PLAN_WIDTH, FLOOR_PLAN_HEIGHT, body, defs);
}

function drawDimensionChain(values: number[], toPixel: (v: number) => number, offset: number, isHorizontal: boolean, theme: Theme): string {
  let out = '';
  const first = toPixel(values[0]);
  const last = toPixel(values[values.length - 1]);
  out += isHorizontal ? line(first, offset, last, offset, theme.muted, 1.5) : line(offset, first, offset, last, theme.muted, 1.5);
  for (const v of values) {
    const p = toPixel(v);
    out += isHorizontal
      ? line(p - 7, offset + 7, p + 7, offset - 7, theme.ink, 2) + line(p, offset - 12, p, offset + 12, theme.muted, 1)
      : line(offset - 7, p + 7, offset + 7, p - 7, theme.ink, 2) + line(offset - 12, p, offset + 12, p, theme.muted, 1);
  }
  for (let i = 1; i < values.length; i += 1) {
    const span = values[i] - values[i - 1];
    const mid = (toPixel(values[i]) + toPixel(values[i - 1])) / 2;
    const pixels = Math.abs(toPixel(values[i]) - toPixel(values[i - 1]));
    if (pixels < 44) continue;
    const label = formatFeet(span);
    out += isHorizontal
      ? text(mid, offset - 10, label, { size: 17, fill: theme.ink, anchor: 'middle' })
      : element(
          'text',
          {
            x: offset - 10,
            y: mid,
            'font-family': 'sans-serif',
            'font-size': 17,
            fill: theme.ink,
            'text-anchor': 'middle',
            transform: `rotate(-90 ${round(offset - 10)} ${round(mid)})`,
          },
          label,
        );
  }
  return out;
}

function drawDoor(
  rng: Rng,
  room: PlanRoom,
  edge: Edge,
  px: (x: number) => number,
  py: (y: number) => number,
  scale: number,
  theme: Theme,
  wallWidth: number,
  size: number,
): string {
  const isHorizontal = edge.y1 === edge.y2;
  const length = isHorizontal ? edge.x2 - edge.x1 : edge.y2 - edge.y1;
  const doorSize = Math.min(size, length - 1);
  const atStart = rng.chance(0.5);
  const offset = atStart ? 0.5 : length - 0.5 - doorSize;
  const gap = theme.fills[room.type];
  if (isHorizontal) {
    const x1 = px(edge.x1 + offset);
    const x2 = px(edge.x1 + offset + doorSize);
    const y = py(edge.y1);
    const into = room.y + room.h / 2 > edge.y1 ? 1 : -1;
    const hingeX = atStart ? x1 : x2;
    const freeX = atStart ? x2 : x1;
    const leafY = y + into * doorSize * scale;
    const sweep = (atStart ? 1 : -1) * into > 0 ? 1 : 0;
    return (
      line(x1, y, x2, y, gap, wallWidth + 2) +
      line(hingeX, y, hingeX, leafY, theme.wall, 2.5) +
      path(`M${round(hingeX)} ${round(leafY)} A${round(doorSize * scale)} ${round(doorSize * scale)} 0 0 ${sweep} ${round(freeX)} ${round(y)}`, 'none', {
        stroke: theme.furniture,
        'stroke-width': 1.5,
        'stroke-dasharray': '6 4',
      })
    );
  }
  const y1 = py(edge.y1 + offset);
  const y2 = py(edge.y1 + offset + doorSize);
  const x = px(edge.x1);
  const into = room.x + room.w / 2 > edge.x1 ? 1 : -1;
  const hingeY = atStart ? y1 : y2;
  const freeY = atStart ? y2 : y1;
  const leafX = x + into * doorSize * scale;
  const sweep = (atStart ? 1 : -1) * into > 0 ? 0 : 1;
  return (
    line(x, y1, x, y2, gap, wallWidth + 2) +
    line(x, hingeY, leafX, hingeY, theme.wall, 2.5) +
    path(`M${round(leafX)} ${round(hingeY)} A${round(doorSize * scale)} ${round(doorSize * scale)} 0 0 ${sweep} ${round(x)} ${round(freeY)}`, 'none', {
      stroke: theme.furniture,
      'stroke-width': 1.5,
      'stroke-dasharray': '6 4',
    })
  );
}

function drawSlidingDoor(edge: Edge, px: (x: number) => number, py: (y: number) => number, scale: number, theme: Theme, wallWidth: number): string {
  const isHorizontal = edge.y1 === edge.y2;
  const length = isHorizontal ? edge.x2 - edge.x1 : edge.y2 - edge.y1;
  const doorSize = Math.min(7, length - 1);
  const start = (length - doorSize) / 2;
  if (!isHorizontal) return '';
  const x1 = px(edge.x1 + start);
  const x2 = px(edge.x1 + start + doorSize);
  const y = py(edge.y1);
  const mid = (x1 + x2) / 2;
  return (
    line(x1, y, x2, y, theme.paper, wallWidth * 2 + 2) +
    line(x1, y - 3, mid + scale * 0.3, y - 3, theme.wall, 3) +
    line(mid - scale * 0.3, y + 3, x2, y + 3, theme.wall, 3)
  );
}

function drawEntrance(rng: Rng, room: PlanRoom, layout: Layout, px: (x: number) => number, py: (y: number) => number, scale: number, theme: Theme, outerWidth: number): string {
  const onLeft = room.x === 0;
  const onRight = Math.abs(room.x + room.w - layout.width) < 0.01;
  if (!onLeft && !onRight) return '';
  const x = onLeft ? 0 : layout.width;
  const doorSize = 3.5;
  const y1 = room.y + Math.min(room.h - doorSize - 0.5, rng.float(1, 3));
  const sx = px(x);
  const into = onLeft ? 1 : -1;
  const hingeY = py(y1);
  const leafX = sx + into * doorSize * scale;
  let out = line(sx, py(y1), sx, py(y1 + doorSize), theme.fills[room.type], outerWidth + 2);
  out += line(sx, hingeY, leafX, hingeY, theme.wall, 3);
  out += path(`M${round(leafX)} ${round(hingeY)} A${round(doorSize * scale)} ${round(doorSize * scale)} 0 0 ${onLeft ? 1 : 0} ${round(sx)} ${round(py(y1 + doorSize))}`, 'none', {
    stroke: theme.furniture,
    'stroke-width': 1.5,
    'stroke-dasharray': '6 4',
  });
  const arrowY = py(y1 + doorSize / 2);
  const outside = sx - into * 70;
  out += line(outside, arrowY, sx - into * 18, arrowY, theme.ink, 3);
  out += polygon(
    [
      [sx - into * 14, arrowY],
      [sx - into * 28, arrowY - 9],
      [sx - into * 28, arrowY + 9],
    ],
    theme.ink,
  );
  out += text(outside - into * 8, arrowY + 6, 'ENTRY', { size: 16, weight: 700, fill: theme.ink, anchor: onLeft ? 'end' : 'start', letterSpacing: 1 });
  return out;
}

function drawFurniture(rng: Rng, room: PlanRoom, px: (x: number) => number, py: (y: number) => number, scale: number, theme: Theme): string {
  const stroke = { stroke: theme.furniture, 'stroke-width': 2 };
  const fill = 'none';
  const x0 = px(room.x);
  const y0 = py(room.y);
  const w = room.w * scale;
  const h = room.h * scale;
  const ft = scale;
  let out = '';
  switch (room.type) {
    case 'bedroom': {
      const bedWidth = Math.min(room.w - 3, room.name.startsWith('Master') ? 6 : 5) * ft;
      const bedLength = Math.min(room.h - 3, 6.5) * ft;
      const bx = x0 + (w - bedWidth) / 2;
      const by = y0 + ft * 0.6;
      out += rect(bx, by, bedWidth, bedLength, fill, { ...stroke, rx: 4 });
      out += rect(bx + ft * 0.4, by + ft * 0.4, bedWidth / 2 - ft * 0.6, ft * 1.2, fill, { ...stroke, rx: 6 });
      out += rect(bx + bedWidth / 2 + ft * 0.2, by + ft * 0.4, bedWidth / 2 - ft * 0.6, ft * 1.2, fill, { ...stroke, rx: 6 });
      out += line(bx, by + bedLength * 0.42, bx + bedWidth, by + bedLength * 0.42, theme.furniture, 2);
      if (bx - x0 > ft * 2) out += rect(bx - ft * 1.8, by, ft * 1.5, ft * 1.5, fill, stroke);
      if (x0 + w - bx - bedWidth > ft * 2) out += rect(bx + bedWidth + ft * 0.3, by, ft * 1.5, ft * 1.5, fill, stroke);
      const wardrobeOnLeft = rng.chance(0.5);
      const wardrobeLength = Math.min(room.h - 4, 6) * ft;
      const wx = wardrobeOnLeft ? x0 + ft * 0.25 : x0 + w - ft * 2.25;
      const wy = y0 + h - wardrobeLength - ft * 0.3;
      if (room.w > 10.5) {
        out += rect(wx, wy, ft * 2, wardrobeLength, fill, stroke);
        out += line(wx, wy, wx + ft * 2, wy + wardrobeLength, theme.furniture, 1.5, { opacity: 0.6 });
        out += line(wx + ft * 2, wy, wx, wy + wardrobeLength, theme.furniture, 1.5, { opacity: 0.6 });
      }
      break;
    }
    case 'living': {
      if (room.name === 'Sales Floor') {
        for (let i = 0; i < 3; i += 1) out += rect(x0 + ft * 0.3, y0 + h * (0.15 + i * 0.25), ft * 1.8, h * 0.18, fill, stroke);
        out += rect(x0 + w - ft * 6, y0 + h - ft * 4, ft * 5, ft * 2, fill, stroke);
        for (let i = 0; i < 2; i += 1) out += rect(x0 + w * 0.35, y0 + h * (0.25 + i * 0.3), w * 0.3, ft * 2, fill, stroke);
        break;
      }
      const sofaLength = Math.min(room.h - 5, 7.5) * ft;
      const sofaOnLeft = rng.chance(0.5);
      const sx = sofaOnLeft ? x0 + ft * 0.3 : x0 + w - ft * 3.1;
      const sy = y0 + (h - sofaLength) / 2 + (room.name.includes('Dining') ? h * 0.15 : 0);
      out += rect(sx, sy, ft * 2.8, sofaLength, fill, { ...stroke, rx: 6 });
      out += rect(sofaOnLeft ? sx + ft * 0.9 : sx, sy + ft * 0.6, ft * 1.9, sofaLength - ft * 1.2, fill, { ...stroke, rx: 4 });
      const tx = sofaOnLeft ? sx + ft * 4 : sx - ft * 3.5;
      out += rect(tx, sy + sofaLength * 0.3, ft * 2.5, sofaLength * 0.4, fill, { ...stroke, rx: 4 });
      const tvX = sofaOnLeft ? x0 + w - ft * 1.8 : x0 + ft * 0.3;
      out += rect(tvX, sy + sofaLength * 0.15, ft * 1.5, sofaLength * 0.7, fill, stroke);
      if (room.w > 16 && room.h > 12 && (room.name.includes('Dining') || rng.chance(0.5))) {
        const dx = x0 + w / 2 - ft * 2.25;
        const dy = y0 + ft * 1.2;
        out += rect(dx, dy, ft * 4.5, ft * 2.8, fill, { ...stroke, rx: 4 });
        for (let c = 0; c < 2; c += 1) {
          out += rect(dx + ft * (0.6 + c * 2), dy - ft * 1.1, ft * 1.3, ft * 0.9, fill, stroke);
          out += rect(dx + ft * (0.6 + c * 2), dy + ft * 3, ft * 1.3, ft * 0.9, fill, stroke);
        }
      }
      break;
    }
    case 'kitchen': {
      const depth = ft * 2;
      out += rect(x0 + ft * 0.2, y0 + ft * 0.2, w - ft * 0.4, depth, fill, stroke);
      if (room.h > 8) out += rect(x0 + ft * 0.2, y0 + ft * 0.2 + depth, depth, Math.min(h - depth - ft * 4, ft * 6), fill, stroke);
      const hobX = x0 + w * 0.6;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ]) {
        out += circle(hobX + dx * ft * 0.9, y0 + ft * (0.75 + dy * 0.9), ft * 0.3, fill, stroke);
      }
      out += rect(x0 + w * 0.22, y0 + ft * 0.45, ft * 2, ft * 1.5, fill, { ...stroke, rx: 6 });
      break;
    }
    case 'bath': {
      const wcX = x0 + ft * 0.5;
      const wcY = y0 + h - ft * 2.8;
      out += rect(wcX, wcY + ft * 1.9, ft * 1.6, ft * 0.6, fill, stroke);
      out += ellipse(wcX + ft * 0.8, wcY + ft * 1.1, ft * 0.65, ft * 0.85, fill, stroke);
      if (room.w > 4.5) {
        out += ellipse(x0 + w - ft * 1.2, y0 + h - ft * 1, ft * 0.7, ft * 0.5, fill, stroke);
        const shower = Math.min(room.w - 1, 3) * ft;
        out += rect(x0 + w - shower - ft * 0.2, y0 + ft * 0.2, shower, shower, fill, stroke);
        out += line(x0 + w - shower - ft * 0.2, y0 + ft * 0.2, x0 + w - ft * 0.2, y0 + ft * 0.2 + shower, theme.furniture, 1.5, { opacity: 0.6 });
        out += line(x0 + w - ft * 0.2, y0 + ft * 0.2, x0 + w - shower - ft * 0.2, y0 + ft * 0.2 + shower, theme.furniture, 1.5, { opacity: 0.6 });
      }
      break;
    }
    case 'balcony': {
      out += circle(x0 + ft * 1.2, y0 + h / 2, ft * 0.8, fill, stroke) + circle(x0 + w - ft * 1.2, y0 + h / 2, ft * 0.8, fill, stroke);
      break;
    }
    case 'utility': {
      out += rect(x0 + ft * 0.3, y0 + ft * 0.3, ft * 2.2, ft * 2.2, fill, stroke) + circle(x0 + ft * 1.4, y0 + ft * 1.4, ft * 0.8, fill, stroke);
      break;
    }
    case 'study': {
      out += rect(x0 + ft * 0.3, y0 + ft * 0.5, Math.min(w - ft, ft * 5), ft * 2, fill, stroke) + circle(x0 + ft * 2.5, y0 + ft * 3.4, ft * 0.8, fill, stroke);
      break;
    }
    case 'cabin': {
      out += rect(x0 + w / 2 - ft * 2.5, y0 + h * 0.3, ft * 5, ft * 2.5, fill, stroke);
      out += circle(x0 + w / 2, y0 + h * 0.3 - ft * 0.9, ft * 0.8, fill, stroke);
      for (const dx of [-1.3, 1.3]) out += circle(x0 + w / 2 + dx * ft, y0 + h * 0.3 + ft * 3.4, ft * 0.7, fill, stroke);
      break;
    }
    case 'meeting': {
      const tw = w * 0.55;
      const th = Math.min(h * 0.4, ft * 4);
      const tx = x0 + (w - tw) / 2;
      const ty = y0 + (h - th) / 2;
      out += rect(tx, ty, tw, th, fill, { ...stroke, rx: th / 2 });
      const chairs = Math.max(2, Math.floor(tw / (ft * 2.2)));
      for (let c = 0; c < chairs; c += 1) {
        const cx = tx + (tw * (c + 0.5)) / chairs;
        out += circle(cx, ty - ft * 0.9, ft * 0.6, fill, stroke) + circle(cx, ty + th + ft * 0.9, ft * 0.6, fill, stroke);
      }
      break;
    }
    case 'work': {
      const rows = Math.max(1, Math.floor((room.h - 4) / 7));
      const desksPerRow = Math.max(1, Math.floor((room.w - 4) / 5));
      for (let r = 0; r < rows; r += 1) {
        for (let d = 0; d < desksPerRow; d += 1) {
          const dx = x0 + ft * 2 + d * ft * 5;
          const dy = y0 + ft * 2 + r * ft * 7;
          out += rect(dx, dy, ft * 4.5, ft * 2.5, fill, stroke) + rect(dx, dy + ft * 2.5, ft * 4.5, ft * 2.5, fill, stroke);
          out += circle(dx + ft * 2.25, dy - ft * 0.7, ft * 0.6, fill, stroke) + circle(dx + ft * 2.25, dy + ft * 5.7, ft * 0.6, fill, stroke);
        }
      }
      break;
    }
    case 'reception': {
      out += path(
        `M${round(x0 + ft)} ${round(y0 + h * 0.35)} h${round(w * 0.55)} v${round(ft * 4)} h${round(-ft * 2)} v${round(-ft * 2)} h${round(-(w * 0.55 - ft * 2))} Z`,
        fill,
        stroke,
      );
      break;
    }
    case 'pooja': {
      out += rect(x0 + w / 2 - ft, y0 + ft * 0.4, ft * 2, ft * 1.2, fill, stroke);
      break;
    }
    case 'store': {
      for (let i = 0; i < 3; i += 1) out += rect(x0 + ft * 0.3 + i * ft * 3.2, y0 + ft * 0.3, ft * 2.8, ft * 1.6, fill, stroke);
      break;
    }
    case 'passage':
      break;
  }
  return group(out);
}
