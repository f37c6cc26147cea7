import type { Pool } from 'pg'
import { inTransaction } from '../db/postgres-transaction'
import {
  areaCounts,
  normalAreas,
  type AreaCount,
  type Language,
  type SubscriberPreferences,
} from './subscriber-preferences'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Subscriber areas and language on PostgreSQL. */
export function postgresSubscriberPreferences(pool: Pool) {
  return {
    async preferences(id: string): Promise<SubscriberPreferences | null> {
      if (!UUID.test(id)) return null
      const { rows } = await pool.query<{ language: Language; areas: string[] }>(
        `SELECT s.language, coalesce(array_agg(a.area ORDER BY a.area) FILTER (WHERE a.area IS NOT NULL), '{}') AS areas
         FROM subscribers s LEFT JOIN subscriber_areas a ON a.subscriber_id = s.id
         WHERE s.id = $1 GROUP BY s.id`,
        [id],
      )
      return rows[0] ? { language: rows[0].language, areas: rows[0].areas } : null
    },
    async preferencesOf(ids: string[]): Promise<Map<string, SubscriberPreferences>> {
      const valid = ids.filter((id) => UUID.test(id))
      if (valid.length === 0) return new Map()
      const { rows } = await pool.query<{ id: string; language: Language; areas: string[] }>(
        `SELECT s.id, s.language, coalesce(array_agg(a.area ORDER BY a.area) FILTER (WHERE a.area IS NOT NULL), '{}') AS areas
         FROM subscribers s LEFT JOIN subscriber_areas a ON a.subscriber_id = s.id
         WHERE s.id = ANY ($1::uuid[]) GROUP BY s.id`,
        [valid],
      )
      return new Map(rows.map((row) => [row.id, { language: row.language, areas: row.areas }]))
    },
    async setPreferences(id: string, prefs: SubscriberPreferences): Promise<boolean> {
      if (!UUID.test(id)) return false
      // The subscriber's row is locked first, so choices saved at once are applied one after the other, each
      // whole: in one statement the parts shared a snapshot taken before the wait, and two choices mixed.
      return inTransaction(pool, async (client) => {
        const { rows } = await client.query(
          'UPDATE subscribers SET language = $2 WHERE id = $1 RETURNING id',
          [id, prefs.language],
        )
        if (rows.length === 0) return false
        await client.query('DELETE FROM subscriber_areas WHERE subscriber_id = $1', [id])
        await client.query(
          'INSERT INTO subscriber_areas (subscriber_id, area) SELECT $1, unnest($2::text[])',
          [id, normalAreas(prefs.areas)],
        )
        return true
      })
    },
    async subscribersPerArea(): Promise<AreaCount[]> {
      const { rows } = await pool.query<{ area: string | null; n: string }>(
        `SELECT a.area, count(*) AS n FROM subscribers s
           LEFT JOIN subscriber_areas a ON a.subscriber_id = s.id
         WHERE s.status = 'subscribed' GROUP BY a.area`,
      )
      return areaCounts(rows)
    },
  }
}
