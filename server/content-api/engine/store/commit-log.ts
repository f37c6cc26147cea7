import type { SqliteDatabase } from '../../../db/sqlite'
import { DEFAULT_JSON_MAX_DEPTH } from '../../../json-depth'
import { ContentApiError } from '../errors'
import { randomId } from '../ids'
import type { CommittedTransaction, DocumentChange } from '../types'
import type { CommitListeners } from './commit-listeners'
import type { DatasetRegistry } from './dataset-registry'
import { WorkingSet } from './working-set'

export type CommitOptions = {
  author: string
  transactionId?: string
  dryRun?: boolean
  /** The request as received, kept in the log for auditing. */
  request?: unknown
  /** Commit time; imports use it to keep a document's original `_updatedAt`. Defaults to now. */
  timestamp?: string
}

export type Committed<R> = { transaction: CommittedTransaction; result: R }

/**
 * The commit queue and the transaction log: the single writer. Each commit writes its document rows, its log
 * entry and its per-document effects in one SQLite transaction, then updates the in-memory dataset and tells
 * the listeners.
 */
export class CommitLog {
  private queue: Promise<unknown> = Promise.resolve()
  private readonly stmts

  constructor(
    private readonly db: SqliteDatabase,
    private readonly datasets: DatasetRegistry,
    private readonly listeners: CommitListeners,
    private readonly now: () => Date,
    private readonly maxDocumentDepth = DEFAULT_JSON_MAX_DEPTH,
  ) {
    this.stmts = {
      upsertDoc: db.prepare(
        `INSERT INTO content_documents (dataset, id, type, rev, body) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (dataset, id) DO UPDATE SET type = excluded.type, rev = excluded.rev, body = excluded.body`,
      ),
      deleteDoc: db.prepare('DELETE FROM content_documents WHERE dataset = ? AND id = ?'),
      insertTx: db.prepare(
        'INSERT INTO content_transactions (dataset, id, timestamp, author, mutations) VALUES (?, ?, ?, ?, ?)',
      ),
      insertTxDoc: db.prepare(
        `INSERT INTO content_transaction_documents
         (seq, position, dataset, document_id, previous_rev, result_rev, mutations, effect_apply, effect_revert)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      txExists: db.prepare('SELECT 1 FROM content_transactions WHERE dataset = ? AND id = ?'),
    }
  }

  /** True when a transaction id is still free in the dataset. */
  isTransactionIdFree(dataset: string, transactionId: string): boolean {
    return !this.stmts.txExists.get(dataset, transactionId)
  }

  commit<R>(
    dataset: string,
    options: CommitOptions,
    build: (ws: WorkingSet) => R | Promise<R>,
  ): Promise<Committed<R>> {
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
  ): Promise<Committed<R>> {
    const state = this.datasets.get(dataset)
    const transactionId = options.transactionId ?? randomId()
    if (options.transactionId && !this.isTransactionIdFree(dataset, transactionId)) {
      throw new ContentApiError(409, 'conflict', `Transaction ID "${transactionId}" has already been used`)
    }
    const timestamp = options.timestamp ?? this.now().toISOString()
    const ws = new WorkingSet(state, transactionId, timestamp, this.maxDocumentDepth)
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

    transaction.seq = this.write(transaction, options.request)
    state.apply(new Map(changes.map((change) => [change.id, change.next])))
    this.listeners.notify(transaction)
    return { transaction, result }
  }

  /** Writes the transaction in one SQLite transaction (synchronous=FULL: it survives kill -9); returns its seq. */
  private write(transaction: CommittedTransaction, request: unknown): number {
    const { dataset, id: transactionId } = transaction
    return this.db.transaction(() => {
      const info = this.stmts.insertTx.run(
        dataset,
        transactionId,
        transaction.timestamp,
        transaction.author,
        JSON.stringify(request ?? null),
      )
      const seq = Number(info.lastInsertRowid)
      transaction.changes.forEach((change, position) => this.writeChange(seq, position, transaction, change))
      return seq
    })()
  }

  private writeChange(
    seq: number,
    position: number,
    transaction: CommittedTransaction,
    change: DocumentChange,
  ) {
    const { dataset, id: transactionId } = transaction
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
      seq,
      position,
      dataset,
      change.id,
      change.previous?._rev ?? null,
      change.next ? transactionId : null,
      JSON.stringify(change.mutations),
      JSON.stringify(change.effects.apply),
      JSON.stringify(change.effects.revert),
    )
  }
}
