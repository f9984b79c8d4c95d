import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createUserWithToken, grantFeature } from './factories.ts';
import { createTestApp, rows, type TestApp } from './harness.ts';

const ORIGIN = 'https://homes.example.com';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: ORIGIN });
});
afterAll(() => t?.close());

const detail = async (slugId: string) => (await t.get('/api/get_property', { slug_id: slugId })).body.data[0];

describe('a listing video stored as a media file', () => {
  it('is answered as an absolute URL on the configured origin, like the 360° photo', async () => {
    const listing = await createProperty(t.db, { videoLink: 'demo/videos/walkthrough-1.webm', threeDImage: 'demo/panoramas/panorama-living-1-w2048.webp' });
    const p = await detail(listing.slugId);
    expect(p.video_link).toBe(`${ORIGIN}/media/demo/videos/walkthrough-1.webm`);
    expect(p.three_d_image).toBe(`${ORIGIN}/media/demo/panoramas/panorama-living-1-w2048.webp`);
  });

  it('leaves a link to a video site as it was entered', async () => {
    for (const link of ['https://www.youtube.com/watch?v=ysz5S6PUM-U', 'http://vimeo.com/76979871', 'www.youtube.com/watch?v=ysz5S6PUM-U', 'youtu.be/ysz5S6PUM-U']) {
      const listing = await createProperty(t.db, { videoLink: link });
      expect((await detail(listing.slugId)).video_link, link).toBe(link);
    }
  });

  it('never turns a key that climbs out of the media folder into a media URL', async () => {
    const listing = await createProperty(t.db, { videoLink: 'demo/../../secret.webm' });
    expect((await detail(listing.slugId)).video_link).toBe('demo/../../secret.webm');
  });

  it('answers a project video file the same way', async () => {
    const [project] = await rows<{ id: number; slug_id: string }>(t.db, sql`select id, slug_id from projects where request_status = 'approved' and status = 1 order by id limit 1`);
    await t.db.execute(sql`update projects set video_link = 'demo/videos/walkthrough-2.webm' where id = ${project.id}`);
    // The video is part of the full project: a viewer with project access (spec §4/§5).
    const viewer = await createUserWithToken(t.db);
    await grantFeature(t.db, viewer.user.id, 'project_access');
    const res = await t.get('/api/get-project-detail', { slug_id: project.slug_id }, viewer.auth);
    expect(res.body.data.video_link).toBe(`${ORIGIN}/media/demo/videos/walkthrough-2.webm`);
  });
});
