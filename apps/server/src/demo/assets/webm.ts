/**
 * A minimal WebM (Matroska) writer for one VP8 video track whose frames are all key frames —
 * exactly what lossy WebP files hold — so the demo can make walkthrough videos with sharp alone.
 * Layout: EBML header, then a Segment of SeekHead, Info (with Duration), Tracks, one Cluster per
 * second or so of SimpleBlocks, and Cues pointing at every Cluster so players can seek.
 */

/** Matroska element ids, written as their raw bytes (the length marker is part of the id). */
export const EBML_ID = {
  EBML: 0x1a45dfa3,
  EBMLVersion: 0x4286,
  EBMLReadVersion: 0x42f7,
  EBMLMaxIDLength: 0x42f2,
  EBMLMaxSizeLength: 0x42f3,
  DocType: 0x4282,
  DocTypeVersion: 0x4287,
  DocTypeReadVersion: 0x4285,
  Segment: 0x18538067,
  SeekHead: 0x114d9b74,
  Seek: 0x4dbb,
  SeekID: 0x53ab,
  SeekPosition: 0x53ac,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  Duration: 0x4489,
  MuxingApp: 0x4d80,
  WritingApp: 0x5741,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackUID: 0x73c5,
  TrackType: 0x83,
  FlagLacing: 0x9c,
  CodecID: 0x86,
  DefaultDuration: 0x23e383,
  Video: 0xe0,
  PixelWidth: 0xb0,
  PixelHeight: 0xba,
  Cluster: 0x1f43b675,
  Timecode: 0xe7,
  SimpleBlock: 0xa3,
  Cues: 0x1c53bb6b,
  CuePoint: 0xbb,
  CueTime: 0xb3,
  CueTrackPositions: 0xb7,
  CueTrack: 0xf7,
  CueClusterPosition: 0xf1,
} as const;

export type WebmVideo = {
  width: number;
  height: number;
  /** Frames per second; every frame lasts 1/fps. */
  fps: number;
  /** VP8 key frames (the payload of a WebP file's `VP8 ` chunk), in display order. */
  frames: readonly Uint8Array[];
};

/** Milliseconds per timecode unit is 1 (TimecodeScale 1,000,000 ns). */
const TIMECODE_SCALE_NS = 1_000_000;
/** A SimpleBlock's timecode is a signed 16-bit offset from its Cluster's, so Clusters stay well under 32 s. */
const CLUSTER_MS = 1000;

function idBytes(id: number): Buffer {
  const length = id >= 0x1000000 ? 4 : id >= 0x10000 ? 3 : id >= 0x100 ? 2 : 1;
  const out = Buffer.alloc(length);
  out.writeUIntBE(id, 0, length);
  return out;
}

/** An EBML variable-length size: the shortest form, or exactly `length` bytes when given. */
export function encodeSize(size: number, length?: number): Buffer {
  let bytes = length ?? 1;
  if (length === undefined) while (size >= 2 ** (7 * bytes) - 1) bytes += 1;
  if (bytes > 8 || size >= 2 ** (7 * bytes) - 1) throw new Error(`EBML size ${size} does not fit in ${bytes} bytes`);
  const out = Buffer.alloc(bytes);
  let value = size;
  for (let i = bytes - 1; i >= 0; i -= 1) {
    out[i] = value % 256;
    value = Math.floor(value / 256);
  }
  out[0] |= 0x80 >> (bytes - 1);
  return out;
}

function uintBytes(value: number, length?: number): Buffer {
  let bytes = length ?? 1;
  if (length === undefined) while (value >= 2 ** (8 * bytes)) bytes += 1;
  const out = Buffer.alloc(bytes);
  let rest = value;
  for (let i = bytes - 1; i >= 0; i -= 1) {
    out[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  return out;
}

function el(id: number, ...children: Buffer[]): Buffer {
  const body = Buffer.concat(children);
  return Buffer.concat([idBytes(id), encodeSize(body.length), body]);
}

const uint = (id: number, value: number, length?: number) => el(id, uintBytes(value, length));
const str = (id: number, value: string) => el(id, Buffer.from(value, 'utf8'));
function float64(id: number, value: number): Buffer {
  const body = Buffer.alloc(8);
  body.writeDoubleBE(value);
  return el(id, body);
}

function simpleBlock(relativeMs: number, frame: Uint8Array): Buffer {
  const header = Buffer.alloc(4);
  header[0] = 0x81; // track number 1 as a one-byte vint
  header.writeInt16BE(relativeMs, 1);
  header[3] = 0x80; // key frame, no lacing
  return el(EBML_ID.SimpleBlock, header, Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength));
}

/** Muxes the frames into a complete WebM file. */
export function muxWebm(video: WebmVideo): Buffer {
  if (video.frames.length === 0) throw new Error('A video needs at least one frame');
  const frameMs = 1000 / video.fps;
  const durationMs = video.frames.length * frameMs;

  const header = el(
    EBML_ID.EBML,
    uint(EBML_ID.EBMLVersion, 1),
    uint(EBML_ID.EBMLReadVersion, 1),
    uint(EBML_ID.EBMLMaxIDLength, 4),
    uint(EBML_ID.EBMLMaxSizeLength, 8),
    str(EBML_ID.DocType, 'webm'),
    uint(EBML_ID.DocTypeVersion, 2),
    uint(EBML_ID.DocTypeReadVersion, 2),
  );
  const info = el(
    EBML_ID.Info,
    uint(EBML_ID.TimecodeScale, TIMECODE_SCALE_NS),
    float64(EBML_ID.Duration, durationMs),
    str(EBML_ID.MuxingApp, 'ghar-bazaar demo'),
    str(EBML_ID.WritingApp, 'ghar-bazaar demo'),
  );
  const tracks = el(
    EBML_ID.Tracks,
    el(
      EBML_ID.TrackEntry,
      uint(EBML_ID.TrackNumber, 1),
      uint(EBML_ID.TrackUID, 1),
      uint(EBML_ID.TrackType, 1),
      uint(EBML_ID.FlagLacing, 0),
      str(EBML_ID.CodecID, 'V_VP8'),
      uint(EBML_ID.DefaultDuration, Math.round(frameMs * 1_000_000)),
      el(EBML_ID.Video, uint(EBML_ID.PixelWidth, video.width), uint(EBML_ID.PixelHeight, video.height)),
    ),
  );

  const clusters: Array<{ timeMs: number; bytes: Buffer }> = [];
  let blocks: Buffer[] = [];
  let clusterStart = 0;
  const closeCluster = () => {
    if (blocks.length) clusters.push({ timeMs: clusterStart, bytes: el(EBML_ID.Cluster, uint(EBML_ID.Timecode, clusterStart), ...blocks) });
    blocks = [];
  };
  video.frames.forEach((frame, i) => {
    const timeMs = Math.round(i * frameMs);
    if (blocks.length === 0) clusterStart = timeMs;
    else if (timeMs - clusterStart >= CLUSTER_MS) {
      closeCluster();
      clusterStart = timeMs;
    }
    blocks.push(simpleBlock(timeMs - clusterStart, frame));
  });
  closeCluster();

  // Positions are relative to the start of the Segment's data. The SeekHead's positions are written
  // in a fixed 8 bytes so its own size is known before the positions are.
  const seekEntry = (id: number, position: number) => el(EBML_ID.Seek, el(EBML_ID.SeekID, idBytes(id)), uint(EBML_ID.SeekPosition, position, 8));
  const seekHeadSize = el(EBML_ID.SeekHead, seekEntry(EBML_ID.Info, 0), seekEntry(EBML_ID.Tracks, 0), seekEntry(EBML_ID.Cues, 0)).length;
  const infoAt = seekHeadSize;
  const tracksAt = infoAt + info.length;
  let position = tracksAt + tracks.length;
  const cuePoints: Buffer[] = [];
  for (const cluster of clusters) {
    cuePoints.push(
      el(EBML_ID.CuePoint, uint(EBML_ID.CueTime, cluster.timeMs), el(EBML_ID.CueTrackPositions, uint(EBML_ID.CueTrack, 1), uint(EBML_ID.CueClusterPosition, position))),
    );
    position += cluster.bytes.length;
  }
  const cues = el(EBML_ID.Cues, ...cuePoints);
  const seekHead = el(EBML_ID.SeekHead, seekEntry(EBML_ID.Info, infoAt), seekEntry(EBML_ID.Tracks, tracksAt), seekEntry(EBML_ID.Cues, position));
  const segment = el(EBML_ID.Segment, seekHead, info, tracks, ...clusters.map((c) => c.bytes), cues);
  return Buffer.concat([header, segment]);
}

/**
 * The VP8 key frame inside a simple-format lossy WebP (`RIFF….WEBPVP8 `). Extended (VP8X, with
 * alpha or metadata) and lossless (VP8L) files are refused: a video track cannot carry them.
 */
export function vp8FrameOfWebp(webp: Uint8Array): Uint8Array {
  const bytes = Buffer.from(webp.buffer, webp.byteOffset, webp.byteLength);
  if (bytes.length < 20 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') throw new Error('Not a WebP file');
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk !== 'VP8 ') throw new Error(`Expected a simple lossy WebP (VP8 chunk), found ${JSON.stringify(chunk)}; encode without alpha or metadata`);
  const size = bytes.readUInt32LE(16);
  if (20 + size > bytes.length) throw new Error('Truncated WebP');
  return bytes.subarray(20, 20 + size);
}
