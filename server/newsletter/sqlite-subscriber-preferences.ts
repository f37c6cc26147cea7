import type { SqliteDatabase } from '../db/sqlite'
import {
  areaCounts,
  normalAreas,
  type AreaCount,
  type Language,
  type SubscriberPreferences,
} from './subscriber-preferences'

/** Subscriber areas and language on SQLite; the writes run inside the caller's transaction when there is one. */
export function sqliteSubscriberPreferences(db: SqliteDatabase) {
  const languageOf = db.prepare<[string], { language: Language }>(
    'SELECT language FROM subscribers WHERE id = ?',
  )
  const areasOf = db.prepare<[string], { area: string }>(
    'SELECT area FROM subscriber_areas WHERE subscriber_id = ? ORDER BY area',
  )
  const manyOf = db.prepare<[string], { id: string; language: Language; areas: string | null }>(
    `SELECT s.id, s.language,
       (SELECT group_concat(area, ' ' ORDER BY area) FROM subscriber_areas WHERE subscriber_id = s.id) AS areas
     FROM subscribers s WHERE s.id IN (SELECT value FROM json_each(?))`,
  )
  const setLanguage = db.prepare('UPDATE subscribers SET language = ? WHERE id = ?')
  const clearAreas = db.prepare('DELETE FROM subscriber_areas WHERE subscriber_id = ?')
  const addArea = db.prepare('INSERT OR IGNORE INTO subscriber_areas (subscriber_id, area) VALUES (?, ?)')
  const perArea = db.prepare<[], { area: string | null; n: number }>(
    `SELECT a.area AS area, count(*) AS n FROM subscribers s
       LEFT JOIN subscriber_areas a ON a.subscriber_id = s.id
     WHERE s.status = 'subscribed' GROUP BY a.area`,
  )

  /** Replaces the subscriber's choice; the row must exist. */
  const write = (id: string, prefs: Partial<SubscriberPreferences>) => {
    if (prefs.language) setLanguage.run(prefs.language, id)
    if (prefs.areas) {
      clearAreas.run(id)
      for (const area of normalAreas(prefs.areas)) addArea.run(id, area)
    }
  }
  const writeIfPresent = db.transaction((id: string, prefs: SubscriberPreferences) => {
    if (!languageOf.get(id)) return false
    write(id, prefs)
    return true
  })

  return {
    write,
    async preferences(id: string): Promise<SubscriberPreferences | null> {
      const row = languageOf.get(id)
      if (!row) return null
      return { language: row.language, areas: areasOf.all(id).map((r) => r.area) }
    },
    async preferencesOf(ids: string[]): Promise<Map<string, SubscriberPreferences>> {
      const rows = ids.length > 0 ? manyOf.all(JSON.stringify(ids)) : []
      return new Map(
        rows.map((row) => [row.id, { language: row.language, areas: row.areas ? row.areas.split(' ') : [] }]),
      )
    },
    async setPreferences(id: string, prefs: SubscriberPreferences): Promise<boolean> {
      return writeIfPresent(id, prefs)
    },
    async subscribersPerArea(): Promise<AreaCount[]> {
      return areaCounts(perArea.all())
    },
  }
}
