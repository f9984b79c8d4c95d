import { createHash, randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import type { Redis } from 'ioredis';
import { countUse, IdMemo } from './id-memo.ts';
import { TtlCache } from './ttl-cache.ts';

/**
 * What a cached page shows, so a write can drop exactly the pages it changes (decision 8):
 * a kind — `site` (settings, languages, catalogue, cities, FAQs, content pages), `properties`,
 * `projects`, `articles`, `agents` — stands for every page showing any item of that kind (cards,
 * counts, similar lists); `kind:slug` for the one item's own page.
 */
export type PageTag = 'site' | 'properties' | 'projects' | 'articles' | 'agents' | `${'property' | 'project' | 'article' | 'agent'}:${string}`;

const ALL_KINDS: PageTag[] = ['site', 'properties', 'projects', 'articles', 'agents'];

/** The tags a write invalidates, by what it changed. */
export const pageTagsFor = {
  /** A listing's data: its own page and every page with cards or counts. */
  property: (slug?: string): PageTag[] => ['properties', ...(slug ? [`property:${slug}` as const] : [])],
  project: (slug?: string): PageTag[] => ['projects', ...(slug ? [`project:${slug}` as const] : [])],
  article: (slug?: string): PageTag[] => ['articles', ...(slug ? [`article:${slug}` as const] : [])],
  /** A person's name or picture: agent lists and pages, and the listings and projects that show their owner. */
  agent: (slug?: string): PageTag[] => ['agents', 'properties', 'projects', ...(slug ? [`agent:${slug}` as const] : [])],
  /** Settings, languages, catalogue, content pages: everything. */
  site: (): PageTag[] => ALL_KINDS,
};

/**
 * The tags of a page that made this in-process API call. Unknown calls tag every kind, so a new
 * call can never leave a page stale; listing pages show the owner and similar listings, so they
 * carry their kinds too.
 */
export function tagsOfApiCall(url: URL): PageTag[] {
  const call = url.pathname.replace(/^\/api\//, '');
  const slug = url.searchParams.get('slug_id') ?? undefined;
  const own = <K extends string>(kind: K) => (slug ? [`${kind}:${slug}` as `${K}:${string}`] : []);
  switch (call) {
    case 'web-settings':
    case 'get_languages':
    case 'get_categories':
    case 'get_facilities':
    case 'get-cities-data':
    case 'faqs':
    case 'get_seo_settings':
      return ['site'];
    case 'get-property-list':
    case 'get-property-map-points':
      return ['properties'];
    case 'get_property':
      return ['properties', 'agents', ...(own('property') as PageTag[])];
    case 'get-projects':
      return ['projects'];
    case 'get-project-detail':
      return ['projects', 'agents', ...(own('project') as PageTag[])];
    case 'get_articles':
      return ['articles', ...(own('article') as PageTag[])];
    case 'get_article_categories':
      return ['articles'];
    case 'agent-list':
      return ['agents'];
    case 'agent-properties':
      return ['agents', 'properties', 'projects', ...(own('agent') as PageTag[])];
    default:
      return ALL_KINDS;
  }
}

/** A rendered page as every visitor gets it: the same bytes, compressed once. */
export interface CachedPage {
  /** Headers the render set that every visitor gets (content type, the language cookie of a `?lang=` page). */
  headers: [string, string][];
  body: Buffer;
  /** Made at the first request that takes gzip and not brotli (browsers take brotli). */
  gzip?: Buffer;
  br: Buffer;
  etag: string;
  /** `'sha256-…'` sources for the page's inline scripts: cached pages carry no nonce (decision 8). */
  scriptHashes: string[];
  /** False for answers a shared cache must not keep (one that sets a cookie). */
  isShared: boolean;
  tags: PageTag[];
  /** The invalidation clock when its render began. */
  renderedAt: number;
  /** What each replay owes its visitor (a listing's view is counted on every visit). */
  owed: (() => void)[];
  /** When it was stored (ms): fresh for PUBLIC_CACHE_SECONDS, then served stale while rendered again for as long once more. */
  storedAt: number;
  /** Every header of its answer but the encoding's, set when it is first sent: hits are then written straight out. */
  wire?: Record<string, string | string[] | number>;
}

const CHANNEL = 'estate:page-invalidate';

/** Inline `<script>` elements carrying `nonce`: the page's own scripts (an injected one cannot know the nonce). */
function inlineScripts(html: string, nonce: string): { scripts: string[]; html: string } {
  const scripts: string[] = [];
  const attr = ` nonce="${nonce}"`;
  const out = html.replace(/<script\b([^>]*)>([\s\S]*?)<\/script>/g, (whole, attrs: string, text: string) => {
    if (!attrs.includes(attr)) return whole;
    if (!/\bsrc=/.test(attrs)) scripts.push(text);
    return `<script${attrs.replace(attr, '')}>${text}</script>`;
  });
  return { scripts, html: out };
}

/**
 * Rendered pages for visitors, by URL and language, for PUBLIC_CACHE_SECONDS and within a byte
 * budget (oldest dropped first). A write invalidates by tags (`invalidate`): each entry remembers
 * the invalidation clock when its render began, and is dead when any of its tags was invalidated
 * since — so a write that lands while a page renders is not hidden by the render that read around
 * it. With Redis, invalidations are published so every instance drops the same pages.
 */
/** A stored page's body in the encoding a client takes; the gzip copy is made at the first asking. */
export function pageBodyIn(page: CachedPage, encoding: 'br' | 'gzip' | null): Buffer {
  if (encoding === 'br') return page.br;
  if (encoding === 'gzip') return (page.gzip ??= zlib.gzipSync(page.body, { level: 6 }));
  return page.body;
}

export class PageCache {
  private readonly store: TtlCache<CachedPage>;
  private clock = 0;
  private readonly invalidatedAt = new Map<string, number>();
  private readonly instance = randomUUID();
  private publisher?: Redis;
  private subscriber?: Redis;
  /** False while Redis is configured but this instance does not hear other instances' invalidations. */
  private hearsOthers = true;
  /** Marks this process's own background renders of stale pages (web.ts), which must not be answered from the cache. */
  readonly refreshToken = randomUUID();
  /** Called on every invalidation, local or from another instance: caches beneath the pages (API answers, memos) go too. */
  onInvalidate?: (tags: PageTag[]) => void;

  /** Renders by key, each within the lifetime of the one before, while fewer than `minUses` (decision 21). */
  private readonly uses: IdMemo<number, string> | null;

  constructor(
    readonly seconds: number,
    maxBytes: number,
    private readonly minUses = 1,
  ) {
    this.uses = minUses > 1 ? new IdMemo<number, string>(seconds * 1000, 100_000) : null;
    // Kept twice the lifetime: fresh for the first, served stale while rendered again in the second.
    // Room for a gzip copy, made later if a client asks (a little larger than the brotli one).
    this.store = new TtlCache<CachedPage>(seconds * 2000, 50_000, { weigh: (p) => p.body.length + 2.5 * p.br.length + 500, maxWeight: maxBytes });
  }

  get size() {
    return this.store.size;
  }

  /**
   * Whether a page just rendered is to be kept: from its `minUses`-th render within the cache's
   * lifetime (PUBLIC_CACHE_MIN_USES, as the public cache's answers, decision 21), or at once when
   * a copy is kept already (a stale page rendered again). A page asked for once (a listing among
   * a million, a search with its own filters) is sent as rendered: neither compressed a second
   * time nor kept.
   */
  isWanted(key: string): boolean {
    return !this.uses || this.store.get(key) !== undefined || countUse(this.uses, key) >= this.minUses;
  }

  /** The clock a render starts at: pass it to `set`. */
  now(): number {
    return this.clock;
  }

  /** A page rendered within PUBLIC_CACHE_SECONDS that no write has changed since. */
  get(key: string): CachedPage | undefined {
    const page = this.store.get(key);
    return page && this.isCurrent(page) && Date.now() - page.storedAt <= this.seconds * 1000 ? page : undefined;
  }

  /**
   * A page past its lifetime but within a second one, that no write has changed since: what a
   * visitor gets at once while it is rendered again (as `stale-while-revalidate` lets a shared
   * cache do). Never while invalidations from other instances may be missed (Redis unreachable).
   */
  getStale(key: string): CachedPage | undefined {
    if (!this.hearsOthers) return undefined;
    const page = this.store.get(key);
    return page && this.isCurrent(page) ? page : undefined;
  }

  private isCurrent(page: { tags: PageTag[]; renderedAt: number }): boolean {
    return page.tags.every((tag) => (this.invalidatedAt.get(tag) ?? 0) <= page.renderedAt);
  }

  /**
   * Stores a rendered page: strips the render's nonce from its inline scripts and hashes them, and
   * compresses it once with brotli (gzip when a client first asks for it). Answers the page as
   * stored, or null when a write since its render began made it stale (it is then sent as
   * rendered, not kept).
   */
  set(key: string, rendered: { html: string; nonce: string; headers: [string, string][]; tags: PageTag[]; renderedAt: number; owed?: (() => void)[] }): CachedPage | null {
    const tags = [...new Set(rendered.tags)];
    if (!this.isCurrent({ tags, renderedAt: rendered.renderedAt })) return null;
    const { scripts, html } = inlineScripts(rendered.html, rendered.nonce);
    const body = Buffer.from(html);
    const page: CachedPage = {
      headers: rendered.headers,
      body,
      br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      etag: `W/"${createHash('sha256').update(body).update(JSON.stringify(rendered.headers)).digest('base64url').slice(0, 27)}"`,
      scriptHashes: [...new Set(scripts.map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`))],
      isShared: !rendered.headers.some(([name]) => name === 'set-cookie'),
      tags,
      renderedAt: rendered.renderedAt,
      owed: rendered.owed ?? [],
      storedAt: Date.now(),
    };
    this.store.set(key, page);
    return page;
  }

  /** Drops every page carrying any of `tags`, here and (with Redis) on every other instance. */
  invalidate(tags: PageTag[]): void {
    this.invalidateHere(tags);
    this.publisher?.publish(CHANNEL, JSON.stringify({ from: this.instance, tags })).catch(() => {
      // Redis down: other instances' pages still expire within PUBLIC_CACHE_SECONDS.
    });
  }

  private invalidateHere(tags: PageTag[]): void {
    this.clock += 1;
    // Item tags accumulate with writes; past a bound, forget them and invalidate everything instead.
    if (this.invalidatedAt.size > 100_000) {
      this.invalidatedAt.clear();
      this.store.clear();
    }
    for (const tag of tags) this.invalidatedAt.set(tag, this.clock);
    this.onInvalidate?.(tags);
  }

  /**
   * Shares invalidations through Redis pub/sub: `redis` publishes, a duplicate connection listens
   * (and subscribes again after each reconnect). Waits at most `waitMs` for the first subscription.
   */
  async connect(redis: Redis, waitMs = 2000): Promise<void> {
    this.publisher = redis;
    this.hearsOthers = false;
    const subscriber = redis.duplicate({ lazyConnect: true, enableOfflineQueue: true, maxRetriesPerRequest: null });
    this.subscriber = subscriber;
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== CHANNEL) return;
      try {
        const { from, tags } = JSON.parse(message) as { from: string; tags: PageTag[] };
        if (from !== this.instance && Array.isArray(tags)) this.invalidateHere(tags.filter((t) => typeof t === 'string'));
      } catch {
        // Not ours: ignore.
      }
    });
    // A lost subscriber only means other instances' writes reach this one's pages by age (and
    // no stale page is served meanwhile).
    subscriber.on('error', () => {});
    subscriber.on('close', () => (this.hearsOthers = false));
    const subscribed = new Promise<void>((resolve) => {
      subscriber.on('ready', () => {
        subscriber.subscribe(CHANNEL).then(
          () => {
            // Pages kept while deaf may have missed other instances' writes.
            if (!this.hearsOthers) this.store.clear();
            this.hearsOthers = true;
            resolve();
          },
          () => {},
        );
      });
    });
    subscriber.connect().catch(() => {});
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([subscribed, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
  }

  async close(): Promise<void> {
    this.subscriber?.disconnect();
  }
}
