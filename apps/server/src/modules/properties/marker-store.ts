/**
 * Every listed listing's map marker as UTF-8 JSON bytes, kept by the search index's slot
 * (decision 15). A map answer at a million listings is up to 2,000 markers found in memory; reading
 * their rows from PostgreSQL and making their JSON cost the server twenty times more than finding
 * them, so the index keeps each marker's bytes as it loads and follows the listing, and an answer is
 * the markers' bytes copied into one buffer.
 *
 * The bytes live in large chunks outside the JavaScript heap (a million small strings would be
 * walked by every full garbage collection). A marker's image URL starts with the request's origin:
 * each marker is kept with the site's configured origin (`baked`, when there is one) and records
 * where it stands (`originAt`, or -1). A join on that origin copies each marker whole; on another
 * one it writes that origin in its place. A marker rewritten with the same bytes (a listing
 * viewed, liked or re-sorted) keeps its place; a changed one is written anew, and the space of
 * replaced markers is reclaimed by copying the live ones once it outgrows half of them.
 */
/**
 * Above glibc's largest threshold for mapping memory of its own (32 MB), so a chunk left behind by a
 * compaction goes back to the system: with 4 MB chunks the index held 137 MB more after its load
 * (903 MB against 766) once the load's layout had copied the markers. Pages not written yet take
 * no memory.
 */
const CHUNK_BYTES = 64 * 1024 * 1024;
const NONE = -1;
const EMPTY = new Uint8Array(0);

export class MarkerStore {
  private chunks: Buffer[] = [];
  /** Bytes written in the last chunk. */
  private used = CHUNK_BYTES;
  private chunk = new Int32Array(0);
  private start = new Int32Array(0);
  private length = new Int32Array(0);
  private originAt = new Int32Array(0);
  private liveBytes = 0;
  private deadBytes = 0;

  private readonly bakedBytes: number;

  /**
   * `minWasteBytes`: replaced markers' space tolerated before any compaction (tests lower it).
   * `baked`: the origin kept in the markers (PUBLIC_URL's), the one nearly every join asks for.
   */
  constructor(
    private readonly minWasteBytes = 16 * 1024 * 1024,
    private readonly baked = '',
  ) {
    this.bakedBytes = Buffer.byteLength(baked);
  }

  /** Room for slots below `capacity` (slots are the search index's). */
  grow(capacity: number): void {
    const widen = (old: Int32Array, fill: number) => {
      const next = new Int32Array(capacity).fill(fill);
      next.set(old.subarray(0, Math.min(old.length, capacity)));
      return next;
    };
    this.chunk = widen(this.chunk, NONE);
    this.start = widen(this.start, 0);
    this.length = widen(this.length, 0);
    this.originAt = widen(this.originAt, NONE);
  }

  /**
   * Moves each slot's marker to `perm`'s order: slot s takes what slot perm[s] had. The bytes are
   * copied into that order too, so markers of neighbouring slots (a map cell's, newest first) are
   * joined from one stretch of memory.
   */
  permute(perm: Int32Array): void {
    for (const name of ['chunk', 'start', 'length', 'originAt'] as const) {
      const from = this[name];
      const to = from.slice();
      for (let s = 0; s < perm.length; s++) to[s] = from[perm[s]];
      this[name] = to;
    }
    this.compact();
  }

  /**
   * A slot's marker: `json` made with an empty origin, and the character where the origin goes
   * (-1: none). Unchanged bytes are kept where they are.
   */
  set(slot: number, json: string, originAt: number): void {
    const byteOrigin = originAt < 0 ? NONE : originAt === json.length ? Buffer.byteLength(json) : Buffer.byteLength(json.slice(0, originAt));
    const kept = originAt < 0 || !this.baked ? json : json.slice(0, originAt) + this.baked + json.slice(originAt);
    const bytes = Buffer.byteLength(kept);
    if (!this.chunks.length || this.used + bytes > CHUNK_BYTES) this.newChunk(bytes);
    const last = this.chunks.length - 1;
    const into = this.chunks[last];
    into.write(kept, this.used, 'utf8');
    const had = this.chunk[slot];
    if (had !== NONE && this.length[slot] === bytes && this.originAt[slot] === byteOrigin) {
      const old = this.chunks[had];
      if (old.compare(into, this.used, this.used + bytes, this.start[slot], this.start[slot] + bytes) === 0) return;
    }
    if (had !== NONE) this.forget(slot);
    this.chunk[slot] = last;
    this.start[slot] = this.used;
    this.length[slot] = bytes;
    this.originAt[slot] = byteOrigin;
    this.used += bytes;
    this.liveBytes += bytes;
    this.compactWhenWasteful();
  }

  delete(slot: number): void {
    if (slot < this.chunk.length && this.chunk[slot] !== NONE) this.forget(slot);
    this.compactWhenWasteful();
  }

  has(slot: number): boolean {
    return slot < this.chunk.length && this.chunk[slot] !== NONE;
  }

  /** Bytes held for markers, live and replaced. */
  get bytes(): number {
    return this.liveBytes + this.deadBytes;
  }

  /**
   * The markers of `slots` (each must have one), comma-joined, each image URL on `origin`, between
   * `head` and `tail` (an answer's envelope: written here rather than copied again around them).
   */
  join(slots: ArrayLike<number>, origin: string, head: Uint8Array = EMPTY, tail: Uint8Array = EMPTY): Buffer {
    const originBytes = Buffer.from(origin);
    // On the kept origin, each marker is one copy (no view of its parts made for it).
    const asKept = origin === this.baked;
    const baked = this.bakedBytes;
    let total = Math.max(0, slots.length - 1) + head.length + tail.length;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i];
      total += this.length[slot] + (this.originAt[slot] === NONE || asKept ? 0 : originBytes.length - baked);
    }
    const out = Buffer.allocUnsafe(total);
    // TypedArray's own set: several times cheaper per marker than Buffer's copy.
    out.set(head, 0);
    let at = head.length;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i];
      if (i > 0) out[at++] = 0x2c; // ,
      const from = this.chunks[this.chunk[slot]];
      const start = this.start[slot];
      const end = start + this.length[slot];
      const cut = this.originAt[slot];
      if (cut === NONE || asKept) {
        out.set(from.subarray(start, end), at);
        at += end - start;
      } else {
        out.set(from.subarray(start, start + cut), at);
        out.set(originBytes, at + cut);
        out.set(from.subarray(start + cut + baked, end), at + cut + originBytes.length);
        at += end - start - baked + originBytes.length;
      }
    }
    out.set(tail, at);
    return out;
  }

  private forget(slot: number): void {
    this.liveBytes -= this.length[slot];
    this.deadBytes += this.length[slot];
    this.chunk[slot] = NONE;
  }

  private newChunk(atLeast: number): void {
    this.chunks.push(Buffer.allocUnsafeSlow(Math.max(CHUNK_BYTES, atLeast)));
    this.used = 0;
  }

  private compactWhenWasteful(): void {
    if (this.deadBytes > Math.max(this.minWasteBytes, this.liveBytes / 2)) this.compact();
  }

  /** Copies the live markers into new chunks, leaving the replaced ones' space behind. */
  private compact(): void {
    const old = this.chunks;
    this.chunks = [];
    this.used = CHUNK_BYTES;
    for (let slot = 0; slot < this.chunk.length; slot++) {
      if (this.chunk[slot] === NONE) continue;
      const bytes = this.length[slot];
      if (!this.chunks.length || this.used + bytes > CHUNK_BYTES) this.newChunk(bytes);
      old[this.chunk[slot]].copy(this.chunks[this.chunks.length - 1], this.used, this.start[slot], this.start[slot] + bytes);
      this.chunk[slot] = this.chunks.length - 1;
      this.start[slot] = this.used;
      this.used += bytes;
    }
    this.deadBytes = 0;
  }
}
