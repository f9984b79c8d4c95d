import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EBML_ID, encodeSize, muxWebm, vp8FrameOfWebp } from './webm.ts';

type Node = { id: number; start: number; dataStart: number; size: number; children?: Node[] };

/** Elements whose data holds further elements; everything else is a leaf. */
const MASTERS = new Set<number>([
  EBML_ID.EBML,
  EBML_ID.Segment,
  EBML_ID.SeekHead,
  EBML_ID.Seek,
  EBML_ID.Info,
  EBML_ID.Tracks,
  EBML_ID.TrackEntry,
  EBML_ID.Video,
  EBML_ID.Cluster,
  EBML_ID.Cues,
  EBML_ID.CuePoint,
  EBML_ID.CueTrackPositions,
]);

function readVint(bytes: Buffer, at: number, keepMarker: boolean): { value: number; length: number } {
  const first = bytes[at];
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length += 1;
  if (length > 8) throw new Error(`Bad vint at ${at}`);
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i += 1) value = value * 256 + bytes[at + i];
  return { value, length };
}

function parse(bytes: Buffer, from = 0, to = bytes.length): Node[] {
  const nodes: Node[] = [];
  let at = from;
  while (at < to) {
    const id = readVint(bytes, at, true);
    const size = readVint(bytes, at + id.length, false);
    const dataStart = at + id.length + size.length;
    const node: Node = { id: id.value, start: at, dataStart, size: size.value };
    expect(dataStart + size.value, `element 0x${id.value.toString(16)} overruns its parent`).toBeLessThanOrEqual(to);
    if (MASTERS.has(id.value)) node.children = parse(bytes, dataStart, dataStart + size.value);
    nodes.push(node);
    at = dataStart + size.value;
  }
  return nodes;
}

const child = (node: Node, id: number) => node.children!.find((c) => c.id === id)!;
const children = (node: Node, id: number) => node.children!.filter((c) => c.id === id);
const uintOf = (bytes: Buffer, node: Node) => Number(bytes.subarray(node.dataStart, node.dataStart + node.size).reduce((n, b) => n * 256n + BigInt(b), 0n));

async function frame(colour: string): Promise<Uint8Array> {
  const webp = await sharp({ create: { width: 64, height: 36, channels: 3, background: colour } }).webp({ quality: 60 }).toBuffer();
  return vp8FrameOfWebp(webp);
}

describe('WebM muxer', () => {
  it('encodes EBML sizes in the shortest form, never as the reserved all-ones value', () => {
    expect([...encodeSize(0)]).toEqual([0x80]);
    expect([...encodeSize(126)]).toEqual([0xfe]);
    expect([...encodeSize(127)]).toEqual([0x40, 0x7f]);
    expect([...encodeSize(5, 8)]).toEqual([0x01, 0, 0, 0, 0, 0, 0, 5]);
  });

  it('writes a header, info with duration, one VP8 track, key-frame blocks and cues that point at clusters', async () => {
    const frames = [await frame('#ff0000'), await frame('#00ff00'), await frame('#0000ff')];
    const fps = 12;
    const all = Array.from({ length: 30 }, (_, i) => frames[i % 3]);
    const file = muxWebm({ width: 64, height: 36, fps, frames: all });
    const [header, segment, ...rest] = parse(file);
    expect(rest).toEqual([]);
    expect(header.id).toBe(EBML_ID.EBML);
    const docType = child(header, EBML_ID.DocType);
    expect(file.toString('utf8', docType.dataStart, docType.dataStart + docType.size)).toBe('webm');
    expect(segment.id).toBe(EBML_ID.Segment);
    expect(segment.dataStart + segment.size).toBe(file.length);

    const info = child(segment, EBML_ID.Info);
    expect(uintOf(file, child(info, EBML_ID.TimecodeScale))).toBe(1_000_000);
    const duration = child(info, EBML_ID.Duration);
    expect(duration.size).toBe(8);
    expect(file.readDoubleBE(duration.dataStart)).toBeCloseTo((30 / fps) * 1000, 6);

    const [track] = child(segment, EBML_ID.Tracks).children!;
    expect(track.id).toBe(EBML_ID.TrackEntry);
    const codec = child(track, EBML_ID.CodecID);
    expect(file.toString('latin1', codec.dataStart, codec.dataStart + codec.size)).toBe('V_VP8');
    expect(uintOf(file, child(track, EBML_ID.TrackType))).toBe(1);
    const video = child(track, EBML_ID.Video);
    expect([uintOf(file, child(video, EBML_ID.PixelWidth)), uintOf(file, child(video, EBML_ID.PixelHeight))]).toEqual([64, 36]);

    const clusters = children(segment, EBML_ID.Cluster);
    expect(clusters.length).toBe(3);
    const blocks = clusters.flatMap((c) => children(c, EBML_ID.SimpleBlock).map((b) => ({ b, cluster: uintOf(file, child(c, EBML_ID.Timecode)) })));
    expect(blocks.length).toBe(30);
    blocks.forEach(({ b, cluster }, i) => {
      expect(file[b.dataStart]).toBe(0x81);
      expect(cluster + file.readInt16BE(b.dataStart + 1)).toBe(Math.round((i * 1000) / fps));
      expect(file[b.dataStart + 3] & 0x80, `block ${i} is a key frame`).toBe(0x80);
      const payload = file.subarray(b.dataStart + 4, b.dataStart + b.size);
      expect(payload.equals(Buffer.from(frames[i % 3]))).toBe(true);
    });

    const segmentData = segment.dataStart;
    const cuePoints = children(child(segment, EBML_ID.Cues), EBML_ID.CuePoint);
    expect(cuePoints.length).toBe(clusters.length);
    cuePoints.forEach((point, i) => {
      expect(uintOf(file, child(point, EBML_ID.CueTime))).toBe(uintOf(file, child(clusters[i], EBML_ID.Timecode)));
      expect(segmentData + uintOf(file, child(child(point, EBML_ID.CueTrackPositions), EBML_ID.CueClusterPosition))).toBe(clusters[i].start);
    });

    const seeks = children(child(segment, EBML_ID.SeekHead), EBML_ID.Seek);
    const targets = seeks.map((s) => {
      const id = child(s, EBML_ID.SeekID);
      return [file.readUIntBE(id.dataStart, id.size), segmentData + uintOf(file, child(s, EBML_ID.SeekPosition))];
    });
    expect(targets).toEqual([
      [EBML_ID.Info, info.start],
      [EBML_ID.Tracks, child(segment, EBML_ID.Tracks).start],
      [EBML_ID.Cues, child(segment, EBML_ID.Cues).start],
    ]);
  });

  it('takes the VP8 frame out of a simple lossy WebP and refuses the other kinds', async () => {
    const vp8 = await frame('#336699');
    // A VP8 key frame starts with the start code 9d 01 2a after its 3-byte frame tag.
    expect([...vp8.subarray(3, 6)]).toEqual([0x9d, 0x01, 0x2a]);
    expect(vp8[0] & 1, 'key frame bit is 0').toBe(0);
    const withAlpha = await sharp({ create: { width: 8, height: 8, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } }).webp().toBuffer();
    expect(() => vp8FrameOfWebp(withAlpha)).toThrow(/VP8X/);
    const lossless = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).webp({ lossless: true }).toBuffer();
    expect(() => vp8FrameOfWebp(lossless)).toThrow(/VP8L/);
    expect(() => vp8FrameOfWebp(Buffer.from('not a picture at all'))).toThrow(/Not a WebP/);
  });
});
