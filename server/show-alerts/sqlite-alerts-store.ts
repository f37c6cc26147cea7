import { openSqlite, type SqliteDatabase } from '../db/sqlite'
import {
  outboxCounts,
  type Announcement,
  type AlertsStore,
  type ClaimedAlert,
  type GivenUp,
  type Outcome,
} from './alerts-store'
import type { ShowSnapshot } from './show-snapshot'

type AnnouncementRow = { id: number; created_at: string; shows: string; fanout_done_at: string | null }

const toAnnouncement = (row: AnnouncementRow): Announcement => ({
  id: row.id,
  createdAt: row.created_at,
  shows: JSON.parse(row.shows) as ShowSnapshot[],
  fanoutDone: row.fanout_done_at !== null,
})

const BASELINE_MARK = '(baseline)'

/**
 * The fan-out's subscribers: confirmed, after the cursor, whose areas meet the announcement's or none chosen.
 * The unary plus keeps SQLite off the status index: through it, every batch read and sorted all confirmed
 * subscribers; along the id index from the cursor, a batch reads about its own rows.
 */
const FAN_OUT_BATCH = `SELECT s.id FROM subscribers s
  WHERE +s.status = 'subscribed' AND s.id > ?
    AND (NOT EXISTS (SELECT 1 FROM subscriber_areas a WHERE a.subscriber_id = s.id)
         OR EXISTS (SELECT 1 FROM subscriber_areas a WHERE a.subscriber_id = s.id
                    AND a.area IN (SELECT value FROM json_each(?))))
  ORDER BY s.id LIMIT ?`

function statements(db: SqliteDatabase) {
  return {
    seenOne: db.prepare<[string], { show_id: string }>('SELECT show_id FROM alert_shows WHERE show_id = ?'),
    insertShow: db.prepare(
      'INSERT OR IGNORE INTO alert_shows (show_id, outcome, seen_at, snapshot) VALUES (?, ?, ?, ?)',
    ),
    updatePending: db.prepare(
      "UPDATE alert_shows SET snapshot = ? WHERE show_id = ? AND outcome = 'pending'",
    ),
    dropPending: db.prepare(
      "UPDATE alert_shows SET outcome = 'skipped', snapshot = NULL WHERE show_id = ? AND outcome = 'pending'",
    ),
    oldestPending: db.prepare<[], { at: string | null }>(
      "SELECT min(seen_at) AS at FROM alert_shows WHERE outcome = 'pending'",
    ),
    pending: db.prepare<[], { show_id: string; snapshot: string }>(
      "SELECT show_id, snapshot FROM alert_shows WHERE outcome = 'pending' ORDER BY seen_at, show_id",
    ),
    insertAnnouncement: db.prepare('INSERT INTO alert_announcements (created_at, shows) VALUES (?, ?)'),
    markAnnounced: db.prepare(
      "UPDATE alert_shows SET outcome = 'announced', announcement_id = ? WHERE show_id = ? AND outcome = 'pending'",
    ),
    announcement: db.prepare<[number], AnnouncementRow>('SELECT * FROM alert_announcements WHERE id = ?'),
    unfinished: db.prepare<[], AnnouncementRow>(
      'SELECT * FROM alert_announcements WHERE fanout_done_at IS NULL ORDER BY id',
    ),
    cursor: db.prepare<[number], { fanout_cursor: string }>(
      'SELECT fanout_cursor FROM alert_announcements WHERE id = ?',
    ),
    batch: db.prepare<[string, string, number], { id: string }>(FAN_OUT_BATCH),
    enqueue: db.prepare(`INSERT OR IGNORE INTO alert_outbox
      (announcement_id, subscriber_id, status, next_attempt_at) VALUES (?, ?, 'queued', ?)`),
    moveCursor: db.prepare('UPDATE alert_announcements SET fanout_cursor = ? WHERE id = ?'),
    finish: db.prepare('UPDATE alert_announcements SET fanout_done_at = ? WHERE id = ?'),
    due: db.prepare<[string, string, number], { id: number }>(`SELECT id FROM alert_outbox
      WHERE status = 'queued' AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?)
      ORDER BY next_attempt_at, id LIMIT ?`),
    claimRow: db.prepare<
      [string, string, number],
      { id: number; announcement_id: number; subscriber_id: string; attempts: number }
    >(`UPDATE alert_outbox SET attempts = attempts + 1, lease_until = ?, claimed_at = ?
      WHERE id = ? RETURNING id, announcement_id, subscriber_id, attempts`),
    heldBefore: db.prepare<[number], { claimed_at: string | null }>(
      'SELECT claimed_at FROM alert_outbox WHERE id = ?',
    ),
    finishRow: db.prepare(`UPDATE alert_outbox SET status = ?, done_at = ?, last_error = ?,
      claimed_at = NULL, lease_until = NULL WHERE id = ?`),
    retry: db.prepare(`UPDATE alert_outbox SET next_attempt_at = ?, last_error = ?,
      claimed_at = NULL, lease_until = NULL WHERE id = ?`),
    counts: db.prepare<[], { status: string; n: number }>(
      'SELECT status, count(*) AS n FROM alert_outbox GROUP BY status',
    ),
    givenUp: db.prepare<
      [number],
      {
        id: number
        subscriber_id: string
        announcement_id: number
        last_error: string | null
        done_at: string
      }
    >(`SELECT id, subscriber_id, announcement_id, last_error, done_at FROM alert_outbox
      WHERE status = 'failed' ORDER BY done_at DESC, id DESC LIMIT ?`),
    nextDue: db.prepare<[], { at: string | null }>(
      "SELECT min(max(next_attempt_at, coalesce(lease_until, ''))) AS at FROM alert_outbox WHERE status = 'queued'",
    ),
  }
}

/**
 * The alerts' tables in the subscribers' SQLite file (migrated by the subscribers repository, which must be
 * opened first). One process holds DATA_DIR (data-dir-lock.ts), so a row still held when this opens was held by
 * a process that stopped: its lease is released at once, and the row keeps the mark that it may have been sent.
 */
// eslint-disable-next-line max-lines-per-function -- factory of small closures (ADR 074)
export function openSqliteAlertsStore(file: string): AlertsStore {
  const db = openSqlite(file)
  // This connection's commits (outcomes, fan-out batches) are not flushed to disk one by one: with WAL they
  // still survive kill -9, and a power loss can only undo the latest ones, which sends a mail again or redoes
  // a batch, never loses one (docs/decisions/190-show-alerts-outbox.md). A flush per commit held the event
  // loop, and so the pages, while the sender wrote its outcomes.
  db.pragma('synchronous = NORMAL')
  db.prepare(
    "UPDATE alert_outbox SET lease_until = NULL WHERE status = 'queued' AND claimed_at IS NOT NULL",
  ).run()
  const q = statements(db)

  const recordSeen = db.transaction(
    (shows: { id: string; snapshot: ShowSnapshot | null; outcome: 'pending' | 'skipped' }[], at: string) =>
      shows.flatMap((show) => {
        const snapshot = show.snapshot ? JSON.stringify(show.snapshot) : null
        const { changes } = q.insertShow.run(show.id, show.outcome, at, snapshot)
        return changes === 1 && show.outcome === 'pending' ? [show.id] : []
      }),
  )
  const announcePending = db.transaction((at: string): Announcement | null => {
    const rows = q.pending.all()
    if (rows.length === 0) return null
    const shows = rows.map((row) => JSON.parse(row.snapshot) as ShowSnapshot)
    const id = Number(q.insertAnnouncement.run(at, JSON.stringify(shows)).lastInsertRowid)
    for (const row of rows) q.markAnnounced.run(id, row.show_id)
    return { id, createdAt: at, shows, fanoutDone: false }
  })
  const fanOutBatch = db.transaction((id: number, areas: string[], size: number, at: string) => {
    const cursor = q.cursor.get(id)?.fanout_cursor ?? ''
    const ids = q.batch.all(cursor, JSON.stringify(areas), size)
    for (const row of ids) q.enqueue.run(id, row.id, at)
    if (ids.length > 0) q.moveCursor.run(ids.at(-1)!.id, id)
    if (ids.length < size) q.finish.run(at, id)
    return ids.length
  })
  const claim = db.transaction((limit: number, at: string, leaseUntil: string): ClaimedAlert[] =>
    q.due.all(at, at, limit).map(({ id }) => {
      const held = q.heldBefore.get(id)?.claimed_at != null
      const row = q.claimRow.get(leaseUntil, at, id)!
      return {
        id: row.id,
        announcementId: row.announcement_id,
        subscriberId: row.subscriber_id,
        attempts: row.attempts,
        possiblyDelivered: held,
      }
    }),
  )

  const settle = db.transaction((outcomes: Outcome[]) => {
    for (const outcome of outcomes) {
      if (outcome.status === 'retry') q.retry.run(outcome.next, outcome.error, outcome.id)
      else q.finishRow.run(outcome.status, outcome.at, outcome.error, outcome.id)
    }
  })

  return {
    async hasBaseline() {
      return q.seenOne.get(BASELINE_MARK) !== undefined
    },
    async recordBaseline(showIds, at) {
      db.transaction(() => {
        for (const id of [...showIds, BASELINE_MARK]) q.insertShow.run(id, 'baseline', at, null)
      })()
    },
    async seen(showIds) {
      return new Set(showIds.filter((id) => q.seenOne.get(id) !== undefined))
    },
    async recordSeen(shows, at) {
      return recordSeen(shows, at)
    },
    async updatePending(showId, snapshot) {
      if (snapshot) q.updatePending.run(JSON.stringify(snapshot), showId)
      else q.dropPending.run(showId)
    },
    async oldestPending() {
      return q.oldestPending.get()?.at ?? null
    },
    async announcePending(at) {
      return announcePending(at)
    },
    async unfinishedFanOuts() {
      return q.unfinished.all().map(toAnnouncement)
    },
    async fanOutBatch(id, areas, size, at) {
      return fanOutBatch(id, areas, size, at)
    },
    async claim(limit, at, leaseMs) {
      return claim(limit, at, new Date(Date.parse(at) + leaseMs).toISOString())
    },
    async settle(outcomes) {
      settle(outcomes)
    },
    async announcement(id) {
      const row = q.announcement.get(id)
      return row ? toAnnouncement(row) : null
    },
    async counts() {
      return outboxCounts(q.counts.all())
    },
    async givenUp(limit): Promise<GivenUp[]> {
      return q.givenUp.all(limit).map((row) => ({
        id: row.id,
        subscriberId: row.subscriber_id,
        announcementId: row.announcement_id,
        error: row.last_error,
        at: row.done_at,
      }))
    },
    async nextDue() {
      return q.nextDue.get()?.at ?? null
    },
    async close() {
      db.close()
    },
  }
}
