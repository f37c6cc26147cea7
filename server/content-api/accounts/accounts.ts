import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { migrateSqlite, readMigrations } from '../../db/migrate'
import { openSqlite, type SqliteDatabase } from '../../db/sqlite'
import { createApiTokenRepository } from './api-tokens'
import { createKeyValueRepository } from './key-values'
import { createSessionRepository } from './sessions'
import { createUserRepository } from './users'

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

export const DEFAULT_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000

export type AccountsOptions = {
  /** `${DATA_DIR}/accounts.sqlite`, or `:memory:`. */
  file: string
  now?: () => Date
  sessionTtlMs?: number
}

export type Accounts = ReturnType<typeof openAccounts>

/** The accounts database (users, sessions, API tokens, Studio settings), migrated on open. */
export function openAccounts({
  file,
  now = () => new Date(),
  sessionTtlMs = DEFAULT_SESSION_TTL_MS,
}: AccountsOptions) {
  const db: SqliteDatabase = openSqlite(file)
  migrateSqlite(db, readMigrations(MIGRATIONS_DIR))
  return {
    users: createUserRepository(db, now),
    sessions: createSessionRepository(db, now, sessionTtlMs),
    apiTokens: createApiTokenRepository(db, now),
    keyValues: createKeyValueRepository(db, now),
    close: () => db.close(),
  }
}

export function accountsFile(dataDir: string): string {
  return path.join(dataDir, 'accounts.sqlite')
}
