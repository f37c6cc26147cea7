import Database from 'better-sqlite3'

/**
 * Copies a live SQLite database with SQLite's online backup API while its server keeps writing. The source is
 * opened read-only, so a backup run by another user never creates `-wal`/`-shm` files the server cannot use.
 * After the first step every later one copies all pages at once: that step runs inside one read transaction,
 * which in WAL mode never blocks the writer, and is a snapshot of one committed state. (With small steps a
 * steady write load would restart the copy forever: a write by another connection restarts the backup.)
 * Returns the copy's schema version (its highest applied migration), after checking the copy's integrity.
 */
export async function snapshotSqlite(source: string, target: string): Promise<number | null> {
  const db = new Database(source, { readonly: true, fileMustExist: true })
  try {
    db.pragma('busy_timeout = 5000')
    await db.backup(target, { progress: () => 2 ** 30 })
  } finally {
    db.close()
  }
  const copy = new Database(target, { fileMustExist: true })
  try {
    // The backup API copies pages, so the copy keeps the source's WAL flag; a standalone file needs no WAL.
    copy.pragma('journal_mode = DELETE')
    const check = copy.pragma('quick_check', { simple: true })
    if (check !== 'ok')
      throw new Error(`The copy of ${source} fails SQLite's integrity check: ${String(check)}`)
    return schemaVersion(copy)
  } finally {
    copy.close()
  }
}

/** The highest migration recorded in `schema_migrations`, or null for a database without that table. */
export function schemaVersion(db: Database.Database): number | null {
  const table = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
    .get()
  if (!table) return null
  const row = db.prepare('SELECT max(version) AS version FROM schema_migrations').get() as {
    version: number | null
  }
  return row.version
}
