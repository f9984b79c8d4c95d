import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaStore } from '../platform/media.ts';
import { PANORAMA_KINDS, renderPanorama } from './assets/panorama.ts';
import { renderPanoramaPool } from './panoramas.ts';
import { renderWalkthroughVideos, WALKTHROUGH } from './videos.ts';

let root: string;
let media: MediaStore;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-media-'));
  media = new MediaStore(root);
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

describe('360° panoramas', () => {
  it('are deterministic per seed and differ between seeds and kinds', () => {
    for (const kind of PANORAMA_KINDS) {
      expect(renderPanorama(3, kind)).toBe(renderPanorama(3, kind));
      expect(renderPanorama(3, kind)).not.toBe(renderPanorama(4, kind));
    }
    expect(renderPanorama(3, 'panorama-living')).not.toBe(renderPanorama(3, 'panorama-bedroom'));
  });

  it('stores 2:1 WebP pictures for three_d_image, one kind after another', async () => {
    const keys = await renderPanoramaPool(media, 3);
    expect(keys).toEqual(['demo/panoramas/panorama-living-1-w2048.webp', 'demo/panoramas/panorama-bedroom-2-w2048.webp', 'demo/panoramas/panorama-terrace-3-w2048.webp']);
    for (const key of keys) {
      const meta = await sharp(media.resolve(key)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 2048, 1024]);
    }
  });
});

describe('walkthrough videos', () => {
  it('stores WebM files of 8 to 15 seconds at the video size', async () => {
    const [key] = await renderWalkthroughVideos(media, 1);
    expect(key).toBe('demo/videos/walkthrough-1.webm');
    const file = await fs.readFile(media.resolve(key));
    expect(file.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    expect(file.includes(Buffer.from('V_VP8'))).toBe(true);
    const durationAt = file.indexOf(Buffer.from([0x44, 0x89, 0x88]));
    const seconds = file.readDoubleBE(durationAt + 3) / 1000;
    expect(seconds).toBeGreaterThanOrEqual(8);
    expect(seconds).toBeLessThanOrEqual(15);
    const width = file.indexOf(Buffer.from([0xb0, 0x82]));
    expect(file.readUInt16BE(width + 2)).toBe(WALKTHROUGH.width);
  });
});
