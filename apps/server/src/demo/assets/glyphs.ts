/**
 * Flat pictograms drawn in a 100×100 box with one ink colour; `cut` is the colour behind the
 * glyph, used for windows and other holes so no masks are needed.
 */
import { circle, line, path, polygon, polyline, rect } from './svg.ts';

export type Glyph = (ink: string, cut: string) => string;

const stroke = (ink: string, width = 6) => ({ stroke: ink, 'stroke-width': width, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', fill: 'none' });

function windows(x: number, y: number, cols: number, rows: number, w: number, h: number, gapX: number, gapY: number, cut: string): string {
  let out = '';
  for (let r = 0; r < rows; r += 1) for (let c = 0; c < cols; c += 1) out += rect(x + c * (w + gapX), y + r * (h + gapY), w, h, cut);
  return out;
}

// --- Property categories -------------------------------------------------------------------------

const apartment: Glyph = (ink, cut) =>
  rect(18, 40, 24, 50, ink, { opacity: 0.55 }) +
  rect(36, 12, 40, 78, ink, { rx: 3 }) +
  windows(43, 20, 3, 6, 7, 6, 5, 5, cut) +
  rect(50, 76, 12, 14, cut) +
  windows(23, 48, 2, 4, 5, 5, 5, 5, cut) +
  rect(10, 88, 80, 4, ink, { rx: 2 });

const villa: Glyph = (ink, cut) =>
  rect(12, 52, 76, 36, ink) +
  rect(8, 48, 84, 6, ink, { rx: 2 }) +
  rect(30, 26, 46, 24, ink) +
  rect(24, 22, 58, 6, ink, { rx: 2 }) +
  rect(38, 32, 30, 12, cut) +
  rect(20, 60, 30, 18, cut) +
  rect(60, 62, 14, 26, cut) +
  line(35, 60, 35, 78, ink, 3) +
  rect(6, 88, 88, 4, ink, { rx: 2 });

const house: Glyph = (ink, cut) =>
  polygon(
    [
      [50, 12],
      [92, 46],
      [84, 46],
      [84, 88],
      [16, 88],
      [16, 46],
      [8, 46],
    ],
    ink,
    { 'stroke-linejoin': 'round' },
  ) +
  rect(42, 62, 16, 26, cut) +
  rect(24, 54, 12, 12, cut) +
  rect(64, 54, 12, 12, cut) +
  rect(68, 16, 8, 18, ink);

const plot: Glyph = (ink, cut) =>
  polygon(
    [
      [22, 58],
      [78, 58],
      [94, 88],
      [6, 88],
    ],
    ink,
    { opacity: 0.35 },
  ) +
  polygon(
    [
      [22, 58],
      [78, 58],
      [94, 88],
      [6, 88],
    ],
    'none',
    { ...stroke(ink, 4), 'stroke-dasharray': '6 5' },
  ) +
  rect(47, 16, 5, 58, ink) +
  polygon(
    [
      [52, 16],
      [78, 24],
      [52, 33],
    ],
    ink,
  ) +
  [
    [22, 58],
    [78, 58],
    [94, 88],
    [6, 88],
  ]
    .map(([x, y]) => circle(x, y, 4.5, ink))
    .join('') +
  circle(49.5, 74, 4, cut);

const office: Glyph = (ink, cut) => {
  let out = rect(28, 10, 44, 80, ink, { rx: 2 });
  for (let y = 18; y < 78; y += 9) out += rect(34, y, 32, 5, cut);
  out += rect(44, 78, 12, 12, cut);
  out += rect(14, 44, 16, 46, ink, { opacity: 0.55 }) + rect(70, 34, 16, 56, ink, { opacity: 0.55 });
  return out + rect(8, 88, 84, 4, ink, { rx: 2 });
};

const shop: Glyph = (ink, cut) => {
  let awning = '';
  for (let i = 0; i < 5; i += 1) {
    const x = 10 + i * 16;
    awning += path(`M${x} 30 h16 v10 a8 8 0 0 1 -16 0 Z`, ink, { opacity: i % 2 === 0 ? 1 : 0.6 });
  }
  return (
    rect(14, 12, 72, 14, ink, { rx: 3 }) +
    awning +
    rect(16, 48, 68, 40, ink) +
    rect(22, 54, 30, 22, cut) +
    rect(58, 56, 20, 32, cut) +
    rect(8, 88, 84, 4, ink, { rx: 2 })
  );
};

const penthouse: Glyph = (ink, cut) =>
  rect(26, 40, 48, 50, ink) +
  windows(32, 46, 3, 4, 8, 5, 6, 5, cut) +
  rect(20, 36, 60, 5, ink, { rx: 2 }) +
  rect(32, 20, 36, 16, ink, { opacity: 0.8 }) +
  rect(36, 24, 28, 8, cut) +
  rect(26, 16, 48, 5, ink, { rx: 2 }) +
  polygon(
    [
      [50, 2],
      [53, 9],
      [60, 9],
      [54, 13],
      [56, 20],
      [50, 15],
      [44, 20],
      [46, 13],
      [40, 9],
      [47, 9],
    ],
    ink,
  ) +
  rect(10, 88, 80, 4, ink, { rx: 2 });

const warehouse: Glyph = (ink, cut) => {
  let out = polygon(
    [
      [6, 40],
      [50, 16],
      [94, 40],
      [88, 40],
      [88, 88],
      [12, 88],
      [12, 40],
    ],
    ink,
  );
  out += rect(26, 52, 48, 36, cut);
  for (let y = 58; y < 88; y += 7) out += rect(26, y, 48, 2.5, ink, { opacity: 0.8 });
  return out + rect(6, 88, 88, 4, ink, { rx: 2 });
};

const farmhouse: Glyph = (ink, cut) =>
  polygon(
    [
      [6, 44],
      [32, 20],
      [58, 44],
      [52, 44],
      [52, 68],
      [12, 68],
      [12, 44],
    ],
    ink,
  ) +
  rect(25, 50, 14, 18, cut) +
  circle(76, 36, 14, ink) +
  rect(73, 44, 6, 24, ink) +
  polygon(
    [
      [4, 72],
      [96, 72],
      [96, 92],
      [4, 92],
    ],
    ink,
    { opacity: 0.4 },
  ) +
  polyline(
    [
      [10, 92],
      [30, 74],
    ],
    cut,
    4,
  ) +
  polyline(
    [
      [34, 92],
      [44, 74],
    ],
    cut,
    4,
  ) +
  polyline(
    [
      [58, 92],
      [58, 74],
    ],
    cut,
    4,
  ) +
  polyline(
    [
      [82, 92],
      [72, 74],
    ],
    cut,
    4,
  );

const studio: Glyph = (ink, cut) =>
  rect(14, 22, 72, 66, ink, { rx: 4 }) +
  rect(22, 30, 56, 26, cut) +
  line(50, 30, 50, 56, ink, 3) +
  rect(26, 64, 48, 14, cut, { rx: 4 }) +
  rect(30, 60, 40, 8, cut, { rx: 3 }) +
  rect(8, 88, 84, 4, ink, { rx: 2 });

const CATEGORY_GLYPHS: Array<[RegExp, Glyph]> = [
  [/pent/, penthouse],
  [/studio|1\s*rk|room/, studio],
  [/farm|agri/, farmhouse],
  [/ware|godown|industr|factory|storage/, warehouse],
  [/shop|retail|showroom|store|commercial/, shop],
  [/office|cowork|co-work|business/, office],
  [/plot|land/, plot],
  [/villa|bungalow/, villa],
  [/apartment|flat|condo|tower|builder floor/, apartment],
  [/house|home|independent|row/, house],
];

export function categoryGlyph(label: string): Glyph {
  const lower = label.toLowerCase();
  return CATEGORY_GLYPHS.find(([pattern]) => pattern.test(lower))?.[1] ?? house;
}

// --- Outdoor facilities ----------------------------------------------------------------------------

const school: Glyph = (ink) =>
  polygon(
    [
      [50, 18],
      [94, 38],
      [50, 58],
      [6, 38],
    ],
    ink,
  ) +
  path('M24 48 v18 c0 8 52 8 52 0 v-18 l-26 12 Z', ink) +
  line(86, 42, 86, 66, ink, 4) +
  circle(86, 70, 5, ink);

const hospital: Glyph = (ink, cut) => rect(12, 12, 76, 76, ink, { rx: 16 }) + rect(42, 24, 16, 52, cut, { rx: 3 }) + rect(24, 42, 52, 16, cut, { rx: 3 });

const metro: Glyph = (ink, cut) =>
  rect(22, 10, 56, 64, ink, { rx: 14 }) +
  rect(30, 20, 40, 24, cut, { rx: 4 }) +
  circle(34, 58, 5, cut) +
  circle(66, 58, 5, cut) +
  line(32, 76, 22, 92, ink, 6) +
  line(68, 76, 78, 92, ink, 6) +
  line(26, 86, 74, 86, ink, 4);

const bus: Glyph = (ink, cut) =>
  rect(18, 10, 64, 70, ink, { rx: 10 }) +
  rect(26, 20, 48, 28, cut, { rx: 3 }) +
  rect(30, 13, 40, 4, cut, { rx: 2 }) +
  circle(30, 64, 5, cut) +
  circle(70, 64, 5, cut) +
  rect(24, 78, 12, 12, ink, { rx: 3 }) +
  rect(64, 78, 12, 12, ink, { rx: 3 });

const airport: Glyph = (ink) =>
  path('M50 6 c5 0 7 6 7 12 v22 l33 20 v9 l-33 -10 v20 l10 8 v7 l-17 -5 l-17 5 v-7 l10 -8 v-20 l-33 10 v-9 l33 -20 v-22 c0 -6 2 -12 7 -12 Z', ink);

const mall: Glyph = (ink, cut) =>
  path('M18 32 h64 l-5 58 h-54 Z', ink) + path('M36 40 v-12 a14 14 0 0 1 28 0 v12', 'none', stroke(ink, 6)) + circle(36, 42, 3.5, cut) + circle(64, 42, 3.5, cut);

const park: Glyph = (ink) =>
  circle(50, 34, 24, ink) +
  circle(32, 46, 16, ink) +
  circle(68, 46, 16, ink) +
  rect(46, 52, 8, 34, ink) +
  rect(12, 86, 76, 5, ink, { rx: 2 });

const gym: Glyph = (ink) =>
  rect(8, 38, 10, 24, ink, { rx: 3 }) +
  rect(18, 28, 12, 44, ink, { rx: 3 }) +
  rect(70, 28, 12, 44, ink, { rx: 3 }) +
  rect(82, 38, 10, 24, ink, { rx: 3 }) +
  rect(30, 46, 40, 8, ink);

const bank: Glyph = (ink) => {
  let out = polygon(
    [
      [50, 8],
      [92, 30],
      [8, 30],
    ],
    ink,
  );
  out += rect(10, 32, 80, 6, ink);
  for (const x of [16, 34, 52, 70]) out += rect(x + 2, 42, 10, 34, ink);
  return out + rect(8, 80, 84, 10, ink, { rx: 2 });
};

const restaurant: Glyph = (ink) =>
  path('M28 10 v24 a8 8 0 0 0 6 8 v46 h8 v-46 a8 8 0 0 0 6 -8 v-24 h-4 v22 h-4 v-22 h-4 v22 h-4 v-22 Z', ink) +
  path('M64 10 c10 4 14 20 10 40 h-4 v38 h-8 v-78 Z', ink);

const temple: Glyph = (ink, cut) =>
  path('M50 14 c-4 10 -20 22 -22 44 h44 c-2 -22 -18 -34 -22 -44 Z', ink) +
  line(50, 4, 50, 16, ink, 3) +
  polygon(
    [
      [51, 4],
      [64, 8],
      [51, 12],
    ],
    ink,
  ) +
  rect(18, 58, 64, 8, ink) +
  rect(22, 66, 56, 22, ink) +
  path('M42 88 v-12 a8 8 0 0 1 16 0 v12 Z', cut) +
  rect(12, 88, 76, 5, ink, { rx: 2 });

const beach: Glyph = (ink) =>
  path('M14 44 a36 30 0 0 1 72 0 Z', ink) +
  line(50, 44, 50, 76, ink, 5) +
  path('M6 82 q11 -8 22 0 t22 0 t22 0 t22 0', 'none', stroke(ink, 5)) +
  path('M6 93 q11 -8 22 0 t22 0 t22 0 t22 0', 'none', stroke(ink, 5));

const railway: Glyph = (ink, cut) =>
  rect(20, 8, 60, 66, ink, { rx: 8 }) +
  rect(28, 16, 18, 20, cut, { rx: 2 }) +
  rect(54, 16, 18, 20, cut, { rx: 2 }) +
  rect(26, 46, 48, 5, cut) +
  circle(32, 62, 5, cut) +
  circle(68, 62, 5, cut) +
  line(30, 76, 14, 94, ink, 5) +
  line(70, 76, 86, 94, ink, 5) +
  line(24, 86, 76, 86, ink, 4);

const pharmacy: Glyph = (ink, cut) =>
  path('M20 62 l30 -30 a15 15 0 0 1 21 21 l-30 30 a15 15 0 0 1 -21 -21 Z', ink) + line(35, 47, 56, 68, cut, 4) + circle(74, 22, 10, ink);

const police: Glyph = (ink, cut) =>
  path('M50 6 l36 12 v26 c0 24 -16 40 -36 48 c-20 -8 -36 -24 -36 -48 v-26 Z', ink) +
  polygon(
    [
      [50, 26],
      [56, 40],
      [71, 40],
      [59, 49],
      [63, 64],
      [50, 55],
      [37, 64],
      [41, 49],
      [29, 40],
      [44, 40],
    ],
    cut,
  );

const fuel: Glyph = (ink, cut) =>
  rect(16, 14, 44, 76, ink, { rx: 6 }) + rect(24, 22, 28, 20, cut, { rx: 3 }) + path('M60 36 h10 l8 8 v34 a6 6 0 0 1 -12 0 v-22 h-6', 'none', stroke(ink, 5)) + rect(10, 86, 56, 6, ink, { rx: 2 });

const atm: Glyph = (ink, cut) => rect(8, 22, 84, 56, ink, { rx: 8 }) + rect(8, 34, 84, 10, cut) + rect(18, 56, 26, 8, cut, { rx: 2 });

const cinema: Glyph = (ink, cut) =>
  rect(10, 38, 80, 50, ink, { rx: 4 }) +
  path('M10 30 l76 -18 l3 12 l-76 18 Z', ink) +
  polygon(
    [
      [42, 50],
      [62, 63],
      [42, 76],
    ],
    cut,
  );

const worship: Glyph = (ink, cut) =>
  path('M22 56 a28 28 0 0 1 56 0 Z', ink) + rect(18, 56, 64, 32, ink) + path('M42 88 v-14 a8 8 0 0 1 16 0 v14 Z', cut) + line(50, 10, 50, 28, ink, 4) + circle(50, 10, 4, ink);

const pin: Glyph = (ink, cut) => path('M50 92 c-18 -22 -32 -38 -32 -56 a32 32 0 0 1 64 0 c0 18 -14 34 -32 56 Z', ink) + circle(50, 36, 12, cut);

const FACILITY_GLYPHS: Array<[RegExp, Glyph]> = [
  [/school|college|universit|institute|academy|education/, school],
  [/hospital|clinic|medical|health|nursing/, hospital],
  [/metro|subway|tram/, metro],
  [/bus/, bus],
  [/air/, airport],
  [/mall|shopping|market|supermarket|grocery/, mall],
  [/park|garden|playground/, park],
  [/gym|fitness|sport|stadium/, gym],
  [/atm/, atm],
  [/bank/, bank],
  [/restaurant|cafe|food|dining/, restaurant],
  [/temple|mandir/, temple],
  [/mosque|church|gurudwara|worship/, worship],
  [/beach|sea|lake/, beach],
  [/rail|train|station/, railway],
  [/pharmac|chemist|medicine/, pharmacy],
  [/police/, police],
  [/petrol|fuel|gas/, fuel],
  [/cinema|theatre|theater|multiplex/, cinema],
];

export function facilityGlyph(name: string): Glyph {
  const lower = name.toLowerCase();
  return FACILITY_GLYPHS.find(([pattern]) => pattern.test(lower))?.[1] ?? pin;
}

// --- Listing parameters ------------------------------------------------------------------------

const bed: Glyph = (ink, cut) =>
  rect(8, 24, 8, 64, ink, { rx: 3 }) +
  rect(8, 58, 84, 14, ink, { rx: 3 }) +
  rect(84, 58, 8, 30, ink, { rx: 3 }) +
  rect(20, 44, 22, 14, ink, { rx: 6 }) +
  rect(46, 40, 44, 18, ink, { rx: 6, opacity: 0.75 }) +
  rect(8, 72, 84, 3, cut);

const bathtub: Glyph = (ink) =>
  path('M8 50 h84 v10 a22 22 0 0 1 -22 22 h-40 a22 22 0 0 1 -22 -22 Z', ink) +
  path('M20 50 v-30 a10 10 0 0 1 20 0', 'none', stroke(ink, 5)) +
  rect(34, 20, 12, 6, ink, { rx: 2 }) +
  line(28, 82, 22, 92, ink, 5) +
  line(72, 82, 78, 92, ink, 5);

const sofa: Glyph = (ink, cut) =>
  rect(20, 26, 60, 30, ink, { rx: 8 }) +
  rect(8, 44, 18, 36, ink, { rx: 6 }) +
  rect(74, 44, 18, 36, ink, { rx: 6 }) +
  rect(24, 56, 52, 20, ink, { rx: 4 }) +
  line(50, 58, 50, 76, cut, 3) +
  rect(14, 80, 6, 10, ink) +
  rect(80, 80, 6, 10, ink);

const layers: Glyph = (ink) =>
  polygon(
    [
      [50, 10],
      [92, 30],
      [50, 50],
      [8, 30],
    ],
    ink,
  ) +
  path('M8 48 l42 20 l42 -20', 'none', stroke(ink, 7)) +
  path('M8 66 l42 20 l42 -20', 'none', stroke(ink, 7));

const area: Glyph = (ink) =>
  rect(26, 26, 48, 48, 'none', { ...stroke(ink, 5), 'stroke-dasharray': '8 6' }) +
  path('M10 30 v-20 h20 M70 10 h20 v20 M90 70 v20 h-20 M30 90 h-20 v-20', 'none', stroke(ink, 7));

const ruler: Glyph = (ink, cut) => {
  let out = rect(8, 34, 84, 32, ink, { rx: 4 });
  for (let i = 0; i < 8; i += 1) out += rect(16 + i * 9, 34, 3, i % 2 === 0 ? 16 : 10, cut);
  return out;
};

const lamp: Glyph = (ink) => polygon([[30, 12], [70, 12], [82, 46], [18, 46]], ink) + rect(46, 46, 8, 34, ink) + rect(28, 80, 44, 8, ink, { rx: 3 });

const compass: Glyph = (ink, cut) =>
  circle(50, 50, 42, ink) +
  circle(50, 50, 34, cut) +
  polygon(
    [
      [50, 20],
      [60, 50],
      [50, 80],
      [40, 50],
    ],
    ink,
  ) +
  circle(50, 50, 5, cut);

const parking: Glyph = (ink, cut) => rect(10, 10, 80, 80, ink, { rx: 16 }) + path('M36 76 v-52 h18 a15 15 0 0 1 0 30 h-18', 'none', stroke(cut, 9));

const balcony: Glyph = (ink) => {
  let out = rect(22, 8, 56, 40, 'none', stroke(ink, 5)) + line(50, 8, 50, 48, ink, 4);
  out += rect(8, 52, 84, 6, ink, { rx: 2 }) + rect(8, 84, 84, 6, ink, { rx: 2 });
  for (let x = 14; x < 92; x += 12) out += rect(x, 58, 5, 26, ink);
  return out;
};

const calendar: Glyph = (ink, cut) =>
  rect(10, 18, 80, 72, ink, { rx: 8 }) + rect(18, 38, 64, 44, cut, { rx: 3 }) + rect(26, 8, 8, 18, ink, { rx: 3 }) + rect(66, 8, 8, 18, ink, { rx: 3 }) + windows(24, 44, 4, 3, 9, 8, 5, 5, ink);

const sparkle: Glyph = (ink) =>
  path('M42 8 l8 26 l26 8 l-26 8 l-8 26 l-8 -26 l-26 -8 l26 -8 Z', ink) + path('M76 56 l4 12 l12 4 l-12 4 l-4 12 l-4 -12 l-12 -4 l12 -4 Z', ink);

const stairs: Glyph = (ink) => path('M8 90 v-18 h20 v-18 h20 v-18 h20 v-18 h24 v72 Z', ink);

const toilet: Glyph = (ink) => rect(16, 10, 30, 34, ink, { rx: 4 }) + path('M16 48 h68 a34 22 0 0 1 -34 30 h-4 l4 14 h-22 l4 -16 a34 22 0 0 1 -16 -28 Z', ink);

const height: Glyph = (ink) =>
  line(50, 16, 50, 84, ink, 6) +
  polygon(
    [
      [50, 4],
      [64, 22],
      [36, 22],
    ],
    ink,
  ) +
  polygon(
    [
      [50, 96],
      [64, 78],
      [36, 78],
    ],
    ink,
  ) +
  rect(8, 4, 24, 6, ink) +
  rect(8, 90, 24, 6, ink) +
  rect(68, 4, 24, 92, ink, { opacity: 0.3, rx: 4 });

const PARAMETER_GLYPHS: Array<[RegExp, Glyph]> = [
  [/bed/, bed],
  [/washroom|toilet/, toilet],
  [/bath/, bathtub],
  [/living|sofa|hall/, sofa],
  [/floor number|storey|level/, stairs],
  [/floor/, layers],
  [/plot/, area],
  [/carpet/, ruler],
  [/area|size/, area],
  [/furnish/, lamp],
  [/facing|direction/, compass],
  [/parking|garage/, parking],
  [/balcon/, balcony],
  [/age|year|built/, calendar],
  [/amenit|feature/, sparkle],
  [/ceiling|height/, height],
];

export function parameterGlyph(name: string): Glyph {
  const lower = name.toLowerCase();
  return PARAMETER_GLYPHS.find(([pattern]) => pattern.test(lower))?.[1] ?? sparkle;
}

export { house as houseGlyph };
