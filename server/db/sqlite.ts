import Database from 'better-sqlite3'
import { ensurePrivateFile } from './private-file'

export type SqliteDatabase = Database.Database

/**
 * Opens (creating if needed) a SQLite file with the settings every store here relies on: WAL so readers never
 * block the writer, synchronous=FULL so an acknowledged commit survives power loss or kill -9, foreign keys on,
 * and a busy timeout so a second process (the CLI) waits instead of failing.
 */
export function openSqlite(file: string): SqliteDatabase {
  // Private whatever the umask; SQLite gives its -wal and -shm files the database file's mode.
  if (file !== ':memory:') ensurePrivateFile(file)
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = FULL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  return db
}
