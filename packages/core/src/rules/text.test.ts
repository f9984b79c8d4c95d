import { describe, expect, it, vi } from 'vitest';
import { slugify, stripHtml, truncate, uniqueSlug } from './text.ts';

describe('slugify', () => {
  it('lower-cases and turns spaces into hyphens', () => {
    expect(slugify('Luxury Villa In Goa')).toBe('luxury-villa-in-goa');
  });

  it('removes characters other than letters, digits, spaces and hyphens', () => {
    expect(slugify('3 BHK! @Sea-View (new)')).toBe('3-bhk-sea-view-new');
    expect(slugify('snake_case & dots.com')).toBe('snakecase-dotscom');
  });

  it('collapses repeated hyphens and whitespace', () => {
    expect(slugify('a  --  b')).toBe('a-b');
    expect(slugify('tab\tand\nnewline')).toBe('tab-and-newline');
  });

  it('trims leading and trailing hyphens and whitespace', () => {
    expect(slugify('  --Hello World--  ')).toBe('hello-world');
    expect(slugify('!!Hello!!')).toBe('hello');
  });

  it('keeps letters from other scripts, including combining marks', () => {
    expect(slugify('सुंदर घर')).toBe('सुंदर-घर');
    expect(slugify('شقة فاخرة')).toBe('شقة-فاخرة');
    expect(slugify('Café Crème')).toBe('café-crème');
  });

  it('returns an empty string when nothing is left', () => {
    expect(slugify('!!!')).toBe('');
    expect(slugify('')).toBe('');
    expect(slugify(null)).toBe('');
    expect(slugify(undefined)).toBe('');
  });

  it('is idempotent', () => {
    const once = slugify('My  Great -- Property!');
    expect(slugify(once)).toBe(once);
  });
});

describe('uniqueSlug', () => {
  it('returns the plain slug when it is free', async () => {
    await expect(uniqueSlug('Sea View', () => false)).resolves.toBe('sea-view');
  });

  it('appends -2, -3, ... while the slug is taken', async () => {
    const taken = new Set(['sea-view', 'sea-view-2']);
    await expect(uniqueSlug('Sea View', (s) => taken.has(s))).resolves.toBe('sea-view-3');
  });

  it('works with an async check and asks in order', async () => {
    const taken = new Set(['villa']);
    const isTaken = vi.fn(async (s: string) => taken.has(s));
    await expect(uniqueSlug('Villa', isTaken)).resolves.toBe('villa-2');
    expect(isTaken.mock.calls.map(([s]) => s)).toEqual(['villa', 'villa-2']);
  });

  it('falls back to "item" or a given fallback when the base has no slug', async () => {
    await expect(uniqueSlug('!!!', () => false)).resolves.toBe('item');
    await expect(uniqueSlug('', () => false, 'Property')).resolves.toBe('property');
    await expect(uniqueSlug('', (s) => s === 'project', 'project')).resolves.toBe('project-2');
  });

  it('gives up instead of looping forever when everything is taken', async () => {
    await expect(uniqueSlug('x', () => true)).rejects.toThrow(/free slug/);
  });
});

describe('truncate', () => {
  it('returns short or exact-length text unchanged, without an ellipsis', () => {
    expect(truncate('Hello', 10)).toBe('Hello');
    expect(truncate('Hello', 5)).toBe('Hello');
  });

  it('cuts longer text at the length and appends "..."', () => {
    expect(truncate('Hello world', 5)).toBe('Hello...');
    expect(truncate('abcdef', 3)).toBe('abc...');
  });

  it('drops trailing whitespace before the ellipsis', () => {
    expect(truncate('Hello world', 6)).toBe('Hello...');
  });

  it('never splits an emoji', () => {
    expect(truncate('ab😀cd', 3)).toBe('ab😀...');
  });

  it('handles null, undefined and odd lengths', () => {
    expect(truncate(null, 5)).toBe('');
    expect(truncate(undefined, 5)).toBe('');
    expect(truncate('abc', 0)).toBe('...');
    expect(truncate('abc', -1)).toBe('...');
    expect(truncate('abcdef', 2.9)).toBe('ab...');
  });
});

describe('stripHtml', () => {
  it('removes tags and collapses whitespace', () => {
    expect(stripHtml('<p>Hello <b>world</b></p>\n\n<p>Again</p>')).toBe('Hello world Again');
    expect(stripHtml('one<br/>two')).toBe('one two');
  });

  it('decodes the common entities', () => {
    expect(stripHtml('Tom &amp; Jerry &lt;3 &gt; &quot;cats&quot; &#39;n&#39;&nbsp;dogs')).toBe(
      `Tom & Jerry <3 > "cats" 'n' dogs`,
    );
    expect(stripHtml('&#x20AC;5 &#8377;9')).toBe('€5 ₹9');
  });

  it('does not double-decode', () => {
    expect(stripHtml('&amp;lt;b&amp;gt;')).toBe('&lt;b&gt;');
  });

  it('drops scripts, styles and comments with their content', () => {
    expect(stripHtml('a<script>alert(1)</script>b<style>p{}</style>c<!-- hidden -->d')).toBe('a b c d');
  });

  it('returns an empty string for empty input', () => {
    expect(stripHtml('')).toBe('');
    expect(stripHtml(null)).toBe('');
    expect(stripHtml('<div>  </div>')).toBe('');
  });
});
