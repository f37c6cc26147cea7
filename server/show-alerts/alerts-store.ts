import type { ShowSnapshot } from './show-snapshot'

/** How a show seen by the alerts ended: announced, not news (past, cancelled, notify off), or already there. */
export type ShowOutcome = 'pending' | 'announced' | 'skipped' | 'baseline'
export type OutboxStatus = 'queued' | 'sent' | 'failed' | 'skipped'

export type Announcement = { id: number; createdAt: string; shows: ShowSnapshot[]; fanoutDone: boolean }

/** An outbox row a sender holds until its lease ends. */
export type ClaimedAlert = {
  id: number
  announcementId: number
  subscriberId: string
  /** Attempts including this one. */
  attempts: number
  /** The row was held by a sender that stopped without an outcome: SMTP may have accepted it already. */
  possiblyDelivered: boolean
}

/** What became of a claimed row: done (sent, skipped, given up), or back in the queue until `next`. */
export type Outcome =
  | { id: number; status: 'sent' | 'skipped' | 'failed'; at: string; error: string | null }
  | { id: number; status: 'retry'; next: string; error: string }

export type OutboxCounts = Record<OutboxStatus, number>

export type GivenUp = {
  id: number
  subscriberId: string
  announcementId: number
  error: string | null
  at: string
}

/**
 * The alerts' durable state in the subscribers' store (docs/decisions/190-show-alerts-outbox.md): shows seen,
 * announcements and the outbox. Two implementations, SQLite and PostgreSQL, held by one contract suite.
 */
export interface AlertsStore {
  /** True once the shows present when the alerts first ran are recorded (so they are never announced). */
  hasBaseline(): Promise<boolean>
  /** Records shows as already there; marks the baseline taken. */
  recordBaseline(showIds: string[], at: string): Promise<void>
  /** Which of these show ids were seen before. */
  seen(showIds: string[]): Promise<Set<string>>
  /**
   * Records shows seen for the first time: `pending` ones with their snapshot, others as skipped. A show seen
   * before keeps its first outcome (returns the ids newly recorded as pending).
   */
  recordSeen(
    shows: { id: string; snapshot: ShowSnapshot | null; outcome: 'pending' | 'skipped' }[],
    at: string,
  ): Promise<string[]>
  /** Updates or drops (null) the snapshot of a show still pending. */
  updatePending(showId: string, snapshot: ShowSnapshot | null): Promise<void>
  /** The time the oldest pending show was seen, or null. */
  oldestPending(): Promise<string | null>
  /** Turns every pending show into one announcement (null when none is pending). */
  announcePending(at: string): Promise<Announcement | null>
  /** Announcements whose fan-out has not finished (resumed after a restart). */
  unfinishedFanOuts(): Promise<Announcement[]>
  /**
   * Writes the next `batchSize` outbox rows of an announcement: confirmed subscribers after the fan-out cursor
   * (in id order) whose areas meet `areas` or who chose everywhere; moves the cursor in the same transaction.
   * Returns how many subscribers the batch read; fewer than `batchSize` means done.
   */
  fanOutBatch(announcementId: number, areas: string[], batchSize: number, at: string): Promise<number>
  /** Claims up to `limit` due rows for `leaseMs`. */
  claim(limit: number, at: string, leaseMs: number): Promise<ClaimedAlert[]>
  /** Records the outcomes of claimed rows, all in one transaction; releases their claim. */
  settle(outcomes: Outcome[]): Promise<void>
  announcement(id: number): Promise<Announcement | null>
  counts(): Promise<OutboxCounts>
  /** The rows given up on, newest first. */
  givenUp(limit: number): Promise<GivenUp[]>
  /** When the next queued row is due (for the sender to sleep until), or null. */
  nextDue(): Promise<string | null>
  close(): Promise<void>
}

export const emptyCounts = (): OutboxCounts => ({ queued: 0, sent: 0, failed: 0, skipped: 0 })

export function outboxCounts(rows: { status: string; n: number | string }[]): OutboxCounts {
  const counts = emptyCounts()
  for (const { status, n } of rows) if (status in counts) counts[status as OutboxStatus] = Number(n)
  return counts
}

/** The areas an announcement reaches (fans of everywhere are reached anyway). */
export const areasOf = (shows: ShowSnapshot[]): string[] =>
  [...new Set(shows.flatMap((show) => (show.area ? [show.area.slug] : [])))].sort()
