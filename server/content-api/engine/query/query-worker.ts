import { ContentApiError } from '../errors'
import { jsonBytesAtLeast } from './json-size'
import { parseQuery, runQuery, runQueryWithSourceMap } from './groq'
import type { SourceMapMode } from './source-map/source-map'
import { QueryReads, syncTagsOfReads, type SyncTag } from './sync-tags'
import { queryViewFor, type Perspective } from '../perspectives'
import type { SanityDocument } from '../types'
import { NEEDS_SNAPSHOT, WorkerViews, type DatasetView } from './worker-views'

/**
 * The work a query worker thread does (ADR 080): GROQ parsing and evaluation, away from the event loop that
 * serves pages. The main thread hands over the dataset as a view (worker-views.ts); errors come back as
 * values, because an error object crossing threads loses its type and details.
 */

export type QueryTask = {
  kind: 'query'
  view: DatasetView
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

const views = new WorkerViews()

async function query(task: QueryTask): Promise<WorkerAnswer> {
  const state = views.stateFor(task.view)
  if (!state) return { ok: false, status: 500, type: NEEDS_SNAPSHOT, description: NEEDS_SNAPSHOT, extra: {} }
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
  // Measured before it is written: a result too large to return is refused without building its JSON.
  const atLeast = jsonBytesAtLeast(result ?? null, task.maxResultBytes)
  if (atLeast > task.maxResultBytes) throw resultTooLarge(atLeast, task.maxResultBytes, 'more than ')
  const json = JSON.stringify(result ?? null)
  // The source map counts towards the limit: it grows with the number of values in the result.
  const bytes = Buffer.byteLength(json) + (sourceMapJson ? Buffer.byteLength(sourceMapJson) : 0)
  if (bytes > task.maxResultBytes) throw resultTooLarge(bytes, task.maxResultBytes, '')
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

const resultTooLarge = (bytes: number, limit: number, qualifier: string) =>
  new ContentApiError(
    400,
    'queryResultTooLarge',
    `The query result is ${qualifier}${megabytes(bytes)} MB; the largest this server returns is ${megabytes(limit)} MB. Select fewer documents or fields, or page with slices ([0...100])`,
  )

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
