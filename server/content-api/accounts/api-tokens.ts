import type { SqliteDatabase } from '../../db/sqlite'
import type { Role } from '../engine'
import { hashSecret, newId, newSecret } from './secret-token'

export type ApiToken = { id: string; label: string; role: Role; createdAt: string; lastUsedAt: string | null }

type TokenRow = { id: string; label: string; role: Role; created_at: string; last_used_at: string | null }

const toToken = (row: TokenRow): ApiToken => ({
  id: row.id,
  label: row.label,
  role: row.role,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
})

const TOUCH_EVERY_MS = 60 * 1000

export type ApiTokenRepository = ReturnType<typeof createApiTokenRepository>

/** Robot tokens (for scripts, CI, the website's server). The secret is returned once, on creation. */
export function createApiTokenRepository(db: SqliteDatabase, now: () => Date) {
  const byHash = db.prepare<[string], TokenRow>(
    'SELECT id, label, role, created_at, last_used_at FROM api_tokens WHERE token_hash = ?',
  )
  return {
    create(input: { label: string; role: Role }): { token: string; apiToken: ApiToken } {
      const token = newSecret('token')
      const id = newId('t')
      db.prepare(
        'INSERT INTO api_tokens (id, token_hash, label, role, created_at) VALUES (?, ?, ?, ?, ?)',
      ).run(id, hashSecret(token), input.label, input.role, now().toISOString())
      return { token, apiToken: this.get(id)! }
    },

    get(id: string): ApiToken | null {
      const row = db
        .prepare<[string], TokenRow>(
          'SELECT id, label, role, created_at, last_used_at FROM api_tokens WHERE id = ?',
        )
        .get(id)
      return row ? toToken(row) : null
    },

    list(): ApiToken[] {
      return db
        .prepare<[], TokenRow>(
          'SELECT id, label, role, created_at, last_used_at FROM api_tokens ORDER BY created_at',
        )
        .all()
        .map(toToken)
    },

    resolve(token: string): ApiToken | null {
      const row = byHash.get(hashSecret(token))
      if (!row) return null
      const at = now()
      if (!row.last_used_at || at.getTime() - Date.parse(row.last_used_at) > TOUCH_EVERY_MS) {
        db.prepare('UPDATE api_tokens SET last_used_at = ? WHERE id = ?').run(at.toISOString(), row.id)
      }
      return toToken(row)
    },

    revoke(id: string): boolean {
      return db.prepare('DELETE FROM api_tokens WHERE id = ?').run(id).changes === 1
    },
  }
}
