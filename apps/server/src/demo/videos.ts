/**
 * Walkthrough videos for the demo market, made offline from the demo's own drawings: a slow pan
 * and zoom across an exterior and a few rooms, crossfading from one to the next. Frames are lossy
 * WebP from sharp — each one a VP8 key frame — muxed into WebM, so no video encoder is needed.
 */
import sharp from 'sharp';
import type { MediaStore } from '../platform/media.ts';
import { ILLUSTRATION_SIZES, type PropertyPhotoKind, renderPropertyPhoto } from './assets/illustrations.ts';
import { createRng, hashString, type Rng } from './assets/random.ts';
import { muxWebm, vp8FrameOfWebp } from './assets/webm.ts';
import { RENDERERS, mapLimit, putMadeFile } from './render-cache.ts';

export const WALKTHROUGH = { width: 960, height: 540, fps: 12 } as const;

/** Seconds each scene is on screen (crossfades included), and of each crossfade. */
const SCENE_SECONDS = 3.2;
const FADE_SECONDS = 0.6;
const EXTERIORS: PropertyPhotoKind[] = ['apartment', 'villa', 'house', 'penthouse', 'farmhouse'];
const ROOMS: PropertyPhotoKind[] = ['interior-living', 'interior-kitchen', 'interior-bedroom'];
/** Keyframe-only video is large; this keeps a 10 s walkthrough near 2 MB and still clean. */
const QUALITY = 60;
const FRAMES_AT_ONCE = 4;

type Scene = { pixels: Buffer; width: number; height: number; move: Move };
/** Where the view starts and ends: a zoom factor (1 = the whole picture's width) and a centre in 0–1. */
type Move = { fromZoom: number; toZoom: number; fromX: number; toX: number; fromY: number; toY: number };

function pickMove(rng: Rng): Move {
  const zoomIn = rng.chance(0.6);
  const near = rng.float(1.22, 1.35);
  const drift = rng.float(0.06, 0.12) * (rng.chance(0.5) ? 1 : -1);
  return {
    fromZoom: zoomIn ? 1.02 : near,
    toZoom: zoomIn ? near : 1.02,
    fromX: 0.5 - drift,
    toX: 0.5 + drift,
    fromY: rng.float(0.46, 0.54),
    toY: rng.float(0.46, 0.54),
  };
}

async function rasterise(kind: PropertyPhotoKind, seed: number, rng: Rng): Promise<Scene> {
  const { width, height } = ILLUSTRATION_SIZES.propertyPhoto;
  const pixels = await sharp(Buffer.from(renderPropertyPhoto(seed, kind))).removeAlpha().raw().toBuffer();
  return { pixels, width, height, move: pickMove(rng) };
}

const ease = (t: number) => t * t * (3 - 2 * t);
const lerp = (a: number, b: number, t: number) => a + (b - a) * t;

/** One frame of a scene at `t` (0–1 through its time on screen), as raw RGB at the video's size. */
async function frameOf(scene: Scene, t: number): Promise<Buffer> {
  const { width: outW, height: outH } = WALKTHROUGH;
  const e = ease(t);
  const zoom = lerp(scene.move.fromZoom, scene.move.toZoom, e);
  // The crop keeps the video's 16:9 inside the 3:2 picture.
  const cropW = scene.width / zoom;
  const cropH = (cropW * outH) / outW;
  const left = Math.min(scene.width - cropW, Math.max(0, lerp(scene.move.fromX, scene.move.toX, e) * scene.width - cropW / 2));
  const top = Math.min(scene.height - cropH, Math.max(0, lerp(scene.move.fromY, scene.move.toY, e) * scene.height - cropH / 2));
  // An affine scale with a fractional offset moves smoothly; a whole-pixel crop would judder. Sharp
  // extracts before it transforms, so the whole-pixel region goes first and the exact frame after.
  const scale = outW / cropW;
  const x0 = Math.floor(left);
  const y0 = Math.floor(top);
  const region = { left: x0, top: y0, width: Math.min(scene.width - x0, Math.ceil(cropW) + 2), height: Math.min(scene.height - y0, Math.ceil(cropH) + 2) };
  const { data, info } = await sharp(scene.pixels, { raw: { width: scene.width, height: scene.height, channels: 3 } })
    .extract(region)
    .affine([scale, 0, 0, scale], { odx: -(left - x0) * scale, ody: -(top - y0) * scale, interpolator: 'bilinear' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .extract({ left: 0, top: 0, width: Math.min(outW, info.width), height: Math.min(outH, info.height) })
    .resize(outW, outH, { fit: 'fill' })
    .raw()
    .toBuffer();
}

function crossfade(from: Buffer, to: Buffer, t: number): Buffer {
  const out = Buffer.allocUnsafe(from.length);
  const k = Math.round(ease(t) * 256);
  for (let i = 0; i < from.length; i += 1) out[i] = (from[i] * (256 - k) + to[i] * k) >> 8;
  return out;
}

async function encodeFrame(raw: Buffer): Promise<Uint8Array> {
  const { width, height } = WALKTHROUGH;
  const webp = await sharp(raw, { raw: { width, height, channels: 3 } }).webp({ quality: QUALITY, effort: 0, smartSubsample: false }).toBuffer();
  return vp8FrameOfWebp(webp);
}

/** One walkthrough as a WebM file: an exterior, then two or three rooms. Deterministic from `seed`. */
export async function renderWalkthroughVideo(seed: number): Promise<Buffer> {
  const rng = createRng(hashString(`walkthrough:${seed}`));
  const kinds = [rng.pick(EXTERIORS), ...rng.sample(ROOMS, rng.int(2, 3))];
  const scenes: Scene[] = [];
  for (const [i, kind] of kinds.entries()) scenes.push(await rasterise(kind, seed * 31 + i, rng.fork(i)));

  const { fps } = WALKTHROUGH;
  const sceneFrames = Math.round(SCENE_SECONDS * fps);
  const fadeFrames = Math.round(FADE_SECONDS * fps);
  // Scenes overlap by one crossfade, so the whole runs n·scene − (n−1)·fade.
  const step = sceneFrames - fadeFrames;
  const total = scenes.length * step + fadeFrames;
  const makeFrame = async (f: number): Promise<Uint8Array> => {
    const index = Math.min(scenes.length - 1, Math.floor(f / step));
    const local = f - index * step;
    const current = await frameOf(scenes[index], local / (sceneFrames - 1));
    const next = scenes[index + 1];
    const fadeAt = local - step;
    const raw = next && fadeAt >= 0 ? crossfade(current, await frameOf(next, fadeAt / (sceneFrames - 1)), (fadeAt + 1) / (fadeFrames + 1)) : current;
    return encodeFrame(raw);
  };
  // A few frames at a time: sharp works off the main thread, so two cores both get work.
  const frames: Uint8Array[] = [];
  for (let f = 0; f < total; f += FRAMES_AT_ONCE) {
    frames.push(...(await Promise.all(Array.from({ length: Math.min(FRAMES_AT_ONCE, total - f) }, (_, i) => makeFrame(f + i)))));
  }
  return muxWebm({ ...WALKTHROUGH, frames });
}

/**
 * Renders `count` walkthrough videos into the media store (under `demo/videos/`, from the render
 * cache when this code made them before) and answers their
 * keys, ready for a listing's or project's `video_link`.
 */
export function renderWalkthroughVideos(media: MediaStore, count: number): Promise<string[]> {
  const seeds = Array.from({ length: count }, (_, i) => i + 1);
  return mapLimit(seeds, RENDERERS, (n) => putMadeFile(media, 'demo/videos', `walkthrough-${n}`, 'webm', () => renderWalkthroughVideo(n)));
}
