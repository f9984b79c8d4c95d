/**
 * Rooms in one-point perspective. Furniture is modelled as boxes in feet (x across the room,
 * y up from the floor, z from the back wall towards the viewer) and projected, so everything
 * shares one vanishing point without hand-placing trapezoids.
 */
import { hsl, mix, shade } from './colour.ts';
import type { Rng } from './random.ts';
import { circle, element, ellipse, group, line, path, polygon, rect, round } from './svg.ts';
import { windowSkyGradient } from './scene-parts.ts';

export type InteriorKind = 'interior-living' | 'interior-bedroom' | 'interior-kitchen';

const W = 1600;
const H = 1067;

type Point = [number, number];

type Room = {
  rng: Rng;
  width: number;
  height: number;
  depth: number;
  vanishX: number;
  vanishY: number;
  /** Size of the back wall relative to the picture. */
  backScale: number;
  eyeHeight: number;
  isDusk: boolean;
  wall: string;
  feature: string;
  floor: string;
  isWoodFloor: boolean;
  fabric: string;
  accent: string;
  wood: string;
  metal: string;
  defs: string[];
};

function project(room: Room, x: number, y: number, z: number): Point {
  const s = room.backScale;
  const k = 1 / (1 / s - (z / room.depth) * (1 / s - 1));
  return [room.vanishX + k * ((x / room.width) * W - room.vanishX), room.vanishY + k * ((1 - y / room.height) * H - room.vanishY)];
}

function quad(room: Room, corners: Array<[number, number, number]>, fill: string, extra: Record<string, string | number> = {}): string {
  return polygon(
    corners.map(([x, y, z]) => project(room, x, y, z)),
    fill,
    extra,
  );
}

/** A solid box; only the faces the viewer can see are drawn, front face last. */
function box(room: Room, x0: number, x1: number, y0: number, y1: number, z0: number, z1: number, colour: string, extra: Record<string, string | number> = {}): string {
  const centreX = (room.vanishX / W) * room.width;
  let out = '';
  if (x1 < centreX) {
    out += quad(room, [[x1, y0, z0], [x1, y1, z0], [x1, y1, z1], [x1, y0, z1]], shade(colour, -0.14), extra);
  } else if (x0 > centreX) {
    out += quad(room, [[x0, y0, z0], [x0, y1, z0], [x0, y1, z1], [x0, y0, z1]], shade(colour, -0.14), extra);
  }
  if (y1 < room.eyeHeight) {
    out += quad(room, [[x0, y1, z0], [x1, y1, z0], [x1, y1, z1], [x0, y1, z1]], shade(colour, 0.12), extra);
  } else if (y0 > room.eyeHeight) {
    out += quad(room, [[x0, y0, z0], [x1, y0, z0], [x1, y0, z1], [x0, y0, z1]], shade(colour, -0.2), extra);
  }
  const [ax, ay] = project(room, x0, y1, z1);
  const [bx, by] = project(room, x1, y0, z1);
  out += rect(ax, ay, bx - ax, by - ay, colour, extra);
  return out;
}

function segment(room: Room, from: [number, number, number], to: [number, number, number], stroke: string, width: number, extra: Record<string, string | number> = {}): string {
  const [x1, y1] = project(room, ...from);
  const [x2, y2] = project(room, ...to);
  return line(x1, y1, x2, y2, stroke, width, extra);
}

const WALLS = ['#f1ebe2', '#e7dfd4', '#d5e0d0', '#f0dcd3', '#d8e3ea', '#f2e8cc', '#ece7e1'];
const FEATURES = ['#c9785a', '#2f6f73', '#34495e', '#7a7f4a', '#d4a237', '#b87b7b', '#5b6b8c', '#8c6f5a'];
const FABRICS = ['#4a6b8a', '#b5523b', '#6b8f71', '#d9c6a5', '#3d3d46', '#c9a227', '#8a5a7a', '#7d8c99', '#9b6b4b'];

function createRoom(rng: Rng, width: number, depth: number): Room {
  const backScale = rng.float(0.6, 0.68);
  const vanishY = H * rng.float(0.44, 0.52);
  const height = 10;
  const wall = rng.pick(WALLS);
  const isWoodFloor = rng.chance(0.6);
  return {
    rng,
    width,
    height,
    depth,
    vanishX: W * rng.float(0.4, 0.6),
    vanishY,
    backScale,
    eyeHeight: height * (1 - vanishY / H),
    isDusk: rng.chance(0.3),
    wall,
    feature: rng.chance(0.5) ? rng.pick(FEATURES) : shade(wall, -0.08),
    floor: isWoodFloor ? rng.pick(['#c8a27a', '#a8774f', '#dcc3a1', '#8d6446']) : rng.pick(['#e9e4dc', '#d9d4cc', '#efe9df', '#cfc6b8']),
    isWoodFloor,
    fabric: rng.pick(FABRICS),
    accent: rng.pick(FABRICS),
    wood: rng.pick(['#a0704a', '#7a5236', '#c49a6c', '#5e3f2b']),
    metal: rng.pick(['#2f3237', '#b8954a', '#9aa0a6']),
    defs: [],
  };
}

function drawShell(room: Room): string {
  const { rng } = room;
  const backTopLeft = project(room, 0, room.height, 0);
  const backBottomRight = project(room, room.width, 0, 0);
  let out = '';
  out += polygon([[0, 0], [W, 0], project(room, room.width, room.height, 0), backTopLeft], shade(room.wall, 0.35));
  out += polygon([[0, 0], backTopLeft, project(room, 0, 0, 0), [0, H]], shade(room.wall, -0.05));
  out += polygon([[W, 0], project(room, room.width, room.height, 0), backBottomRight, [W, H]], shade(room.wall, -0.1));
  out += rect(backTopLeft[0], backTopLeft[1], backBottomRight[0] - backTopLeft[0], backBottomRight[1] - backTopLeft[1], room.feature);
  out += polygon([project(room, 0, 0, 0), backBottomRight, [W, H], [0, H]], room.floor);
  if (room.isWoodFloor) {
    const plank = 0.55;
    for (let x = plank; x < room.width; x += plank) {
      out += segment(room, [x, 0, 0], [x, 0, room.depth], shade(room.floor, -0.18), 1.5, { opacity: 0.7 });
      for (let j = 0; j < 2; j += 1) {
        const z = rng.float(0, room.depth);
        out += segment(room, [x - plank, 0, z], [x, 0, z], shade(room.floor, -0.18), 1.5, { opacity: 0.6 });
      }
    }
  } else {
    const tile = 2;
    for (let x = tile; x < room.width; x += tile) out += segment(room, [x, 0, 0], [x, 0, room.depth], shade(room.floor, -0.12), 1.5);
    for (let z = tile; z < room.depth; z += tile) out += segment(room, [0, 0, z], [room.width, 0, z], shade(room.floor, -0.12), 1.5);
  }
  const skirting = shade(room.wall, -0.2);
  out += quad(room, [[0, 0, 0], [room.width, 0, 0], [room.width, 0.35, 0], [0, 0.35, 0]], skirting);
  out += quad(room, [[0, 0, 0], [0, 0.35, 0], [0, 0.35, room.depth], [0, 0, room.depth]], skirting);
  out += quad(room, [[room.width, 0, 0], [room.width, 0.35, 0], [room.width, 0.35, room.depth], [room.width, 0, room.depth]], skirting);
  return out;
}

function skyFill(room: Room, id: string): string {
  room.defs.push(windowSkyGradient(id, room.isDusk));
  return `url(#${id})`;
}

/** A tall window on a side wall, with curtains and the patch of light it throws. */
function drawSideWindow(room: Room, onLeft: boolean, z0: number, z1: number): string {
  const x = onLeft ? 0 : room.width;
  const frame = '#f7f5f0';
  let out = quad(room, [[x, 2.2, z0 - 0.25], [x, 8.3, z0 - 0.25], [x, 8.3, z1 + 0.25], [x, 2.2, z1 + 0.25]], frame);
  out += quad(room, [[x, 2.5, z0], [x, 8, z0], [x, 8, z1], [x, 2.5, z1]], skyFill(room, 'sideSky'));
  const panes = 3;
  for (let i = 1; i < panes; i += 1) {
    const z = z0 + ((z1 - z0) * i) / panes;
    out += segment(room, [x, 2.5, z], [x, 8, z], frame, 6);
  }
  out += segment(room, [x, 6.2, z0], [x, 6.2, z1], frame, 5);
  const curtain = room.rng.chance(0.5) ? room.fabric : shade(room.wall, 0.2);
  out += quad(room, [[x, 0.6, z0 - 1.1], [x, 8.8, z0 - 1.1], [x, 8.8, z0 + 0.15], [x, 0.6, z0 + 0.35]], curtain, { opacity: 0.92 });
  out += quad(room, [[x, 0.6, z1 - 0.35], [x, 8.8, z1 - 0.15], [x, 8.8, z1 + 1.1], [x, 0.6, z1 + 1.1]], curtain, { opacity: 0.92 });
  out += segment(room, [x, 8.9, z0 - 1.3], [x, 8.9, z1 + 1.3], room.metal, 4);
  if (!room.isDusk) {
    const reach = onLeft ? 5.5 : room.width - 5.5;
    out += quad(room, [[x, 0.01, z0], [reach, 0.01, z0 + 1.5], [reach, 0.01, z1 + 2.5], [x, 0.01, z1]], '#ffffff', { opacity: 0.16 });
  }
  return out;
}

/** A window in the back wall with a glimpse of the city outside. */
function drawBackWindow(room: Room, x0: number, x1: number, y0: number, y1: number): string {
  const { rng } = room;
  const [ax, ay] = project(room, x0, y1, 0);
  const [bx, by] = project(room, x1, y0, 0);
  room.defs.push(element('clipPath', { id: 'backWindow' }, rect(ax, ay, bx - ax, by - ay, '#000000')));
  let view = rect(ax, ay, bx - ax, by - ay, skyFill(room, 'backSky'));
  const skyline = room.isDusk ? '#4a4668' : '#a9bccb';
  for (let x = ax - 10; x < bx; x += rng.float(24, 60)) {
    const h = rng.float(0.15, 0.55) * (by - ay);
    view += rect(x, by - h, rng.float(22, 50), h, skyline);
    if (room.isDusk) for (let wy = by - h + 8; wy < by - 6; wy += 14) if (rng.chance(0.4)) view += rect(x + 6, wy, 5, 6, '#ffd27a');
  }
  let out = rect(ax - 10, ay - 10, bx - ax + 20, by - ay + 20, '#f7f5f0');
  out += group(view, { 'clip-path': 'url(#backWindow)' });
  out += rect((ax + bx) / 2 - 3, ay, 6, by - ay, '#f7f5f0');
  out += rect(ax - 16, by + 6, bx - ax + 32, 10, shade(room.wall, -0.15));
  return out;
}

function drawWallArt(room: Room, cx: number, y0: number, y1: number, count: number): string {
  const { rng } = room;
  let out = '';
  const artWidth = count === 1 ? 3.6 : 1.7;
  const gap = 0.5;
  const total = count * artWidth + (count - 1) * gap;
  for (let i = 0; i < count; i += 1) {
    const x0 = cx - total / 2 + i * (artWidth + gap);
    const [ax, ay] = project(room, x0, y1, 0);
    const [bx, by] = project(room, x0 + artWidth, y0, 0);
    const w = bx - ax;
    const h = by - ay;
    out += rect(ax + 4, ay + 6, w, h, '#000000', { opacity: 0.1 });
    out += rect(ax, ay, w, h, room.metal);
    out += rect(ax + 6, ay + 6, w - 12, h - 12, '#f8f4ec');
    const style = rng.int(0, 2);
    if (style === 0) {
      out += circle(ax + w * 0.5, ay + h * 0.45, Math.min(w, h) * 0.24, room.accent);
      out += rect(ax + 6, ay + h * 0.65, w - 12, h * 0.35 - 6, shade(room.fabric, 0.2));
    } else if (style === 1) {
      out += path(`M${round(ax + 6)} ${round(ay + h - 6)} L${round(ax + w * 0.4)} ${round(ay + h * 0.35)} L${round(ax + w * 0.62)} ${round(ay + h * 0.62)} L${round(ax + w * 0.78)} ${round(ay + h * 0.45)} L${round(ax + w - 6)} ${round(ay + h - 6)} Z`, shade(room.accent, -0.1));
      out += circle(ax + w * 0.72, ay + h * 0.25, Math.min(w, h) * 0.09, '#e8b04a');
    } else {
      for (let s = 0; s < 3; s += 1) out += rect(ax + 6, ay + 6 + ((h - 12) * s) / 3, w - 12, (h - 12) / 3, [room.accent, room.fabric, shade(room.feature, 0.3)][s], { opacity: 0.85 });
    }
  }
  return out;
}

function drawPlant(room: Room, x: number, z: number, size: number): string {
  const { rng } = room;
  const pot = rng.pick(['#c4744e', '#e8e2d6', '#3d3d46', '#b9a78f']);
  let out = box(room, x - 0.6 * size, x + 0.6 * size, 0, 1.6 * size, z - 0.6 * size, z + 0.6 * size, pot);
  const [cx, cy] = project(room, x, 1.6 * size, z);
  const [ex] = project(room, x + 1, 0, z);
  const unit = Math.abs(ex - cx);
  const leaf = hsl(rng.int(100, 140), 40, 36);
  for (let i = 0; i < 9; i += 1) {
    const angle = -Math.PI / 2 + rng.float(-1.2, 1.2);
    const length = unit * size * rng.float(1.4, 2.6);
    const tipX = cx + Math.cos(angle) * length;
    const tipY = cy + Math.sin(angle) * length;
    out += element('ellipse', {
      cx: (cx + tipX) / 2,
      cy: (cy + tipY) / 2,
      rx: length / 2,
      ry: unit * size * 0.22,
      fill: i % 2 === 0 ? leaf : shade(leaf, 0.15),
      transform: `rotate(${round((angle * 180) / Math.PI)} ${round((cx + tipX) / 2)} ${round((cy + tipY) / 2)})`,
    });
  }
  return out;
}

function drawPendant(room: Room, x: number, z: number, drop: number, glow: boolean): string {
  const [tx, ty] = project(room, x, room.height, z);
  const [bx, by] = project(room, x, room.height - drop, z);
  const [ex] = project(room, x + 1, 0, z);
  const unit = Math.abs(ex - bx);
  let out = line(tx, ty, bx, by, '#2f3237', 2);
  if (glow) out += ellipse(bx, by + unit * 0.5, unit * 1.4, unit * 0.7, '#fff3c4', { opacity: 0.35 });
  out += path(`M${round(bx - unit * 0.7)} ${round(by + unit * 0.55)} Q${round(bx)} ${round(by - unit * 0.6)} ${round(bx + unit * 0.7)} ${round(by + unit * 0.55)} Z`, room.metal);
  return out;
}

function drawLamp(room: Room, x: number, y: number, z: number, isFloorLamp: boolean): string {
  const shadeColour = '#f4ead8';
  const top = y + (isFloorLamp ? 5 : 1.6);
  let out = segment(room, [x, y, z], [x, top - 0.5, z], room.metal, isFloorLamp ? 4 : 3);
  const [l1x, l1y] = project(room, x - 0.55, top - 0.6, z);
  const [r1x] = project(room, x + 0.55, top - 0.6, z);
  const [l2x, l2y] = project(room, x - 0.35, top + 0.3, z);
  const [r2x] = project(room, x + 0.35, top + 0.3, z);
  if (room.isDusk) out += ellipse((l1x + r1x) / 2, l1y, (r1x - l1x) * 1.2, (r1x - l1x) * 0.6, '#fff1b8', { opacity: 0.4 });
  out += polygon(
    [
      [l2x, l2y],
      [r2x, l2y],
      [r1x, l1y],
      [l1x, l1y],
    ],
    room.isDusk ? '#ffe6a3' : shadeColour,
  );
  return out;
}

function drawRug(room: Room, x0: number, x1: number, z0: number, z1: number): string {
  const colour = room.rng.chance(0.5) ? room.accent : shade(room.wall, -0.15);
  let out = quad(room, [[x0, 0.02, z0], [x1, 0.02, z0], [x1, 0.02, z1], [x0, 0.02, z1]], colour);
  out += quad(room, [[x0 + 0.4, 0.03, z0 + 0.4], [x1 - 0.4, 0.03, z0 + 0.4], [x1 - 0.4, 0.03, z1 - 0.4], [x0 + 0.4, 0.03, z1 - 0.4]], 'none', {
    stroke: shade(colour, 0.3),
    'stroke-width': 3,
  });
  return out;
}

function drawLivingRoom(room: Room): string {
  const { rng } = room;
  const windowOnLeft = rng.chance(0.5);
  let out = drawShell(room);
  out += drawSideWindow(room, windowOnLeft, 4, 10);
  const sofaWidth = rng.float(7, 8.5);
  const sofaX = room.width / 2 - sofaWidth / 2 + rng.float(-1.2, 1.2);
  out += drawWallArt(room, sofaX + sofaWidth / 2, 4.6, 7, rng.pick([1, 2, 3]));
  if (rng.chance(0.5)) out += drawPendant(room, room.width / 2, 7, 2.2, room.isDusk);
  const lampX = windowOnLeft ? sofaX + sofaWidth + 1.2 : sofaX - 1.2;
  out += drawLamp(room, lampX, 0, 0.9, true);
  const tableX = windowOnLeft ? sofaX - 1.6 : sofaX + sofaWidth + 0.2;
  out += box(room, tableX, tableX + 1.4, 0, 1.9, 0.3, 1.7, room.wood) + drawPlant(room, tableX + 0.7, 1, 0.55);
  const sofa = room.fabric;
  const arm = 0.7;
  out += box(room, sofaX, sofaX + sofaWidth, 1.4, 3.1, 0.2, 1.1, shade(sofa, -0.05));
  out += box(room, sofaX + arm, sofaX + sofaWidth - arm, 0.3, 1.5, 0.3, 3.3, sofa);
  const seats = sofaWidth > 8 ? 3 : 2;
  const seatWidth = (sofaWidth - arm * 2) / seats;
  for (let i = 0; i < seats; i += 1) {
    const x0 = sofaX + arm + i * seatWidth;
    out += box(room, x0 + 0.05, x0 + seatWidth - 0.05, 1.5, 1.95, 1.1, 3.35, shade(sofa, 0.06));
  }
  for (let i = 0; i < rng.int(2, 3); i += 1) {
    const cx = sofaX + arm + 0.4 + i * 1.5 + (i === 2 ? sofaWidth - arm * 2 - 4.3 : 0);
    out += box(room, cx, cx + 1.3, 1.9, 3.1, 1.1, 1.5, i % 2 === 0 ? room.accent : shade(room.accent, 0.35));
  }
  out += box(room, sofaX, sofaX + arm, 0.3, 2.3, 0.2, 3.4, shade(sofa, -0.08));
  out += box(room, sofaX + sofaWidth - arm, sofaX + sofaWidth, 0.3, 2.3, 0.2, 3.4, shade(sofa, -0.08));
  out += drawRug(room, sofaX - 1, sofaX + sofaWidth + 1, 3.6, 10.5);
  const tableWidth = rng.float(3.4, 4.4);
  const tx = sofaX + sofaWidth / 2 - tableWidth / 2;
  const isGlassTable = rng.chance(0.4);
  for (const lx of [tx + 0.2, tx + tableWidth - 0.4]) for (const lz of [5.4, 7.3]) out += box(room, lx, lx + 0.2, 0, 1.3, lz, lz + 0.2, room.metal);
  out += box(room, tx, tx + tableWidth, 1.3, 1.5, 5.2, 7.6, isGlassTable ? '#cfe6ee' : room.wood, isGlassTable ? { opacity: 0.75 } : {});
  out += box(room, tx + 0.6, tx + 1.4, 1.5, 1.7, 6, 6.8, room.accent);
  const chairX = windowOnLeft ? room.width - 3.2 : 0.4;
  out += box(room, chairX, chairX + 2.8, 0.3, 3.2, 8.6, 9.2, shade(room.accent, -0.1));
  out += box(room, chairX, chairX + 2.8, 0.3, 1.6, 9.2, 11.4, room.accent);
  out += drawPlant(room, windowOnLeft ? room.width - 1.2 : 1.2, 13.2, 1.1);
  return out;
}

function drawBedroom(room: Room): string {
  const { rng } = room;
  const windowOnLeft = rng.chance(0.5);
  let out = drawShell(room);
  const bedWidth = rng.float(5.4, 6.6);
  const bedX = room.width / 2 - bedWidth / 2 + (windowOnLeft ? 0.8 : -0.8);
  const hasBackWindow = rng.chance(0.35);
  if (hasBackWindow) {
    const wx = windowOnLeft ? bedX + bedWidth + 0.6 : 0.9;
    const ww = windowOnLeft ? room.width - wx - 0.6 : bedX - 1.5;
    if (ww > 1.5) out += drawBackWindow(room, wx, wx + ww, 3.2, 7.6);
  }
  out += drawSideWindow(room, windowOnLeft, 5, 10);
  out += drawWallArt(room, bedX + bedWidth / 2, 5.2, 7.2, rng.pick([1, 2]));
  const headboard = rng.chance(0.5) ? room.wood : shade(room.fabric, -0.2);
  out += box(room, bedX - 0.3, bedX + bedWidth + 0.3, 0, 4.2, 0, 0.35, headboard);
  for (const nx of [bedX - 2.2, bedX + bedWidth + 0.4]) {
    out += box(room, nx, nx + 1.8, 0, 2, 0.2, 1.8, room.wood);
    out += drawLamp(room, nx + 0.9, 2, 1, false);
  }
  const length = 6.8;
  out += box(room, bedX, bedX + bedWidth, 0.2, 1.2, 0.35, length, shade(room.wood, -0.1));
  out += box(room, bedX + 0.05, bedX + bedWidth - 0.05, 1.2, 1.9, 0.35, length - 0.05, '#f6f3ee');
  for (let i = 0; i < 2; i += 1) {
    const px = bedX + 0.3 + i * (bedWidth / 2);
    out += box(room, px, px + bedWidth / 2 - 0.6, 1.9, 2.6, 0.5, 1.7, i === 0 ? '#ffffff' : '#f1ede6');
  }
  out += box(room, bedX + 0.6, bedX + bedWidth - 0.6, 1.9, 2.7, 1.7, 2, room.accent);
  const blanket = room.fabric;
  out += box(room, bedX - 0.12, bedX + bedWidth + 0.12, 0.9, 2, 2.6, length + 0.1, blanket);
  out += box(room, bedX - 0.14, bedX + bedWidth + 0.14, 0.9, 2.02, length - 1.5, length - 0.6, shade(blanket, 0.25));
  out += drawRug(room, bedX - 1.2, bedX + bedWidth + 1.2, length + 0.4, length + 4.5);
  const wardrobeX0 = windowOnLeft ? room.width - 2.1 : 0;
  const wardrobeX1 = windowOnLeft ? room.width : 2.1;
  const wardrobeColour = rng.chance(0.5) ? room.wood : shade(room.wall, -0.1);
  out += box(room, wardrobeX0, wardrobeX1, 0, 7.6, 4.5, 10.5, wardrobeColour);
  const faceX = windowOnLeft ? wardrobeX0 : wardrobeX1;
  for (let i = 1; i < 3; i += 1) {
    const z = 4.5 + (6 * i) / 3;
    out += segment(room, [faceX, 0.1, z], [faceX, 7.5, z], shade(wardrobeColour, -0.3), 2);
    out += segment(room, [faceX, 3.3, z - 0.25], [faceX, 4.3, z - 0.25], room.metal, 4);
  }
  if (rng.chance(0.6)) out += drawPlant(room, windowOnLeft ? 1.2 : room.width - 1.2, 12.5, 1);
  return out;
}

function drawKitchen(room: Room): string {
  const { rng } = room;
  let out = drawShell(room);
  const cabinet = rng.pick(['#f4f1ea', '#2f4f4f', '#6b7b8c', '#c9b79c', '#3d4a3f', '#e5d6bf', '#8a3b3b']);
  const counter = rng.pick(['#2f3237', '#efece6', '#d8d2c4', '#5a4e44']);
  const fridgeOnLeft = rng.chance(0.5);
  const runX0 = fridgeOnLeft ? 3.2 : 0.15;
  const runX1 = fridgeOnLeft ? room.width - 0.15 : room.width - 3.2;
  const [bx0, by0] = project(room, runX0, 5, 0);
  const [bx1, by1] = project(room, runX1, 3.1, 0);
  out += rect(bx0, by0, bx1 - bx0, by1 - by0, rng.pick(['#f2efe8', '#d9e4e6', '#e8d9c4', '#c7d3c0']));
  const tile = (bx1 - bx0) / Math.round(room.width * 1.6);
  for (let x = bx0 + tile; x < bx1; x += tile) out += line(x, by0, x, by1, '#ffffff', 2, { opacity: 0.7 });
  for (let y = by0 + tile * 0.5; y < by1; y += tile * 0.5) out += line(bx0, y, bx1, y, '#ffffff', 2, { opacity: 0.7 });
  const sinkX = runX0 + (runX1 - runX0) * rng.float(0.25, 0.4);
  const hobX = runX0 + (runX1 - runX0) * rng.float(0.62, 0.75);
  const windowX0 = sinkX - 1.6;
  const windowX1 = sinkX + 1.6;
  out += drawBackWindow(room, windowX0, windowX1, 5.3, 8.2);
  for (const [x0, x1] of [
    [runX0, windowX0 - 0.4],
    [windowX1 + 0.4, runX1],
  ]) {
    if (x1 - x0 < 1) continue;
    out += box(room, x0, x1, 5.4, 8, 0, 1.15, cabinet);
    const doors = Math.max(1, Math.round((x1 - x0) / 1.5));
    for (let d = 1; d < doors; d += 1) {
      const x = x0 + ((x1 - x0) * d) / doors;
      out += segment(room, [x, 5.4, 1.15], [x, 8, 1.15], shade(cabinet, -0.25), 2);
    }
  }
  out += box(room, hobX - 1.1, hobX + 1.1, 5.3, 5.9, 0, 1.5, room.metal);
  out += box(room, hobX - 0.35, hobX + 0.35, 5.9, room.height, 0, 0.6, room.metal);
  const fridgeX0 = fridgeOnLeft ? 0.2 : room.width - 3;
  out += box(room, fridgeX0, fridgeX0 + 2.8, 0, 6.6, 0, 2.3, rng.pick(['#c9ccd0', '#e9e9e6', '#2f3237']));
  out += segment(room, [fridgeX0, 4.3, 2.3], [fridgeX0 + 2.8, 4.3, 2.3], '#7d8186', 2);
  out += segment(room, [fridgeX0 + 2.4, 4.6, 2.3], [fridgeX0 + 2.4, 5.8, 2.3], '#7d8186', 4);
  out += box(room, runX0, runX1, 0.35, 2.9, 0, 2, cabinet);
  const doors = Math.round((runX1 - runX0) / 1.5);
  for (let d = 1; d < doors; d += 1) {
    const x = runX0 + ((runX1 - runX0) * d) / doors;
    out += segment(room, [x, 0.4, 2], [x, 2.85, 2], shade(cabinet, -0.25), 2);
    out += segment(room, [x - 0.25, 2.3, 2], [x - 0.25, 2.6, 2], room.metal, 3);
  }
  out += box(room, runX0 - 0.05, runX1 + 0.05, 2.9, 3.1, 0, 2.15, counter);
  out += quad(room, [[hobX - 1, 3.11, 0.4], [hobX + 1, 3.11, 0.4], [hobX + 1, 3.11, 1.8], [hobX - 1, 3.11, 1.8]], '#1e1f22');
  for (const [dx, dz] of [
    [-0.5, 0.75],
    [0.5, 0.75],
    [-0.5, 1.45],
    [0.5, 1.45],
  ]) {
    const [cx, cy] = project(room, hobX + dx, 3.12, dz);
    const [ex] = project(room, hobX + dx + 0.28, 3.12, dz);
    out += ellipse(cx, cy, ex - cx, (ex - cx) * 0.3, '#4a4c50');
  }
  out += quad(room, [[sinkX - 0.9, 3.11, 0.4], [sinkX + 0.9, 3.11, 0.4], [sinkX + 0.9, 3.11, 1.6], [sinkX - 0.9, 3.11, 1.6]], '#9aa0a6');
  out += segment(room, [sinkX, 3.1, 0.25], [sinkX, 4.3, 0.25], room.metal, 5) + segment(room, [sinkX, 4.3, 0.25], [sinkX, 4.2, 0.9], room.metal, 5);
  // Island with stools.
  const islandWidth = rng.float(5, 7);
  const ix = room.width / 2 - islandWidth / 2 + rng.float(-0.8, 0.8);
  for (let p = 0; p < rng.int(2, 3); p += 1) out += drawPendant(room, ix + 1 + p * ((islandWidth - 2) / 2), 7.4, 2.6, room.isDusk);
  out += box(room, ix, ix + islandWidth, 0.3, 3, 6.3, 8.7, shade(cabinet, rng.chance(0.5) ? 0 : -0.15));
  out += box(room, ix - 0.2, ix + islandWidth + 0.2, 3, 3.2, 6.1, 9.4, counter);
  out += box(room, ix + 0.6, ix + 1.4, 3.2, 3.5, 7, 7.8, room.accent);
  const stools = Math.max(2, Math.floor(islandWidth / 2));
  for (let s = 0; s < stools; s += 1) {
    const sx = ix + (islandWidth * (s + 0.5)) / stools;
    out += segment(room, [sx - 0.5, 0, 10.5], [sx - 0.35, 2.4, 10.2], room.metal, 4) + segment(room, [sx + 0.5, 0, 10.5], [sx + 0.35, 2.4, 10.2], room.metal, 4);
    out += box(room, sx - 0.65, sx + 0.65, 2.4, 2.7, 9.6, 10.8, room.fabric);
  }
  return out;
}

export function renderInteriorScene(rng: Rng, kind: InteriorKind): { defs: string; body: string } {
  let room: Room;
  let body: string;
  if (kind === 'interior-bedroom') {
    room = createRoom(rng, rng.float(13, 15), 16);
    body = drawBedroom(room);
  } else if (kind === 'interior-kitchen') {
    room = createRoom(rng, rng.float(13, 15.5), 15);
    body = drawKitchen(room);
  } else {
    room = createRoom(rng, rng.float(14, 17), 16);
    body = drawLivingRoom(room);
  }
  // A soft vignette of the light colour keeps flat fills from looking clinical.
  room.defs.push(
    element(
      'radialGradient',
      { id: 'roomLight', cx: 0.5, cy: 0.4, r: 0.75 },
      element('stop', { offset: 0.55, 'stop-color': '#000000', 'stop-opacity': 0 }) +
        element('stop', { offset: 1, 'stop-color': room.isDusk ? '#1a1033' : '#3a2a1a', 'stop-opacity': room.isDusk ? 0.35 : 0.16 }),
    ),
  );
  body += rect(0, 0, W, H, 'url(#roomLight)');
  if (room.isDusk) body += rect(0, 0, W, H, mix('#ffb347', '#ffffff', 0.2), { opacity: 0.06 });
  return { defs: room.defs.join(''), body };
}
