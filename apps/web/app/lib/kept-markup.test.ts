import { createElement as h, Fragment, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { rewrittenRenderToString } from '../../build-tools/rewritten-react-dom.ts';
import { KeptMarkup } from './kept-markup.ts';
import { renderWhole, wholeFrom } from './render-whole.ts';

type Card = { id: number; title: string };
type Site = { currency: string };

/** How many times each card's inside was rendered. */
const renders = new Map<number, number>();

function Inside({ card, site }: { card: Card; site: Site }) {
  renders.set(card.id, (renders.get(card.id) ?? 0) + 1);
  // Adjacent text (React separates it with comments), an attribute to escape, a nested element of the same tag.
  return h(
    Fragment,
    null,
    h('h3', { title: `"${card.title}" <${card.id}>` }, card.title, ' · ', card.id, ' rooms'),
    h('p', null, `${site.currency} 45,00,000`),
    h('article', { className: 'inner' }, h('article', null, 'deeper'), 'after'),
  );
}

function Card({ card, site, urgent = false }: { card: Card; site: Site; urgent?: boolean }) {
  return h(KeptMarkup, { as: 'article', of: card, by: urgent ? undefined : site, variant: 'card', className: 'card "x"', children: h(Inside, { card, site }) });
}

const page = (cards: Card[], site: Site, extra: ReactNode = null) =>
  h('html', { lang: 'en' }, h('head', null, h('title', null, 'Results')), h('body', null, h('ul', null, ...cards.map((card, i) => h('li', { key: card.id }, h(Card, { card, site, urgent: i === 0 })))), extra));

/** The page as React renders it with nothing kept: React DOM's own renderToString, no page rendering whole. */
const plain = (element: ReactNode) => `<!DOCTYPE html>${renderToString(element)}`;

describe('kept markup', () => {
  const rendered = rewrittenRenderToString('development');
  const whole = (element: ReactNode) => wholeFrom(rendered, element)?.toString();

  it("writes a card's kept inside on the next page, the same bytes as rendering it, and renders it no more", () => {
    const site = { currency: '₹' };
    const cards = [1, 2, 3].map((id) => ({ id, title: `Flat ${id} & "garden"` }));
    const text = h('p', null, 'data-kept-markup', ' data-kept-markup="1"');
    const expected = plain(page(cards, site, text));
    renders.clear();
    expect(whole(page(cards, site, text))).toBe(expected);
    expect(Object.fromEntries(renders)).toEqual({ 1: 1, 2: 1, 3: 1 });
    expect(expected).not.toContain('data-kept-markup="');
    renders.clear();
    expect(whole(page(cards, site, text))).toBe(expected);
    // The first card (its picture preloaded) is rendered every time; the others were kept.
    expect(Object.fromEntries(renders)).toEqual({ 1: 1 });
    // A card in another place on another page: the same inside.
    renders.clear();
    const moved = [cards[0], cards[2]];
    expect(whole(page(moved, site))).toBe(plain(page(moved, site)));
    expect(renders.get(3)).toBe(1);
  });

  it('renders a card again for other site settings, and for another object with the same content', () => {
    const cards = [0, 4].map((id) => ({ id, title: `House ${id}` }));
    const rupees = { currency: '₹' };
    whole(page(cards, rupees));
    renders.clear();
    const dirhams = { currency: 'AED' };
    const inDirhams = whole(page(cards, dirhams));
    expect(inDirhams).toBe(plain(page(cards, dirhams)));
    expect(inDirhams).toContain('AED 45,00,000');
    expect(renders.get(4)).toBe(2);
    renders.clear();
    const copies = cards.map((card) => ({ ...card }));
    expect(whole(page(copies, dirhams))).toBe(plain(page(copies, dirhams)));
    expect(renders.get(4)).toBe(2);
  });

  it('keeps nothing outside a page rendered whole, and takes the marks out of a page in one string', () => {
    const site = { currency: '₹' };
    const cards = [10, 11].map((id) => ({ id, title: `Plot ${id}` }));
    renders.clear();
    // React DOM not rewritten (`vite dev`): the page comes in one string.
    expect(renderWhole(page(cards, site))?.toString()).toBe(plain(page(cards, site)));
    expect(renderWhole(page(cards, site))?.toString()).toBe(plain(page(cards, site)));
    expect(renders.get(11)).toBe(4);
    // Rendered as anywhere else (a streamed page, the browser): the children, unmarked.
    expect(renderToString(h(Card, { card: cards[1], site }))).not.toContain('data-kept-markup');
  });
});
