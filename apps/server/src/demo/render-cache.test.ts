import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MediaStore } from '../platform/media.ts';
import { putDrawing, putMadeFile } from './render-cache.ts';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="500"><rect width="1000" height="500" fill="#0f766e"/><circle cx="500" cy="250" r="200" fill="#fde68a"/></svg>';
let root: string;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'render-cache-'));
});
afterEach(() => {
  delete process.env.DEMO_PICTURE_CACHE;
  vi.restoreAllMocks();
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

const store = (name: string) => new MediaStore(path.join(root, name));

describe('the demo render cache', () => {
  it('draws a picture once: a fresh media folder gets the same files from the cache', async () => {
    process.env.DEMO_PICTURE_CACHE = path.join(root, 'cache-a');
    const first = store('first');
    const key = await putDrawing(first, 'demo/test', SVG, { name: 'disc', widths: [480, 960] });
    expect(key).toBe('demo/test/disc-w960.webp');

    const second = store('second');
    const draw = vi.spyOn(second, 'putImage');
    expect(await putDrawing(second, 'demo/test', SVG, { name: 'disc', widths: [480, 960] })).toBe(key);
    expect(draw).not.toHaveBeenCalled();
    for (const width of [480, 960]) {
      const k = `demo/test/disc-w${width}.webp`;
      expect(await fs.readFile(second.resolve(k))).toEqual(await fs.readFile(first.resolve(k)));
    }
  });

  it('keys a drawing by its content and widths, so a changed drawing is drawn again', async () => {
    process.env.DEMO_PICTURE_CACHE = path.join(root, 'cache-b');
    await putDrawing(store('b1'), 'demo/test', SVG, { name: 'disc', widths: [480] });
    const other = store('b2');
    const draw = vi.spyOn(other, 'putImage');
    await putDrawing(other, 'demo/test', SVG.replace('#fde68a', '#ef4444'), { name: 'disc', widths: [480] });
    await putDrawing(other, 'demo/test', SVG, { name: 'disc', widths: [480, 960] });
    expect(draw).toHaveBeenCalledTimes(2);
  });

  it('makes a file once and copies it after; "off" makes it every time', async () => {
    process.env.DEMO_PICTURE_CACHE = path.join(root, 'cache-c');
    const render = vi.fn(async () => Buffer.from('made once'));
    for (const name of ['c1', 'c2']) {
      const media = store(name);
      const key = await putMadeFile(media, 'demo/videos', 'clip-1', 'webm', render);
      expect((await fs.readFile(media.resolve(key))).toString()).toBe('made once');
    }
    expect(render).toHaveBeenCalledTimes(1);

    process.env.DEMO_PICTURE_CACHE = 'off';
    await putMadeFile(store('c3'), 'demo/videos', 'clip-1', 'webm', render);
    expect(render).toHaveBeenCalledTimes(2);
  });
});
