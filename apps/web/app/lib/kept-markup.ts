/**
 * An element's inside rendered once on the server for the same data, then kept and written as it
 * was (issue 12, decision 30): a listing's card on a results page, the home page or a listing's
 * "similar" row is the same markup for every page that shows that card, and the cards were most of
 * those pages' elements (15 cards, some 550 of a results page's 775), so most of React's render.
 *
 * `KeptMarkup` renders its element with its children as usual, but while a page renders whole on
 * the server (`keepingMarkup`, lib/render-whole.ts), the first time it marks the element, and the
 * page's renderer takes the element's inside from the page's pieces once the page is rendered
 * (`keepMarked`); the next page writes that markup as the element's inner HTML instead of rendering
 * the children. What it is kept for is `of` — an object the page's data holds while the answers it
 * came from are kept (a card made through `sameFor`), held weakly, so the markup goes when the card
 * does — and `by`, what else the inside shows (the root loader's answer: language, texts,
 * currency), compared as the same object. The browser renders the children, and hydrates them
 * against the same markup the page would have had.
 *
 * The inside must depend on nothing else: not on the visitor (the server renders every page as a
 * visitor's), the page, its place in the tree (`useId`) or anything React adds to the document's
 * head (a preloaded picture: give `by` undefined to render it every time).
 */
import { createElement, type ReactNode } from 'react';

/** The attribute that marks an element whose inside is to be kept: only ever on the server, taken out of the page by `keepMarked`. */
const MARK = 'data-kept-markup';

interface Slot {
  of: object;
  by: object;
  variant: string;
}

/** The elements marked during the page now rendering (renders are synchronous: one at a time on a thread), or null when none renders whole. */
let marking: Slot[] | null = null;

/** Kept insides, by the object they show, then by variant; the markup is current while `by` is the same object. */
const kept = new WeakMap<object, Map<string, { by: object; html: string }>>();

/** Starts a page's render whole: `KeptMarkup` writes kept insides and marks the rest. Answers the page's marks, for `keepMarked`. */
export function keepingMarkup(): Slot[] {
  marking = [];
  return marking;
}

/** Ends it: until the next, `KeptMarkup` renders as it would anywhere. */
export function stopKeepingMarkup(): void {
  marking = null;
}

export function KeptMarkup({ as, of, by, variant, className, children }: { as: 'article'; of: object; by: object | undefined; variant: string; className: string; children: ReactNode }) {
  if (!import.meta.env.SSR || marking === null || by === undefined) return createElement(as, { className }, children);
  const inside = kept.get(of)?.get(variant);
  if (inside !== undefined && inside.by === by) return createElement(as, { className, dangerouslySetInnerHTML: { __html: inside.html } });
  const slot = marking.push({ of, by, variant }) - 1;
  return createElement(as, { className, [MARK]: slot }, children);
}

/**
 * Takes the inside of every element `marks` marked from the page's pieces (React's server renderer
 * writes an attribute as five: ' ', name, '="', value, '"'; a start tag ends with a '>' of its own,
 * an end tag is one piece) and keeps it, and takes the marks out of the page: what remains is the
 * page as it is without them. A page in one string (React DOM not rewritten: `vite dev`) only
 * loses its marks.
 */
export function keepMarked(parts: string[], marks: Slot[]): void {
  if (marks.length === 0) return;
  if (parts.length === 1) {
    parts[0] = parts[0].replace(/ data-kept-markup="\d+"/g, '');
    return;
  }
  for (let i = 1; i + 3 < parts.length; i++) {
    if (parts[i] !== MARK || parts[i - 1] !== ' ' || parts[i + 1] !== '="' || parts[i + 3] !== '"') continue;
    const mark = marks[Number(parts[i + 2])];
    parts[i - 1] = parts[i] = parts[i + 1] = parts[i + 2] = parts[i + 3] = '';
    if (mark === undefined) continue;
    const tag = elementTagBefore(parts, i);
    let start = i + 4;
    while (start < parts.length && parts[start] !== '>') start++;
    const end = tag === null ? -1 : closingTag(parts, start + 1, tag);
    if (end < 0) continue;
    let byVariant = kept.get(mark.of);
    if (byVariant === undefined) kept.set(mark.of, (byVariant = new Map()));
    byVariant.set(mark.variant, { by: mark.by, html: parts.slice(start + 1, end).join('') });
    i = end;
  }
}

/** The tag of the element whose start tag holds the attribute at `i` (its '<tag' piece, the nearest before). */
function elementTagBefore(parts: string[], i: number): string | null {
  for (let j = i - 2; j >= 0; j--) {
    const piece = parts[j];
    if (piece.startsWith('<')) return /^<[a-z][a-z0-9-]*$/.test(piece) ? piece.slice(1) : null;
  }
  return null;
}

/** The index of the end tag that closes an element of `tag` whose inside starts at `from`, counting those of the same tag inside it. */
function closingTag(parts: string[], from: number, tag: string): number {
  const open = `<${tag}`;
  const close = `</${tag}>`;
  let depth = 0;
  for (let j = from; j < parts.length; j++) {
    if (parts[j] === open) depth++;
    else if (parts[j] === close) {
      if (depth === 0) return j;
      depth--;
    }
  }
  return -1;
}
