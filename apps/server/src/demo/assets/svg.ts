/** Tiny string builders for SVG markup. Coordinates are rounded to keep documents small. */

export type Attributes = Record<string, string | number | undefined>;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  // Control characters other than tab/newline are not allowed in XML 1.0 at all.
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

export function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function formatAttributes(attributes: Attributes): string {
  let out = '';
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined) continue;
    out += ` ${key}="${typeof value === 'number' ? round(value) : escapeXml(value)}"`;
  }
  return out;
}

export function element(tag: string, attributes: Attributes, children?: string): string {
  return children === undefined ? `<${tag}${formatAttributes(attributes)}/>` : `<${tag}${formatAttributes(attributes)}>${children}</${tag}>`;
}

export function rect(x: number, y: number, width: number, height: number, fill: string, extra: Attributes = {}): string {
  return element('rect', { x, y, width: Math.max(0, width), height: Math.max(0, height), fill, ...extra });
}

export function circle(cx: number, cy: number, r: number, fill: string, extra: Attributes = {}): string {
  return element('circle', { cx, cy, r: Math.max(0, r), fill, ...extra });
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra: Attributes = {}): string {
  return element('ellipse', { cx, cy, rx: Math.max(0, rx), ry: Math.max(0, ry), fill, ...extra });
}

export function line(x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, extra: Attributes = {}): string {
  return element('line', { x1, y1, x2, y2, stroke, 'stroke-width': width, ...extra });
}

export function polygon(points: ReadonlyArray<readonly [number, number]>, fill: string, extra: Attributes = {}): string {
  return element('polygon', { points: points.map(([x, y]) => `${round(x)},${round(y)}`).join(' '), fill, ...extra });
}

export function polyline(points: ReadonlyArray<readonly [number, number]>, stroke: string, width: number, extra: Attributes = {}): string {
  return element('polyline', {
    points: points.map(([x, y]) => `${round(x)},${round(y)}`).join(' '),
    fill: 'none',
    stroke,
    'stroke-width': width,
    ...extra,
  });
}

export function path(d: string, fill: string, extra: Attributes = {}): string {
  return element('path', { d, fill, ...extra });
}

export function group(children: string, extra: Attributes = {}): string {
  return element('g', extra, children);
}

export type TextOptions = {
  size: number;
  fill: string;
  weight?: number;
  anchor?: 'start' | 'middle' | 'end';
  opacity?: number;
  letterSpacing?: number;
};

export function text(x: number, y: number, content: string, options: TextOptions): string {
  return element(
    'text',
    {
      x,
      y,
      'font-family': 'sans-serif',
      'font-size': options.size,
      'font-weight': options.weight ?? 400,
      fill: options.fill,
      'text-anchor': options.anchor ?? 'start',
      opacity: options.opacity,
      'letter-spacing': options.letterSpacing,
    },
    escapeXml(content),
  );
}

export function linearGradient(id: string, stops: ReadonlyArray<readonly [number, string]>, vertical = true): string {
  return element(
    'linearGradient',
    { id, x1: 0, y1: 0, x2: vertical ? 0 : 1, y2: vertical ? 1 : 0 },
    stops.map(([offset, colour]) => element('stop', { offset, 'stop-color': colour })).join(''),
  );
}

export function document(width: number, height: number, body: string, defs = ''): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    (defs ? `<defs>${defs}</defs>` : '') +
    body +
    '</svg>'
  );
}

/** Rough advance width of sans-serif text, in ems per character; wide enough to avoid overflow. */
export function estimateTextWidth(content: string, size: number, isBold = false): number {
  let ems = 0;
  for (const c of content) {
    if (c === ' ') ems += 0.32;
    else if ('iljtf.,:;!|\'"()[]'.includes(c)) ems += 0.34;
    else if ('mwMW@%'.includes(c)) ems += 0.9;
    else if (c >= 'A' && c <= 'Z') ems += 0.7;
    else ems += 0.6;
  }
  return ems * size * (isBold ? 1.12 : 1);
}

/** Greedy word wrap against an estimated width; words longer than a line are kept whole. */
export function wrapText(content: string, maxWidth: number, size: number, isBold = false): string[] {
  const words = content.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && estimateTextWidth(candidate, size, isBold) > maxWidth) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/**
 * Wraps text into at most `maxLines`, shrinking the font from `size` down to `minSize` first;
 * if it still does not fit, the last line is cut with an ellipsis.
 */
export function fitText(
  content: string,
  maxWidth: number,
  size: number,
  minSize: number,
  maxLines: number,
  isBold = false,
): { lines: string[]; size: number } {
  for (let current = size; current >= minSize; current -= 2) {
    const lines = wrapText(content, maxWidth, current, isBold);
    if (lines.length <= maxLines && lines.every((l) => estimateTextWidth(l, current, isBold) <= maxWidth)) {
      return { lines, size: current };
    }
  }
  const lines = wrapText(content, maxWidth, minSize, isBold);
  const kept = lines.slice(0, maxLines);
  if (lines.length > maxLines || kept.some((l) => estimateTextWidth(l, minSize, isBold) > maxWidth)) {
    let last = kept[kept.length - 1];
    while (last.length > 1 && estimateTextWidth(`${last}…`, minSize, isBold) > maxWidth) last = last.slice(0, -1);
    kept[kept.length - 1] = `${last.trimEnd()}…`;
  }
  return { lines: kept, size: minSize };
}

/** Initials for avatars: first letters of the first and last words. */
export function initialsOf(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  const first = [...words[0]][0] ?? '';
  const last = words.length > 1 ? ([...words[words.length - 1]][0] ?? '') : '';
  return (first + last).toUpperCase();
}
