import {
  isPublishedId,
  type CommittedTransaction,
  type ContentStore,
  type SanityDocument,
} from '../content-api/engine'
import type { Clock } from '../clock'
import type { Logger } from '../logger'
import type { Announcement, AlertsStore } from './alerts-store'
import { contentAreaLookup } from './area-catalog'
import { isAnnounceable, snapshotOf } from './show-snapshot'

/**
 * Finds shows published for the first time in the content store's commits and turns them into announcements
 * (docs/decisions/190-show-alerts-outbox.md). Every published show is recorded once in the alerts store, so an
 * edit, an unpublish and republish, or a show from before the alerts existed never announces. Shows seen within
 * `coalesceMs` of the first pending one (a release is one commit) become one announcement.
 *
 * A commit the process did not get to record (a crash right after it) is found at the next start: a published
 * show the store has never seen is new.
 */
// eslint-disable-next-line max-lines-per-function -- factory of small closures (ADR 074)
export function createAnnouncementDetector({
  content,
  dataset,
  alerts,
  clock,
  logger,
  coalesceMs,
  onAnnouncement,
}: {
  content: ContentStore
  dataset: string
  alerts: AlertsStore
  clock: Clock
  logger: Logger
  coalesceMs: number
  onAnnouncement: (announcement: Announcement) => void
}) {
  // Commits are handled one after another, in commit order, off the commit's own call.
  let work: Promise<void> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  let unsubscribe: (() => void) | undefined

  const serially = (task: () => Promise<void>) => {
    work = work.then(task).catch((err: unknown) => logger.error({ err }, 'show alerts: detection failed'))
    return work
  }

  const areaOf = contentAreaLookup(content, dataset)

  const publishedShows = (): SanityDocument[] =>
    content.hasDataset(dataset)
      ? [...content.dataset(dataset).docs.values()].filter(
          (doc) => doc._type === 'event' && isPublishedId(doc._id),
        )
      : []

  /** Records shows published now: new ones as pending (or skipped), known pending ones updated. */
  async function consider(shows: SanityDocument[], gone: string[]) {
    const now = clock.now()
    const seen = await alerts.seen(shows.map((doc) => doc._id))
    const fresh = shows
      .filter((doc) => !seen.has(doc._id))
      .map((doc) => {
        const snapshot = isAnnounceable(doc, now) ? snapshotOf(doc, areaOf) : null
        return { id: doc._id, snapshot, outcome: snapshot ? ('pending' as const) : ('skipped' as const) }
      })
    if (fresh.length > 0) {
      const pending = await alerts.recordSeen(fresh, now.toISOString())
      if (pending.length > 0) logger.info({ shows: pending }, 'show alerts: new shows to announce')
    }
    for (const doc of shows.filter((d) => seen.has(d._id))) {
      await alerts.updatePending(doc._id, isAnnounceable(doc, now) ? snapshotOf(doc, areaOf) : null)
    }
    for (const id of gone) await alerts.updatePending(id, null)
    await schedule()
  }

  async function announceIfDue() {
    timer = undefined
    const oldest = await alerts.oldestPending()
    if (oldest === null || stopped) return
    if (clock.now().getTime() - Date.parse(oldest) < coalesceMs) return schedule()
    const announcement = await alerts.announcePending(clock.now().toISOString())
    if (announcement) {
      logger.info(
        { announcementId: announcement.id, shows: announcement.shows.map((show) => show.id) },
        'show alerts: announcement recorded',
      )
      onAnnouncement(announcement)
    }
  }

  async function schedule() {
    if (timer || stopped) return
    const oldest = await alerts.oldestPending()
    if (oldest === null) return
    const wait = Math.max(0, Date.parse(oldest) + coalesceMs - clock.now().getTime())
    timer = setTimeout(() => void serially(announceIfDue), wait)
  }

  function onCommit(transaction: CommittedTransaction) {
    if (transaction.dataset !== dataset) return
    const shows: SanityDocument[] = []
    const gone: string[] = []
    for (const change of transaction.changes) {
      if (!isPublishedId(change.id)) continue
      if (change.next?._type === 'event') shows.push(change.next)
      else if (change.previous?._type === 'event') gone.push(change.id)
    }
    if (shows.length > 0 || gone.length > 0) void serially(() => consider(shows, gone))
  }

  return {
    /** Takes the baseline on the very first start, else catches up on shows published unseen; then listens. */
    async start() {
      unsubscribe = content.onCommit(onCommit)
      await serially(async () => {
        const shows = publishedShows()
        if (!(await alerts.hasBaseline())) {
          await alerts.recordBaseline(
            shows.map((doc) => doc._id),
            clock.now().toISOString(),
          )
          logger.info({ shows: shows.length }, 'show alerts: shows already published are not announced')
          return
        }
        await consider(shows, [])
      })
    },
    /** Resolves once what was committed so far has been considered (tests). */
    idle: () => work,
    stop() {
      stopped = true
      unsubscribe?.()
      clearTimeout(timer)
    },
  }
}
