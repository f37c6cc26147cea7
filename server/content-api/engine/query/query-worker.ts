import { DatasetState } from '../store/dataset-state'
import { ContentApiError } from '../errors'
import { parseQuery, runQuery, runQueryWithSourceMap } from './groq'
import type { SourceMapMode } from './source-map/source-map'
import { QueryReads, syncTagsOfReads, type SyncTag } from './sync-tags'
import { queryViewFor, type Perspective } from '../perspectives'
import type { SanityDocument } from '../types'

/**
 * The work a query worker thread does (ADR 080): GROQ parsing and evaluation, away from the event loop that
 * serves pages. The main thread hands over the documents as a snapshot; errors come back as values, because
 * an error object crossing threads loses its type and details.
 */

/** A dataset's documents at one version, as JSON in shared memory (one copy, read by every worker). */
export type DatasetSnapshot = { id: number; name: string; buffer: SharedArrayBuffer }

export type QueryTask = {
  kind: 'query'
  snapshot: DatasetSnapshot
  perspective: Perspective
  restricted: boolean
  query: string
  params: Record<string, unknown>
  identity: string
  timestamp: string
  projectId: string
  maxDepth: number
  maxResultBytes: number
  /** Answer with a content source map too (`resultSourceMap`), with array members by index or by `_key`. */
  sourceMap?: SourceMapMode
}

/** Which of `docs` a listener's filter selects; each is tested as a dataset of that one document. */
export type MatchTask = {
  kind: 'match'
  query: string
  params: Record<string, unknown>
  docs: (SanityDocument | null)[]
  maxDepth: number
}

/** Parses a query only (a listener checks its filter before it opens the stream). */
export type CheckTask = { kind: 'check'; query: string; params: Record<string, unknown>; maxDepth: number }

export type WorkerTask = QueryTask | MatchTask | CheckTask

export type WorkerFailure = {
  ok: false
  status: number
  type: string
  description: string
  extra: Record<string, unknown>
}

export type WorkerAnswer =
  | { ok: true; json?: string; sourceMapJson?: string; syncTags?: SyncTag[]; matches?: boolean[] }
  | WorkerFailure

/** A few recent snapshots: tasks queued before a commit may still ask for the version before it. */
const SNAPSHOTS_KEPT = 4
const snapshots = new Map<number, DatasetState>()

function stateFor(snapshot: DatasetSnapshot): DatasetState {
  const known = snapshots.get(snapshot.id)
  if (known) return known
  const state = new DatasetState(snapshot.name)
  const docs = JSON.parse(Buffer.from(snapshot.buffer).toString('utf8')) as SanityDocument[]
  for (const doc of docs) state.docs.set(doc._id, doc)
  snapshots.set(snapshot.id, state)
  if (snapshots.size > SNAPSHOTS_KEPT) snapshots.delete(snapshots.keys().next().value!)
  return state
}

async function query(task: QueryTask): Promise<WorkerAnswer> {
  const state = stateFor(task.snapshot)
  const reads = new QueryReads()
  const context = {
    reads,
    ...queryViewFor(state, task.perspective, task.restricted),
    params: task.params,
    identity: task.identity,
    timestamp: new Date(task.timestamp),
    sanity: { projectId: task.projectId, dataset: state.name },
    maxDepth: task.maxDepth,
  }
  let result: unknown
  let sourceMapJson: string | undefined
  if (task.sourceMap) {
    const mapped = await runQueryWithSourceMap(task.query, context, task.sourceMap)
    result = mapped.result
    sourceMapJson = JSON.stringify(mapped.sourceMap)
  } else {
    result = await runQuery(task.query, context)
  }
  const json = JSON.stringify(result ?? null)
  // The source map counts towards the limit: it grows with the number of values in the result.
  const bytes = Buffer.byteLength(json) + (sourceMapJson ? Buffer.byteLength(sourceMapJson) : 0)
  if (bytes > task.maxResultBytes) {
    throw new ContentApiError(
      400,
      'queryResultTooLarge',
      `The query result is ${megabytes(bytes)} MB; the largest this server returns is ${megabytes(task.maxResultBytes)} MB. Select fewer documents or fields, or page with slices ([0...100])`,
    )
  }
  return { ok: true, json, sourceMapJson, syncTags: syncTagsOfReads(reads) }
}

async function match(task: MatchTask): Promise<WorkerAnswer> {
  const matches: boolean[] = []
  for (const doc of task.docs) {
    if (!doc) {
      matches.push(false)
      continue
    }
    const result = await runQuery(task.query, {
      dataset: [doc],
      params: task.params,
      maxDepth: task.maxDepth,
    })
    matches.push(Array.isArray(result) ? result.length > 0 : result !== null && result !== false)
  }
  return { ok: true, matches }
}

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)

export default async function handle(task: WorkerTask): Promise<WorkerAnswer> {
  try {
    if (task.kind === 'query') return await query(task)
    if (task.kind === 'match') return await match(task)
    parseQuery(task.query, task.params, task.maxDepth)
    return { ok: true }
  } catch (error) {
    if (error instanceof ContentApiError) {
      return {
        ok: false,
        status: error.status,
        type: error.type,
        description: error.message,
        extra: error.extra,
      }
    }
    const description = error instanceof Error ? error.message : String(error)
    return { ok: false, status: 400, type: 'queryExecutionError', description, extra: {} }
  }
}
