import { Router, type RequestHandler, type Response } from 'express'
import { z } from 'zod'
import type { Clock } from '../clock'
import type { Logger } from '../logger'
import { csvLine, UTF8_BOM } from './csv'
import { EXPORT_BYTES_PER_SECOND, EXPORT_STALL_MS, sendCsvChunks } from './csv-stream'
import { exportInThread, exportWorkerFile } from './export-thread/export-thread'
import type { AdminSubscriber, SubscriberPage } from './admin-api-types'
import type { SubscriberPreferences } from './subscriber-preferences'
import {
  SUBSCRIBER_STATUSES,
  type ExportedField,
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

/** Exports running at once: each has a thread and a connection to the store of its own. */
export const EXPORTS_AT_ONCE = 2

/**
 * `GET subscribers.csv`: every subscriber the list query matches, read, written and (for a client that takes
 * gzip) compressed in a thread of the export's own (export-thread/, ADR 204), and sent as it comes at the export's
 * pace, so an export of any size neither holds the file in memory nor keeps the site's other requests waiting.
 */
function csvExport(
  repo: SubscribersRepository,
  clock: Clock,
  {
    exportStallMs: stallMs,
    exportBytesPerSecond: bytesPerSecond,
  }: { exportStallMs: number; exportBytesPerSecond: number },
): RequestHandler {
  let running = 0
  // A failed build fails the first export instead, with its message.
  exportWorkerFile().catch(() => undefined)
  return async (req, res) => {
    const query = parseQuery(req.query)
    if (!query) {
      res.status(400).json({ message: 'Bad export query' })
      return
    }
    if (running >= EXPORTS_AT_ONCE) {
      res
        .status(429)
        .set('Retry-After', '10')
        .json({
          message: `${EXPORTS_AT_ONCE} exports are already running. Try again when one has finished.`,
        })
      return
    }
    running++
    try {
      const day = clock.now().toISOString().slice(0, 10)
      const suffix = query.status ? `-${query.status}` : ''
      res.type('text/csv; charset=utf-8').attachment(`subscribers${suffix}-${day}.csv`)
      // Subscribers' addresses: kept by no cache; compressed by the export's thread, never by the server's own
      // compression on the event loop.
      res.set('Cache-Control', 'no-store, no-transform').vary('Accept-Encoding')
      const gzip = req.acceptsEncodings('gzip', 'identity') === 'gzip'
      if (gzip) res.set('Content-Encoding', 'gzip')
      const job = await repo.exportJob({ status: query.status, search: query.q }, CSV_FIELDS)
      const head = UTF8_BOM + csvLine(CSV_HEADER)
      await sendCsvChunks(res, exportInThread({ job, head, gzip }), { stallMs, bytesPerSecond })
    } finally {
      running--
    }
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
  exportStallMs = EXPORT_STALL_MS,
  exportBytesPerSecond = EXPORT_BYTES_PER_SECOND,
}: {
  repo: SubscribersRepository
  authorize: RequestHandler[]
  clock: Clock
  logger: Logger
  /** How long a client may take nothing of an export (see `EXPORT_STALL_MS`). */
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

  router.get('/subscribers.csv', csvExport(repo, clock, { exportStallMs, exportBytesPerSecond }))

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
