import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { migrateSqlite, readMigrations } from '../../../db/migrate'
import { openSqlite, type SqliteDatabase } from '../../../db/sqlite'
import type { CommittedTransaction } from '../types'
import { CommitListeners, type CommitListener } from './commit-listeners'
import { CommitLog, type CommitOptions, type Committed } from './commit-log'
import { DatasetRegistry } from './dataset-registry'
import { DatasetState } from './dataset-state'
import { HistoryReads, type HistoryBounds, type TransactionDocumentRow } from './history-reads'
import { WorkingSet } from './working-set'

export { DatasetState, WorkingSet }
export type { CommitListener, CommitOptions, TransactionDocumentRow }

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

export type ContentStoreOptions = {
  /** SQLite file, or ':memory:'. */
  file: string
  /** Datasets that must exist; `production` is always created. */
  datasets?: string[]
  now?: () => Date
  /**
   * How deep a stored document may nest (`JSON_MAX_DEPTH`, as deep as a body may): a patch path of many
   * dotted segments nests a document deeper than any body could, and such a document broke deletes,
   * replaces and imports.
   */
  maxDocumentDepth?: number
}

/**
 * The content store: SQLite for durability and history, an in-memory parsed copy of every dataset for reads.
 * It composes four parts (ADR 074): the dataset registry, the commit queue and transaction log (the single
 * writer: better-sqlite3 is synchronous, so transactions are applied one at a time in one process), the
 * listener fan-out and the history reads.
 */
export class ContentStore {
  readonly db: SqliteDatabase
  private readonly datasets: DatasetRegistry
  private readonly listeners = new CommitListeners()
  private readonly log: CommitLog
  private readonly history: HistoryReads

  constructor(options: ContentStoreOptions) {
    this.db = openSqlite(options.file)
    migrateSqlite(this.db, readMigrations(MIGRATIONS_DIR))
    const now = options.now ?? (() => new Date())
    this.datasets = new DatasetRegistry(this.db, now)
    this.datasets.load(['production', ...(options.datasets ?? [])])
    this.log = new CommitLog(this.db, this.datasets, this.listeners, now, options.maxDocumentDepth)
    this.history = new HistoryReads(this.db)
  }

  close(): void {
    this.listeners.clear()
    this.db.close()
  }

  /** Registers a long-lived response (a listener stream) to end on shutdown; returns the unregister function. */
  onEndStreams(close: () => void): () => void {
    return this.listeners.onEndStreams(close)
  }

  /** Ends every listener stream, so a graceful shutdown is not held open by SSE connections. */
  endStreams(): void {
    this.listeners.endStreams()
  }

  datasetNames(): string[] {
    return this.datasets.names()
  }

  hasDataset(name: string): boolean {
    return this.datasets.has(name)
  }

  /** Creates a dataset if it does not exist yet (idempotent). */
  createDataset(name: string): DatasetState {
    return this.datasets.create(name)
  }

  /** The dataset's live state; 404 in Sanity's shape when it does not exist. */
  dataset(name: string): DatasetState {
    return this.datasets.get(name)
  }

  onCommit(listener: CommitListener): () => void {
    return this.listeners.add(listener)
  }

  /**
   * Runs `build` against a working set and commits what it did as one transaction. A throw from `build` leaves
   * nothing behind. Listeners hear about it after the commit, in order.
   */
  commit<R>(
    dataset: string,
    options: CommitOptions,
    build: (ws: WorkingSet) => R | Promise<R>,
  ): Promise<Committed<R>> {
    return this.log.commit(dataset, options, build)
  }

  /** True when a transaction id is still free in the dataset. */
  isTransactionIdFree(dataset: string, transactionId: string): boolean {
    return this.log.isTransactionIdFree(dataset, transactionId)
  }

  /** Commit order number and time of a transaction, or null when unknown in this dataset. */
  transactionInfo(dataset: string, transactionId: string): { seq: number; timestamp: string } | null {
    return this.history.transactionInfo(dataset, transactionId)
  }

  /** Per-document log rows for the given documents, oldest first, optionally bounded by commit order. */
  documentHistory(dataset: string, ids: string[], bounds: HistoryBounds = {}): TransactionDocumentRow[] {
    return this.history.documentHistory(dataset, ids, bounds)
  }

  /** Every document change of the given transactions (all documents they touched), oldest first. */
  transactionDocuments(dataset: string, seqs: number[]): TransactionDocumentRow[] {
    return this.history.transactionDocuments(dataset, seqs)
  }
}

export type { CommittedTransaction }
