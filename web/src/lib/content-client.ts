/**
 * A tiny GROQ reader over plain fetch. The browser reads published content anonymously, so @sanity/client, many
 * times its size, stays out of the browser bundle (ADR 030). It speaks the query endpoint that both the
 * embedded content API and Sanity's API CDN serve: GET {apiUrl}/v{apiVersion}/data/query/{dataset}. A draft
 * page's browser asks the same endpoint at the server's preview proxy, which answers in its session's view.
 */
import type { ContentConfig } from '../config/public-config'
import { throwIfResNotOk } from './api-request'
import { liveEventPosition } from './live-event-position'
import { API_TIMEOUT_MS } from './query-client'

export type QueryParams = Record<string, unknown>

/** `onSyncTags` hears the answer's sync tags (undefined when it had none): what the query read (ADR 140). */
export type FetchOptions = { onSyncTags?: (syncTags: string[] | undefined) => void }

export type ContentClient = {
  /**
   * Runs a GROQ query in the reader's view and resolves to its `result`: published for the readers of this
   * module, a draft session's perspective for the server's draft reader (server/preview/content-view.ts).
   */
  fetch: <Result>(query: string, params?: QueryParams, options?: FetchOptions) => Promise<Result>
}

export type ContentClientOptions = Pick<ContentConfig, 'apiUrl' | 'dataset' | 'apiVersion'> & {
  fetch?: typeof globalThis.fetch
}

/** The query URL; parameters are JSON-encoded as `$name=<json>`, as the Sanity HTTP API expects. */
export function queryUrl(
  { apiUrl, dataset, apiVersion }: Omit<ContentClientOptions, 'fetch'>,
  query: string,
  params: QueryParams = {},
): string {
  const search = new URLSearchParams({ query })
  for (const [name, value] of Object.entries(params)) search.set(`$${name}`, JSON.stringify(value))
  search.set('perspective', 'published')
  if (liveEventPosition.lastEventId) search.set('lastLiveEventId', liveEventPosition.lastEventId)
  return `${apiUrl.replace(/\/$/, '')}/v${apiVersion}/data/query/${encodeURIComponent(dataset)}?${search}`
}

export function createContentClient(options: ContentClientOptions): ContentClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  return {
    async fetch<Result>(query: string, params?: QueryParams, fetchOptions?: FetchOptions): Promise<Result> {
      const res = await doFetch(queryUrl(options, query, params), {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(API_TIMEOUT_MS),
      })
      await throwIfResNotOk(res)
      const body = (await res.json()) as { result: Result; syncTags?: string[] }
      fetchOptions?.onSyncTags?.(body.syncTags)
      return body.result
    },
  }
}
