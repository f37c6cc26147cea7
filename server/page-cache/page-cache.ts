import type { Encoding } from './encoding'
import { attachGzip, dropGzip, gzipFormOf, type Rendition } from './rendition'
import { RecencyMap } from '../recency-map'
import { TagIndex } from './tag-index'

/** Until when a render stays true with no content change (see freshness.ts). */
export type Freshness = { isFresh: () => boolean }

export type PageCacheOptions = {
  /** Most bytes kept (every form of every distinct rendition); the coldest pages go first past it. */
  maxBytes: number
  /**
   * Most 404 answers kept, apart from the pages: a flood of unknown addresses never evicts a page. Most
   * share one entry per route (ADR 090); these are the rest (a render that found nothing). Default 100.
   */
  maxNotFound?: number
}

/**
 * What a render read, as sync tags (ADR 140); undefined when not every read reported its tags, and then the
 * entry goes with any change.
 */
export type RenderTags = readonly string[] | undefined

type Entry = {
  rendition: Rendition
  freshness: Freshness
  syncTags: RenderTags
  /** What the entry added to the protected segment's bytes when it entered it. */
  protectedBytes?: number
}

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

/** Share of `maxBytes` that pages read more than once may hold; the rest is where new pages prove themselves. */
const PROTECTED_SHARE = 0.8

/**
 * Rendered responses by cache key (ADR 090). A content change starts a new generation: the entries whose sync
 * tags it fires (all of them without tags) are gone at once and renders already under way are neither stored
 * nor shared, so a publish is visible on the very next request. Concurrent misses of one key share one render.
 * Keys whose bytes are equal (`/?media=unknown` and `/`) share one rendition, counted once against `maxBytes`.
 * A render that throws or answers 5xx is not stored. 404 answers are kept apart, under their own cap, so they
 * never evict a page; when the bytes run over, 404s go first.
 *
 * Pages are a segmented LRU: a new page enters on probation and moves to the protected segment when it is asked
 * for again; past the byte budget, probation's least recently used go first. A crawler that reads every page
 * once only churns probation, so the pages fans keep reading (the home page) stay. A page dropped by a content
 * change comes back into the segment it left.
 *
 * A page on probation keeps its brotli form only (ADR 200): most pages a crawler reads once are never read by a
 * client without brotli, and gzip was more than half a stored page. Its gzip form is dropped right after the
 * answers waiting for the render are sent, and made again (`withForm`) when a client that takes gzip but not
 * brotli asks for the page.
 */
export class PageCache {
  private generation = 0
  private readonly probation = new RecencyMap<string, Entry>()
  private readonly protectedPages = new RecencyMap<string, Entry>()
  private protectedBytes = 0
  /** Keys that were protected when a content change or their age dropped them. */
  private readonly wasProtected = new Set<string>()
  private readonly notFound = new RecencyMap<string, Entry>()
  private readonly shared = new Map<string, Shared>()
  private readonly pending = new Map<string, Promise<Rendition>>()
  private readonly tags = new TagIndex()
  private bytes = 0

  constructor(readonly limits: PageCacheOptions) {}

  /** The stored rendition for a key when it is still fresh; marks it as recently used. */
  get(key: string): Rendition | undefined {
    const entry = this.protectedPages.get(key) ?? this.probation.get(key) ?? this.notFound.get(key)
    if (!entry) return undefined
    if (!entry.freshness.isFresh()) {
      this.remove(key, entry)
      return undefined
    }
    if (this.protectedPages.has(key)) this.protectedPages.touch(key)
    else if (this.probation.has(key)) {
      this.probation.delete(key)
      this.protect(key, entry)
    } else this.notFound.touch(key)
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
   * keys forgotten.
   */
  invalidate(syncTags?: readonly string[]): string[] {
    this.generation++
    this.pending.clear()
    const touched = syncTags
      ? this.tags.touchedBy(syncTags)
      : [...this.notFound.keys(), ...this.probation.keys(), ...this.protectedPages.keys()]
    const gone: string[] = []
    for (const key of touched) {
      const entry = this.protectedPages.get(key) ?? this.probation.get(key) ?? this.notFound.get(key)
      if (!entry) continue
      gone.push(key)
      this.remove(key, entry)
    }
    return gone
  }

  /**
   * Makes sure `rendition` has the form a client asked for: a page on probation lost its gzip form, so the first
   * client since that takes gzip but not brotli makes it again (on the event loop, once per page) and it is
   * kept, counted against the budget, for the next.
   */
  withForm(rendition: Rendition, form: Encoding): Rendition {
    if (form !== 'gzip' || rendition.gzip || !rendition.br) return rendition
    const added = attachGzip(rendition, gzipFormOf(rendition))
    if (this.shared.get(sharedKey(rendition))?.rendition === rendition) {
      this.bytes += added
      this.evictOverBytes()
    }
    return rendition
  }

  /** The pages' keys (not the 404s'), coldest first: probation, then the protected segment. */
  keys(): string[] {
    return [...this.probation.keys(), ...this.protectedPages.keys()]
  }

  stats(): CacheStats {
    return {
      entries: this.probation.size + this.protectedPages.size + this.notFound.size,
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
    const previous = this.protectedPages.get(key) ?? this.probation.get(key) ?? this.notFound.get(key)
    if (previous) this.remove(key, previous)
    const existing = this.shared.get(sharedKey(rendition))
    const kept = existing?.rendition ?? rendition
    if (existing) existing.refs++
    else {
      this.shared.set(sharedKey(rendition), { rendition, refs: 1 })
      this.bytes += rendition.bytes
    }
    const entry = { rendition: kept, freshness, syncTags }
    this.tags.add(key, syncTags)
    if (rendition.status === 404) this.notFound.set(key, entry)
    else if (this.wasProtected.delete(key)) this.protect(key, entry)
    else {
      this.probation.set(key, entry)
      // After the answers waiting for this render are sent (they may take gzip).
      setImmediate(() => this.slim(key, entry))
    }
    const maxNotFound = this.limits.maxNotFound ?? 100
    this.evictOldest(this.notFound, () => this.notFound.size > maxNotFound)
    this.evictOverBytes()
    return kept
  }

  /** Moves a page to the protected segment; its least recently used go back on probation past its share. */
  private protect(key: string, entry: Entry): void {
    this.protectedPages.set(key, entry)
    entry.protectedBytes = entry.rendition.bytes
    this.protectedBytes += entry.protectedBytes
    const share = this.limits.maxBytes * PROTECTED_SHARE
    while (this.protectedBytes > share && this.protectedPages.size > 1) {
      const [coldKey, cold] = this.protectedPages.oldest()!
      this.protectedPages.delete(coldKey)
      this.protectedBytes -= cold.protectedBytes ?? 0
      this.probation.set(coldKey, cold)
    }
  }

  /** Drops the gzip form of a page still on probation that no other key shares. */
  private slim(key: string, entry: Entry): void {
    const shared = this.shared.get(sharedKey(entry.rendition))
    if (this.probation.get(key) !== entry || shared?.rendition !== entry.rendition || shared.refs > 1) return
    this.bytes -= dropGzip(entry.rendition)
  }

  /** Past the byte budget: 404s go first, then probation's least recently used, then the protected segment's. */
  private evictOverBytes(): void {
    const overBytes = () => this.bytes > this.limits.maxBytes
    this.evictOldest(this.notFound, overBytes)
    this.evictOldest(this.probation, overBytes)
    this.evictOldest(this.protectedPages, overBytes)
  }

  /** Removes the least recently used entries of `area` while `over()` holds. */
  private evictOldest(area: RecencyMap<string, Entry>, over: () => boolean): void {
    while (area.size > 0 && over()) {
      const [oldestKey, oldest] = area.oldest()!
      this.remove(oldestKey, oldest, true)
    }
  }

  private remove(key: string, entry: Entry, evicted = false): void {
    if (this.protectedPages.get(key) === entry) {
      this.protectedPages.delete(key)
      this.protectedBytes -= entry.protectedBytes ?? 0
      if (!evicted) this.rememberProtected(key)
    } else if (this.probation.get(key) === entry) this.probation.delete(key)
    else this.notFound.delete(key)
    this.tags.delete(key, entry.syncTags)
    const shared = this.shared.get(sharedKey(entry.rendition))
    if (!shared || --shared.refs > 0) return
    this.shared.delete(sharedKey(entry.rendition))
    this.bytes -= shared.rendition.bytes
  }

  private rememberProtected(key: string): void {
    // Bounded like the segment it remembers: keys only, forgotten oldest first.
    if (this.wasProtected.size >= Math.max(1000, this.protectedPages.size * 2)) {
      this.wasProtected.delete(this.wasProtected.values().next().value!)
    }
    this.wasProtected.add(key)
  }
}
