import { DatasetState } from '../store/dataset-state'
import type { SanityDocument } from '../types'

/**
 * What a query task tells its worker about the dataset (ADR 173): which dataset and version to read, the
 * changes of the latest commits (each version's changed documents as JSON in shared memory: posting one shares
 * it instead of copying it) and, when the main thread has it at hand, the whole dataset at that version.
 */
export type DatasetView = {
  /** Which of the main thread's datasets (a number of its own: two stores may have datasets of one name). */
  dataset: number
  name: string
  version: number
  /** Oldest first, the last one making `version`: `[id, document or null][]` as UTF-8 JSON. */
  changes: { version: number; buffer: SharedArrayBuffer }[]
  /** Every document at `version` as one UTF-8 JSON array, in `_id` order. */
  snapshot?: SharedArrayBuffer
}

/** A few recent versions: tasks queued before a commit may still ask for the version before it. */
const VERSIONS_KEPT = 4
/** Datasets kept, the least recently read let go first (tests make many stores, each with its datasets). */
const DATASETS_KEPT = 8

/**
 * The answer of a worker that could not build the task's view from what it holds and was sent (new, or too
 * far behind): the pool sends the task again with the snapshot (withSnapshot in dataset-snapshot.ts).
 */
export const NEEDS_SNAPSHOT = 'needsSnapshot'

const parse = <T>(buffer: SharedArrayBuffer): T => JSON.parse(Buffer.from(buffer).toString('utf8')) as T

/**
 * A worker's copies of the datasets it was asked about, a few versions each. A version is made from the one
 * before by applying the commits' changes, sharing every unchanged document with it, so a commit costs a
 * worker what it changed plus an index of ids, and all the versions it keeps cost about one copy of the
 * documents. A worker that is further behind than the changes it is sent (or new) reads the snapshot.
 */
export class WorkerViews {
  private readonly datasets = new Map<number, DatasetState[]>()
  /** How each view was last obtained, for tests and the ADR's measurements. */
  readonly counts = { kept: 0, caughtUp: 0, snapshots: 0 }

  /** The dataset at the view's version, or undefined when this worker needs the snapshot and has none. */
  stateFor(view: DatasetView): DatasetState | undefined {
    const versions = this.datasets.get(view.dataset) ?? []
    const kept = versions.find((state) => state.version === view.version)
    if (kept) {
      this.counts.kept++
      return kept
    }
    const caughtUp = this.catchUp(versions.at(-1), view)
    if (caughtUp) this.counts.caughtUp++
    const state = caughtUp ?? (view.snapshot ? this.fromSnapshot(view, view.snapshot) : undefined)
    if (!state) return undefined
    const next = [...versions, state].sort((a, b) => a.version - b.version).slice(-VERSIONS_KEPT)
    this.datasets.delete(view.dataset)
    this.datasets.set(view.dataset, next)
    if (this.datasets.size > DATASETS_KEPT) this.datasets.delete(this.datasets.keys().next().value!)
    return state
  }

  private catchUp(latest: DatasetState | undefined, view: DatasetView): DatasetState | undefined {
    if (!latest || latest.version >= view.version) return undefined
    const from = view.changes.findIndex((change) => change.version === latest.version + 1)
    const needed = from < 0 ? [] : view.changes.slice(from)
    if (needed.length !== view.version - latest.version) return undefined
    const state = new DatasetState(view.name)
    state.docs.copyFrom(latest.docs)
    for (const change of needed) {
      for (const [id, doc] of parse<[string, SanityDocument | null][]>(change.buffer)) {
        if (doc) state.docs.set(id, doc)
        else state.docs.delete(id)
      }
    }
    state.version = view.version
    return state
  }

  private fromSnapshot(view: DatasetView, snapshot: SharedArrayBuffer): DatasetState {
    this.counts.snapshots++
    const state = new DatasetState(view.name)
    for (const doc of parse<SanityDocument[]>(snapshot)) state.docs.set(doc._id, doc)
    state.version = view.version
    return state
  }
}
