import { createHash } from 'node:crypto'
import type { ExprNode } from 'groq-js'
import { getPublishedId, isPublicId } from '../ids'
import type { CommittedTransaction, SanityDocument } from '../types'
import { someNode } from './some-node'

/**
 * Sync tags (ADR 140): opaque `s1:` strings on query responses and on the Live Content API's `message` events. A
 * query's tags name what its evaluation read; a commit's tags name what it changed. The scheme is sound when a
 * commit that can change a query's result always shares a tag with it (false positives are allowed, false
 * negatives never):
 *
 * - a scan narrowed to `_type == "t"` (narrow.ts) read exactly the documents of type t: tag `type t`;
 * - `_id == "x"`, `_id in [...]` and every `->` read the documents with those ids, found or not: tag `id x`;
 * - any other `*` read everything: tag `everything`, which every commit carries.
 *
 * A commit carries, for every document it changed, the id tag and the type tags of the document before and after.
 * Evaluation is deterministic given what it read, so a result can only change when something it read changed.
 */
export type SyncTag = `s1:${string}`

/** What an evaluation read, recorded by `runQuery` when asked to. */
export class QueryReads {
  everything = false
  readonly types = new Set<string>()
  readonly ids = new Set<string>()
}

/** More tags than this on one query are worth less than one: the query is tagged `everything` instead. */
export const MAX_QUERY_SYNC_TAGS = 200

const memo = new Map<string, SyncTag>()

function tagOf(key: string): SyncTag {
  let tag = memo.get(key)
  if (!tag) {
    tag = `s1:${createHash('sha256').update(key).digest('base64url').slice(0, 12)}`
    if (memo.size > 10_000) memo.clear()
    memo.set(key, tag)
  }
  return tag
}

export const EVERYTHING_TAG = tagOf('*')
const typeTag = (type: string) => tagOf(`t\u0000${type}`)
const idTag = (id: string) => tagOf(`i\u0000${id}`)

/** The tags of a query's response, from what its evaluation read. */
export function syncTagsOfReads(reads: QueryReads): SyncTag[] {
  if (reads.everything || reads.types.size + reads.ids.size > MAX_QUERY_SYNC_TAGS) return [EVERYTHING_TAG]
  return [...new Set([...[...reads.types].map(typeTag), ...[...reads.ids].map(idTag)])].sort()
}

/** Whether an evaluation of this (narrowed) tree reads the whole dataset somewhere: a `*` left unnarrowed. */
export function readsEverything(tree: ExprNode): boolean {
  return someNode(tree, (node) => {
    if (node.type === 'Everything') return 'match'
    // Documents swapped in by narrowScans are values, not syntax: nothing below them reads the dataset.
    return node.type === 'Value' ? 'prune' : 'descend'
  })
}

export type CommitSyncTags = {
  /** What the public (published documents only) stream reports; empty when no public document changed. */
  published: SyncTag[]
  /** What a stream that includes drafts and release versions reports. */
  all: SyncTag[]
}

function addDocumentTags(tags: Set<SyncTag>, doc: SanityDocument | null) {
  if (doc && typeof doc._type === 'string') tags.add(typeTag(doc._type))
}

/**
 * The tags a commit fires. `siblings(publishedId)` lists the documents that share a published id (the
 * published document, its draft, its release versions) as they are after the commit: in a drafts or release
 * perspective the view shows one of them under the published id, so a change to a draft can change the type
 * under which that id was seen, and every sibling's type is fired.
 */
export function syncTagsOfCommit(
  transaction: CommittedTransaction,
  siblings: (publishedId: string) => SanityDocument[],
): CommitSyncTags {
  const published = new Set<SyncTag>()
  const all = new Set<SyncTag>()
  for (const change of transaction.changes) {
    const base = getPublishedId(change.id)
    for (const tags of isPublicId(change.id) ? [published, all] : [all]) {
      tags.add(EVERYTHING_TAG)
      tags.add(idTag(change.id))
      addDocumentTags(tags, change.previous)
      addDocumentTags(tags, change.next)
    }
    if (base !== change.id) {
      all.add(idTag(base))
      for (const sibling of siblings(base)) addDocumentTags(all, sibling)
    }
  }
  return { published: [...published].sort(), all: [...all].sort() }
}
