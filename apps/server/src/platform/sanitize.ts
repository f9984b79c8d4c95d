import sanitizeHtml from 'sanitize-html';

/**
 * HTML an admin writes (articles, about / terms / privacy) is shown to every visitor as HTML, so
 * it is cleaned when it is stored, with an allow-list: the tags a rich-text editor makes, links
 * to http(s), mail and phone only, pictures from http(s) only, no `style`, no `class`, no event
 * handler, no script, frame, form or embedded SVG. Whatever is not on the list goes (a script's
 * or style's contents too); the text of other unknown tags stays as text.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'sub', 'sup', 'mark',
    'blockquote', 'ul', 'ol', 'li', 'a', 'img', 'code', 'pre', 'hr',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'figure', 'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'title', 'head'],
  transformTags: {
    // A link that opens a new tab cannot reach back to this page, and lends no ranking.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer nofollow', ...(attribs.target ? { target: '_blank' } : {}) },
    }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT).trim();
}

/** The text of sanitised HTML, to tell an empty body from one with words or pictures. */
export function hasContent(html: string): boolean {
  return /<img\b/i.test(html) || sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim() !== '';
}

const SVG_TAGS = [
  'svg', 'g', 'path', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'rect', 'defs', 'linearGradient', 'radialGradient',
  'stop', 'clipPath', 'mask', 'symbol', 'use', 'title', 'desc', 'text', 'tspan',
];
const SVG_ATTRIBUTES = [
  'viewBox', 'width', 'height', 'x', 'y', 'x1', 'x2', 'y1', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'd', 'points', 'fill', 'fill-rule', 'fill-opacity',
  'clip-rule', 'clip-path', 'mask', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray',
  'stroke-dashoffset', 'stroke-opacity', 'opacity', 'transform', 'id', 'offset', 'stop-color', 'stop-opacity', 'gradientUnits',
  'gradientTransform', 'spreadMethod', 'fx', 'fy', 'preserveAspectRatio', 'xmlns', 'xmlns:xlink', 'version', 'href', 'xlink:href',
  'font-size', 'font-family', 'font-weight', 'text-anchor', 'dominant-baseline', 'clipPathUnits', 'maskUnits', 'maskContentUnits',
  'vector-effect', 'color',
];

/**
 * An uploaded SVG icon, cleaned before it is stored (it is served from this site's origin, and
 * clients fetch icons to recolour them): only drawing elements and presentation attributes; no
 * script, `foreignObject`, `style`, event handler or animation; references (`href`, `url(…)`)
 * only to the icon's own parts (`#id`), never to another file or site. Answers null when what
 * is left is not an SVG drawing.
 */
export function sanitizeSvg(svg: string): string | null {
  const cleaned = sanitizeHtml(svg, {
    allowedTags: SVG_TAGS,
    allowedAttributes: { '*': SVG_ATTRIBUTES },
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: [],
    nonTextTags: ['script', 'style', 'foreignObject', 'iframe', 'noscript', 'textarea'],
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
    transformTags: {
      '*': (tagName, attribs) => {
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(attribs)) {
          if ((name === 'href' || name === 'xlink:href') && !/^#[\w.-]+$/.test(value.trim())) continue;
          // url(#id) points inside the icon; any other url(…) would fetch something.
          if (/url\s*\(/i.test(value) && !/^\s*url\(\s*['"]?#[\w.-]+['"]?\s*\)\s*$/i.test(value)) continue;
          if (/javascript:|data:|&#|\\/i.test(value)) continue;
          kept[name] = value;
        }
        // Served as image/svg+xml, the drawing needs its namespaces declared.
        if (tagName === 'svg') Object.assign(kept, { xmlns: 'http://www.w3.org/2000/svg', 'xmlns:xlink': 'http://www.w3.org/1999/xlink' });
        return { tagName, attribs: kept };
      },
    },
  }).trim();
  const drawing = /<(path|circle|ellipse|line|polyline|polygon|rect|use|text)[\s>]/.test(cleaned);
  return /^<svg[\s>]/.test(cleaned) && cleaned.endsWith('</svg>') && drawing ? cleaned : null;
}

/** Whether bytes look like an SVG document (rather than a bitmap). */
export function looksLikeSvg(data: Buffer): boolean {
  const head = data.subarray(0, 1024).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  return head.startsWith('<') && /<svg[\s>]/i.test(data.toString('utf8'));
}
