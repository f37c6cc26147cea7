import { Router, type RequestHandler, type Response } from 'express'
import { z } from 'zod'
import type { Clock } from '../clock'
import type { Logger } from '../logger'
import { sendCsvPages } from './csv-stream'
import type { AdminSubscriber, SubscriberPage } from './admin-api-types'
import {
  SUBSCRIBER_STATUSES,
  type ExportedSubscriber,
  type Subscriber,
  type SubscribersRepository,
} from './subscribers-repository'

const ListQuerySchema = z.object({
  status: z.enum(SUBSCRIBER_STATUSES).optional(),
  // Control characters are in no name or address, and the search index's query syntax cannot take a NUL.
  q: z
    .string()
    .max(200)
    .refine((q) => !/\p{Cc}/u.test(q))
    .optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
})

function toAdmin({ ipHash: _ipHash, ...rest }: Subscriber): AdminSubscriber {
  return rest
}

const CSV_COLUMNS: [string, (s: ExportedSubscriber) => string | null][] = [
  ['email', (s) => s.email],
  ['first_name', (s) => s.firstName],
  ['last_name', (s) => s.lastName],
  ['status', (s) => s.status],
  ['created_at', (s) => s.createdAt],
  ['confirmed_at', (s) => s.confirmedAt],
  ['unsubscribed_at', (s) => s.unsubscribedAt],
  ['consent_version', (s) => s.consentVersion],
  ['source', (s) => s.source],
  ['language', (s) => s.language],
]
function parseQuery(query: unknown) {
  const parsed = ListQuerySchema.safeParse(query)
  if (parsed.success) return parsed.data
  return null
}

async function* csvRows(pages: AsyncIterable<ExportedSubscriber[]>) {
  for await (const page of pages) yield page.map((s) => CSV_COLUMNS.map(([, get]) => get(s)))
}

/**
 * `GET subscribers.csv`: every subscriber the list query matches, streamed a page at a time as it is read
 * (keyset pages, see `SubscribersRepository.exportPages`), so an export of any size neither holds the file in
 * memory nor keeps the site's other requests waiting.
 */
function csvExport(repo: SubscribersRepository, clock: Clock, pageSize: number): RequestHandler {
  return async (req, res) => {
    const query = parseQuery(req.query)
    if (!query) {
      res.status(400).json({ message: 'Bad export query' })
      return
    }
    const day = clock.now().toISOString().slice(0, 10)
    const suffix = query.status ? `-${query.status}` : ''
    res.type('text/csv; charset=utf-8').attachment(`subscribers${suffix}-${day}.csv`)
    const pages = repo.exportPages({ status: query.status, search: query.q }, pageSize)
    await sendCsvPages(
      res,
      CSV_COLUMNS.map(([name]) => name),
      csvRows(pages),
    )
  }
}

/** Who erased a subscriber: the admin token, a Studio user or an API token. */
function erasedBy(res: Response): string {
  const principal = res.locals.principal
  return res.locals.subscriberAdmin
    ? 'admin-token'
    : principal && principal.kind !== 'anonymous'
      ? principal.kind === 'user'
        ? `user:${principal.userId}`
        : `token:${principal.tokenId}`
      : 'unknown'
}

/**
 * The subscriber admin API for the Studio's "Subscribers" tool, mounted at /api/newsletter/admin behind
 * `authorize` (see admin-auth.ts): list with counts, search, filter and paging; CSV export; unsubscribe; erase.
 */
export function createSubscribersAdminRouter({
  repo,
  authorize,
  clock,
  logger,
  exportPageSize = repo.exportPageSize,
}: {
  repo: SubscribersRepository
  authorize: RequestHandler[]
  clock: Clock
  logger: Logger
  /** Rows the CSV export reads and sends at a time (default: the store's, see `exportPageSize`). */
  exportPageSize?: number
}): Router {
  const router = Router()
  router.use(authorize)

  router.get('/subscribers', async (req, res) => {
    const query = parseQuery(req.query)
    if (!query) {
      res.status(400).json({ message: 'Bad list query' })
      return
    }
    const [page, counts] = await Promise.all([
      repo.list({ status: query.status, search: query.q, limit: query.limit, offset: query.offset }),
      repo.countByStatus(),
    ])
    const body: SubscriberPage = {
      items: page.items.map(toAdmin),
      total: page.total,
      totalCapped: page.totalCapped,
      limit: query.limit,
      offset: query.offset,
      counts: { ...counts, all: counts.pending + counts.subscribed + counts.unsubscribed },
    }
    res.json(body)
  })

  router.get('/subscribers.csv', csvExport(repo, clock, exportPageSize))

  router.post('/subscribers/:id/unsubscribe', async (req, res) => {
    const subscriber = await repo.unsubscribe(req.params.id, clock.now().toISOString())
    if (!subscriber) {
      res.status(404).json({ message: 'No such subscriber' })
      return
    }
    res.json({ subscriber: toAdmin(subscriber) })
  })

  router.delete('/subscribers/:id', async (req, res) => {
    const removed = await repo.remove(req.params.id)
    if (!removed) {
      res.status(404).json({ message: 'No such subscriber' })
      return
    }
    // The audit trail of an erasure names who did it, never the erased person's data.
    logger.info(
      {
        subscriberId: req.params.id,
        by: erasedBy(res),
      },
      'newsletter: subscriber erased',
    )
    res.status(204).end()
  })

  return router
}
