import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg, { type Pool } from 'pg'
import { readMigrations } from '../db/migrate'
import { migratePostgres } from '../db/migrate-postgres'
import { copyCsvSql, EXPORT_ORDER, EXPORT_SELECT, exportConnection } from './postgres-csv-export'
import { filterSql, matchingRows, postgresSearch } from './postgres-subscriber-search'
import { emailKey } from './subscribe-schema'
import { searchTerm, type SearchOptions } from './subscriber-search'
import { postgresSubscriberPreferences } from './postgres-subscriber-preferences'
import { normalAreas } from './subscriber-preferences'
import {
  confirmedAtOf,
  countsByStatus,
  keysetPages,
  subscriberFromRow,
  type ExportedSubscriber,
  type ExportFilter,
  type NewSubscriber,
  type Subscriber,
  type SubscriberRow,
  type SubscribersRepository,
} from './subscribers-repository'

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations', 'postgres')
const MIGRATIONS_TABLE = 'newsletter_schema_migrations'

type Row = SubscriberRow<Date>

const toSubscriber = (row: Row): Subscriber => subscriberFromRow(row, (time) => time.toISOString())

// Ids come from URLs and tokens; anything that is not a UUID cannot exist (and would make PostgreSQL throw).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * What a sign-up writes, in the column order both statements use: first_name, last_name, status, consent_text,
 * consent_version, source, ip_hash, the time (created_at and updated_at, or updated_at) and confirmed_at.
 */
const signUpValues = (input: NewSubscriber) => [
  input.firstName,
  input.lastName,
  input.status,
  input.consentText,
  input.consentVersion,
  input.source,
  input.ipHash,
  input.at,
  confirmedAtOf(input),
]

/** The export's pages (keyset: see `SubscribersRepository.exportPages`), newest first. */
function exportPages(pool: Pool, filter: ExportFilter, pageSize: number, isDense: () => Promise<boolean>) {
  let dense: Promise<boolean> | undefined
  const order = `${EXPORT_ORDER} LIMIT`
  type CursorRow = ExportedSubscriber & { cursor_at: string }
  return keysetPages<CursorRow>(pageSize, async (last) => {
    const rows = matchingRows(filter, await (dense ??= isDense()))
    const select = `${rows.with} ${EXPORT_SELECT} FROM ${rows.from}`
    const n = rows.params.length
    const { rows: page } = last
      ? await pool.query<CursorRow>(
          `${select} ${rows.sql ? `${rows.sql} AND` : 'WHERE'}
           (created_at, id) < ($${n + 1}::timestamptz, $${n + 2}::uuid) ${order} $${n + 3}`,
          [...rows.params, last.cursor_at, last.id, pageSize],
        )
      : await pool.query<CursorRow>(`${select} ${rows.sql} ${order} $${n + 1}`, [...rows.params, pageSize])
    return page
  })
}

/** Rows of status changes (migration 005) summed on each read before they are folded into one per status. */
const FOLD_STATUS_CHANGES = 1000

/**
 * Replaces the rows of status changes by their sums, one per status, in one statement: a change recorded
 * meanwhile is not among the rows it deletes, so it stays.
 */
async function foldStatusCounts(pool: Pool) {
  await pool.query(`WITH folded AS (DELETE FROM subscriber_status_counts RETURNING status, n)
    INSERT INTO subscriber_status_counts (status, n) SELECT status, sum(n) FROM folded GROUP BY status`)
}

/** PostgreSQL store for deployments with several nodes; migrations run when it opens. */
// eslint-disable-next-line max-lines-per-function -- factory of small closures (ADR 074)
export async function openPostgresSubscribersRepository(
  pool: Pool,
  options: SearchOptions = {},
): Promise<SubscribersRepository> {
  await migratePostgres(pool, readMigrations(MIGRATIONS_DIR), MIGRATIONS_TABLE)
  const search = postgresSearch(pool, options)

  const prefs = postgresSubscriberPreferences(pool)

  const one = async (sql: string, params: unknown[]): Promise<Subscriber | null> => {
    const { rows } = await pool.query<Row>(sql, params)
    return rows[0] ? toSubscriber(rows[0]) : null
  }

  const repo: SubscribersRepository = {
    async insertIfAbsent(input) {
      const key = emailKey(input.email)
      // The row and its areas in one statement, so a sign-up is never stored without the areas chosen.
      const inserted = await one(
        `WITH s AS (INSERT INTO subscribers
          (id, email, email_key, first_name, last_name, status, consent_text, consent_version, source, ip_hash,
           created_at, updated_at, confirmed_at, language)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12, $13)
         ON CONFLICT (email_key) DO NOTHING
         RETURNING *), a AS (INSERT INTO subscriber_areas (subscriber_id, area) SELECT s.id, unnest($14::text[]) FROM s)
         SELECT * FROM s`,
        [
          randomUUID(),
          input.email,
          key,
          ...signUpValues(input),
          input.language ?? 'en',
          normalAreas(input.areas),
        ],
      )
      if (inserted) return { created: true, subscriber: inserted }
      const existing = await one('SELECT * FROM subscribers WHERE email_key = $1', [key])
      // Erased between the two statements: the sign-up is simply recorded again.
      if (!existing) return repo.insertIfAbsent(input)
      return { created: false, subscriber: existing }
    },
    async resubscribe(id, input) {
      if (!UUID.test(id)) return null
      const reopened = await one(
        `UPDATE subscribers SET first_name = $2, last_name = $3, status = $4, consent_text = $5,
           consent_version = $6, source = $7, ip_hash = $8, updated_at = $9, confirmed_at = $10,
           unsubscribed_at = NULL, confirmation_sent_at = NULL
         WHERE id = $1 AND status = 'unsubscribed' RETURNING *`,
        [id, ...signUpValues(input)],
      )
      if (reopened)
        await prefs.setPreferences(id, { language: input.language ?? 'en', areas: input.areas ?? [] })
      return reopened
    },
    async markConfirmationSent(id, at) {
      if (!UUID.test(id)) return
      await pool.query('UPDATE subscribers SET confirmation_sent_at = $2 WHERE id = $1', [id, at])
    },
    async confirm(id, at) {
      if (!UUID.test(id)) return null
      return one(
        `UPDATE subscribers SET status = 'subscribed', confirmed_at = $2, updated_at = $2
         WHERE id = $1 AND status = 'pending' RETURNING *`,
        [id, at],
      )
    },
    async unsubscribe(id, at) {
      if (!UUID.test(id)) return null
      await pool.query(
        `UPDATE subscribers SET status = 'unsubscribed', unsubscribed_at = $2, updated_at = $2
         WHERE id = $1 AND status <> 'unsubscribed'`,
        [id, at],
      )
      return repo.findById(id)
    },
    async findById(id) {
      if (!UUID.test(id)) return null
      return one('SELECT * FROM subscribers WHERE id = $1', [id])
    },
    async findByEmail(email) {
      return one('SELECT * FROM subscribers WHERE email_key = $1', [emailKey(email)])
    },
    async list(query) {
      if (searchTerm(query.search)) {
        const found = await search.search(query, query.limit, query.offset)
        return { items: found.rows.map(toSubscriber), total: found.total, totalCapped: found.totalCapped }
      }
      const where = filterSql(query)
      const n = where.params.length
      const [page, total] = await Promise.all([
        pool.query<Row>(
          `SELECT * FROM subscribers ${where.sql} ORDER BY created_at DESC, id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
          [...where.params, query.limit, query.offset],
        ),
        search.total(query),
      ])
      return { items: page.rows.map(toSubscriber), ...total }
    },
    async countByStatus() {
      const { rows } = await pool.query<{ status: string; n: string; changes: string }>(
        'SELECT status, sum(n) AS n, count(*) AS changes FROM subscriber_status_counts GROUP BY status',
      )
      if (rows.reduce((sum, row) => sum + Number(row.changes), 0) > FOLD_STATUS_CHANGES)
        await foldStatusCounts(pool)
      return countsByStatus(rows)
    },
    exportPages: (filter, pageSize) =>
      exportPages(pool, filter, pageSize, async () => search.pageByScan(await search.share(filter))),
    // One COPY (ADR 199), its values written as literals: a COPY takes no parameters.
    async exportJob(filter, fields) {
      const dense = search.pageByScan(await search.share(filter))
      const literal = (value: unknown) => pg.escapeLiteral(String(value))
      const sql = copyCsvSql(matchingRows(filter, dense, literal), fields)
      return { store: 'postgres', connection: exportConnection(pool), sql }
    },
    preferences: prefs.preferences,
    preferencesOf: prefs.preferencesOf,
    setPreferences: prefs.setPreferences,
    subscribersPerArea: prefs.subscribersPerArea,
    async remove(id) {
      if (!UUID.test(id)) return false
      const { rowCount } = await pool.query('DELETE FROM subscribers WHERE id = $1', [id])
      return rowCount === 1
    },
    async close() {
      await pool.end()
    },
  }
  return repo
}
