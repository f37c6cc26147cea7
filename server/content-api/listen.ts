import type { RequestHandler, Response } from 'express'
import { principalOf, publicOnly } from './access'
import { badRequest } from './errors'
import { parseQuery, runQuery } from './groq'
import { isPublicId, isVersionId, randomId } from './ids'
import { apiVersionOf, flagParam, groqParamsFrom, stringParam } from './request'
import type { ContentStore } from './store'
import type { CommittedTransaction, DocumentChange, SanityDocument } from './types'

export type ListenOptions = { keepAliveMs?: number }

type ListenerConfig = {
  query: string
  params: Record<string, unknown>
  includeResult: boolean
  includePreviousRevision: boolean
  includeMutations: boolean
  includeAllVersions: boolean
  visibility: string
  publicOnly: boolean
}

function sse(res: Response, event: string, data: unknown, id?: string): void {
  res.write(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
}

/** True when the listener's query selects the document (the query runs over a dataset of just that document). */
async function matches(config: ListenerConfig, doc: SanityDocument | null): Promise<boolean> {
  if (!doc) return false
  if (config.query.trim() === '*') return true
  const result = await runQuery(config.query, { dataset: [doc], params: config.params })
  return Array.isArray(result) ? result.length > 0 : result !== null && result !== false
}

async function eventsFor(config: ListenerConfig, transaction: CommittedTransaction) {
  const selected: { change: DocumentChange; transition: 'appear' | 'update' | 'disappear' }[] = []
  for (const change of transaction.changes) {
    if (!config.includeAllVersions && isVersionId(change.id)) continue
    if (config.publicOnly && !isPublicId(change.id)) continue
    const before = await matches(config, change.previous)
    const after = await matches(config, change.next)
    if (!before && !after) continue
    selected.push({ change, transition: !before ? 'appear' : !after ? 'disappear' : 'update' })
  }
  return selected.map(({ change, transition }, index) => ({
    eventId: `${transaction.id}#${change.id}`,
    documentId: change.id,
    transactionId: transaction.id,
    transition,
    identity: transaction.author,
    ...(config.includeMutations ? { mutations: change.mutations } : {}),
    ...(change.previous?._rev ? { previousRev: change.previous._rev } : {}),
    resultRev: transaction.id,
    timestamp: transaction.timestamp,
    visibility: config.visibility,
    transactionTotalEvents: selected.length,
    transactionCurrentEvent: index,
    // Always sent: the Studio's previews and history fail without effects, whatever the request asked for.
    effects: change.effects,
    ...(config.includeResult && change.next ? { result: change.next } : {}),
    ...(config.includePreviousRevision ? { previous: change.previous } : {}),
  }))
}

/**
 * GET /data/listen/:dataset: Server-Sent Events. A `welcome` first, then one `mutation` event per matching
 * document change, in commit order (each listener handles transactions strictly one after another), and a
 * keep-alive comment every 25 s so proxies keep the stream open.
 */
export function listenHandler(store: ContentStore, options: ListenOptions = {}): RequestHandler {
  const keepAliveMs = options.keepAliveMs ?? 25_000
  return (req, res) => {
    apiVersionOf(req)
    const dataset = String(req.params.dataset)
    store.dataset(dataset)
    const query = stringParam(req, 'query')
    if (!query) throw badRequest('Missing query parameter "query"')
    parseQuery(query)
    const principal = principalOf(res)
    const config: ListenerConfig = {
      query,
      params: groqParamsFrom(req.query),
      // @sanity/client drops falsy options, so a missing flag means the default.
      includeResult: flagParam(req, 'includeResult', true),
      includePreviousRevision: flagParam(req, 'includePreviousRevision', false),
      includeMutations: flagParam(req, 'includeMutations', true),
      includeAllVersions: flagParam(req, 'includeAllVersions', false),
      visibility: stringParam(req, 'visibility') === 'transaction' ? 'transaction' : 'query',
      publicOnly: publicOnly(principal),
    }

    res.status(200)
    res.set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform keeps the compression middleware from buffering the stream.
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    })
    // Connection headers and socket tweaks are HTTP/1 only (node:http2's compatibility layer rejects them).
    if (req.httpVersionMajor === 1) {
      res.set('Connection', 'keep-alive')
      res.socket?.setNoDelay(true)
    }
    res.flushHeaders()
    sse(res, 'welcome', { listenerName: randomId() })

    let closed = false
    let chain: Promise<void> = Promise.resolve()
    const unsubscribe = store.onCommit((transaction) => {
      if (transaction.dataset !== dataset) return
      chain = chain
        .then(async () => {
          if (closed) return
          try {
            for (const event of await eventsFor(config, transaction)) {
              sse(res, 'mutation', event, event.eventId)
            }
          } catch (error) {
            sse(res, 'channelError', { message: error instanceof Error ? error.message : String(error) })
          }
        })
        .catch(() => undefined)
    })
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), keepAliveMs)
    keepAlive.unref()
    const unregister = store.onEndStreams(() => res.end())
    const cleanup = () => {
      if (closed) return
      closed = true
      clearInterval(keepAlive)
      unsubscribe()
      unregister()
    }
    req.on('close', cleanup)
    res.on('close', cleanup)
    res.on('error', cleanup)
  }
}
