import type { RequestHandler } from 'express'
import { z } from 'zod'
import { identityOf, principalOf, publicOnly } from './access'
import { badRequest } from './errors'
import { runQuery } from './groq'
import {
  documentIndexFor,
  documentsFor,
  parsePerspective,
  perspectiveKey,
  scanIndexFor,
} from './perspectives'
import { apiVersionOf, groqParamsFrom, stringParam } from './request'
import type { ContentStore } from './store'

const postBody = z.object({
  query: z.string().min(1),
  params: z.record(z.string(), z.unknown()).optional(),
  perspective: z.union([z.string(), z.array(z.string())]).optional(),
})

/** Queries that read the clock or the caller's identity cannot share cached results. */
const UNCACHEABLE = /\bnow\s*\(|\bidentity\s*\(/
const MAX_CACHED_RESULT = 512 * 1024

/**
 * GET and POST /data/query/:dataset. Results are cached per dataset version (any commit clears them) as
 * serialized JSON, so the repeated reads of the site and the Studio cost one lookup.
 */
export function queryHandler(store: ContentStore, projectId: string, cacheResults = true): RequestHandler {
  return async (req, res) => {
    const apiVersion = apiVersionOf(req)
    const state = store.dataset(String(req.params.dataset))
    let query: string | undefined
    let params: Record<string, unknown>
    let perspectiveParam: unknown = stringParam(req, 'perspective')
    if (req.method === 'POST') {
      const parsed = postBody.safeParse(req.body)
      if (!parsed.success) throw badRequest('Request body must be {query, params?}')
      query = parsed.data.query
      params = { ...groqParamsFrom(req.query), ...parsed.data.params }
      if (perspectiveParam === undefined && parsed.data.perspective !== undefined) {
        const p = parsed.data.perspective
        perspectiveParam = Array.isArray(p) ? p.join(',') : p
      }
    } else {
      query = stringParam(req, 'query')
      params = groqParamsFrom(req.query)
    }
    if (!query) throw badRequest('Missing query parameter "query"')
    const principal = principalOf(res)
    const perspective = parsePerspective(perspectiveParam, apiVersion)
    const restricted = publicOnly(principal)

    const started = performance.now()
    const index = documentIndexFor(state, perspective, restricted)
    const { byType, position } = scanIndexFor(state, perspective, restricted)
    const scan = {
      byType: (type: string) => byType.get(type) ?? [],
      byId: (id: string) => index.get(id),
      byIds: (ids: string[]) =>
        [...new Set(ids)]
          .filter((id) => position.has(id))
          .sort((a, b) => position.get(a)! - position.get(b)!)
          .map((id) => index.get(id)),
    }
    const evaluate = async () =>
      JSON.stringify(
        (await runQuery(query, {
          dataset: documentsFor(state, perspective, restricted),
          index,
          scan,
          params,
          identity: identityOf(principal),
          timestamp: new Date(),
          sanity: { projectId, dataset: state.name },
        })) ?? null,
      )
    let resultJson: string
    if (!cacheResults || UNCACHEABLE.test(query)) {
      resultJson = await evaluate()
    } else {
      const key = `q:${restricted ? 'public' : 'all'}:${perspectiveKey(perspective)}:${query}\u0000${JSON.stringify(params)}`
      // A commit during evaluation replaces the memo table, so a stale result is never served afterwards.
      const pending = state.memo(key, evaluate)
      try {
        resultJson = await pending
      } catch (error) {
        state.forget(key, pending)
        throw error
      }
      // Big results are not worth the memory: the cache is for the many small repeated reads.
      if (resultJson.length > MAX_CACHED_RESULT) state.forget(key, pending)
    }
    const ms = Math.round(performance.now() - started)
    const returnQuery = stringParam(req, 'returnQuery') !== 'false'
    const head = returnQuery ? `{"ms":${ms},"query":${JSON.stringify(query)},` : `{"ms":${ms},`
    const body = `${head}"result":${resultJson}}`
    // res.end, not res.send: send would hash every body for an ETag, a measurable cost on the hottest path.
    res.status(200)
    res.set({
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
    })
    res.end(body)
  }
}
