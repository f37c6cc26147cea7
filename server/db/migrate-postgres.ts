import type { Pool } from 'pg'
import { assertKnownSchema, type Migration } from './migrate'

/**
 * The PostgreSQL twin of migrateSqlite: applies unseen migrations, each in its own transaction, recorded in
 * `table`. An advisory lock makes nodes that start together take turns instead of racing.
 */
export async function migratePostgres(pool: Pool, migrations: Migration[], table: string): Promise<number[]> {
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`Bad migrations table name: ${table}`)
  const client = await pool.connect()
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [table])
    try {
      await client.query(`CREATE TABLE IF NOT EXISTS ${table} (
        version INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
      )`)
      const { rows } = await client.query<{ version: number }>(`SELECT version FROM ${table}`)
      const applied = new Set(rows.map((row) => row.version))
      assertKnownSchema(`PostgreSQL table ${table}`, applied, migrations)
      const done: number[] = []
      for (const migration of migrations) {
        if (applied.has(migration.version)) continue
        await client.query('BEGIN')
        try {
          await client.query(migration.sql)
          await client.query(`INSERT INTO ${table} (version, name) VALUES ($1, $2)`, [
            migration.version,
            migration.name,
          ])
          await client.query('COMMIT')
        } catch (error) {
          await client.query('ROLLBACK')
          throw error
        }
        done.push(migration.version)
      }
      return done
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [table])
    }
  } finally {
    client.release()
  }
}
