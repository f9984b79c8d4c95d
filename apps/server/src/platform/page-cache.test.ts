import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PageCache, pageBodyIn, pageTagsFor, tagsOfApiCall } from './page-cache.ts';

const nonce = 'r4nd0mN0nce';
const page = (html: string, tags = pageTagsFor.property('flat-1'), renderedAt = 0) => ({ html, nonce, headers: [['content-type', 'text/html']] as [string, string][], tags, renderedAt });

describe('page cache', () => {
  it('stores a page without its nonce, allowing its own inline scripts by hash, compressed once', () => {
    const cache = new PageCache(60, 10 * 1024 * 1024);
    const html = `<html><head><script nonce="${nonce}">boot()</script><script type="module" nonce="${nonce}" src="/assets/a.js"></script></head><body><p>nonce="${nonce}"?</p><script>injected()</script></body></html>`;
    const stored = cache.set('/', page(html))!;
    const text = stored.body.toString();
    expect(text).not.toContain(`<script nonce=`);
    expect(text).toContain('<script>boot()</script>');
    expect(text).toContain('<script type="module" src="/assets/a.js"></script>');
    // Only scripts that carried this render's nonce are allowed: not one without it.
    expect(stored.scriptHashes).toEqual([`'sha256-${createHash('sha256').update('boot()').digest('base64')}'`]);
    expect(zlib.brotliDecompressSync(pageBodyIn(stored, 'br')).toString()).toBe(text);
    expect(pageBodyIn(stored, null).toString()).toBe(text);
    // Browsers take brotli: gzip is made when a client first asks for it, then kept.
    expect(stored.gzip).toBeUndefined();
    const gzip = pageBodyIn(stored, 'gzip');
    expect(zlib.gunzipSync(gzip).toString()).toBe(text);
    expect(pageBodyIn(stored, 'gzip')).toBe(gzip);
    expect(stored.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(cache.get('/')).toBe(stored);
  });

  it('drops pages whose tags are invalidated, and only those', () => {
    const cache = new PageCache(60, 10 * 1024 * 1024);
    cache.set('/listing', page('<p>listing</p>', ['site', 'properties', 'property:flat-1']));
    cache.set('/articles', page('<p>articles</p>', ['site', 'articles']));
    cache.invalidate(pageTagsFor.article('guide'));
    expect(cache.get('/listing')).toBeDefined();
    expect(cache.get('/articles')).toBeUndefined();
    cache.invalidate(pageTagsFor.property('flat-2'));
    expect(cache.get('/listing')).toBeUndefined();
  });

  it('does not keep a render that a write overtook', () => {
    const cache = new PageCache(60, 10 * 1024 * 1024);
    const started = cache.now();
    // The write lands while the page renders, after its loaders may have read the old data.
    cache.invalidate(['properties']);
    expect(cache.set('/', page('<p>old</p>', ['properties'], started))).toBeNull();
    expect(cache.get('/')).toBeUndefined();
    // A render begun after the write is kept.
    expect(cache.set('/', page('<p>new</p>', ['properties'], cache.now()))).not.toBeNull();
  });

  it('stays within its memory bound, dropping the oldest pages first', () => {
    const maxBytes = 200_000;
    const cache = new PageCache(60, maxBytes);
    // Random text does not compress: each entry weighs about 3 × 20 KB.
    const noise = (i: number) => Array.from({ length: 2000 }, (_, j) => createHash('sha1').update(`${i}-${j}`).digest('hex').slice(0, 10)).join('');
    for (let i = 0; i < 20; i++) cache.set(`/p${i}`, page(noise(i)));
    expect(cache.size.weight).toBeLessThanOrEqual(maxBytes);
    expect(cache.size.entries).toBeGreaterThan(0);
    expect(cache.get('/p19')).toBeDefined();
    expect(cache.get('/p0')).toBeUndefined();
  });

  it('tags pages by the API calls their loaders made; an unknown call tags every kind', () => {
    expect(tagsOfApiCall(new URL('http://x/api/get_property?slug_id=flat-1'))).toEqual(['properties', 'agents', 'property:flat-1']);
    expect(tagsOfApiCall(new URL('http://x/api/get_articles?limit=3'))).toEqual(['articles']);
    expect(tagsOfApiCall(new URL('http://x/api/something-new'))).toEqual(pageTagsFor.site());
  });
});
