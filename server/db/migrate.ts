import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { SqliteDatabase } from './sqlite'

export type Migration = { version: number; name: string; sql: string }

const MIGRATION_FILE = /^(\d{3,})-([\w-]+)\.sql$/

/** Reads `NNN-name.sql` files from a folder, in version order. */
export function readMigrations(dir: string): Migration[] {
  return readdirSync(dir)
    .map((file) => ({ file, match: MIGRATION_FILE.exec(file) }))
    .filter((entry): entry is { file: string; match: RegExpExecArray } => entry.match !== null)
    .map(({ file, match }) => ({
      version: Number(match[1]),
      name: match[2]!,
      sql: readFileSync(path.join(dir, file), 'utf8'),
    }))
    .sort((a, b) => a.version - b.version)
}

/** A database written by a newer release: this code would misread it, so it does not open it at all. */
export class SchemaTooNewError extends Error {
  constructor(database: string, found: number, known: number) {
    super(
      `${database} has schema version ${found}, but this release knows versions up to ${known}: it was written by a newer release. Run that release again, or restore a backup made before the upgrade.`,
    )
    this.name = 'SchemaTooNewError'
  }
}

/** Refuses applied versions beyond the newest migration this release has (after a downgrade). */
export function assertKnownSchema(
  database: string,
  applied: Iterable<number>,
  migrations: Migration[],
): void {
  const known = Math.max(0, ...migrations.map((migration) => migration.version))
  const found = Math.max(0, ...applied)
  if (found > known) throw new SchemaTooNewError(database, found, known)
}

/**
 * Applies the migrations a database has not seen yet, each in its own transaction, and records them in
 * `schema_migrations`. Returns the versions applied now.
 */
export function migrateSqlite(db: SqliteDatabase, migrations: Migration[]): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`)
  const applied = new Set(
    db
      .prepare('SELECT version FROM schema_migrations')
      .all()
      .map((row) => (row as { version: number }).version),
  )
  assertKnownSchema(db.name, applied, migrations)
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)')
  const done: number[] = []
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue
    db.transaction(() => {
      db.exec(migration.sql)
      record.run(migration.version, migration.name, new Date().toISOString())
    })()
    done.push(migration.version)
  }
  return done
}
