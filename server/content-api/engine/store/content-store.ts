import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Mutation as MutatorMutation } from '@sanity/mutator'
import { migrateSqlite, readMigrations } from '../../../db/migrate'
import { openSqlite, type SqliteDatabase } from '../../../db/sqlite'
import { ContentApiError, notFound } from '../errors'
import { DATASET_NAME, isPublicId, randomId } from '../ids'
import { DatasetState } from './dataset-state'
import { documentEffects, type Effects } from '../mendoza'
import type { CommittedTransaction, DocumentChange, Mutation, SanityDocument } from '../types'

export { DatasetState }

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/** The documents a transaction sees and changes; nothing reaches the store until the whole transaction succeeds. */
export class WorkingSet {
  private readonly overlay = new Map<string, SanityDocument | null>()
  private readonly touched = new Map<string, Mutation[]>()

  constructor(
    readonly state: DatasetState,
    readonly transactionId: string,
    readonly timestamp: string,
  ) {}

  get dataset(): string {
    return this.state.name
  }

  get(id: string): SanityDocument | null {
    return this.overlay.has(id) ? this.overlay.get(id)! : this.state.get(id)
  }

  /** Every document as this transaction sees it, for query-based mutations. */
  all(): SanityDocument[] {
    const out: SanityDocument[] = []
    for (const [id, doc] of this.state.docs) if (!this.overlay.has(id)) out.push(doc)
    for (const doc of this.overlay.values()) if (doc) out.push(doc)
    return out
  }

  /**
   * Applies one id-addressed mutation with @sanity/mutator, exactly as a listening Studio will replay it, and
   * records it for the document's listener event. The mutator sets `_rev`, `_updatedAt` and a missing `_createdAt`.
   */
  apply(id: string, mutation: Mutation): SanityDocument | null {
    const copy = structuredClone(mutation)
    const current = this.get(id)
    const next = new MutatorMutation({
      mutations: [structuredClone(mutation)] as never,
      resultRev: this.transactionId,
      timestamp: this.timestamp,
    }).apply(current ? structuredClone(current) : null) as SanityDocument | null
    this.overlay.set(id, next)
    const list = this.touched.get(id)
    if (list) list.push(copy)
    else this.touched.set(id, [copy])
    return next
  }

  changes(): DocumentChange[] {
    const out: DocumentChange[] = []
    for (const [id, mutations] of this.touched) {
      const previous = this.state.get(id)
      const next = this.overlay.get(id) ?? null
      if (previous === null && next === null) continue
      out.push({ id, previous, next, mutations, effects: documentEffects(previous, next) })
    }
    return out
  }
}

export type CommitOptions = {
  author: string
  transactionId?: string
  dryRun?: boolean
  /** The request as received, kept in the log for auditing. */
  request?: unknown
  /** Commit time; imports use it to keep a document's original `_updatedAt`. Defaults to now. */
  timestamp?: string
}

export type CommitListener = (transaction: CommittedTransaction) => void

/** A commit as the public sees it: the published documents it changed (never drafts or release versions). */
export type PublicChange = { dataset: string; documentIds: string[] }

export type TransactionDocumentRow = {
  seq: number
  transactionId: string
  timestamp: string
  author: string
  documentId: string
  previousRev: string | null
  resultRev: string | null
  mutations: Mutation[]
  effects: Effects
}

export type ContentStoreOptions = {
  /** SQLite file, or ':memory:'. */
  file: string
  /** Datasets that must exist; `production` is always created. */
  datasets?: string[]
  now?: () => Date
}

/**
 * The content store: SQLite for durability and history, an in-memory parsed copy of every dataset for reads.
 * Writes go through `commit`, which runs synchronously from start to finish (better-sqlite3 is synchronous),
 * so transactions are applied one at a time in one process: the single writer.
 */
export class ContentStore {
  readonly db: SqliteDatabase
  private readonly states = new Map<string, DatasetState>()
  private readonly listeners = new Set<CommitListener>()
  private readonly streamClosers = new Set<() => void>()
  private readonly now: () => Date
  private queue: Promise<unknown> = Promise.resolve()
  private readonly stmts

  constructor(options: ContentStoreOptions) {
    this.db = openSqlite(options.file)
    migrateSqlite(this.db, readMigrations(MIGRATIONS_DIR))
    this.now = options.now ?? (() => new Date())
    this.stmts = {
      upsertDoc: this.db.prepare(
        `INSERT INTO content_documents (dataset, id, type, rev, body) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (dataset, id) DO UPDATE SET type = excluded.type, rev = excluded.rev, body = excluded.body`,
      ),
      deleteDoc: this.db.prepare('DELETE FROM content_documents WHERE dataset = ? AND id = ?'),
      insertTx: this.db.prepare(
        'INSERT INTO content_transactions (dataset, id, timestamp, author, mutations) VALUES (?, ?, ?, ?, ?)',
      ),
      insertTxDoc: this.db.prepare(
        `INSERT INTO content_transaction_documents
         (seq, position, dataset, document_id, previous_rev, result_rev, mutations, effect_apply, effect_revert)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      txExists: this.db.prepare('SELECT 1 FROM content_transactions WHERE dataset = ? AND id = ?'),
      txSeq: this.db.prepare('SELECT seq, timestamp FROM content_transactions WHERE dataset = ? AND id = ?'),
    }
    for (const row of this.db.prepare('SELECT name FROM content_datasets').all() as { name: string }[]) {
      this.states.set(row.name, new DatasetState(row.name))
    }
    for (const name of ['production', ...(options.datasets ?? [])]) this.createDataset(name)
    const rows = this.db.prepare('SELECT dataset, id, body FROM content_documents').iterate() as Iterable<{
      dataset: string
      id: string
      body: string
    }>
    for (const row of rows) this.states.get(row.dataset)?.docs.set(row.id, JSON.parse(row.body))
  }

  close(): void {
    this.endStreams()
    this.listeners.clear()
    this.db.close()
  }

  /** Registers a long-lived response (a listener stream) to end on shutdown; returns the unregister function. */
  onEndStreams(close: () => void): () => void {
    this.streamClosers.add(close)
    return () => this.streamClosers.delete(close)
  }

  /** Ends every listener stream, so a graceful shutdown is not held open by SSE connections. */
  endStreams(): void {
    for (const close of [...this.streamClosers]) close()
    this.streamClosers.clear()
  }

  datasetNames(): string[] {
    return [...this.states.keys()].sort()
  }

  hasDataset(name: string): boolean {
    return this.states.has(name)
  }

  /** Creates a dataset if it does not exist yet (idempotent). */
  createDataset(name: string): DatasetState {
    const existing = this.states.get(name)
    if (existing) return existing
    if (!DATASET_NAME.test(name))
      throw new ContentApiError(400, 'validationError', `Invalid dataset name "${name}"`)
    this.db
      .prepare('INSERT OR IGNORE INTO content_datasets (name, created_at) VALUES (?, ?)')
      .run(name, this.now().toISOString())
    const state = new DatasetState(name)
    this.states.set(name, state)
    return state
  }

  /** The dataset's live state; 404 in Sanity's shape when it does not exist. */
  dataset(name: string): DatasetState {
    const state = this.states.get(name)
    if (!state) throw notFound(`Dataset "${name}" not found for project ID "local"`)
    return state
  }

  onCommit(listener: CommitListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /**
   * Hears about commits that change what anonymous readers see: their published documents. Drafts, release
   * versions and system documents (ids with a `.` segment) never reach the public site, so a commit touching
   * only those is not reported (the page cache, ADR 090, keeps its pages).
   */
  onPublicCommit(listener: (change: PublicChange) => void): () => void {
    return this.onCommit((transaction) => {
      const documentIds = transaction.changes.map((change) => change.id).filter(isPublicId)
      if (documentIds.length > 0) listener({ dataset: transaction.dataset, documentIds })
    })
  }

  /**
   * Runs `build` against a working set and commits what it did as one transaction: every document row, the log
   * entry and its per-document effects in one SQLite transaction (synchronous=FULL, so it survives kill -9 once
   * this returns). A throw from `build` leaves nothing behind. Listeners hear about it after the commit, in order.
   */
  commit<R>(
    dataset: string,
    options: CommitOptions,
    build: (ws: WorkingSet) => R | Promise<R>,
  ): Promise<{ transaction: CommittedTransaction; result: R }> {
    // Builders may await (query-addressed mutations evaluate GROQ), so commits queue up: each one sees the
    // state the previous one left, and the SQLite part runs without interruption.
    const run = this.queue.then(() => this.commitNow(dataset, options, build))
    this.queue = run.catch(() => undefined)
    return run
  }

  private async commitNow<R>(
    dataset: string,
    options: CommitOptions,
    build: (ws: WorkingSet) => R | Promise<R>,
  ): Promise<{ transaction: CommittedTransaction; result: R }> {
    const state = this.dataset(dataset)
    const transactionId = options.transactionId ?? randomId()
    if (options.transactionId && this.stmts.txExists.get(dataset, transactionId)) {
      throw new ContentApiError(409, 'conflict', `Transaction ID "${transactionId}" has already been used`)
    }
    const timestamp = options.timestamp ?? this.now().toISOString()
    const ws = new WorkingSet(state, transactionId, timestamp)
    const result = await build(ws)
    const changes = ws.changes()
    const transaction: CommittedTransaction = {
      dataset,
      id: transactionId,
      seq: 0,
      timestamp,
      author: options.author,
      changes,
    }
    if (options.dryRun || changes.length === 0) return { transaction, result }

    this.db.transaction(() => {
      const info = this.stmts.insertTx.run(
        dataset,
        transactionId,
        timestamp,
        options.author,
        JSON.stringify(options.request ?? null),
      )
      transaction.seq = Number(info.lastInsertRowid)
      changes.forEach((change, position) => {
        if (change.next) {
          this.stmts.upsertDoc.run(
            dataset,
            change.id,
            change.next._type,
            transactionId,
            JSON.stringify(change.next),
          )
        } else {
          this.stmts.deleteDoc.run(dataset, change.id)
        }
        this.stmts.insertTxDoc.run(
          transaction.seq,
          position,
          dataset,
          change.id,
          change.previous?._rev ?? null,
          change.next ? transactionId : null,
          JSON.stringify(change.mutations),
          JSON.stringify(change.effects.apply),
          JSON.stringify(change.effects.revert),
        )
      })
    })()

    for (const change of changes) {
      if (change.next) state.docs.set(change.id, change.next)
      else state.docs.delete(change.id)
    }
    state.bump()
    for (const listener of this.listeners) {
      try {
        listener(transaction)
      } catch {
        // A failing listener (e.g. a closed socket) must not affect the commit or other listeners.
      }
    }
    return { transaction, result }
  }

  /** Commit order number and time of a transaction, or null when unknown in this dataset. */
  /** True when a transaction id is still free in the dataset. */
  isTransactionIdFree(dataset: string, transactionId: string): boolean {
    return !this.stmts.txExists.get(dataset, transactionId)
  }

  transactionInfo(dataset: string, transactionId: string): { seq: number; timestamp: string } | null {
    return (
      (this.stmts.txSeq.get(dataset, transactionId) as { seq: number; timestamp: string } | undefined) ?? null
    )
  }

  /** Per-document log rows for the given documents, oldest first, optionally bounded by commit order. */
  documentHistory(
    dataset: string,
    ids: string[],
    bounds: { fromSeq?: number; toSeq?: number; fromTime?: string; toTime?: string } = {},
  ): TransactionDocumentRow[] {
    if (ids.length === 0) return []
    const where = ['d.dataset = ?', `d.document_id IN (${ids.map(() => '?').join(',')})`]
    const args: unknown[] = [dataset, ...ids]
    if (bounds.fromSeq !== undefined) {
      where.push('d.seq >= ?')
      args.push(bounds.fromSeq)
    }
    if (bounds.toSeq !== undefined) {
      where.push('d.seq <= ?')
      args.push(bounds.toSeq)
    }
    if (bounds.fromTime !== undefined) {
      where.push('t.timestamp >= ?')
      args.push(bounds.fromTime)
    }
    if (bounds.toTime !== undefined) {
      where.push('t.timestamp <= ?')
      args.push(bounds.toTime)
    }
    const rows = this.db
      .prepare(
        `SELECT d.seq, t.id AS transactionId, t.timestamp, t.author, d.document_id AS documentId,
                d.previous_rev AS previousRev, d.result_rev AS resultRev, d.mutations,
                d.effect_apply AS apply, d.effect_revert AS revert
         FROM content_transaction_documents d JOIN content_transactions t ON t.seq = d.seq
         WHERE ${where.join(' AND ')} ORDER BY d.seq, d.position`,
      )
      .all(...args) as (Omit<TransactionDocumentRow, 'mutations' | 'effects'> & {
      mutations: string
      apply: string
      revert: string
    })[]
    return rows.map(({ mutations, apply, revert, ...row }) => ({
      ...row,
      mutations: JSON.parse(mutations),
      effects: { apply: JSON.parse(apply), revert: JSON.parse(revert) },
    }))
  }

  /** Every document change of the given transactions (all documents they touched), oldest first. */
  transactionDocuments(dataset: string, seqs: number[]): TransactionDocumentRow[] {
    if (seqs.length === 0) return []
    const rows = this.db
      .prepare(
        `SELECT d.seq, t.id AS transactionId, t.timestamp, t.author, d.document_id AS documentId,
                d.previous_rev AS previousRev, d.result_rev AS resultRev, d.mutations,
                d.effect_apply AS apply, d.effect_revert AS revert
         FROM content_transaction_documents d JOIN content_transactions t ON t.seq = d.seq
         WHERE d.dataset = ? AND d.seq IN (${seqs.map(() => '?').join(',')}) ORDER BY d.seq, d.position`,
      )
      .all(dataset, ...seqs) as (Omit<TransactionDocumentRow, 'mutations' | 'effects'> & {
      mutations: string
      apply: string
      revert: string
    })[]
    return rows.map(({ mutations, apply, revert, ...row }) => ({
      ...row,
      mutations: JSON.parse(mutations),
      effects: { apply: JSON.parse(apply), revert: JSON.parse(revert) },
    }))
  }
}
