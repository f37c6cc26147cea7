import { badRequest } from './errors'
import { compareIds, getPublishedId, getVersionName, isPublicId, isPublishedId } from './ids'
import { withinBounds, type StringBounds } from './query/narrow'
import type { DatasetState } from './store/dataset-state'
import type { SanityDocument } from './types'

/**
 * A perspective decides which document versions a query sees (groq-js knows nothing about them):
 * - raw: every document as stored;
 * - published: no drafts, no release versions;
 * - a stack such as `drafts` or `rSummer,drafts`: for each document the first version found in the stack order,
 *   falling back to the published one, shown under the published `_id` with `_originalId` naming its source.
 */
export type Perspective = { kind: 'raw' } | { kind: 'published' } | { kind: 'stack'; layers: string[] }

const NAME = /^[A-Za-z0-9_-]+$/

/** No perspective means `published` from API version 2025-02-19 on, `raw` before (Sanity's rule). */
export function parsePerspective(value: unknown, apiVersion: string): Perspective {
  if (value === undefined || value === '') {
    return apiVersion === 'X' || apiVersion >= '2025-02-19' ? { kind: 'published' } : { kind: 'raw' }
  }
  if (typeof value !== 'string') throw badRequest('perspective must be a string')
  if (value === 'raw') return { kind: 'raw' }
  if (value === 'published') return { kind: 'published' }
  // `previewDrafts` is the pre-2025 name of `drafts`.
  const layers = value.split(',').map((layer) => (layer.trim() === 'previewDrafts' ? 'drafts' : layer.trim()))
  if (layers.some((layer) => layer === 'raw'))
    throw badRequest('The raw perspective cannot be part of a stack')
  const bad = layers.find((layer) => !NAME.test(layer))
  if (bad !== undefined) throw badRequest(`Invalid perspective "${bad}"`)
  const stack = layers.filter((layer) => layer !== 'published')
  return stack.length === 0 ? { kind: 'published' } : { kind: 'stack', layers: stack }
}

export function perspectiveKey(perspective: Perspective): string {
  return perspective.kind === 'stack' ? `stack:${perspective.layers.join(',')}` : perspective.kind
}

/** The documents a query runs over, memoised per dataset version. `publicOnly` is what anonymous callers get. */
export function documentsFor(
  state: DatasetState,
  perspective: Perspective,
  publicOnly: boolean,
): SanityDocument[] {
  // Anonymous callers only ever see public published documents, whatever perspective they ask for.
  const effective: Perspective = publicOnly ? { kind: 'published' } : perspective
  const key = `docs:${publicOnly ? 'public' : 'all'}:${perspectiveKey(effective)}`
  return state.memo(key, () => {
    const all = state.docs.inIdOrder()
    if (publicOnly) return all.filter((doc) => isPublicId(doc._id))
    if (effective.kind === 'raw') return all.slice()
    if (effective.kind === 'published') return all.filter((doc) => isPublishedId(doc._id))
    return overlay(all, effective.layers)
  })
}

function overlay(all: readonly SanityDocument[], layers: string[]): SanityDocument[] {
  const rank = new Map(layers.map((layer, index) => [layer, index]))
  const chosen = new Map<string, { doc: SanityDocument; rank: number }>()
  for (const doc of all) {
    const version = getVersionName(doc._id)
    // Published documents rank last; versions outside the stack are invisible.
    const r = version === null ? layers.length : rank.get(version)
    if (r === undefined) continue
    const base = getPublishedId(doc._id)
    const current = chosen.get(base)
    if (!current || r < current.rank) chosen.set(base, { doc, rank: r })
  }
  // `_id` order, as `*` always answers (store/documents-by-id.ts): a draft's id sorts elsewhere than its base's.
  // A version marked to unpublish shows the document as its release leaves it: gone (ADR 180).
  return [...chosen.entries()]
    .filter(([, { doc }]) => (doc._system as { delete?: unknown } | undefined)?.delete !== true)
    .sort(([a], [b]) => compareIds(a, b))
    .map(([base, { doc }]) => ({ ...doc, _id: base, _originalId: doc._id }))
}

/** `_id` -> document over the same view, so `->` dereferences are lookups instead of groq-js's dataset scan. */
export function documentIndexFor(
  state: DatasetState,
  perspective: Perspective,
  publicOnly: boolean,
): Map<string, SanityDocument> {
  const key = `index:${publicOnly ? 'public' : 'all'}:${perspectiveKey(publicOnly ? { kind: 'published' } : perspective)}`
  return state.memo(
    key,
    () => new Map(documentsFor(state, perspective, publicOnly).map((doc) => [doc._id, doc])),
  )
}

/** Where each view needs only part of the dataset: documents by `_type`, and each `_id`'s position in the view. */
export function scanIndexFor(state: DatasetState, perspective: Perspective, publicOnly: boolean) {
  const key = `scan:${publicOnly ? 'public' : 'all'}:${perspectiveKey(publicOnly ? { kind: 'published' } : perspective)}`
  return state.memo(key, () => {
    const docs = documentsFor(state, perspective, publicOnly)
    const byType = new Map<string, SanityDocument[]>()
    const position = new Map<string, number>()
    docs.forEach((doc, i) => {
      position.set(doc._id, i)
      const list = byType.get(doc._type)
      if (list) list.push(doc)
      else byType.set(doc._type, [doc])
    })
    return { byType, position }
  })
}

type Ordered = { values: string[]; docs: SanityDocument[] }

/**
 * A type's documents whose top-level `attribute` is a string, ordered by it: a bounded filter on it (a show list's
 * dates) finds its candidates by binary search instead of testing every document of the type. Built on the first
 * such query of a view, memoised per dataset version like the view.
 */
function orderedBy(state: DatasetState, viewKey: string, docs: SanityDocument[], attribute: string): Ordered {
  return state.memo(`ordered:${viewKey}:${docs[0]?._type ?? ''}:${attribute}`, () => {
    const keyed = docs.flatMap((doc) => {
      const value = (doc as Record<string, unknown>)[attribute]
      return typeof value === 'string' ? [{ value, doc }] : []
    })
    keyed.sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    return { values: keyed.map((entry) => entry.value), docs: keyed.map((entry) => entry.doc) }
  })
}

/** The first index whose value is not below `bound` (`inclusive`) or above it. */
function firstAfter(values: string[], bound: string, inclusive: boolean): number {
  let low = 0
  let high = values.length
  while (low < high) {
    const middle = (low + high) >>> 1
    const value = values[middle]!
    if (inclusive ? value < bound : value <= bound) low = middle + 1
    else high = middle
  }
  return low
}

/** The documents of `ordered` inside `bounds`, in the view's order (`position`). */
function inRange(ordered: Ordered, bounds: StringBounds, position: Map<string, number>): SanityDocument[] {
  const { values } = ordered
  let from = 0
  if (bounds.gte !== undefined) from = Math.max(from, firstAfter(values, bounds.gte, true))
  if (bounds.gt !== undefined) from = Math.max(from, firstAfter(values, bounds.gt, false))
  let to = values.length
  if (bounds.lte !== undefined) to = Math.min(to, firstAfter(values, bounds.lte, false))
  if (bounds.lt !== undefined) to = Math.min(to, firstAfter(values, bounds.lt, true))
  const found = ordered.docs.slice(from, Math.max(from, to))
  return found
    .filter((doc, i) => withinBounds(values[from + i]!, bounds))
    .sort((a, b) => position.get(a._id)! - position.get(b._id)!)
}

/**
 * What groq.ts `runQuery` needs to evaluate over a view: the documents, the `_id` index for `->`, and the
 * candidate lists `narrowScans` swaps in for `*`. Shared by the query workers and the server's own reads.
 */
export function queryViewFor(state: DatasetState, perspective: Perspective, publicOnly: boolean) {
  const index = documentIndexFor(state, perspective, publicOnly)
  const { byType, position } = scanIndexFor(state, perspective, publicOnly)
  const viewKey = `${publicOnly ? 'public' : 'all'}:${perspectiveKey(publicOnly ? { kind: 'published' } : perspective)}`
  return {
    dataset: documentsFor(state, perspective, publicOnly),
    index,
    scan: {
      byType: (type: string) => byType.get(type) ?? [],
      byId: (id: string) => index.get(id),
      byIds: (ids: string[]) =>
        [...new Set(ids)]
          .filter((id) => position.has(id))
          .sort((a, b) => position.get(a)! - position.get(b)!)
          .map((id) => index.get(id)),
      byRange: (type: string, attribute: string, bounds: StringBounds) => {
        const docs = byType.get(type)
        return docs ? inRange(orderedBy(state, viewKey, docs, attribute), bounds, position) : []
      },
    },
  }
}
