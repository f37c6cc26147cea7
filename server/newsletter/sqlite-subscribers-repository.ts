import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { migrateSqlite, readMigrations } from '../db/migrate'
import { openSqlite, type SqliteDatabase } from '../db/sqlite'
import { emailKey } from './subscribe-schema'
import { filterSql, sqliteSearch } from './sqlite-subscriber-search'
import type { SearchOptions } from './subscriber-search'
import { confirmedAtOf, countsByStatus, subscriberFromRow } from './subscribers-repository'
import { sqliteSubscriberPreferences } from './sqlite-subscriber-preferences'
import { exportPages } from './sqlite-csv-export'
import type {
  NewSubscriber,
  Subscriber,
  SubscriberRow,
  SubscribersRepository,
} from './subscribers-repository'

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations', 'sqlite')

/** The subscribers database in DATA_DIR (when DATABASE_URL is unset). */
export function subscribersFile(dataDir: string): string {
  return path.join(dataDir, 'subscribers.sqlite')
}

type Row = SubscriberRow<string>

const toSubscriber = (row: Row): Subscriber => subscriberFromRow(row, (time) => time)

type Inserted = { created: boolean; subscriber: Subscriber }

type Pending = {
  input: NewSubscriber
  resolve: (result: Inserted) => void
  reject: (error: unknown) => void
}

// Group commit (insertIfAbsent): sign-ups that arrive in the same turn of the event loop share one transaction,
// so one fsync (synchronous=FULL) covers many of them. Each caller is answered only after that commit, so an acknowledged
// sign-up is still on disk; if a batch fails, its sign-ups are retried one by one so one bad row fails alone.
function groupCommit(db: SqliteDatabase, insertOne: (input: NewSubscriber) => Inserted) {
  let queue: Pending[] = []
  const insertBatch = db.transaction((batch: Pending[]) => batch.map((item) => insertOne(item.input)))
  const insertSingle = db.transaction(insertOne)
  const flush = () => {
    const batch = queue
    queue = []
    try {
      const results = insertBatch(batch)
      batch.forEach((item, i) => item.resolve(results[i]!))
    } catch {
      for (const item of batch) {
        try {
          item.resolve(insertSingle(item.input))
        } catch (error) {
          item.reject(error)
        }
      }
    }
  }
  const insertIfAbsent = (input: NewSubscriber) =>
    new Promise<Inserted>((resolve, reject) => {
      if (queue.push({ input, resolve, reject }) === 1) setImmediate(flush)
    })
  /** Commits what is still queued (on close). */
  const flushPending = () => {
    if (queue.length > 0) flush()
  }
  return { insertIfAbsent, flush: flushPending }
}

/**
 * SQLite store in one file (WAL, synchronous=FULL via openSqlite): better-sqlite3 commits before the call
 * returns, so a 201 is only sent for a sign-up that is on disk.
 */
// eslint-disable-next-line max-lines-per-function -- factory of small closures (ADR 074)
export function openSqliteSubscribersRepository(
  file: string,
  options: SearchOptions = {},
): SubscribersRepository {
  const db: SqliteDatabase = openSqlite(file)
  migrateSqlite(db, readMigrations(MIGRATIONS_DIR))
  const search = sqliteSearch(db, options)
  // Kept in step by triggers (migration 005).
  const statusCounts = db.prepare<[], { status: string; n: number }>(
    'SELECT status, n FROM subscriber_status_counts',
  )

  const byId = db.prepare<[string], Row>('SELECT * FROM subscribers WHERE id = ?')
  const byKey = db.prepare<[string], Row>('SELECT * FROM subscribers WHERE email_key = ?')
  const insert = db.prepare(`INSERT INTO subscribers
    (id, email, email_key, first_name, last_name, status, consent_text, consent_version, source, ip_hash,
     created_at, updated_at, confirmed_at)
    VALUES (@id, @email, @emailKey, @firstName, @lastName, @status, @consentText, @consentVersion, @source,
     @ipHash, @at, @at, @confirmedAt)
    ON CONFLICT (email_key) DO NOTHING`)
  const reopen = db.prepare(`UPDATE subscribers SET
      first_name = @firstName, last_name = @lastName, status = @status, consent_text = @consentText,
      consent_version = @consentVersion, source = @source, ip_hash = @ipHash, updated_at = @at,
      confirmed_at = @confirmedAt, unsubscribed_at = NULL, confirmation_sent_at = NULL
    WHERE id = @id AND status = 'unsubscribed'`)

  const prefs = sqliteSubscriberPreferences(db)

  const insertOne = (input: NewSubscriber) => {
    const id = randomUUID()
    const key = emailKey(input.email)
    const { changes } = insert.run({ ...input, id, emailKey: key, confirmedAt: confirmedAtOf(input) })
    if (changes === 1) prefs.write(id, input)
    return { created: changes === 1, subscriber: toSubscriber(byKey.get(key)!) }
  }
  const reopenOne = db.transaction((id: string, input: NewSubscriber) => {
    const { changes } = reopen.run({ ...input, id, confirmedAt: confirmedAtOf(input) })
    if (changes === 1) prefs.write(id, { language: input.language, areas: input.areas ?? [] })
    return changes
  })

  const signUps = groupCommit(db, insertOne)

  return {
    insertIfAbsent: signUps.insertIfAbsent,
    async resubscribe(id, input) {
      const changes = reopenOne(id, input)
      return changes === 1 ? toSubscriber(byId.get(id)!) : null
    },
    async markConfirmationSent(id, at) {
      db.prepare('UPDATE subscribers SET confirmation_sent_at = ? WHERE id = ?').run(at, id)
    },
    async confirm(id, at) {
      const { changes } = db
        .prepare(
          "UPDATE subscribers SET status = 'subscribed', confirmed_at = ?, updated_at = ? WHERE id = ? AND status = 'pending'",
        )
        .run(at, at, id)
      return changes === 1 ? toSubscriber(byId.get(id)!) : null
    },
    async unsubscribe(id, at) {
      db.prepare(
        "UPDATE subscribers SET status = 'unsubscribed', unsubscribed_at = ?, updated_at = ? WHERE id = ? AND status <> 'unsubscribed'",
      ).run(at, at, id)
      const row = byId.get(id)
      return row ? toSubscriber(row) : null
    },
    async findById(id) {
      const row = byId.get(id)
      return row ? toSubscriber(row) : null
    },
    async findByEmail(email) {
      const row = byKey.get(emailKey(email))
      return row ? toSubscriber(row) : null
    },
    async list(query) {
      const plan = search.plan(query)
      const where = filterSql(query, plan.broad)
      const rows = db
        .prepare<unknown[], Row>(
          `SELECT * FROM subscribers ${where.sql} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
        )
        .all(...where.params, query.limit, query.offset)
      return { items: rows.map(toSubscriber), ...search.total(query, plan) }
    },
    async countByStatus() {
      return countsByStatus(statusCounts.all())
    },
    exportPages: (filter, pageSize) => exportPages(db, filter, pageSize, search.plan(filter).broad),
    async exportJob(filter, fields) {
      return { store: 'sqlite', file: path.resolve(file), filter, broad: search.plan(filter).broad, fields }
    },
    preferences: prefs.preferences,
    preferencesOf: prefs.preferencesOf,
    setPreferences: prefs.setPreferences,
    subscribersPerArea: prefs.subscribersPerArea,
    async remove(id) {
      return db.prepare('DELETE FROM subscribers WHERE id = ?').run(id).changes === 1
    },
    async close() {
      signUps.flush()
      db.close()
    },
  }
}
