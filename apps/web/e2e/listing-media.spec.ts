import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { DESKTOP, PHONE, expect, test, waitForHydration } from './fixtures.ts';

type Listing = { slug_id: string; title: string; title_image: string | null; video_link: string | null; three_d_image: string | null };

const SCREENS = path.resolve(import.meta.dirname, '..', '..', '..', 'test-results', 'screens');

/**
 * The first listing of the demo market with both a walkthrough video of our own (a stored `.webm`)
 * and a 360° photo. Premium listings are left out: their teasers hold both back.
 */
async function listingWithVideoAnd360(request: APIRequestContext): Promise<Listing> {
  let looked = 0;
  for (let offset = 0; offset < 600; offset += 100) {
    const cards = (await (await request.get(`/api/get-property-list?limit=100&offset=${offset}&is_premium=0`)).json()).data as { slug_id: string }[];
    for (const card of cards) {
      looked += 1;
      const listing = (await (await request.get(`/api/get_property?slug_id=${card.slug_id}`)).json()).data[0] as Listing;
      if (listing.three_d_image && listing.video_link && /\/media\/.+\.webm$/.test(listing.video_link)) return listing;
    }
    if (cards.length < 100) break;
  }
  throw new Error(
    `None of the ${looked} listings looked at has both a 360° photo and a walkthrough video stored with us (a .webm under /media). ` +
      'The demo seed must give some listings renderPanoramaPool and renderWalkthroughVideos keys (apps/server/src/demo/panoramas.ts, videos.ts).',
  );
}

async function screenOf(page: Page, name: string) {
  await page.screenshot({ path: path.join(SCREENS, `${name}-${page.viewportSize()!.width}.png`) });
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`a listing's own walkthrough video plays and its 360° photo turns (${viewport.width} px)`, async ({ page, request }) => {
    const listing = await listingWithVideoAnd360(request);
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    const outside: string[] = [];
    const videoFetches: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      const isMedia = r.resourceType() === 'media' || /\.(webm|webp|mp4)$/.test(url.pathname);
      if (isMedia && !['127.0.0.1', 'localhost'].includes(url.hostname)) outside.push(r.url());
      if (url.pathname.endsWith('.webm')) videoFetches.push(r.url());
    });
    await page.setViewportSize(viewport);
    await page.goto(`/properties-details/${listing.slug_id}`);
    await waitForHydration(page);

    // The video: the browser's own player, our file from our origin, nothing fetched before Play.
    const video = page.getByRole('region', { name: 'Video', exact: true }).getByTestId('video-file');
    await expect(video).toHaveAttribute('aria-label', `Video: ${listing.title}`);
    await expect(video).toHaveAttribute('preload', 'none');
    await expect(video).toHaveAttribute('poster', listing.title_image!);
    const src = (await video.getAttribute('src'))!;
    expect(src).toBe(listing.video_link);
    expect(new URL(src).origin).toBe(new URL(page.url()).origin);
    expect(await page.getByTestId('video-play').count(), 'no click-to-load cover for a file').toBe(0);
    await video.scrollIntoViewIfNeeded();
    expect(videoFetches, 'nothing of the video is fetched before Play').toEqual([]);
    await video.evaluate(async (el: HTMLVideoElement) => {
      el.muted = true;
      await el.play();
    });
    await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 15_000 }).toBeGreaterThan(1);
    const played = await video.evaluate((el: HTMLVideoElement) => {
      el.pause();
      return { readyState: el.readyState, width: el.videoWidth, height: el.videoHeight, duration: el.duration, error: el.error?.code ?? null };
    });
    expect(played.error).toBeNull();
    expect(played.readyState).toBeGreaterThanOrEqual(2);
    expect([played.width, played.height]).toEqual([960, 540]);
    expect(played.duration).toBeGreaterThanOrEqual(8);
    expect(played.duration).toBeLessThanOrEqual(15);
    // Seeking works (the file has cues, /media answers ranges).
    await video.evaluate(
      (el: HTMLVideoElement) =>
        new Promise<void>((resolve) => {
          el.addEventListener('seeked', () => resolve(), { once: true });
          el.currentTime = 6;
        }),
    );
    expect(await video.evaluate((el: HTMLVideoElement) => el.currentTime)).toBeCloseTo(6, 0);
    await screenOf(page, 'listing-video');

    // The 360° photo: opened on request, then turned with the keyboard.
    const open = page.getByTestId('panorama-open');
    await open.scrollIntoViewIfNeeded();
    await open.click();
    const view = page.getByTestId('panorama-view');
    await expect(view).toBeFocused();
    await expect(view.getByRole('status')).toHaveCount(0, { timeout: 15_000 });
    expect(await view.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain(listing.three_d_image!);
    await view.press('ArrowRight');
    await view.press('ArrowRight');
    await expect(page.locator('#panorama-heading')).toHaveText('Facing 30°');
    await view.scrollIntoViewIfNeeded();
    await screenOf(page, 'listing-360');

    expect(refused, 'the Content Security Policy refused nothing').toEqual([]);
    expect(outside, 'no picture or video came from outside the machine').toEqual([]);
  });
}
