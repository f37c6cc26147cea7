import type { SqliteDatabase } from '../../db/sqlite'

export type KeyValuePair = { key: string; value: unknown }

export type KeyValueRepository = ReturnType<typeof createKeyValueRepository>

/** The Studio's per-user UI settings (`/users/me/keyvalue`): arbitrary JSON per key. */
export function createKeyValueRepository(db: SqliteDatabase, now: () => Date) {
  return {
    /** Every requested key, with `null` for the ones never set, in the order asked. */
    get(ownerId: string, keys: string[]): KeyValuePair[] {
      const select = db.prepare<[string, string], { value: string }>(
        'SELECT value FROM key_values WHERE owner_id = ? AND key = ?',
      )
      return keys.map((key) => {
        const row = select.get(ownerId, key)
        return { key, value: row ? (JSON.parse(row.value) as unknown) : null }
      })
    },

    set(ownerId: string, pairs: KeyValuePair[]): KeyValuePair[] {
      const upsert = db.prepare(
        `INSERT INTO key_values (owner_id, key, value, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (owner_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      )
      const stamp = now().toISOString()
      db.transaction(() => {
        for (const pair of pairs) upsert.run(ownerId, pair.key, JSON.stringify(pair.value ?? null), stamp)
      })()
      return pairs.map((pair) => ({ key: pair.key, value: pair.value ?? null }))
    },
  }
}
