import pg, { type Pool } from 'pg'
import { to as copyTo } from 'pg-copy-streams'
import { FORMULA_START_CHARS } from './csv'
import { crlfRecordEnds } from './csv-crlf'
import type { PostgresConnection } from './subscribers-repository'
import type { ExportedField, ExportedSubscriber } from './subscribers-repository'

/** A time as `Date.toISOString` writes it, formatted by PostgreSQL: no Date to parse and format per cell. */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** Each exported field's expression over a row of `subscribers` (areas: slugs sorted, separated by spaces). */
const EXPORT_COLUMNS: Record<keyof ExportedSubscriber, string> = {
  id: 'id',
  email: 'email',
  firstName: 'first_name',
  lastName: 'last_name',
  status: 'status',
  createdAt: iso('created_at'),
  confirmedAt: iso('confirmed_at'),
  unsubscribedAt: iso('unsubscribed_at'),
  consentVersion: 'consent_version',
  source: 'source',
  language: 'language',
  areas: `coalesce((SELECT string_agg(a.area, ' ' ORDER BY a.area) FROM subscriber_areas a WHERE a.subscriber_id = id), '')`,
}

/** Each column's expression named as its field. */
const columnsSql = (columns: Record<keyof ExportedSubscriber, string>) =>
  Object.entries(columns)
    .map(([field, sql]) => `${sql} AS "${field}"`)
    .join(', ')

/**
 * The exported columns, named as `ExportedSubscriber`'s fields, and the keyset pages' cursor: the row's time as
 * PostgreSQL's text (microseconds; a JavaScript Date would round them off and skip or repeat rows).
 */
export const EXPORT_SELECT = `SELECT ${columnsSql(EXPORT_COLUMNS)}, created_at::text AS cursor_at`

/**
 * The whole file's areas, from one grouped pass over `subscriber_areas` joined by hash: a lookup per row, as the
 * keyset pages make, cost the whole export about as much as everything else it reads.
 */
const ALL_AREAS = `(SELECT subscriber_id, string_agg(area, ' ' ORDER BY area) AS areas FROM subscriber_areas GROUP BY subscriber_id)`

/** The fields the COPY formats from a timestamp after sorting: as `Date.toISOString` writes it, from a digit. */
const TIME_FIELDS = new Set<ExportedField>(['createdAt', 'confirmedAt', 'unsubscribedAt'])

/**
 * The COPY's rows as sorted: the timestamps as they are stored, so that the sort moves narrow rows and the
 * formatting comes after it, as the rows are sent (PostgreSQL can only send the first row once all are sorted,
 * and the work done before that cannot wait for a slow client).
 */
const COPY_SELECT = `SELECT ${columnsSql({
  ...EXPORT_COLUMNS,
  createdAt: 'created_at',
  confirmedAt: 'confirmed_at',
  unsubscribedAt: 'unsubscribed_at',
  areas: `coalesce(export_areas.areas, '')`,
})}`

/** The export's order, the list's: newest first, ties broken by id. */
export const EXPORT_ORDER = 'ORDER BY created_at DESC, id DESC'

/** The formula characters' code points: `ascii()` of a cell compares integers, cheaper than its first letter as text. */
const FORMULA_START_CODES = [...FORMULA_START_CHARS].map((c) => c.charCodeAt(0)).join(', ')

/**
 * A cell's text as `csvCell` writes it inside its quotes (COPY adds the quotes and doubles a quote inside):
 * null as empty, an apostrophe before a first character that a spreadsheet would read as a formula.
 */
const cellSql = (column: string) =>
  `CASE WHEN ascii(${column}) IN (${FORMULA_START_CODES}) THEN '''' || ${column} ELSE coalesce(${column}, '') END`

/** The rows a filter reads, as `matchingRows` writes them. */
type Rows = { with: string; from: string; sql: string }

/**
 * The export as one COPY: `fields`' cells of every row, in the list's order, every cell quoted (`FORCE_QUOTE`,
 * so an empty cell is `""` as `csvCell` writes it). The inner query keeps its ORDER BY (PostgreSQL never folds a
 * sorted subquery into the one around it), and the cells read its columns once each.
 */
export function copyCsvSql(rows: Rows, fields: readonly ExportedField[]): string {
  const cells = fields
    .map((field) =>
      TIME_FIELDS.has(field) ? `coalesce(${iso(`e."${field}"`)}, '')` : cellSql(`e."${field}"`),
    )
    .join(', ')
  const from = `${rows.from} LEFT JOIN ${ALL_AREAS} export_areas ON export_areas.subscriber_id = ${rows.from}.id`
  return `COPY (SELECT ${cells} FROM (${rows.with} ${COPY_SELECT} FROM ${from} ${rows.sql} ${EXPORT_ORDER}) e)
    TO STDOUT WITH (FORMAT csv, FORCE_QUOTE *)`
}

/** The name the export's connection shows in `pg_stat_activity`: the pool's own, marked as the export's. */
export const exportApplicationName = (pool: Pool) => `${pool.options.application_name ?? 'band-site'} export`

/**
 * The settings of the pool's connections that the export's own connection (in its thread) needs; a password the
 * pool computes is not among them (a function stays in this thread), so such a pool's exports fail plainly.
 */
export function exportConnection(pool: Pool): PostgresConnection {
  const { connectionString, host, port, user, password, database, options, ssl } = pool.options
  const settings = { connectionString, host, port, user, password, database, options, ssl }
  return {
    ...Object.fromEntries(
      Object.entries(settings).filter(([, value]) => value !== undefined && typeof value !== 'function'),
    ),
    application_name: exportApplicationName(pool),
  }
}

/**
 * The CSV records of `sql` (a COPY), with `csvLine`'s CRLF ends, over a connection of its own (the export's
 * thread opens it: export-thread/). The connection is read only as fast as the records are taken, so a slow
 * client holds PostgreSQL back through the socket. Finished, the connection is closed; a thread ended mid-file
 * closes it with the thread, and PostgreSQL ends the COPY when it can no longer send.
 */
export async function* copyCsvRecords(connection: PostgresConnection, sql: string): AsyncGenerator<Buffer> {
  const client = new pg.Client(connection)
  await client.connect()
  try {
    // The whole table's estimated cost is far over JIT's threshold, and compiling the plan (most of a second)
    // would come before the first row: the rows are streamed as read, which JIT cannot speed up.
    await client.query('SET jit = off')
    // One core: a parallel plan would take the other from the pages fans are reading, for a file that is
    // streamed at the client's pace anyway.
    await client.query('SET max_parallel_workers_per_gather = 0')
    const copy = client.query(copyTo(sql))
    const crlf = crlfRecordEnds()
    for await (const chunk of copy) yield crlf(chunk as Buffer)
  } finally {
    await client.end()
  }
}
