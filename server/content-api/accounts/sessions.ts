import type { SqliteDatabase } from '../../db/sqlite'
import { hashSecret, newId, newSecret } from './secret-token'

type SessionRow = { id: string; user_id: string; expires_at: string; last_used_at: string }

export type Session = { id: string; userId: string; expiresAt: string }

export type SessionRepository = ReturnType<typeof createSessionRepository>

/** How long the `#sid=` handed to the Studio can be exchanged (it is used within a second in practice). */
const LOGIN_GRANT_MS = 2 * 60 * 1000
/** Writing last_used_at on every request would turn reads into writes; once a minute is plenty. */
const TOUCH_EVERY_MS = 60 * 1000

export function createSessionRepository(db: SqliteDatabase, now: () => Date, sessionTtlMs: number) {
  const byHash = db.prepare<[string], SessionRow>(
    'SELECT id, user_id, expires_at, last_used_at FROM sessions WHERE token_hash = ?',
  )

  function create(userId: string): { token: string; session: Session } {
    const token = newSecret('session')
    const created = now()
    // Sessions nobody used again until they expired would otherwise stay forever.
    db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(created.toISOString())
    const expiresAt = new Date(created.getTime() + sessionTtlMs).toISOString()
    const id = newId('s')
    db.prepare(
      `INSERT INTO sessions (id, token_hash, user_id, created_at, expires_at, last_used_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ).run(id, hashSecret(token), userId, created.toISOString(), expiresAt, created.toISOString())
    return { token, session: { id, userId, expiresAt } }
  }

  return {
    create,

    /** The live session for a token; expired sessions are deleted on sight. */
    resolve(token: string): Session | null {
      const row = byHash.get(hashSecret(token))
      if (!row) return null
      const at = now()
      if (row.expires_at <= at.toISOString()) {
        db.prepare('DELETE FROM sessions WHERE id = ?').run(row.id)
        return null
      }
      if (at.getTime() - Date.parse(row.last_used_at) > TOUCH_EVERY_MS) {
        db.prepare('UPDATE sessions SET last_used_at = ? WHERE id = ?').run(at.toISOString(), row.id)
      }
      return { id: row.id, userId: row.user_id, expiresAt: row.expires_at }
    },

    revoke(sessionId: string): boolean {
      return db.prepare('DELETE FROM sessions WHERE id = ?').run(sessionId).changes === 1
    },

    revokeAllFor(userId: string): number {
      return db.prepare('DELETE FROM sessions WHERE user_id = ?').run(userId).changes
    },

    /** A one-time id for the `#sid=` redirect; only its hash is stored. */
    grantLogin(userId: string): string {
      const sid = newSecret('sid')
      const expiresAt = new Date(now().getTime() + LOGIN_GRANT_MS).toISOString()
      db.prepare('DELETE FROM login_grants WHERE expires_at <= ?').run(now().toISOString())
      db.prepare('INSERT INTO login_grants (sid_hash, user_id, expires_at) VALUES (?, ?, ?)').run(
        hashSecret(sid),
        userId,
        expiresAt,
      )
      return sid
    },

    /** Swaps a login grant for a new session token, exactly once (delete-then-create in one transaction). */
    exchangeLogin(sid: string): { token: string; session: Session } | null {
      return db.transaction(() => {
        const row = db
          .prepare<[string], { user_id: string; expires_at: string }>(
            'DELETE FROM login_grants WHERE sid_hash = ? RETURNING user_id, expires_at',
          )
          .get(hashSecret(sid))
        if (!row || row.expires_at <= now().toISOString()) return null
        return create(row.user_id)
      })()
    },
  }
}
