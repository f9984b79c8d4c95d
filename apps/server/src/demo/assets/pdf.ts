/**
 * A minimal hand-written PDF 1.4 writer for brochures and documents: A4 pages, the built-in
 * Helvetica fonts (so nothing is embedded), word-wrapped paragraphs and a correct xref table.
 */

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 56;
const BODY_SIZE = 11;
const BODY_LEADING = 16;
const PARAGRAPH_GAP = 8;
const TITLE_SIZE = 22;
const TITLE_LEADING = 27;
const HEADER_HEIGHT = 8;
const FOOTER_Y = 32;

// Advance widths (1/1000 em) for WinAnsi codes 32–126, from the standard Helvetica AFM metrics.
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584,
  556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278,
  469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260,
  334, 584,
];
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584,
  611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333,
  584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280,
  389, 584,
];

// Characters outside Latin-1 that WinAnsiEncoding places in 0x80–0x9f, with their widths.
const WIN_ANSI_EXTRAS: Record<string, [number, number]> = {
  '€': [0x80, 556],
  '‚': [0x82, 222],
  '„': [0x84, 333],
  '…': [0x85, 1000],
  '†': [0x86, 556],
  '‡': [0x87, 556],
  '‰': [0x89, 1000],
  '‹': [0x8b, 333],
  '‘': [0x91, 222],
  '’': [0x92, 222],
  '“': [0x93, 333],
  '”': [0x94, 333],
  '•': [0x95, 350],
  '–': [0x96, 556],
  '—': [0x97, 1000],
  '™': [0x99, 1000],
  '›': [0x9b, 333],
};

// Common characters Helvetica cannot show, mapped to something readable.
const SUBSTITUTES: Record<string, string> = { '₹': 'Rs. ', '×': 'x', '≈': '~', '→': '->', '←': '<-', '≤': '<=', '≥': '>=', '\u00a0': ' ', '\u2009': ' ', '\u202f': ' ' };

type Font = 'regular' | 'bold';

function normalise(text: string): string {
  let out = '';
  for (const c of text.normalize('NFC')) out += SUBSTITUTES[c] ?? c;
  return out;
}

function encodeChar(c: string): number {
  const code = c.codePointAt(0) ?? 63;
  if (code >= 32 && code <= 126) return code;
  if (WIN_ANSI_EXTRAS[c]) return WIN_ANSI_EXTRAS[c][0];
  if (code >= 0xa0 && code <= 0xff) return code;
  return 63; // '?'
}

function charWidth(c: string, font: Font): number {
  const code = c.codePointAt(0) ?? 63;
  const table = font === 'bold' ? HELVETICA_BOLD : HELVETICA;
  if (code >= 32 && code <= 126) return table[code - 32];
  if (WIN_ANSI_EXTRAS[c]) return WIN_ANSI_EXTRAS[c][1];
  if (code >= 0xa0 && code <= 0xff) return 556;
  return table['?'.charCodeAt(0) - 32];
}

export function measurePdfText(text: string, font: Font, size: number): number {
  let width = 0;
  for (const c of normalise(text)) width += charWidth(c, font);
  return (width * size) / 1000;
}

/** Word wrap against real Helvetica metrics; over-long words are broken by character. */
export function wrapPdfText(text: string, font: Font, size: number, maxWidth: number): string[] {
  const words = normalise(text).split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (let word of words) {
    while (measurePdfText(word, font, size) > maxWidth) {
      let cut = word.length - 1;
      while (cut > 1 && measurePdfText(word.slice(0, cut), font, size) > maxWidth) cut -= 1;
      if (current) {
        lines.push(current);
        current = '';
      }
      lines.push(word.slice(0, cut));
      word = word.slice(cut);
    }
    const candidate = current ? `${current} ${word}` : word;
    if (current && measurePdfText(candidate, font, size) > maxWidth) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** A PDF string literal as bytes: WinAnsi-encoded with `\`, `(` and `)` escaped. */
function pdfString(text: string): Buffer {
  const bytes: number[] = [0x28];
  for (const c of normalise(text)) {
    const code = encodeChar(c);
    if (code === 0x28 || code === 0x29 || code === 0x5c) bytes.push(0x5c);
    bytes.push(code);
  }
  bytes.push(0x29);
  return Buffer.from(bytes);
}

function num(value: number): string {
  return (Math.round(value * 100) / 100).toString();
}

type Line = { text: string; font: Font; size: number; y: number };

type Page = { lines: Line[] };

/** Turns simple HTML (as in article bodies) into plain paragraphs suitable for `renderPdf`. */
export function htmlToParagraphs(html: string): string[] {
  return html
    .replace(/<li[^>]*>/gi, '\n• ')
    .replace(/<\/(p|h[1-6]|li|ul|ol|div)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .split(/\n+/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

function layOut(title: string, paragraphs: string[], subtitle: string | undefined): Page[] {
  const textWidth = PAGE_WIDTH - MARGIN * 2;
  const top = PAGE_HEIGHT - MARGIN - HEADER_HEIGHT;
  const bottom = MARGIN + 14;
  const pages: Page[] = [{ lines: [] }];
  let y = top - TITLE_SIZE;
  let page = pages[0];
  const place = (text: string, font: Font, size: number, leading: number) => {
    if (y < bottom) {
      page = { lines: [] };
      pages.push(page);
      y = top - size;
    }
    page.lines.push({ text, font, size, y });
    y -= leading;
  };
  for (const titleLine of wrapPdfText(title || 'Untitled', 'bold', TITLE_SIZE, textWidth)) place(titleLine, 'bold', TITLE_SIZE, TITLE_LEADING);
  if (subtitle) for (const subtitleLine of wrapPdfText(subtitle, 'regular', BODY_SIZE, textWidth)) place(subtitleLine, 'regular', BODY_SIZE, BODY_LEADING);
  y -= 14;
  for (const paragraph of paragraphs) {
    const isHeading = paragraph.length < 70 && !/[.!?:]$/.test(paragraph.trim()) && !paragraph.startsWith('•');
    if (isHeading) {
      // Keep a heading with at least two lines of what follows.
      if (y - BODY_LEADING * 3 < bottom) y = bottom - 1;
      for (const headingLine of wrapPdfText(paragraph, 'bold', 13, textWidth)) place(headingLine, 'bold', 13, 18);
      y -= 2;
      continue;
    }
    for (const bodyLine of wrapPdfText(paragraph, 'regular', BODY_SIZE, textWidth)) place(bodyLine, 'regular', BODY_SIZE, BODY_LEADING);
    y -= PARAGRAPH_GAP;
  }
  return pages;
}

function pageContent(page: Page, index: number, count: number, title: string): Buffer {
  const parts: Buffer[] = [];
  const push = (s: string) => parts.push(Buffer.from(s, 'latin1'));
  // Brand-coloured band across the top of every page.
  push(`q 0.06 0.46 0.43 rg 0 ${num(PAGE_HEIGHT - HEADER_HEIGHT)} ${num(PAGE_WIDTH)} ${HEADER_HEIGHT} re f Q\n`);
  for (const line of page.lines) {
    push(`BT /${line.font === 'bold' ? 'F2' : 'F1'} ${line.size} Tf ${line.font === 'bold' ? '0.1 0.12 0.15' : '0.2 0.22 0.25'} rg ${num(MARGIN)} ${num(line.y)} Td `);
    parts.push(pdfString(line.text));
    push(' Tj ET\n');
  }
  push(`q 0.8 0.82 0.85 RG 0.5 w ${num(MARGIN)} ${FOOTER_Y + 14} m ${num(PAGE_WIDTH - MARGIN)} ${FOOTER_Y + 14} l S Q\n`);
  const footer = title.length > 70 ? `${title.slice(0, 67)}...` : title;
  push(`BT /F1 8 Tf 0.45 0.47 0.5 rg ${num(MARGIN)} ${FOOTER_Y} Td `);
  parts.push(pdfString(footer));
  push(' Tj ET\n');
  const pageLabel = `Page ${index + 1} of ${count}`;
  push(`BT /F1 8 Tf 0.45 0.47 0.5 rg ${num(PAGE_WIDTH - MARGIN - measurePdfText(pageLabel, 'regular', 8))} ${FOOTER_Y} Td `);
  parts.push(pdfString(pageLabel));
  push(' Tj ET\n');
  return Buffer.concat(parts);
}

export type PdfOptions = { subtitle?: string; author?: string };

/**
 * Renders a title and plain-text paragraphs to a PDF 1.4 file. Paragraphs that are short and
 * end without punctuation are set as headings; lines starting with "•" read as list items.
 */
export function renderPdf(title: string, paragraphs: string[], options: PdfOptions = {}): Buffer {
  const pages = layOut(title, paragraphs, options.subtitle);
  const chunks: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const write = (data: string | Buffer) => {
    const buffer = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
    chunks.push(buffer);
    length += buffer.length;
  };
  const beginObject = (id: number) => {
    offsets[id] = length;
    write(`${id} 0 obj\n`);
  };
  // Object numbers: 1 catalog, 2 page tree, 3–4 fonts, 5 info, then a page and its content per page.
  const pageIds = pages.map((_, i) => 6 + i * 2);
  write('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  beginObject(1);
  write('<< /Type /Catalog /Pages 2 0 R >>\nendobj\n');
  beginObject(2);
  write(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>\nendobj\n`);
  beginObject(3);
  write('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>\nendobj\n');
  beginObject(4);
  write('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>\nendobj\n');
  beginObject(5);
  write('<< /Title ');
  write(pdfString(title));
  if (options.author) {
    write(' /Author ');
    write(pdfString(options.author));
  }
  write(' /Producer (Estate seed assets) >>\nendobj\n');
  pages.forEach((page, i) => {
    const pageId = pageIds[i];
    const content = pageContent(page, i, pages.length, title);
    beginObject(pageId);
    write(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(PAGE_WIDTH)} ${num(PAGE_HEIGHT)}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>\nendobj\n`,
    );
    beginObject(pageId + 1);
    write(`<< /Length ${content.length} >>\nstream\n`);
    write(content);
    write('\nendstream\nendobj\n');
  });
  const objectCount = 6 + pages.length * 2;
  const xrefOffset = length;
  write(`xref\n0 ${objectCount}\n0000000000 65535 f \n`);
  for (let id = 1; id < objectCount; id += 1) write(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`);
  write(`trailer\n<< /Size ${objectCount} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefOffset}\n%%EOF`);
  return Buffer.concat(chunks);
}
