import path from 'node:path';
import { createElement as h, Suspense, use, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWhole, wholeFrom } from '../app/lib/render-whole.ts';
import { renderInParts } from './render-in-parts.ts';
import { cjs, legacyServers, rewrittenRenderToString, run } from './rewritten-react-dom.ts';

const documentOf = (body: ReactNode) => h('html', { lang: 'en' }, h('head', null, h('title', null, 'A listing')), h('body', null, body));
const never = new Promise<never>(() => {});
function Waits(): ReactNode {
  return use(never);
}

describe('renderInParts', () => {
  it("rewrites every build of React DOM's legacy server renderer", () => {
    expect(legacyServers.length).toBeGreaterThanOrEqual(4);
    for (const { code } of run(legacyServers)) {
      expect(code).toContain('parts = options && Array.isArray(options.parts) ? options.parts : null,');
      expect(code).toContain('null !== chunk && (parts !== null ? parts.push(chunk) : (result += chunk));');
    }
  });

  it('hands over the pieces when asked, and the same page as one string when not', () => {
    const renderToString = rewrittenRenderToString();
    const page = documentOf(h('main', null, h('h1', null, '3 BHK flat, ₹ 45,00,000'), h('p', { className: 'a "quoted" <value>' }, 'हिन्दी · العربية')));
    const parts: string[] = [];
    expect(renderToString(page, { parts })).toBe('');
    expect(parts.length).toBeGreaterThan(10);
    expect(parts.join('')).toBe(renderToString(page));
    expect(renderToString(page)).toBe(renderWhole(page)?.toString().replace('<!DOCTYPE html>', ''));
  });

  it('makes renderWhole write the same bytes from the pieces as from one string, however long the page', () => {
    const renderToString = rewrittenRenderToString();
    const pages = [
      documentOf(h('p', null, 'A flat in Pune')),
      // Two bytes a character and past 64K characters: the pages this is for.
      documentOf(h('ul', null, ...Array.from({ length: 3_000 }, (_, i) => h('li', { key: i }, `₹ ${i} लाख — العربية`)))),
      // Past the scratch buffer's 4 MB: encoded apart.
      documentOf(h('p', null, '₹'.repeat(1_500_000))),
      h('p', null, 'not a document'),
    ];
    for (const page of pages) {
      const fromPieces = wholeFrom(renderToString, page);
      expect(fromPieces?.equals(renderWhole(page)!)).toBe(true);
    }
    expect(wholeFrom(renderToString, pages[1])?.subarray(0, 20).toString()).toBe('<!DOCTYPE html><html');
    expect(wholeFrom(renderToString, pages[3])?.toString()).toBe('<p>not a document</p>');
    // A part the browser would render: null, as from one string.
    expect(wholeFrom(renderToString, documentOf(h(Suspense, { fallback: 'Loading…' }, h(Waits))))).toBeNull();
  });

  it('leaves every other file as it is', () => {
    const transform = renderInParts().transform as (this: unknown, code: string, id: string) => unknown;
    expect(transform.call({}, 'let result = "";', path.join(cjs, 'react-dom-server.node.production.js'))).toBeNull();
    expect(transform.call({}, 'let result = "";', '/app/lib/render-whole.ts')).toBeNull();
  });

  it('fails the build when a React DOM release words either place otherwise', () => {
    const [file] = legacyServers.filter((f) => f.id.endsWith('node.production.js'));
    expect(() => run([{ ...file, code: file.code.replace('null !== chunk && (result += chunk);', 'chunk !== null && (result += chunk);') }])).toThrow(/each piece pushed onto them.*update the rewrite/);
    expect(() => run([{ ...file, code: file.code.replace(/result = "",(\s*)readyToStream = !1;/, 'result = "";$1var readyToStream = !1;') }])).toThrow(/the parts from the options.*update the rewrite/);
  });

  it("fails the server's build without the node renderer, and not the browser's", () => {
    const others = legacyServers.filter((f) => !f.id.endsWith('node.production.js'));
    expect(() => run(others)).toThrow(/found no React DOM legacy server renderer/);
    expect(() => run(others, 'client')).not.toThrow();
  });
});
