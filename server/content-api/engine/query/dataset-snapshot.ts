import type { DatasetState } from '../store/dataset-state'
import type { DatasetSnapshot } from './query-worker'

let nextId = 1
const built = new WeakMap<DatasetState, { version: number; snapshot: DatasetSnapshot }>()
/** Documents never change in place (a commit replaces them), so each one is serialized once. */
const jsonOf = new WeakMap<object, string>()

/**
 * The dataset as query workers see it (ADR 080): every document at the current version, as one JSON array in a
 * SharedArrayBuffer. Posting it to a worker shares the memory instead of copying it; a worker parses it once
 * per version. Built on the first query after a commit, from per-document JSON kept across versions, so a
 * commit costs the changed documents plus one concatenation.
 */
export function snapshotOf(state: DatasetState): DatasetSnapshot {
  const known = built.get(state)
  if (known && known.version === state.version) return known.snapshot
  const parts: string[] = []
  for (const doc of state.docs.inIdOrder()) {
    let json = jsonOf.get(doc)
    if (json === undefined) {
      json = JSON.stringify(doc)
      jsonOf.set(doc, json)
    }
    parts.push(json)
  }
  const json = `[${parts.join(',')}]`
  const buffer = new SharedArrayBuffer(Buffer.byteLength(json))
  Buffer.from(buffer).write(json)
  const snapshot = { id: nextId++, name: state.name, buffer }
  built.set(state, { version: state.version, snapshot })
  return snapshot
}
