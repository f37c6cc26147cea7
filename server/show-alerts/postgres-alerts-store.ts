import type { Pool } from 'pg'
import { inTransaction } from '../db/postgres-transaction'
import {
  outboxCounts,
  type Announcement,
  type AlertsStore,
  type ClaimedAlert,
  type Outcome,
} from './alerts-store'
import type { ShowSnapshot } from './show-snapshot'

type AnnouncementRow = { id: string; created_at: Date; shows: ShowSnapshot[]; fanout_done_at: Date | null }

const toAnnouncement = (row: AnnouncementRow): Announcement => ({
  id: Number(row.id),
  createdAt: row.created_at.toISOString(),
  shows: row.shows,
  fanoutDone: row.fanout_done_at !== null,
})

const BASELINE_MARK = '(baseline)'

/**
 * One fan-out batch as one statement: the next confirmed subscribers after the cursor whose areas meet the
 * announcement's (or who chose none), their outbox rows, and the cursor moved past them. The cursor is a scalar
 * subquery so the primary key is read from it, and each subscriber's areas are looked up by the row: as a join
 * filter and EXISTS tests, PostgreSQL read the subscribers from the first one and hashed every subscriber's
 * areas for each batch.
 */
const FAN_OUT_BATCH = `WITH batch AS (
    SELECT s.id FROM subscribers s
    WHERE s.id > (SELECT fanout_cursor FROM alert_announcements WHERE id = $1) AND s.status = 'subscribed'
      AND coalesce((SELECT bool_or(a.area = ANY ($2::text[])) FROM subscriber_areas a WHERE a.subscriber_id = s.id), true)
    ORDER BY s.id LIMIT $3
  ), queued AS (
    INSERT INTO alert_outbox (announcement_id, subscriber_id, status, next_attempt_at)
    SELECT $1, id, 'queued', $4 FROM batch ON CONFLICT DO NOTHING
  ), moved AS (
    UPDATE alert_announcements SET
      fanout_cursor = coalesce((SELECT id FROM batch ORDER BY id DESC LIMIT 1), fanout_cursor),
      fanout_done_at = CASE WHEN (SELECT count(*) FROM batch) < $3 THEN $4::timestamptz END
    WHERE id = $1
  )
  SELECT count(*) AS n FROM batch`

/**
 * Rows are claimed with SKIP LOCKED, so several nodes share the outbox without waiting on each other; a row
 * whose lease ran out (its node stopped) is due again, with the mark that it may have been sent.
 */
const CLAIM = `WITH due AS (
    SELECT id, claimed_at IS NOT NULL AS held FROM alert_outbox
    WHERE status = 'queued' AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
    ORDER BY next_attempt_at, id LIMIT $2 FOR UPDATE SKIP LOCKED
  )
  UPDATE alert_outbox o SET attempts = attempts + 1, lease_until = $3, claimed_at = $1
  FROM due WHERE o.id = due.id
  RETURNING o.id, o.announcement_id, o.subscriber_id, o.attempts, due.held`

// eslint-disable-next-line max-lines-per-function -- factory of small closures (ADR 074)
export function openPostgresAlertsStore(pool: Pool, ownsPool = true): AlertsStore {
  return {
    async hasBaseline() {
      const { rowCount } = await pool.query('SELECT 1 FROM alert_shows WHERE show_id = $1', [BASELINE_MARK])
      return rowCount === 1
    },
    async recordBaseline(showIds, at) {
      await pool.query(
        `INSERT INTO alert_shows (show_id, outcome, seen_at)
         SELECT unnest($1::text[]), 'baseline', $2 ON CONFLICT DO NOTHING`,
        [[...showIds, BASELINE_MARK], at],
      )
    },
    async seen(showIds) {
      const { rows } = await pool.query<{ show_id: string }>(
        'SELECT show_id FROM alert_shows WHERE show_id = ANY ($1::text[])',
        [showIds],
      )
      return new Set(rows.map((row) => row.show_id))
    },
    async recordSeen(shows, at) {
      return inTransaction(pool, async (client) => {
        const pending: string[] = []
        for (const show of shows) {
          const { rowCount } = await client.query(
            `INSERT INTO alert_shows (show_id, outcome, seen_at, snapshot) VALUES ($1, $2, $3, $4)
             ON CONFLICT DO NOTHING`,
            [show.id, show.outcome, at, show.snapshot ? JSON.stringify(show.snapshot) : null],
          )
          if (rowCount === 1 && show.outcome === 'pending') pending.push(show.id)
        }
        return pending
      })
    },
    async updatePending(showId, snapshot) {
      await pool.query(
        snapshot
          ? "UPDATE alert_shows SET snapshot = $2 WHERE show_id = $1 AND outcome = 'pending'"
          : "UPDATE alert_shows SET outcome = 'skipped', snapshot = NULL WHERE show_id = $1 AND outcome = 'pending'",
        snapshot ? [showId, JSON.stringify(snapshot)] : [showId],
      )
    },
    async oldestPending() {
      const { rows } = await pool.query<{ at: Date | null }>(
        "SELECT min(seen_at) AS at FROM alert_shows WHERE outcome = 'pending'",
      )
      return rows[0]?.at?.toISOString() ?? null
    },
    async announcePending(at) {
      return inTransaction(pool, async (client) => {
        const { rows } = await client.query<{ show_id: string; snapshot: ShowSnapshot }>(
          `SELECT show_id, snapshot FROM alert_shows WHERE outcome = 'pending'
           ORDER BY seen_at, show_id FOR UPDATE`,
        )
        if (rows.length === 0) return null
        const shows = rows.map((row) => row.snapshot)
        const inserted = await client.query<{ id: string }>(
          'INSERT INTO alert_announcements (created_at, shows) VALUES ($1, $2) RETURNING id',
          [at, JSON.stringify(shows)],
        )
        const id = Number(inserted.rows[0]!.id)
        await client.query(
          `UPDATE alert_shows SET outcome = 'announced', announcement_id = $1
           WHERE show_id = ANY ($2::text[]) AND outcome = 'pending'`,
          [id, rows.map((row) => row.show_id)],
        )
        return { id, createdAt: at, shows, fanoutDone: false }
      })
    },
    async unfinishedFanOuts() {
      const { rows } = await pool.query<AnnouncementRow>(
        'SELECT * FROM alert_announcements WHERE fanout_done_at IS NULL ORDER BY id',
      )
      return rows.map(toAnnouncement)
    },
    async fanOutBatch(id, areas, size, at) {
      const { rows } = await pool.query<{ n: string }>(FAN_OUT_BATCH, [id, areas, size, at])
      return Number(rows[0]?.n ?? 0)
    },
    async claim(limit, at, leaseMs): Promise<ClaimedAlert[]> {
      const leaseUntil = new Date(Date.parse(at) + leaseMs).toISOString()
      const { rows } = await pool.query<{
        id: string
        announcement_id: string
        subscriber_id: string
        attempts: number
        held: boolean
      }>(CLAIM, [at, limit, leaseUntil])
      return rows
        .map((row) => ({
          id: Number(row.id),
          announcementId: Number(row.announcement_id),
          subscriberId: row.subscriber_id,
          attempts: row.attempts,
          possiblyDelivered: row.held,
        }))
        .sort((a, b) => a.id - b.id)
    },
    async settle(outcomes) {
      if (outcomes.length === 0) return
      const done = outcomes.filter((o): o is Exclude<Outcome, { status: 'retry' }> => o.status !== 'retry')
      const retry = outcomes.filter((o): o is Extract<Outcome, { status: 'retry' }> => o.status === 'retry')
      // One statement per kind, arrays unnested: a single commit for the whole group.
      await pool.query(
        `WITH done AS (
           UPDATE alert_outbox o SET status = d.status, done_at = d.at, last_error = d.error,
             claimed_at = NULL, lease_until = NULL
           FROM unnest($1::bigint[], $2::text[], $3::timestamptz[], $4::text[]) AS d (id, status, at, error)
           WHERE o.id = d.id)
         UPDATE alert_outbox o SET next_attempt_at = r.next, last_error = r.error, claimed_at = NULL, lease_until = NULL
         FROM unnest($5::bigint[], $6::timestamptz[], $7::text[]) AS r (id, next, error)
         WHERE o.id = r.id`,
        [
          done.map((o) => o.id),
          done.map((o) => o.status),
          done.map((o) => o.at),
          done.map((o) => o.error),
          retry.map((o) => o.id),
          retry.map((o) => o.next),
          retry.map((o) => o.error),
        ],
      )
    },
    async announcement(id) {
      const { rows } = await pool.query<AnnouncementRow>('SELECT * FROM alert_announcements WHERE id = $1', [
        id,
      ])
      return rows[0] ? toAnnouncement(rows[0]) : null
    },
    async counts() {
      const { rows } = await pool.query<{ status: string; n: string }>(
        'SELECT status, count(*) AS n FROM alert_outbox GROUP BY status',
      )
      return outboxCounts(rows)
    },
    async givenUp(limit) {
      const { rows } = await pool.query<{
        id: string
        subscriber_id: string
        announcement_id: string
        last_error: string | null
        done_at: Date
      }>(
        `SELECT id, subscriber_id, announcement_id, last_error, done_at FROM alert_outbox
         WHERE status = 'failed' ORDER BY done_at DESC, id DESC LIMIT $1`,
        [limit],
      )
      return rows.map((row) => ({
        id: Number(row.id),
        subscriberId: row.subscriber_id,
        announcementId: Number(row.announcement_id),
        error: row.last_error,
        at: row.done_at.toISOString(),
      }))
    },
    async nextDue() {
      const { rows } = await pool.query<{ at: Date | null }>(
        `SELECT min(greatest(next_attempt_at, lease_until)) AS at FROM alert_outbox WHERE status = 'queued'`,
      )
      return rows[0]?.at?.toISOString() ?? null
    },
    async close() {
      if (ownsPool) await pool.end()
    },
  }
}
