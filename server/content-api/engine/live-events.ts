import { getPublishedId, randomId, VERSIONS_PREFIX } from './ids'
import { syncTagsOfCommit, type SyncTag } from './query/sync-tags'
import type { ContentStore } from './store/content-store'
import { DocumentsById } from './store/documents-by-id'
import type { SanityDocument } from './types'

/** One commit as the Live Content API reports it: its position in the dataset's stream and its sync tags. */
export type LiveEvent = {
  /** Opaque position (the SSE `id`); see `LiveEvents.resume`. */
  id: string
  /** Tags for streams of published content; empty when the commit changed no public document. */
  published: SyncTag[]
  /** Tags for streams that include drafts, release versions and system documents. */
  all: SyncTag[]
}

/** Events kept per dataset for `Last-Event-ID` resumption; older positions answer `restart`. */
export const LIVE_EVENTS_KEPT = 1000

type DatasetStream = { seq: number; kept: { seq: number; event: LiveEvent }[] }

/**
 * The Live Content API's event source (ADR 140): every commit, with its sync tags, numbered per dataset. Positions
 * name this process (a restart makes every older position unusable, and a client then gets `restart`), so a
 * position is never mistaken for another process's.
 */
export class LiveEvents {
  private readonly epoch = randomId(8)
  private readonly streams = new Map<string, DatasetStream>()
  private readonly listeners = new Set<(dataset: string, event: LiveEvent) => void>()

  constructor(private readonly store: ContentStore) {
    store.onCommit((transaction) => {
      const docs = store.hasDataset(transaction.dataset)
        ? store.dataset(transaction.dataset).docs
        : new DocumentsById()
      const tags = syncTagsOfCommit(transaction, (base) => siblingsOf(docs, base))
      const stream = this.stream(transaction.dataset)
      stream.seq++
      const event = { id: this.idOf(stream.seq), ...tags }
      stream.kept.push({ seq: stream.seq, event })
      if (stream.kept.length > LIVE_EVENTS_KEPT) stream.kept.shift()
      for (const listener of this.listeners) listener(transaction.dataset, event)
    })
  }

  /** Hears every commit of every dataset, after it is durable. */
  subscribe(listener: (dataset: string, event: LiveEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** The current position of a dataset's stream (what `welcome` carries). */
  position(dataset: string): string {
    return this.idOf(this.stream(dataset).seq)
  }

  /** The events after a position, or undefined when the position is not (or no longer) one of this stream's. */
  resume(dataset: string, lastEventId: string): LiveEvent[] | undefined {
    const seq = this.seqOf(lastEventId)
    const stream = this.stream(dataset)
    if (seq === undefined || seq > stream.seq) return undefined
    const oldest = stream.kept[0]?.seq ?? stream.seq + 1
    if (seq < oldest - 1) return undefined
    return stream.kept.filter((entry) => entry.seq > seq).map((entry) => entry.event)
  }

  private stream(dataset: string): DatasetStream {
    let stream = this.streams.get(dataset)
    if (!stream) this.streams.set(dataset, (stream = { seq: 0, kept: [] }))
    return stream
  }

  private idOf(seq: number): string {
    return Buffer.from(`${seq}|${this.epoch}`).toString('base64url')
  }

  private seqOf(id: string): number | undefined {
    const [seq, epoch] = Buffer.from(id, 'base64url').toString('utf8').split('|')
    if (epoch !== this.epoch || !/^\d+$/.test(seq ?? '')) return undefined
    return Number(seq)
  }
}

/**
 * The documents sharing a published id: the published one, its draft and its release versions (found among the
 * versions alone: every commit asks, so its cost must not follow the dataset).
 */
function siblingsOf(docs: DocumentsById, base: string): SanityDocument[] {
  const out: SanityDocument[] = []
  for (const id of [base, `drafts.${base}`]) {
    const doc = docs.get(id)
    if (doc) out.push(doc)
  }
  for (const doc of docs.withPrefix(VERSIONS_PREFIX)) if (getPublishedId(doc._id) === base) out.push(doc)
  return out
}

const hubs = new WeakMap<ContentStore, LiveEvents>()

/** The one event source of a store (the HTTP edge and the page cache share it). */
export function liveEventsOf(store: ContentStore): LiveEvents {
  let hub = hubs.get(store)
  if (!hub) hubs.set(store, (hub = new LiveEvents(store)))
  return hub
}
