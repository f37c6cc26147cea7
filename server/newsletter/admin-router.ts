import { Router, type RequestHandler, type Response } from 'express'
import { z } from 'zod'
import type { Clock } from '../clock'
import type { Logger } from '../logger'
import { EXPORT_BYTES_PER_SECOND, EXPORT_STALL_MS, sendCsvChunks, sendCsvPages } from './csv-stream'
import type { AdminSubscriber, SubscriberPage } from './admin-api-types'
import type { SubscriberPreferences } from './subscriber-preferences'
import {
  SUBSCRIBER_STATUSES,
  type ExportedField,
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

const NO_PREFERENCES: SubscriberPreferences = { areas: [], language: 'en' }

function toAdmin(
  { ipHash: _ipHash, ...rest }: Subscriber,
  prefs: SubscriberPreferences | undefined,
): AdminSubscriber {
  return { ...rest, ...(prefs ?? NO_PREFERENCES) }
}

/** Subscribers with their areas and language, read in one query. */
async function withPreferences(repo: SubscribersRepository, subscribers: Subscriber[]) {
  const prefs = await repo.preferencesOf(subscribers.map((s) => s.id))
  return subscribers.map((s) => toAdmin(s, prefs.get(s.id)))
}

/** The CSV's columns: its header, and the exported field each cell holds. */
const CSV_COLUMNS: [header: string, field: ExportedField][] = [
  ['email', 'email'],
  ['first_name', 'firstName'],
  ['last_name', 'lastName'],
  ['status', 'status'],
  ['created_at', 'createdAt'],
  ['confirmed_at', 'confirmedAt'],
  ['unsubscribed_at', 'unsubscribedAt'],
  ['consent_version', 'consentVersion'],
  ['source', 'source'],
  // Slugs separated by spaces; empty: everywhere.
  ['areas', 'areas'],
  ['language', 'language'],
]
const CSV_HEADER = CSV_COLUMNS.map(([header]) => header)
const CSV_FIELDS = CSV_COLUMNS.map(([, field]) => field)

function parseQuery(query: unknown) {
  const parsed = ListQuerySchema.safeParse(query)
  if (parsed.success) return parsed.data
  return null
}

async function* csvRows(pages: AsyncIterable<ExportedSubscriber[]>) {
  for await (const page of pages) yield page.map((s) => CSV_FIELDS.map((field) => s[field]))
}

/**
 * `GET subscribers.csv`: every subscriber the list query matches, streamed as it is read (keyset pages, see
 * `SubscribersRepository.exportPages`, or the store's own records, `exportCsv`) at the export's pace, so an
 * export of any size neither holds the file in memory nor keeps the site's other requests waiting.
 */
function csvExport(
  repo: SubscribersRepository,
  clock: Clock,
  {
    exportPageSize: pageSize,
    exportStallMs: stallMs,
    exportBytesPerSecond: bytesPerSecond,
  }: { exportPageSize: number; exportStallMs: number; exportBytesPerSecond: number },
): RequestHandler {
  return async (req, res) => {
    const query = parseQuery(req.query)
    if (!query) {
      res.status(400).json({ message: 'Bad export query' })
      return
    }
    const day = clock.now().toISOString().slice(0, 10)
    const suffix = query.status ? `-${query.status}` : ''
    res.type('text/csv; charset=utf-8').attachment(`subscribers${suffix}-${day}.csv`)
    const filter = { status: query.status, search: query.q }
    // A store that writes the records itself (PostgreSQL's COPY) sends them in one statement; otherwise pages.
    if (repo.exportCsv)
      await sendCsvChunks(res, CSV_HEADER, repo.exportCsv(filter, CSV_FIELDS), { stallMs, bytesPerSecond })
    else await sendCsvPages(res, CSV_HEADER, csvRows(repo.exportPages(filter, pageSize)), bytesPerSecond)
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
  exportStallMs = EXPORT_STALL_MS,
  exportBytesPerSecond = EXPORT_BYTES_PER_SECOND,
}: {
  repo: SubscribersRepository
  authorize: RequestHandler[]
  clock: Clock
  logger: Logger
  /** Rows the CSV export reads and sends at a time (default: the store's, see `exportPageSize`). */
  exportPageSize?: number
  /** How long a client may take nothing of an export that holds a database connection (see `EXPORT_STALL_MS`). */
  exportStallMs?: number
  /** The CSV export's pace (see `EXPORT_BYTES_PER_SECOND`). */
  exportBytesPerSecond?: number
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
      items: await withPreferences(repo, page.items),
      total: page.total,
      totalCapped: page.totalCapped,
      limit: query.limit,
      offset: query.offset,
      counts: { ...counts, all: counts.pending + counts.subscribed + counts.unsubscribed },
    }
    res.json(body)
  })

  router.get(
    '/subscribers.csv',
    csvExport(repo, clock, { exportPageSize, exportStallMs, exportBytesPerSecond }),
  )

  router.post('/subscribers/:id/unsubscribe', async (req, res) => {
    const subscriber = await repo.unsubscribe(req.params.id, clock.now().toISOString())
    if (!subscriber) {
      res.status(404).json({ message: 'No such subscriber' })
      return
    }
    res.json({ subscriber: (await withPreferences(repo, [subscriber]))[0] })
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
