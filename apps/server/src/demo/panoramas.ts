/**
 * 360° photos for the demo market: equirectangular panoramas of living rooms, bedrooms and roof
 * terraces, drawn locally (assets/panorama.ts) and stored as WebP, ready for a listing's
 * `three_d_image`.
 */
import sharp from 'sharp';
import type { MediaStore } from '../platform/media.ts';
import { PANORAMA_KINDS, PANORAMA_SIZE, renderPanorama } from './assets/panorama.ts';

/** Stored width: enough for our viewer (800 px a turn, twice that on a sharp screen) without a heavy file. */
export const PANORAMA_WIDTH = 2048;

/**
 * Renders `count` panoramas (living room, bedroom, terrace in turn, each different) into the media
 * store under `demo/panoramas/` and answers their keys.
 */
export async function renderPanoramaPool(media: MediaStore, count: number): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const kind = PANORAMA_KINDS[i % PANORAMA_KINDS.length];
    // Rasterised straight at the stored width (the drawing is 4096 wide), rather than drawn big and shrunk.
    const density = (72 * PANORAMA_WIDTH) / PANORAMA_SIZE.width;
    const pixels = await sharp(Buffer.from(renderPanorama(i + 1, kind)), { density }).removeAlpha().png({ compressionLevel: 0 }).toBuffer();
    const stored = await media.putImage('demo/panoramas', pixels, { name: `${kind}-${i + 1}`, widths: [PANORAMA_WIDTH] });
    keys.push(stored.key);
  }
  return keys;
}
