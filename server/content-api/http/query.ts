import type { Request, RequestHandler } from 'express'
import { z } from 'zod'
import { principalOf } from './access'
import {
  viewOf,
  badRequest,
  parsePerspective,
  perspectiveKey,
  callerOf,
  checkQueryInput,
  type QueryRunner,
  type ContentStore,
  identityOf,
  publicOnly,
  type SourceMapMode,
  QueryResultCache,
} from '../engine'
import { apiVersionOf } from './api-version'
import { groqParamsFrom, stringParam } from './request'

const postBody = z.object({
  query: z.string().min(1),
  params: z.record(z.string(), z.unknown()).optional(),
  perspective: z.union([z.string(), z.array(z.string())]).optional(),
})

/** Queries that read the clock or the caller's identity cannot share cached results. */
const UNCACHEABLE = /\bnow\s*\(|\bidentity\s*\(/
/** The first API version whose query responses carry `syncTags`. */
const SYNC_TAGS_SINCE = '2021-03-25'

/**
 * `resultSourceMap=true` or `withKeyArraySelector` (source paths name keyed array members by `_key`), as
 * @sanity/client sends it in the query string of a GET or a POST.
 */
function sourceMapModeOf(req: Request): SourceMapMode | undefined {
  const value = stringParam(req, 'resultSourceMap')
  if (value === undefined || value === '' || value === 'false' || value === '0') return undefined
  if (value === 'withKeyArraySelector') return 'key'
  if (value === 'true' || value === '1') return 'index'
  throw badRequest('resultSourceMap must be true, false or withKeyArraySelector')
}

/** The query, its parameters and the perspective asked for, from a GET's query string or a POST's body. */
function queryRequestOf(req: Request): {
  query: string | undefined
  params: Record<string, unknown>
  perspectiveParam: unknown
} {
  const perspectiveParam: unknown = stringParam(req, 'perspective')
  if (req.method !== 'POST') {
    return { query: stringParam(req, 'query'), params: groqParamsFrom(req.query), perspectiveParam }
  }
  const parsed = postBody.safeParse(req.body)
  if (!parsed.success) throw badRequest('Request body must be {query, params?}')
  const bodyPerspective = parsed.data.perspective
  return {
    query: parsed.data.query,
    params: { ...groqParamsFrom(req.query), ...parsed.data.params },
    perspectiveParam:
      perspectiveParam === undefined && bodyPerspective !== undefined
        ? Array.isArray(bodyPerspective)
          ? bodyPerspective.join(',')
          : bodyPerspective
        : perspectiveParam,
  }
}

type Answer = { resultJson: string; syncTagsJson: string; sourceMapJson?: string }

/** The query result cache's budget when none is given (QUERY_CACHE_MB). */
export const DEFAULT_QUERY_CACHE_BYTES = 64 * 1024 * 1024

/** What an answer holds in memory: its JSON strings (two bytes a character, as V8 may keep them). */
const answerBytes = (answer: Answer) =>
  2 * (answer.resultJson.length + answer.syncTagsJson.length + (answer.sourceMapJson?.length ?? 0))

/**
 * GET and POST /data/query/:dataset. Results are cached per dataset version (any commit clears them) as
 * serialized JSON, up to `cacheBytes` (0: no cache), so the repeated reads of the site and the Studio cost one
 * lookup. A miss is evaluated in a query worker, within the runner's limits (ADR 080).
 */
export function queryHandler(
  store: ContentStore,
  projectId: string,
  runner: QueryRunner,
  cacheBytes = DEFAULT_QUERY_CACHE_BYTES,
): RequestHandler {
  const results = cacheBytes > 0 ? new QueryResultCache<Answer>(cacheBytes, answerBytes) : undefined
  return async (req, res) => {
    const apiVersion = apiVersionOf(req)
    const state = store.dataset(String(req.params.dataset))
    const { query, params, perspectiveParam } = queryRequestOf(req)
    if (!query) throw badRequest('Missing query parameter "query"')
    checkQueryInput(query, params, runner.limits)
    const sourceMap = sourceMapModeOf(req)
    const principal = principalOf(res)
    const perspective = parsePerspective(perspectiveParam, apiVersion)
    const restricted = publicOnly(principal)
    const caller = callerOf(req.ip, principal)

    const started = performance.now()
    const evaluate = async (): Promise<Answer> => {
      const answer = await runner.run(caller, {
        kind: 'query',
        view: viewOf(state),
        perspective,
        restricted,
        query,
        params,
        identity: identityOf(principal),
        timestamp: new Date().toISOString(),
        projectId,
        maxDepth: runner.limits.maxDepth,
        maxResultBytes: runner.limits.maxResultBytes,
        ...(sourceMap ? { sourceMap } : {}),
      })
      return {
        resultJson: answer.json!,
        syncTagsJson: JSON.stringify(answer.syncTags ?? []),
        sourceMapJson: answer.sourceMapJson,
      }
    }
    let answer: Answer
    if (!results || UNCACHEABLE.test(query)) {
      answer = await evaluate()
    } else {
      // Per lane: an anonymous flood's evaluation is never the one a signed-in or loopback request waits on.
      const key = `q:${caller.lane}:${sourceMap ?? ''}:${restricted ? 'public' : 'all'}:${perspectiveKey(perspective)}:${query}\u0000${JSON.stringify(params)}`
      answer = await results.get(state, key, evaluate)
    }
    const ms = Math.round(performance.now() - started)
    const returnQuery = stringParam(req, 'returnQuery') !== 'false'
    const head = returnQuery ? `{"ms":${ms},"query":${JSON.stringify(query)},` : `{"ms":${ms},`
    // Sync tags (ADR 140) from API version 2021-03-25, as on Sanity; `lastLiveEventId` needs nothing here: this
    // API has no CDN, so every answer is at least as fresh as any live event already sent.
    const tags =
      apiVersion === 'X' || apiVersion >= SYNC_TAGS_SINCE ? `,"syncTags":${answer.syncTagsJson}` : ''
    const map = answer.sourceMapJson ? `,"resultSourceMap":${answer.sourceMapJson}` : ''
    const body = `${head}"result":${answer.resultJson}${map}${tags}}`
    // res.end, not res.send: send would hash every body for an ETag, a measurable cost on the hottest path.
    res.status(200)
    res.set({
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
    })
    res.end(body)
  }
}
