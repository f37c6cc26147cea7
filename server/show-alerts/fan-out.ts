import type { Clock } from '../clock'
import type { Logger } from '../logger'
import { areasOf, type Announcement, type AlertsStore } from './alerts-store'

/**
 * Writes an announcement's outbox rows `batchSize` subscribers at a time, each batch a transaction that also moves
 * the announcement's cursor: memory holds one batch however many fans there are, pages keep being served between
 * batches, and a restart continues after the last batch written (the unique key makes a repeated batch harmless).
 */
export function createFanOut({
  alerts,
  clock,
  logger,
  batchSize,
  onRows,
}: {
  alerts: AlertsStore
  clock: Clock
  logger: Logger
  batchSize: number
  /** New rows are in the outbox (wakes the sender). */
  onRows: () => void
}) {
  let work: Promise<void> = Promise.resolve()
  let stopped = false

  async function fanOut(announcement: Announcement) {
    const areas = areasOf(announcement.shows)
    let read = 0
    for (;;) {
      if (stopped) return
      const n = await alerts.fanOutBatch(announcement.id, areas, batchSize, clock.now().toISOString())
      read += n
      if (n > 0) onRows()
      if (n < batchSize) break
      // Let requests in between batches.
      await new Promise((resolve) => setImmediate(resolve))
    }
    logger.info({ announcementId: announcement.id, subscribers: read }, 'show alerts: fan-out written')
  }

  return {
    /** Queues an announcement's fan-out after those before it. */
    add(announcement: Announcement) {
      work = work
        .then(() => fanOut(announcement))
        .catch((err: unknown) =>
          logger.error(
            { err, announcementId: announcement.id },
            'show alerts: fan-out failed; resumed at the next start',
          ),
        )
      return work
    },
    /** Resumes fan-outs a stop interrupted. */
    async resume() {
      for (const announcement of await alerts.unfinishedFanOuts()) void this.add(announcement)
      return work
    },
    idle: () => work,
    stop() {
      stopped = true
      return work
    },
  }
}
