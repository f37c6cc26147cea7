import type { DatasetState, VersionChanges } from '../store/dataset-state'
import type { DatasetView } from './worker-views'

let nextDataset = 1
const datasetIds = new WeakMap<DatasetState, number>()
/** The state each view was made of, to add the snapshot to a view a worker could not catch up with. */
const stateOfView = new WeakMap<DatasetView, DatasetState>()
/** The last snapshot built per dataset; attached to views of its version only. */
const snapshots = new WeakMap<DatasetState, { version: number; buffer: SharedArrayBuffer }>()
/** Each commit's changes as shared JSON, built once (on the first query after it). */
const changeBuffers = new WeakMap<VersionChanges, SharedArrayBuffer>()

/** What building views cost the main thread, per dataset, for tests and the ADR's measurements. */
export type ViewCosts = { snapshots: number; snapshotBytes: number; changes: number; changeBytes: number }
const costs = new WeakMap<DatasetState, ViewCosts>()

export function viewCosts(state: DatasetState): ViewCosts {
  let known = costs.get(state)
  if (!known) costs.set(state, (known = { snapshots: 0, snapshotBytes: 0, changes: 0, changeBytes: 0 }))
  return known
}

function shared(json: string): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(Buffer.byteLength(json))
  Buffer.from(buffer).write(json)
  return buffer
}

function changeBuffer(changes: VersionChanges, cost: ViewCosts): SharedArrayBuffer {
  let buffer = changeBuffers.get(changes)
  if (!buffer) {
    buffer = shared(JSON.stringify([...changes.docs]))
    changeBuffers.set(changes, buffer)
    cost.changes++
    cost.changeBytes += buffer.byteLength
  }
  return buffer
}

/**
 * The dataset as query workers see it (ADR 173): its version and the changes of its latest commits, so a
 * worker that read an earlier version applies what changed since; the whole dataset rides along only when it
 * was already built for this version (a worker that is new or too far behind asks for it: withSnapshot).
 */
export function viewOf(state: DatasetState): DatasetView {
  let dataset = datasetIds.get(state)
  if (dataset === undefined) datasetIds.set(state, (dataset = nextDataset++))
  const cost = viewCosts(state)
  const snapshot = snapshots.get(state)
  // An older version's snapshot is of no use to anyone: let it go.
  if (snapshot && snapshot.version !== state.version) snapshots.delete(state)
  const view: DatasetView = {
    dataset,
    name: state.name,
    version: state.version,
    changes: state.recentChanges().map((changes) => ({
      version: changes.version,
      buffer: changeBuffer(changes, cost),
    })),
    ...(snapshot?.version === state.version ? { snapshot: snapshot.buffer } : {}),
  }
  stateOfView.set(view, state)
  return view
}

/**
 * The dataset's current view with every document (one JSON array in a SharedArrayBuffer, shared by every
 * worker that reads it), for a worker that could not catch up with `view`. The current version, which may be
 * newer than `view`'s: the task then reads what a task sent now would.
 */
export function withSnapshot(view: DatasetView): DatasetView {
  const state = stateOfView.get(view)
  if (!state) throw new Error('withSnapshot: not a view this thread made')
  if (snapshots.get(state)?.version !== state.version) {
    const buffer = shared(JSON.stringify(state.docs.inIdOrder()))
    snapshots.set(state, { version: state.version, buffer })
    const cost = viewCosts(state)
    cost.snapshots++
    cost.snapshotBytes += buffer.byteLength
  }
  return viewOf(state)
}
