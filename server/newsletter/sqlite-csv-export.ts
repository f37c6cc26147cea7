import Database from 'better-sqlite3'
import type { SqliteDatabase } from '../db/sqlite'
import { csvLine } from './csv'
import { filterSql } from './sqlite-subscriber-search'
import {
  keysetPages,
  type ExportedSubscriber,
  type ExportFilter,
  type ExportJob,
} from './subscribers-repository'

/** The exported columns, named as `ExportedSubscriber`'s fields (SQLite keeps times as ISO text already). */
const EXPORT_SELECT = `SELECT id, email, first_name AS firstName, last_name AS lastName, status,
  created_at AS createdAt, confirmed_at AS confirmedAt, unsubscribed_at AS unsubscribedAt,
  consent_version AS consentVersion, source, language,
  coalesce((SELECT group_concat(area, ' ' ORDER BY area) FROM subscriber_areas WHERE subscriber_id = subscribers.id), '')
    AS areas FROM subscribers`

/** The export's pages (keyset: see `SubscribersRepository.exportPages`), newest first. */
export function exportPages(db: SqliteDatabase, filter: ExportFilter, pageSize: number, broad: boolean) {
  const where = filterSql(filter, broad)
  const order = 'ORDER BY created_at DESC, id DESC LIMIT ?'
  const first = db.prepare<unknown[], ExportedSubscriber>(`${EXPORT_SELECT} ${where.sql} ${order}`)
  const after = db.prepare<unknown[], ExportedSubscriber>(
    `${EXPORT_SELECT} ${where.sql ? `${where.sql} AND` : 'WHERE'} (created_at, id) < (?, ?) ${order}`,
  )
  return keysetPages<ExportedSubscriber>(pageSize, (last) =>
    last
      ? after.all(...where.params, last.createdAt, last.id, pageSize)
      : first.all(...where.params, pageSize),
  )
}

/**
 * Rows a page in the export's thread: a page holds only that thread while it is read, and each is followed by a
 * wait for the client when the file is far enough ahead of it.
 */
const PAGE_ROWS = 1000

/**
 * The CSV records of a SQLite export (`csvLine`'s), page by page, over a read-only connection of its own (the
 * export's thread opens it: export-thread/). WAL lets it read beside the server's writes.
 */
export async function* sqliteCsvRecords(
  job: Extract<ExportJob, { store: 'sqlite' }>,
): AsyncGenerator<Buffer> {
  const db = new Database(job.file, { readonly: true, fileMustExist: true })
  try {
    db.pragma('busy_timeout = 5000')
    for await (const page of exportPages(db, job.filter, PAGE_ROWS, job.broad))
      yield Buffer.from(page.map((row) => csvLine(job.fields.map((field) => row[field]))).join(''))
  } finally {
    db.close()
  }
}
