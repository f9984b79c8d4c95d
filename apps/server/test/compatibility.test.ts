// Issue 10: what the original product's clients need of our answers, item by item.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, rows, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('2: a listing’s documents carry the original file’s name', () => {
  it('answers file_name beside file', async () => {
    const [listing] = await rows<{ slug_id: string }>(
      t.db,
      sql`select p.slug_id from properties p where p.is_premium = false and p.status = 1 and p.request_status = 'approved' and exists (select 1 from property_documents d where d.property_id = p.id) limit 1`,
    );
    const res = await t.get('/api/get_property', { slug_id: listing.slug_id });
    expect(res.status).toBe(200);
    const documents = res.body.data[0].documents as { file: string; file_name: string }[];
    expect(documents.length).toBeGreaterThan(0);
    for (const d of documents) {
      expect(d.file).toMatch(/^http.+\/media\//);
      expect(d.file_name).toMatch(/^[\w-]+\.(pdf|webp)$/);
    }
  });
});
