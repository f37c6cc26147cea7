import type { Request, RequestHandler, Response } from 'express'
import { principalOf } from './access'
import {
  ConcurrencyCaps,
  badRequest,
  ContentApiError,
  isPublicId,
  randomId,
  type Principal,
  callerOf,
  checkQueryInput,
  type Caller,
  type QueryRunner,
  type ContentStore,
  type CommittedTransaction,
  type DocumentChange,
  publicOnly,
} from '../engine'
import { apiVersionOf } from './api-version'
import { flagParam, groqParamsFrom, stringParam } from './request'
import { answerWithChannelError, listenerScope, type ListenerScope } from './listener-defaults'

/** Open listeners allowed (ADR 080); over a cap the request gets 429. */
export type ListenerLimits = {
  total: number
  /** Per signed-in user or API token. */
  perUser: number
  anonymous: number
  /** Per anonymous client (IPv4 address or IPv6 /64). */
  anonymousPerClient: number
}

export const DEFAULT_LISTENER_LIMITS: ListenerLimits = {
  total: 1000,
  // The Studio opens a listener per document set it previews: dozens per tab, more with several tabs.
  perUser: 500,
  anonymous: 100,
  anonymousPerClient: 5,
}

export type ListenOptions = { keepAliveMs?: number; runner: QueryRunner; limits?: Partial<ListenerLimits> }

type ListenerConfig = {
  query: string
  params: Record<string, unknown>
  includeResult: boolean
  includePreviousRevision: boolean
  includeMutations: boolean
  /** Drafts and release versions heard, by API version and options. */
  scope: ListenerScope
  visibility: string
  publicOnly: boolean
  caller: Caller
}

function sse(res: Response, event: string, data: unknown, id?: string): void {
  res.write(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
}

/**
 * Whether the listener's query selects each document before and after (the query runs over a dataset of just
 * that document), evaluated in a query worker for the whole transaction at once.
 */
async function matchAll(
  config: ListenerConfig,
  runner: QueryRunner,
  changes: DocumentChange[],
): Promise<[boolean, boolean][]> {
  if (config.query.trim() === '*') return changes.map((c) => [c.previous !== null, c.next !== null])
  const { matches } = await runner.run(config.caller, {
    kind: 'match',
    query: config.query,
    params: config.params,
    docs: changes.flatMap((change) => [change.previous, change.next]),
    maxDepth: runner.limits.maxDepth,
  })
  return changes.map((_, i) => [matches![2 * i]!, matches![2 * i + 1]!])
}

async function eventsFor(config: ListenerConfig, runner: QueryRunner, transaction: CommittedTransaction) {
  const visible = transaction.changes.filter(
    (change) => config.scope(change.id) && (!config.publicOnly || isPublicId(change.id)),
  )
  const flags = visible.length > 0 ? await matchAll(config, runner, visible) : []
  const selected: { change: DocumentChange; transition: 'appear' | 'update' | 'disappear' }[] = []
  visible.forEach((change, i) => {
    const [before, after] = flags[i]!
    if (!before && !after) return
    selected.push({ change, transition: !before ? 'appear' : !after ? 'disappear' : 'update' })
  })
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
 * Counts open listeners (or other streams, named by `what`): signed-in callers per user or token, anonymous
 * ones per address, and in total.
 */
export function listenerSlots(limits: ListenerLimits, what = 'listeners') {
  const total = new ConcurrencyCaps({ perClient: Number.MAX_SAFE_INTEGER, total: limits.total })
  const users = new ConcurrencyCaps({ perClient: limits.perUser, total: Number.MAX_SAFE_INTEGER })
  const anonymous = new ConcurrencyCaps({ perClient: limits.anonymousPerClient, total: limits.anonymous })
  const refuse = (description: string) => new ContentApiError(429, 'rateLimited', description)
  return (principal: Principal, caller: Caller): (() => void) => {
    const all = total.acquire('all')
    if (typeof all !== 'function') throw refuse(`Too many open ${what} on this server (${limits.total})`)
    const anonymousCaller = principal.kind === 'anonymous'
    const key =
      principal.kind === 'user' ? principal.userId : principal.kind === 'token' ? principal.tokenId : ''
    const mine = anonymousCaller ? anonymous.acquire(caller.client) : users.acquire(key)
    if (typeof mine === 'function') {
      return () => {
        mine()
        all()
      }
    }
    all()
    if (!anonymousCaller) throw refuse(`Too many open ${what} for your account: at most ${limits.perUser}`)
    throw refuse(
      mine === 'client'
        ? `Too many open ${what} from your address: anonymous clients may keep ${limits.anonymousPerClient}`
        : `Too many anonymous ${what} on this server (${limits.anonymous})`,
    )
  }
}

/** The listener's query, options and visibility, from the request's parameters. */
function listenerConfigFrom(
  req: Request,
  apiVersion: ReturnType<typeof apiVersionOf>,
  listener: { query: string; params: Record<string, unknown>; principal: Principal; caller: Caller },
): ListenerConfig {
  const { query, params, principal, caller } = listener
  return {
    query,
    params,
    // @sanity/client drops falsy options, so a missing flag means the default.
    // Off unless asked for: @sanity/client sends includeResult=true itself unless told not to.
    includeResult: flagParam(req, 'includeResult', false),
    includePreviousRevision: flagParam(req, 'includePreviousRevision', false),
    includeMutations: flagParam(req, 'includeMutations', true),
    scope: listenerScope(apiVersion, {
      includeAllVersions: flagParam(req, 'includeAllVersions', false),
      perspective: stringParam(req, 'perspective'),
    }),
    visibility: stringParam(req, 'visibility') === 'transaction' ? 'transaction' : 'query',
    publicOnly: publicOnly(principal),
    caller,
  }
}

function openEventStream(req: Request, res: Response): void {
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
}

/**
 * Sends one `mutation` event per matching change of each commit, in commit order, with keep-alives, until the
 * client or the store ends the stream; then gives the listener's slot back.
 */
function streamCommits(
  req: Request,
  res: Response,
  listener: {
    store: ContentStore
    dataset: string
    config: ListenerConfig
    runner: QueryRunner
    keepAliveMs: number
    release: () => void
  },
): void {
  const { store, dataset, config, runner, keepAliveMs, release } = listener
  let closed = false
  let chain: Promise<void> = Promise.resolve()
  const unsubscribe = store.onCommit((transaction) => {
    if (transaction.dataset !== dataset) return
    chain = chain
      .then(async () => {
        if (closed) return
        try {
          for (const event of await eventsFor(config, runner, transaction)) {
            sse(res, 'mutation', event, event.eventId)
          }
        } catch (error) {
          // A filter that cannot be evaluated would fail (and cost a worker's time) on every commit.
          sse(res, 'channelError', { message: error instanceof Error ? error.message : String(error) })
          res.end()
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
    release()
  }
  req.on('close', cleanup)
  res.on('close', cleanup)
  res.on('error', cleanup)
}

/**
 * GET /data/listen/:dataset: Server-Sent Events. A `welcome` first, then one `mutation` event per matching
 * document change, in commit order (each listener handles transactions strictly one after another), and a
 * keep-alive comment every 25 s so proxies keep the stream open. Filters run in query workers; a filter that
 * fails (runs out of time, say) ends the stream with a `channelError`.
 */
export function listenHandler(store: ContentStore, options: ListenOptions): RequestHandler {
  const keepAliveMs = options.keepAliveMs ?? 25_000
  const { runner } = options
  const acquireSlot = listenerSlots({ ...DEFAULT_LISTENER_LIMITS, ...options.limits })
  return async (req, res) => {
    const apiVersion = apiVersionOf(req)
    const dataset = String(req.params.dataset)
    const query = stringParam(req, 'query')
    if (!query) throw badRequest('Missing query parameter "query"')
    const params = groqParamsFrom(req.query)
    checkQueryInput(query, params, runner.limits)
    try {
      store.dataset(dataset)
    } catch (error) {
      if (error instanceof ContentApiError) return answerWithChannelError(res, error)
      throw error
    }
    const principal = principalOf(res)
    const caller = callerOf(req.ip, principal)
    const release = acquireSlot(principal, caller)
    try {
      await runner.run(caller, { kind: 'check', query, params, maxDepth: runner.limits.maxDepth })
    } catch (error) {
      release()
      // A query that does not parse is the channel's error; limits (queryTooDeep, ADR 080) stay HTTP 4xx.
      if (error instanceof ContentApiError && error.type === 'queryParseError')
        return answerWithChannelError(res, error)
      throw error
    }
    const config = listenerConfigFrom(req, apiVersion, { query, params, principal, caller })

    openEventStream(req, res)
    sse(res, 'welcome', { listenerName: randomId() })

    streamCommits(req, res, { store, dataset, config, runner, keepAliveMs, release })
  }
}
