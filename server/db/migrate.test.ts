import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { migrateSqlite, readMigrations, SchemaTooNewError } from './migrate'
import { openSqlite } from './sqlite'

describe('migrations', () => {
  it('reads numbered files in order and applies each once', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-'))
    writeFileSync(path.join(dir, '002-add-email.sql'), 'ALTER TABLE people ADD COLUMN email TEXT;')
    writeFileSync(
      path.join(dir, '001-people.sql'),
      'CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT);',
    )
    writeFileSync(path.join(dir, 'notes.txt'), 'ignored')
    const migrations = readMigrations(dir)
    expect(migrations.map((m) => `${m.version}-${m.name}`)).toEqual(['1-people', '2-add-email'])

    const db = openSqlite(path.join(dir, 'db', 'test.sqlite'))
    expect(migrateSqlite(db, migrations)).toEqual([1, 2])
    expect(migrateSqlite(db, migrations)).toEqual([])
    db.prepare('INSERT INTO people (name, email) VALUES (?, ?)').run('Ana', 'ana@example.com')
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('synchronous', { simple: true })).toBe(2)
  })

  it('rolls back a failing migration and keeps earlier ones', () => {
    const db = openSqlite(':memory:')
    const migrations = [
      { version: 1, name: 'ok', sql: 'CREATE TABLE a (id INTEGER);' },
      { version: 2, name: 'bad', sql: 'CREATE TABLE b (id INTEGER); THIS IS NOT SQL;' },
    ]
    expect(() => migrateSqlite(db, migrations)).toThrow()
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all()
    expect(tables).toEqual([{ name: 'a' }, { name: 'schema_migrations' }])
  })

  it('refuses a database with a migration this release does not have (written by a newer release)', () => {
    const db = openSqlite(':memory:')
    const v1 = [{ version: 1, name: 'a', sql: 'CREATE TABLE a (id INTEGER);' }]
    const v2 = [...v1, { version: 2, name: 'b', sql: 'CREATE TABLE b (id INTEGER);' }]
    expect(migrateSqlite(db, v2)).toEqual([1, 2])
    expect(() => migrateSqlite(db, v1)).toThrow(SchemaTooNewError)
    expect(() => migrateSqlite(db, v1)).toThrow(/schema version 2, but this release knows versions up to 1/)
  })
})
