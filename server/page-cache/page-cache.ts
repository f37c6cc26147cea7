import type { Rendition } from './rendition'

/** Until when a render stays true with no content change (see freshness.ts). */
export type Freshness = { isFresh: () => boolean }

export type PageCacheOptions = {
  /** Most pages kept; the least recently used go first. */
  maxEntries: number
  /**
   * Most 404 answers kept, apart from the pages: a flood of unknown addresses never evicts a page. Most
   * share one entry per route (ADR 090); these are the rest (a render that found nothing). Default 100.
   */
  maxNotFound?: number
  /** Most bytes kept (every form of every distinct rendition). */
  maxBytes: number
}

/**
 * What a render read, as sync tags (ADR 140); undefined when not every read reported its tags, and then the
 * entry goes with any change.
 */
export type RenderTags = readonly string[] | undefined

type Entry = { rendition: Rendition; freshness: Freshness; syncTags: RenderTags }

export type RenderOutcome = { rendition: Rendition; freshness: Freshness; syncTags?: RenderTags }

/** Renditions are shared when every byte and header would be the same. */
const sharedKey = (rendition: Rendition) =>
  `${rendition.status} ${rendition.headers['content-type']} ${rendition.etag}`
type Shared = { rendition: Rendition; refs: number }

export type CacheStats = {
  /** Pages and 404s. */
  entries: number
  notFound: number
  renditions: number
  bytes: number
  generation: number
  /** Renders under way. */
  rendering: number
}

/**
 * Rendered responses by cache key (ADR 090). A content change starts a new generation: the entries whose sync
 * tags it fires (all of them without tags) are gone at once and renders already under way are neither stored
 * nor shared, so a publish is visible on the very next request. Concurrent misses of one key share one render. Keys whose bytes
 * are equal (`/?media=unknown` and `/`) share one rendition, counted once against `maxBytes`. A render that
 * throws or answers 5xx is not stored. 404 answers are kept apart, under their own cap, so they never evict a
 * page; when the bytes run over, 404s go first.
 */
export class PageCache {
  private generation = 0
  private readonly entries = new Map<string, Entry>()
  private readonly notFound = new Map<string, Entry>()
  private readonly shared = new Map<string, Shared>()
  private readonly pending = new Map<string, Promise<Rendition>>()
  private bytes = 0

  constructor(readonly limits: PageCacheOptions) {}

  /** The stored rendition for a key when it is still fresh; marks it as recently used. */
  get(key: string): Rendition | undefined {
    const area = this.entries.has(key) ? this.entries : this.notFound
    const entry = area.get(key)
    if (!entry) return undefined
    if (!entry.freshness.isFresh()) {
      this.remove(key, entry)
      return undefined
    }
    area.delete(key)
    area.set(key, entry)
    return entry.rendition
  }

  /** The stored rendition, or the one `render` produces (shared by every concurrent caller of this key). */
  render(key: string, render: () => Promise<RenderOutcome>): Promise<Rendition> {
    const hit = this.get(key)
    if (hit) return Promise.resolve(hit)
    const running = this.pending.get(key)
    if (running) return running
    const generation = this.generation
    const run = render().then(({ rendition, freshness, syncTags }) =>
      this.generation === generation && rendition.status < 500
        ? this.store(key, rendition, freshness, syncTags)
        : rendition,
    )
    this.pending.set(key, run)
    const settle = () => {
      if (this.pending.get(key) === run) this.pending.delete(key)
    }
    run.then(settle, settle)
    return run
  }

  /**
   * Content changed: forget every render under way (what it read is not known until it ends) and every page
   * that read something the change's sync tags name, or every page when the change has no tags. Returns the
   * keys forgotten, least recently used first.
   */
  invalidate(syncTags?: readonly string[]): string[] {
    this.generation++
    this.pending.clear()
    if (!syncTags) {
      const keys = [...this.notFound.keys(), ...this.keys()]
      this.entries.clear()
      this.notFound.clear()
      this.shared.clear()
      this.bytes = 0
      return keys
    }
    const fired = new Set(syncTags)
    const gone: string[] = []
    for (const [key, entry] of [...this.notFound, ...this.entries]) {
      if (entry.syncTags && !entry.syncTags.some((tag) => fired.has(tag))) continue
      gone.push(key)
      this.remove(key, entry)
    }
    return gone
  }

  /** The pages' keys (not the 404s'), least recently used first. */
  keys(): string[] {
    return [...this.entries.keys()]
  }

  stats(): CacheStats {
    return {
      entries: this.entries.size + this.notFound.size,
      notFound: this.notFound.size,
      renditions: this.shared.size,
      bytes: this.bytes,
      generation: this.generation,
      rendering: this.pending.size,
    }
  }

  /** Stores a rendition under a key and returns the one kept (an equal one already stored, if any). */
  private store(key: string, rendition: Rendition, freshness: Freshness, syncTags: RenderTags): Rendition {
    if (rendition.bytes > this.limits.maxBytes) return rendition
    const previous = this.entries.get(key) ?? this.notFound.get(key)
    if (previous) this.remove(key, previous)
    const existing = this.shared.get(sharedKey(rendition))
    const kept = existing?.rendition ?? rendition
    if (existing) existing.refs++
    else {
      this.shared.set(sharedKey(rendition), { rendition, refs: 1 })
      this.bytes += rendition.bytes
    }
    const area = rendition.status === 404 ? this.notFound : this.entries
    area.set(key, { rendition: kept, freshness, syncTags })
    const maxNotFound = this.limits.maxNotFound ?? 100
    this.evictOldest(this.notFound, () => this.notFound.size > maxNotFound)
    this.evictOldest(this.entries, () => this.entries.size > this.limits.maxEntries)
    const overBytes = () => this.bytes > this.limits.maxBytes
    this.evictOldest(this.notFound, overBytes)
    this.evictOldest(this.entries, overBytes)
    return kept
  }

  /** Removes the least recently used entries of `area` while `over()` holds. */
  private evictOldest(area: Map<string, Entry>, over: () => boolean): void {
    while (area.size > 0 && over()) {
      const [oldestKey, oldest] = area.entries().next().value as [string, Entry]
      this.remove(oldestKey, oldest)
    }
  }

  private remove(key: string, entry: Entry): void {
    if (this.entries.get(key) === entry) this.entries.delete(key)
    else this.notFound.delete(key)
    const shared = this.shared.get(sharedKey(entry.rendition))
    if (!shared || --shared.refs > 0) return
    this.shared.delete(sharedKey(entry.rendition))
    this.bytes -= shared.rendition.bytes
  }
}
