import type { SqliteDatabase } from '../db/sqlite'
import { SEARCH_TEXT, type ListQuery } from './subscribers-repository'
import { cappedTotal, searchTerm, TOTAL_CAP, type SearchOptions, type SearchTerm } from './subscriber-search'

/** Part of a statement with its parameters. */
export type Sql = { sql: string; params: unknown[] }

type Filter = Pick<ListQuery, 'status' | 'search'>

/** An FTS5 phrase: the term as one string of characters, its quotes doubled. */
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`

const PREFIX_COLUMNS = ['email_key', 'lower(first_name)', 'lower(last_name)']

/** The rowids of the subscribers a term may match, read from its indexes (for a prefix: exactly those). */
function indexedRowids(term: SearchTerm): Sql {
  if (term.kind === 'substring')
    return {
      sql: 'SELECT rowid FROM subscribers_search WHERE subscribers_search MATCH ?',
      params: [ftsPhrase(term.text)],
    }
  return {
    sql: PREFIX_COLUMNS.map(
      (column) => `SELECT rowid FROM subscribers WHERE ${column} >= ? AND ${column} < ?`,
    ).join(' UNION '),
    params: PREFIX_COLUMNS.flatMap(() => [term.text, term.upper]),
  }
}

/**
 * Whether one row matches the term, written so that no index can answer it: the row is reached another way
 * (through `indexedRowids`, or in the list's order).
 */
function rowMatches(term: SearchTerm): Sql {
  if (term.kind === 'substring') return { sql: `instr(${SEARCH_TEXT}, ?) > 0`, params: [term.text] }
  const length = [...term.text].length
  return {
    sql: `(${PREFIX_COLUMNS.map((column) => `substr(${column}, 1, ?) = ?`).join(' OR ')})`,
    params: PREFIX_COLUMNS.flatMap(() => [length, term.text]),
  }
}

/**
 * The list's and export's WHERE clause for a filter (exported for the query plan tests). `broad`: the term
 * matches more subscribers than the total counts, so the rows are read in the list's order and tested one by one (a page is found
 * after a few rows); otherwise they are read from the term's index (few, sorted after).
 */
export function filterSql(filter: Filter, broad = false): Sql {
  const clauses: string[] = []
  const params: unknown[] = []
  const add = ({ sql, params: more }: Sql) => (clauses.push(sql), params.push(...more))
  if (filter.status) add({ sql: 'status = ?', params: [filter.status] })
  const term = searchTerm(filter.search)
  if (term) {
    if (!broad) {
      const rowids = indexedRowids(term)
      add({ sql: `rowid IN (${rowids.sql})`, params: rowids.params })
    }
    add(rowMatches(term))
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params }
}

/**
 * Counts the subscribers a term matches whatever their status, up to `cap + 1`, from its indexes, so that
 * a broad term stops counting early and a rare one reads only its matches: a substring's trigram phrase is read
 * in rowid order until the cap; a prefix's widest column range over the cap is enough to know, else its ranges'
 * rows are counted.
 */
function countTermMatches(db: SqliteDatabase, cap: number) {
  const LIMIT = cap + 1
  const widest = db.prepare<unknown[], { n: number }>(
    `SELECT max(${PREFIX_COLUMNS.map(
      (column) =>
        `(SELECT count(*) FROM (SELECT 1 FROM subscribers WHERE ${column} >= ? AND ${column} < ? LIMIT ${LIMIT}))`,
    ).join(', ')}) AS n`,
  )
  const phrase = db.prepare<unknown[], { n: number }>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM subscribers_search CROSS JOIN subscribers
       ON subscribers.rowid = subscribers_search.rowid
     WHERE subscribers_search MATCH ? AND instr(${SEARCH_TEXT}, ?) > 0 LIMIT ${LIMIT})`,
  )
  return (term: SearchTerm): number => {
    if (term.kind === 'substring') return phrase.get(ftsPhrase(term.text), term.text)!.n
    const n = widest.get(...PREFIX_COLUMNS.flatMap(() => [term.text, term.upper]))!.n
    if (n > cap) return n
    const where = filterSql({ search: term.text })
    return db
      .prepare<unknown[], { n: number }>(`SELECT count(*) AS n FROM subscribers ${where.sql}`)
      .get(...where.params)!.n
  }
}

/** How a filter is read: whether its term is broad (see `filterSql`), and the list's total. */
export function sqliteSearch(db: SqliteDatabase, { totalCap = TOTAL_CAP }: SearchOptions = {}) {
  const termMatches = countTermMatches(db, totalCap)
  const count = (where: Sql, limit = '') =>
    db
      .prepare<unknown[], { n: number }>(
        `SELECT count(*) AS n FROM (SELECT 1 FROM subscribers ${where.sql}${limit})`,
      )
      .get(...where.params)!.n
  return {
    /** `broad`: the term matches more than the cap whatever the status; `matches`: how many, up to the cap. */
    plan(filter: Filter) {
      const term = searchTerm(filter.search)
      const matches = term ? termMatches(term) : 0
      return { broad: matches > totalCap, matches }
    },
    /**
     * The list's total: exact without a search term; with one, counted up to the cap (the term's own count when
     * no status narrows it; a broad term's rows of a status in the list's order, which stops at the cap).
     */
    total(
      filter: Filter,
      plan: { broad: boolean; matches: number },
    ): { total: number; totalCapped: boolean } {
      const where = filterSql(filter, plan.broad)
      if (!searchTerm(filter.search)) return { total: count(where), totalCapped: false }
      if (!filter.status) return cappedTotal(plan.matches, totalCap)
      return cappedTotal(count(where, ` LIMIT ${totalCap + 1}`), totalCap)
    },
  }
}
