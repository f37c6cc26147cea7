import type { Pool } from 'pg'
import { likePattern, SEARCH_TEXT, type ListQuery, type SubscriberRow } from './subscribers-repository'
import { cappedTotal, searchTerm, TOTAL_CAP, type SearchOptions, type SearchTerm } from './subscriber-search'

/**
 * A GIN index answers a term with every match at once (it cannot stop after a page or at the cap), so a term's
 * share of the rows decides how it is read: a sample of this many rows (the first in the table) is tested one by
 * one. From `PAGE_BY_SCAN` of them on, the export reads the list's order (the admin list's page weighs the two
 * ways by the table's size: `INDEXED_ROW_COST`); from `COUNT_BY_SCAN` on, the cap is reached within a few
 * thousand rows.
 */
const SAMPLE_ROWS = 2000
const PAGE_BY_SCAN = 0.05
const COUNT_BY_SCAN = 0.25
/**
 * What reading a match through the trigram or prefix indexes (a heap fetch, a recheck, a copy into the sorted
 * set) costs against testing a row in the list's order, roughly: the admin list's page weighs the two ways
 * with it (`searchStatement`).
 */
const INDEXED_ROW_COST = 3

/** Part of a statement with its parameters, numbered from `$1`. */
export type Sql = { sql: string; params: unknown[] }

type Filter = Pick<ListQuery, 'status' | 'search'>

/** The prefix indexes' expressions, as migration 004 writes them. */
const PREFIX_COLUMNS = ['email_key', 'lower(first_name)', 'lower(last_name)']

/**
 * The term's test of a row. `dense`: written so that no index can answer it (`left`, `strpos`; PostgreSQL turns `starts_with` into an index range), so the
 * planner reads the rows in the list's order and stops after a page; otherwise as the indexes answer it (B-tree
 * ranges in the "C" collation, the trigram GIN index's LIKE).
 */
function termTest(term: SearchTerm, dense: boolean, param: (value: unknown) => string): string {
  if (term.kind === 'substring')
    return dense
      ? `strpos(${SEARCH_TEXT}, ${param(term.text)}) > 0`
      : `${SEARCH_TEXT} LIKE ${param(likePattern(term.text))}`
  if (dense) {
    const prefix = param(term.text)
    return `(${PREFIX_COLUMNS.map((column) => `left(${column}, char_length(${prefix}::text)) = ${prefix}`).join(' OR ')})`
  }
  const [low, high] = [param(term.text), param(term.upper)]
  return `(${PREFIX_COLUMNS.map(
    (column) => `${column} COLLATE "C" >= ${low} AND ${column} COLLATE "C" < ${high}`,
  ).join(' OR ')})`
}

/** Writes a value into a statement: a parameter's placeholder, or a literal. */
export type Param = (value: unknown) => string

function whereSql(filter: Filter, dense: boolean, param: Param): string {
  const clauses: string[] = []
  if (filter.status) clauses.push(`status = ${param(filter.status)}`)
  const term = searchTerm(filter.search)
  if (term) clauses.push(termTest(term, dense, param))
  return clauses.length ? `WHERE ${clauses.join(' AND ')}` : ''
}

/**
 * The list's and export's WHERE clause for a filter (exported for the query plan tests); `dense` as for
 * `termTest`. The caller's parameters follow the filter's (`params.length`).
 */
export function filterSql(filter: Filter, dense = false): Sql {
  const params: unknown[] = []
  const sql = whereSql(filter, dense, (value) => `$${params.push(value)}`)
  return { sql, params }
}

/** The share of a sample of the rows a term matches, as a CTE named `share` (column `s`). */
function shareSql(term: SearchTerm, param: Param): string {
  return `share AS (SELECT coalesce(avg((${termTest(term, true, param)})::int), 0) AS s FROM
    (SELECT email_key, first_name, last_name FROM subscribers LIMIT ${SAMPLE_ROWS}) sample)`
}

/** The column of a search's answer that carries its capped count (see `searchStatement`). */
export const MATCHED = 'matched_n'

/**
 * A search's page and capped count in one statement, so a search is one round trip. It takes its sample first
 * (one CTE that both parts read) and then runs only the branches the share chooses (PostgreSQL skips a branch
 * whose one-time condition is false, and never reads a CTE nothing reads). Each row of the page carries the
 * count in `MATCHED`; an empty page is one row of nulls with the count.
 */
export function searchStatement(filter: Filter, limit: number, offset: number, totalCap: number): Sql {
  const term = searchTerm(filter.search)!
  const params: unknown[] = []
  const p: Param = (value) => `$${params.push(value)}`
  const order = `ORDER BY created_at DESC, id DESC LIMIT ${p(limit)} OFFSET ${p(offset)}`
  const share = '(SELECT s FROM share)'
  // A page read in the list's order tests about (offset + limit) / share rows; read through the index, it
  // fetches and sorts every match, share * rows: the first is cheaper from the share where the two meet (the
  // table's size from the planner's statistics, at least the sample's before the first ANALYZE).
  const pageByScan = `(SELECT s >= sqrt((${p(offset + limit)})::float8 / (${INDEXED_ROW_COST} *
    greatest((SELECT reltuples FROM pg_class WHERE oid = 'subscribers'::regclass), ${SAMPLE_ROWS}))) FROM share)`
  // A sparser term is counted from `matches`, read through the index: left to itself, the planner walks the
  // table testing each row (its estimate of the test's cost is far below the concatenation's and LIKE's), and a
  // term in one row of twenty took most of the statement's time to reach the cap.
  const capped = (dense: boolean) =>
    `(SELECT count(*) FROM (SELECT 1 FROM ${dense ? `subscribers ${whereSql(filter, true, p)}` : 'matches'}
      LIMIT ${totalCap + 1}) capped)`
  const sql = `WITH ${shareSql(term, p)},
    matches AS MATERIALIZED (SELECT * FROM subscribers ${whereSql(filter, false, p)}),
    page AS ((SELECT * FROM subscribers ${whereSql(filter, true, p)} AND ${pageByScan} ${order})
      UNION ALL (SELECT * FROM matches WHERE NOT ${pageByScan} ${order})),
    counted AS (SELECT CASE WHEN ${share} >= ${COUNT_BY_SCAN} THEN ${capped(true)} ELSE ${capped(false)} END AS n)
    SELECT page.*, counted.n AS ${MATCHED} FROM counted LEFT JOIN page ON true ORDER BY created_at DESC, id DESC`
  return { sql, params }
}

/**
 * The rows a filter reads: `with` + `SELECT ... FROM ${from} ${where}`. A sparse term's matches are read
 * through its index first (MATERIALIZED keeps the planner from walking the list's order instead, which reads
 * every row when matches are rare), then sorted; anything else is read from the table, in the list's order.
 * `param` writes a value into the statement (default: numbered parameters, returned in `params`; a COPY, which
 * takes no parameters, writes them as literals).
 */
export function matchingRows(filter: Filter, dense: boolean, param?: Param) {
  const params: unknown[] = []
  const sql = whereSql(filter, dense, param ?? ((value) => `$${params.push(value)}`))
  const where = { sql, params }
  if (dense || !searchTerm(filter.search)) return { with: '', from: 'subscribers', ...where }
  return {
    with: `WITH matches AS MATERIALIZED (SELECT * FROM subscribers ${where.sql})`,
    from: 'matches',
    sql: '',
    params: where.params,
  }
}

/** How a filter is read: which of its parts scan the list (see `SAMPLE_ROWS`), and the list's total. */
export function postgresSearch(pool: Pool, { totalCap = TOTAL_CAP }: SearchOptions = {}) {
  const count = async (sql: string, params: unknown[]) =>
    Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM (${sql}) counted`, params)).rows[0]!.n)
  return {
    /** The share of a sample of the rows the filter's term matches (no term: none). */
    async share(filter: Filter): Promise<number> {
      const term = searchTerm(filter.search)
      if (!term) return 0
      const params: unknown[] = []
      const test = termTest(term, true, (value) => `$${params.push(value)}`)
      const { rows } = await pool.query<{ share: number | null }>(
        `SELECT avg((${test})::int)::float8 AS share FROM (SELECT email_key, first_name, last_name
         FROM subscribers LIMIT ${SAMPLE_ROWS}) sample`,
        params,
      )
      return rows[0]!.share ?? 0
    },
    pageByScan: (share: number) => share >= PAGE_BY_SCAN,
    /** The list's total without a search term: exact. */
    async total(filter: Filter): Promise<{ total: number; totalCapped: boolean }> {
      const where = filterSql(filter)
      return {
        total: await count(`SELECT 1 FROM subscribers ${where.sql}`, where.params),
        totalCapped: false,
      }
    },
    /** A search's page and its total, counted up to the cap, in one statement (`searchStatement`). */
    async search(filter: Filter, limit: number, offset: number) {
      const statement = searchStatement(filter, limit, offset, totalCap)
      const { rows } = await pool.query<SubscriberRow<Date> & { [MATCHED]: string }>(
        statement.sql,
        statement.params,
      )
      const matched = Number(rows[0]![MATCHED])
      const page = rows.filter((row) => row.id !== null).map(({ [MATCHED]: _n, ...row }) => row)
      return { rows: page, ...cappedTotal(matched, totalCap) }
    },
  }
}
